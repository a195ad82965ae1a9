"""The live workspace on fixture workspaces written by the tests: edits on disk, new files, cancellation."""

import os
import time

import anyio
import pytest

from conftest import SDK_PROJECT, call, connect, key_of, ok, write_workspace

pytestmark = pytest.mark.anyio

# The watcher reports within milliseconds; this only absorbs scheduling noise on a loaded machine.
WATCH_SETTLE = 0.5


async def test_edits_new_files_and_deletions_are_seen(tmp_path):
    root = write_workspace(tmp_path, {
        "Zoo/Zoo.csproj": SDK_PROJECT,
        "Zoo/Animal.cs": "namespace Zoo;\npublic abstract class Animal { }\n",
        "Zoo/Dog.cs": "namespace Zoo;\npublic class Dog : Animal { }\n",
    })
    async with connect(root) as client:
        animal = await key_of(client, "Zoo.Animal")
        before = await ok(client, "get_type_hierarchy", {"symbolKey": animal})
        assert [d["name"] for d in before["derivedTypes"]] == ["Dog"]
        revision = (await ok(client, "server_status"))["revision"]

        (root / "Zoo" / "Cat.cs").write_text("namespace Zoo;\npublic class Cat : Animal { }\n")
        (root / "Zoo" / "Dog.cs").write_text("namespace Zoo;\npublic class Dog { }\n")
        time.sleep(WATCH_SETTLE)
        after = await ok(client, "get_type_hierarchy", {"symbolKey": animal})
        assert [d["name"] for d in after["derivedTypes"]] == ["Cat"]
        status = await ok(client, "server_status")
        assert status["revision"] > revision
        assert status["fileCount"] == 3

        (root / "Zoo" / "Cat.cs").unlink()
        time.sleep(WATCH_SETTLE)
        gone = await ok(client, "search_symbols", {"query": "Cat"})
        assert [s["name"] for s in gone["symbols"]] == []
        # The key of an unchanged symbol still resolves after all these edits.
        assert (await ok(client, "get_type_hierarchy", {"symbolKey": animal}))["symbol"]["name"] == "Animal"


async def _markers(client, name):
    found = await ok(client, "search_symbols", {"query": name, "kinds": ["class"], "pathStyle": "relative"})
    return [s["filePath"] for s in found["symbols"] if s["name"] == name]


async def test_every_save_before_a_request_is_in_its_answer(tmp_path):
    """Write, then ask at once, hundreds of times: in-place writes, atomic saves by rename, deletes and
    new files. No sleep anywhere: the answer must reflect every save made before the request was sent."""
    root = write_workspace(tmp_path, {
        "P/P.csproj": SDK_PROJECT,
        "P/Hub.cs": "namespace P;\npublic class Hub { public void Target() { } }\n",
        "P/Edit.cs": "namespace P;\npublic class Marker0 { }\n",
    })
    project = root / "P"
    edit = project / "Edit.cs"

    def marker(i):
        return f"namespace P;\npublic class Marker{i} {{ }}\n"

    async with connect(root) as client:
        assert await _markers(client, "Marker0") == ["P/Edit.cs"]
        where = "P/Edit.cs"
        for i in range(1, 401):
            op = i % 4
            if op == 0:  # in place
                edit.write_text(marker(i))
            elif op == 1:  # atomic save: a temporary file renamed over the original
                temporary = project / ".Edit.cs.swp"
                temporary.write_text(marker(i))
                os.replace(temporary, edit)
            elif op == 2:  # the file is deleted, the marker moves to a new file in a new folder
                edit.unlink()
                (project / f"Sub{i}").mkdir()
                (project / f"Sub{i}" / f"New{i}.cs").write_text(marker(i))
            else:  # the new file is deleted, the original comes back
                (project / f"Sub{i - 1}" / f"New{i - 1}.cs").unlink()
                edit.write_text(marker(i))
            expected = f"P/Sub{i}/New{i}.cs" if op == 2 else "P/Edit.cs"
            assert await _markers(client, f"Marker{i}") == [expected], f"save {i} (op {op}) not seen"
            assert await _markers(client, f"Marker{i - 1}") == [], f"save {i} (op {op}): {where} still old"
            if op == 2:  # edited again at once: the new folder is watched by now
                (project / f"Sub{i}" / f"New{i}.cs").write_text(marker(f"{i}b"))
                assert await _markers(client, f"Marker{i}b") == [expected], f"save {i}b not seen"
                (project / f"Sub{i}" / f"New{i}.cs").write_text(marker(i))
            where = expected
        status = await ok(client, "server_status")
        assert status["fileCount"] == 2

        # Body edits, seen by find_callers at once.
        target = await key_of(client, "P.Hub.Target")
        caller = project / "Caller.cs"
        for i in range(100):
            calls = i % 2 == 0
            body = "new Hub().Target();" if calls else "new Hub();"
            caller.write_text(f"namespace P;\npublic class Caller {{ public void Run{i}() {{ {body} }} }}\n")
            answer = await ok(client, "find_callers", {"symbolKey": target})
            names = [c["caller"]["fullName"] for c in answer["callers"]]
            assert names == ([f"P.Caller.Run{i}()"] if calls else []), f"edit {i}: {names}"


