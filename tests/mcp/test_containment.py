"""Path arguments never leave the workspace, in any spelling; an empty scope is refused; every error
names its parameter and says what to do next."""

import pytest

from conftest import SDK_PROJECT, connect, fails, ok, write_workspace

pytestmark = pytest.mark.anyio

ESCAPES = ["../../etc/passwd", "..\\..\\etc\\passwd", "src\\..\\..\\..\\etc", "%2e%2e/%2e%2e/etc",
           "..%2f..%2fetc", "%2E%2E%5C%2E%2E%5Cetc", "/etc", "%2fetc%2fpasswd", "link", "link/Secret.cs"]


@pytest.fixture
def linked_workspace(tmp_path):
    """A workspace with a symbolic link `link` to a folder outside it that holds C#."""
    outside = write_workspace(tmp_path / "outside", {"Secret.cs": "namespace Outside { class Secret {} }"})
    root = write_workspace(tmp_path / "ws", {"App/App.csproj": SDK_PROJECT,
                                              "App/Program.cs": "namespace App { class Program {} }"})
    (root / "link").symlink_to(outside, target_is_directory=True)
    return root


async def test_escapes_in_every_spelling_are_invalid_arguments_naming_the_parameter(linked_workspace):
    async with connect(linked_workspace) as client:
        await ok(client, "search_symbols", {"query": "Program"})
        for path in ESCAPES:
            prefix = await fails(client, "search_symbols",
                                 {"query": "Secret", "scope": {"mode": "pathPrefix", "pathPrefix": path}},
                                 "invalid_arguments")
            assert prefix["parameter"] == "scope.pathPrefix", prefix
            document = await fails(client, "search_symbols",
                                   {"query": "Secret", "scope": {"mode": "document", "filePath": path}},
                                   "invalid_arguments")
            assert document["parameter"] == "scope.filePath", document
            position = await fails(client, "get_symbol_at_position", {"filePath": path, "line": 1, "column": 1},
                                   "invalid_arguments")
            assert position["parameter"] == "filePath", position
            assert str(linked_workspace.parent / "outside") not in str(position)
        # Inside the workspace the same spellings work.
        found = await ok(client, "search_symbols", {"query": "Program", "scope": {"mode": "pathPrefix",
                                                                                  "pathPrefix": "App%2f"}})
        assert [s["name"] for s in found["symbols"]] == ["Program"]
        windows = await ok(client, "get_symbol_at_position", {"filePath": "App\\Program.cs", "line": 1, "column": 23})
        assert windows["symbol"]["name"] == "Program"


async def test_an_empty_scope_is_refused(linked_workspace):
    async with connect(linked_workspace) as client:
        for scope in [{}, {"mode": None}]:
            empty = await fails(client, "search_symbols", {"query": "Program", "scope": scope}, "invalid_arguments")
            assert empty["parameter"] == "scope.mode"
        # includeExternal alone keeps meaning the whole solution.
        await ok(client, "search_symbols", {"query": "Program", "scope": {"includeExternal": True}})


async def test_errors_that_had_no_suggestion_now_say_what_to_do(linked_workspace):
    async with connect(linked_workspace) as client:
        missing_key = await fails(client, "get_type_hierarchy", {}, "invalid_arguments")
        assert "search_symbols" in missing_key["suggestions"][0]
        no_project = await fails(client, "search_symbols", {"query": "x", "scope": {"mode": "project"}},
                                 "invalid_arguments")
        assert any("App" in s for s in no_project["suggestions"])
        await fails(client, "search_symbols", {"query": "x", "take": "many"}, "invalid_arguments")
        await fails(client, "search_symbols", {"query": "x", "Query": "y"}, "invalid_arguments")
        await fails(client, "resolve_symbol", {"fullName": "A", "name": "B"}, "invalid_arguments")
        await fails(client, "resolve_symbol", {"fullName": "A", "kind": "class"}, "invalid_arguments")
        await fails(client, "get_symbol_at_position", {"filePath": "App/Program.cs", "line": 1}, "invalid_arguments")
