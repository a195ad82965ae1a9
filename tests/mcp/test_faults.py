"""Faults around the live workspace: files deleted, renamed, truncated or made unreadable between and
during requests, a project file rewritten to invalid XML, symbolic-link loops, a query cancelled
mid-way and a panic inside one query. Each time the request at hand gets an answer or an error, and
the next requests are answered correctly."""

import os
import random
import threading
import time

import anyio
import pytest

from conftest import SDK_PROJECT, call, connect, key_of, ok, write_workspace

pytestmark = pytest.mark.anyio

ZOO = {
    "Zoo/Zoo.csproj": SDK_PROJECT,
    "Zoo/Animal.cs": "namespace Zoo;\npublic abstract class Animal { public abstract void Speak(); }\n",
    "Zoo/Dog.cs": "namespace Zoo;\npublic class Dog : Animal { public override void Speak() { } }\n",
    "Zoo/Keeper.cs": "namespace Zoo;\npublic class Keeper { public void Feed(Animal a) { a.Speak(); } }\n",
}


async def derived(client, key):
    hierarchy = await ok(client, "get_type_hierarchy", {"symbolKey": key, "pathStyle": "relative"})
    return sorted((d["name"], d["filePath"]) for d in hierarchy["derivedTypes"])


async def test_files_deleted_renamed_truncated_and_unreadable_between_requests(tmp_path):
    root = write_workspace(tmp_path, ZOO)
    zoo = root / "Zoo"
    async with connect(root) as client:
        animal = await key_of(client, "Zoo.Animal")
        assert await derived(client, animal) == [("Dog", "Zoo/Dog.cs")]

        os.rename(zoo / "Dog.cs", zoo / "Hound.cs")
        assert await derived(client, animal) == [("Dog", "Zoo/Hound.cs")]

        # Truncated in the middle of a declaration: the rest of the file is gone, nothing else is.
        text = (zoo / "Hound.cs").read_text()
        (zoo / "Hound.cs").write_text(text[: text.index("public")])
        assert await derived(client, animal) == []
        (zoo / "Hound.cs").write_text(text)
        assert await derived(client, animal) == [("Dog", "Zoo/Hound.cs")]

        (zoo / "Hound.cs").unlink()
        assert await derived(client, animal) == []
        assert (await ok(client, "server_status"))["fileCount"] == 2

        # Unreadable: a folder and a named pipe spelled like sources (a pipe would block a reader
        # forever), and a file without read permission (readable anyway when the tests run as root).
        (zoo / "Folder.cs").mkdir()
        os.mkfifo(zoo / "Pipe.cs")
        (zoo / "Locked.cs").write_text("namespace Zoo;\npublic class Cat : Animal { public override void Speak() { } }\n")
        os.chmod(zoo / "Locked.cs", 0)
        readable = os.access(zoo / "Locked.cs", os.R_OK)
        assert await derived(client, animal) == ([("Cat", "Zoo/Locked.cs")] if readable else [])
        os.chmod(zoo / "Locked.cs", 0o644)
        assert await derived(client, animal) == [("Cat", "Zoo/Locked.cs")]
        status = await ok(client, "server_status")
        assert status["success"] is True and status["indexState"] == "ready"


async def test_files_change_while_requests_run(tmp_path):
    files = dict(ZOO)
    for i in range(30):
        files[f"Zoo/Pup{i}.cs"] = f"namespace Zoo;\npublic class Pup{i} : Dog {{ public void Play() {{ new Keeper().Feed(this); }} }}\n"
    root = write_workspace(tmp_path, files)
    zoo = root / "Zoo"
    stop = threading.Event()

    def churn():
        rng = random.Random(7)
        while not stop.is_set():
            i = rng.randrange(30)
            path = zoo / f"Pup{i}.cs"
            text = files[f"Zoo/Pup{i}.cs"]
            action = rng.randrange(4)
            try:
                if action == 0:
                    path.unlink()
                elif action == 1:
                    path.write_text(text[: rng.randrange(len(text))])
                elif action == 2:
                    os.rename(path, zoo / f"Moved{i}.cs")
                    os.rename(zoo / f"Moved{i}.cs", path)
                path.write_text(text)
            except FileNotFoundError:
                pass
            time.sleep(0.002)

    async with connect(root) as client:
        animal = await key_of(client, "Zoo.Animal")
        feed = await key_of(client, "Zoo.Keeper.Feed")
        pups = {f"Zoo.Pup{i}.Play()" for i in range(30)}

        async def callers_of_feed():
            answer = await ok(client, "find_callers", {"symbolKey": feed})
            return {c["caller"]["fullName"] for c in answer["callers"]}

        assert await callers_of_feed() == pups
        worker = threading.Thread(target=churn)
        worker.start()
        answered = 0
        try:
            deadline = time.monotonic() + 4
            while time.monotonic() < deadline:
                async with anyio.create_task_group() as group:
                    async def ask(tool, arguments):
                        nonlocal answered
                        result, is_error = await call(client, tool, arguments)
                        assert result["success"] is (not is_error)
                        answered += 1
                    group.start_soon(ask, "get_type_hierarchy", {"symbolKey": animal})
                    group.start_soon(ask, "find_callers", {"symbolKey": feed})
                    group.start_soon(ask, "search_symbols", {"query": "Pup"})
        finally:
            stop.set()
            worker.join()
        assert answered >= 30
        # Every file is back as it was: the answers say so at once.
        for i in range(30):
            (zoo / f"Pup{i}.cs").write_text(files[f"Zoo/Pup{i}.cs"])
        hierarchy = await ok(client, "get_type_hierarchy", {"symbolKey": animal})
        names = {d["name"] for d in hierarchy["derivedTypes"]}
        assert names == {"Dog"} | {f"Pup{i}" for i in range(30)}, names
        assert await callers_of_feed() == pups


