"""Several clients' worth of interleaved requests on one server while files change on disk: every answer
is consistent with one revision (two files edited together are seen together, and two answers at one
revision agree)."""

import os

import anyio
import pytest

from conftest import SDK_PROJECT, connect, ok, write_workspace

pytestmark = pytest.mark.anyio

EDITS = 15
CLIENTS = 6
REQUESTS_PER_CLIENT = 12


def generation(n: int) -> dict[str, str]:
    """Generation `n`: `Gen{n}` in one file derives from `Base{n}` in another."""
    return {"Live/Base.cs": f"namespace Live;\npublic class Base{n} {{ }}\n",
            "Live/Derived.cs": f"namespace Live;\npublic class Gen{n} : Base{n} {{ public void Touch() {{ }} }}\n"}


async def test_interleaved_requests_while_files_change_see_one_revision_each(tmp_path):
    root = write_workspace(tmp_path, {"Live/Live.csproj": SDK_PROJECT, **generation(0)})
    seen: dict[int, set[int]] = {}

    async with connect(root) as client:
        await ok(client, "search_symbols", {"query": "Gen0"})

        async def writer():
            for n in range(1, EDITS + 1):
                # Base first, then Derived: an answer may see either generation of Derived.cs, but the
                # generation of Gen it names must be one a single revision holds.
                for relative, text in generation(n).items():
                    # Written aside and renamed over, as editors save: a read never sees half a file.
                    path = root / relative
                    staged = path.with_suffix(".tmp")
                    staged.write_text(text)
                    os.replace(staged, path)
                await anyio.sleep(0.05)

        async def reader(client_index: int):
            for i in range(REQUESTS_PER_CLIENT):
                if (client_index + i) % 2:
                    answer = await ok(client, "search_symbols",
                                      {"query": "Gen", "kinds": ["class"], "responseDetail": "full"})
                    gens = [int(s["name"][3:]) for s in answer["symbols"] if s["name"].startswith("Gen")]
                else:
                    answer = await ok(client, "search_symbols",
                                      {"query": "Touch", "kinds": ["method"], "responseDetail": "full"})
                    gens = [int(s["fullName"].split(".")[1][3:]) for s in answer["symbols"]]
                # One revision holds exactly one Derived.cs: one generation, never none or two.
                assert len(gens) == 1, answer
                revision = answer["responseDiagnostics"]["revision"]
                seen.setdefault(revision, set()).add(gens[0])

        async with anyio.create_task_group() as group:
            group.start_soon(writer)
            for index in range(CLIENTS):
                group.start_soon(reader, index)

        # Answers computed at one revision agree with each other.
        assert all(len(generations) == 1 for generations in seen.values()), seen
        # After the last edit, the answer is the last generation, with its base resolved.
        final = await ok(client, "search_symbols", {"query": f"Gen{EDITS}", "kinds": ["class"]})
        key = final["symbols"][0]["symbolKey"]
        hierarchy = await ok(client, "get_type_hierarchy", {"symbolKey": key})
        assert hierarchy["baseTypes"][0]["fullName"] == f"Live.Base{EDITS}"
        assert len(seen) > 1, "the edits should have been seen at several revisions"