async def test_folder_without_project_files_and_relative_paths(tmp_path):
    root = write_workspace(tmp_path, {
        "src/Shapes.cs": """
            namespace Geometry
            {
                public interface IShape { double Area(); }
                public record Circle(double R) : IShape { public double Area() => 3.14 * R * R; }
                public sealed class Square : IShape { public double Area() => 1; }
            }
        """,
    })
    async with connect(root) as client:
        status = await ok(client, "server_status")
        assert status["workspaceKind"] == "folder" and status["fileCount"] == 1
        shape = await key_of(client, "Geometry.IShape")
        hierarchy = await ok(client, "get_type_hierarchy", {"symbolKey": shape, "pathStyle": "relative"})
        derived = {d["name"]: d for d in hierarchy["derivedTypes"]}
        assert set(derived) == {"Circle", "Square"}
        assert derived["Circle"]["relation"] == "implementation"
        assert derived["Circle"]["filePath"] == "src/Shapes.cs"
        at = await ok(client, "get_symbol_at_position", {"filePath": "src/Shapes.cs", "line": 3, "column": 22})
        assert at["symbol"]["name"] == "IShape" and at["symbolKey"] == shape


async def test_cancelled_request_leaves_the_server_usable(tmp_path):
    files = {"Big/Big.csproj": SDK_PROJECT}
    for i in range(400):
        members = "\n".join(f"    public int M{j}(int x) => x + {j};" for j in range(40))
        files[f"Big/C{i}.cs"] = f"namespace Big;\npublic class C{i} : C{max(i - 1, 0)}\n{{\n{members}\n}}\n"
    root = write_workspace(tmp_path, files)
    async with connect(root) as client:
        with pytest.raises(Exception):
            await client.call_tool("search_symbols", {"query": "M1"}, read_timeout_seconds=0.01)
        await anyio.sleep(0.2)
        status = await ok(client, "server_status")
        assert status["cancelledRequests"] >= 1
        found = await ok(client, "search_symbols", {"query": "C399"})
        assert found["symbols"][0]["name"] == "C399"


async def test_progress_is_reported_while_indexing(tmp_path):
    files = {"P/P.csproj": SDK_PROJECT}
    for i in range(300):
        files[f"P/C{i}.cs"] = f"namespace P;\npublic class C{i} {{ }}\n"
    root = write_workspace(tmp_path, files)
    updates = []

    async def on_progress(progress, total, message):
        updates.append((progress, total, message))

    async with connect(root) as client:
        result = await client.call_tool("search_symbols", {"query": "C1"}, progress_callback=on_progress)
        assert result.structured_content["success"] is True
    # Indexing may finish before the call arrives on a fast machine; when it did not, progress was sent.
    assert all(message.startswith("csnav:") for _, _, message in updates)


async def test_hostile_nesting_does_not_crash_the_server(tmp_path):
    # 3,000 terms in one expression: the syntax tree is flattened past 1,000 levels, and lowering and
    # binding recurse along what is left on the analysis threads' stacks.
    terms = " + ".join(["Step(x)"] * 3000)
    files = {
        "Deep/Deep.csproj": SDK_PROJECT,
        "Deep/Deep.cs": f"namespace Deep;\npublic class C\n{{\n    static int Step(int x) => x;\n    public int M(int x) => {terms};\n}}\n",
    }
    root = write_workspace(tmp_path, files)
    async with connect(root) as client:
        found = await ok(client, "search_symbols", {"query": "M", "kinds": ["method"]})
        key = next(s["symbolKey"] for s in found["symbols"] if s["name"] == "M")
        calls = await ok(client, "get_outgoing_calls", {"symbolKey": key})
        assert calls["coverage"]["examined"] >= 1
        status = await ok(client, "server_status")
        assert status["success"] is True