async def test_project_file_rewritten_to_invalid_xml(tmp_path):
    root = write_workspace(tmp_path, ZOO)
    project = root / "Zoo" / "Zoo.csproj"
    async with connect(root) as client:
        animal = await key_of(client, "Zoo.Animal")
        project.write_text("<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><<<")
        status = await ok(client, "server_status")
        assert status["loadProblemCount"] >= 1
        assert any("Zoo.csproj" in p["path"] for p in status["loadProblems"]), status["loadProblems"]
        # Still serving: a search answers (whatever the broken project still contributes).
        assert (await ok(client, "search_symbols", {"query": "Keeper"}))["success"] is True
        project.write_text(SDK_PROJECT)
        assert await derived(client, animal) == [("Dog", "Zoo/Dog.cs")]
        assert (await ok(client, "server_status"))["loadProblemCount"] == 0


async def test_symbolic_link_loops(tmp_path):
    root = write_workspace(tmp_path, ZOO)
    # A link to the folder itself, one to its parent, and two that lead to each other.
    os.symlink(".", root / "Zoo" / "self")
    os.symlink("..", root / "Zoo" / "up")
    (root / "Zoo" / "a").mkdir()
    (root / "b").mkdir()
    os.symlink(root / "b", root / "Zoo" / "a" / "x")
    os.symlink(root / "Zoo" / "a", root / "b" / "y")
    with anyio.fail_after(60):
        async with connect(root) as client:
            status = await ok(client, "server_status")
            assert status["fileCount"] == 3, status
            animal = await key_of(client, "Zoo.Animal")
            assert await derived(client, animal) == [("Dog", "Zoo/Dog.cs")]
            # Edits are still seen with the loops in place.
            (root / "Zoo" / "Cat.cs").write_text("namespace Zoo;\npublic class Cat : Animal { public override void Speak() { } }\n")
            assert await derived(client, animal) == [("Cat", "Zoo/Cat.cs"), ("Dog", "Zoo/Dog.cs")]


def chain_workspace(tmp_path, count=300):
    files = {"Chain/Chain.csproj": SDK_PROJECT}
    for i in range(count):
        calls = " ".join(f"new C{j}().M{k}();" for j in range(i + 1, min(i + 4, count)) for k in range(3))
        members = "\n".join(f"    public void M{k}() {{ {calls} }}" for k in range(3))
        files[f"Chain/C{i}.cs"] = f"namespace Chain;\npublic class C{i}\n{{\n{members}\n}}\n"
    return write_workspace(tmp_path, files)


async def test_a_query_cancelled_mid_way(tmp_path):
    root = chain_workspace(tmp_path)
    async with connect(root) as client:
        while (await ok(client, "server_status"))["indexState"] != "ready":
            await anyio.sleep(0.05)
        first = await key_of(client, "Chain.C0.M0")
        # Deep outgoing calls over the chain: far longer than the client waits.
        with pytest.raises(Exception):
            await client.call_tool("get_outgoing_calls", {"symbolKey": first, "depth": 5}, read_timeout_seconds=0.001)
        # The cancellation reaches the server after the client gave up: wait until it is counted.
        with anyio.fail_after(10):
            while (await ok(client, "server_status"))["cancelledRequests"] < 1:
                await anyio.sleep(0.02)
        # The next queries answer in full, and an edit is seen (the cancelled query left no snapshot).
        calls = await ok(client, "get_outgoing_calls", {"symbolKey": first})
        assert {c["callee"]["fullName"] for c in calls["calls"]} >= {"Chain.C1.M0()", "Chain.C3.M2()"}
        (root / "Chain" / "C0.cs").write_text("namespace Chain;\npublic class C0 { public void M0() { new C9().M1(); } }\n")
        calls = await ok(client, "get_outgoing_calls", {"symbolKey": first})
        assert [c["callee"]["fullName"] for c in calls["calls"]] == ["Chain.C9.C9()", "Chain.C9.M1()"]


async def test_a_panic_in_one_query_fails_only_that_request(tmp_path, monkeypatch):
    monkeypatch.setenv("CSNAV_TEST_PANIC_ON", "Boom")
    root = write_workspace(tmp_path, ZOO)
    async with connect(root) as client:
        animal = await key_of(client, "Zoo.Animal")
        for _ in range(3):
            with pytest.raises(Exception, match="search_symbols failed"):
                await client.call_tool("search_symbols", {"query": "Boom"})
            found = await ok(client, "search_symbols", {"query": "Keeper"})
            assert [s["name"] for s in found["symbols"]] == ["Keeper"]
        # Changes still apply after the panics: no snapshot was left behind.
        (root / "Zoo" / "Cat.cs").write_text("namespace Zoo;\npublic class Cat : Animal { public override void Speak() { } }\n")
        assert await derived(client, animal) == [("Cat", "Zoo/Cat.cs"), ("Dog", "Zoo/Dog.cs")]
        assert (await ok(client, "server_status"))["indexState"] == "ready"
