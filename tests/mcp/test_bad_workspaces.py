"""Bad workspaces: `csnav load` fails clearly when nothing is loadable and reports every broken project
while loading the rest; MCP answers on a workspace with load problems say so in `workspaceWarning`."""

import subprocess

import pytest

from conftest import SDK_PROJECT, connect, csnav_binary, ok, write_workspace

pytestmark = pytest.mark.anyio


def load(path):
    return subprocess.run([csnav_binary(), "load", str(path)], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("files", [
    {},
    {"README.md": "no code here"},
    {"Broken/Broken.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup>", "Broken/A.cs": "class A {}"},
], ids=["empty", "no-csharp", "broken-project"])
def test_load_fails_when_nothing_is_loadable(tmp_path, files):
    write_workspace(tmp_path, files)
    result = load(tmp_path)
    assert result.returncode != 0
    assert result.stderr.startswith(f"csnav: nothing to analyse in {tmp_path.resolve()}"), result.stderr
    if files.get("Broken/Broken.csproj"):
        assert "Broken/Broken.csproj: malformed XML" in result.stderr


def test_load_of_a_source_file_says_what_to_pass(tmp_path):
    source = write_workspace(tmp_path, {"A.cs": "class A {}"}) / "A.cs"
    result = load(source)
    assert result.returncode != 0 and "not a solution (.sln, .slnx), C# project (.csproj) or folder" in result.stderr


HALF = {"Good/Good.csproj": SDK_PROJECT, "Good/Good.cs": "namespace Good { public class Fine {} }",
        "Bad/Bad.csproj": "<Project", "Bad/Bad.cs": "namespace Bad { public class Lost {} }",
        "Worse/Worse.csproj": "not xml at all", "Worse/Worse.cs": "class W {}"}


def test_load_reports_every_broken_project_and_loads_the_rest(tmp_path):
    result = load(write_workspace(tmp_path, HALF))
    assert result.returncode == 0, result.stderr
    assert "project Good" in result.stdout and "1 files" in result.stdout
    assert "problem Bad/Bad.csproj" in result.stdout and "problem Worse/Worse.csproj" in result.stdout


async def test_answers_on_a_half_loaded_workspace_point_at_the_problems(tmp_path):
    async with connect(write_workspace(tmp_path, HALF)) as client:
        empty = await ok(client, "search_symbols", {"query": "Lost"})
        assert empty["symbols"] == []
        warning = empty["workspaceWarning"]
        assert warning.startswith("2 load problem(s) (Bad/Bad.csproj: malformed XML") and "server_status" in warning
        found = await ok(client, "search_symbols", {"query": "Fine"})
        assert found["symbols"] and found["workspaceWarning"] == warning


async def test_answers_on_a_workspace_without_csharp_say_so(tmp_path):
    async with connect(write_workspace(tmp_path, {"README.md": "nothing"})) as client:
        status = await ok(client, "server_status", {})
        assert status["workspaceWarning"].startswith("No C# source file is loaded")
        assert "load problem" not in status["workspaceWarning"]


async def test_a_healthy_workspace_has_no_warning(tmp_path):
    async with connect(write_workspace(tmp_path, {"A/A.csproj": SDK_PROJECT, "A/A.cs": "class A {}"})) as client:
        assert "workspaceWarning" not in await ok(client, "search_symbols", {"query": "A"})


async def test_a_file_too_large_to_analyse_is_named_in_every_answer(tmp_path):
    big = "// " + "x" * (17 << 20) + "\nclass Huge { void M() { } }\n"
    path = write_workspace(tmp_path, {"A/A.csproj": SDK_PROJECT, "A/A.cs": "class A { void N() { } }",
                                      "A/Huge.cs": big})
    async with connect(path) as client:
        found = await ok(client, "search_symbols", {"query": "Huge"})
        assert found["symbols"] == []
        warning = found["workspaceWarning"]
        assert warning.startswith("1 load problem(s) (A/Huge.cs: larger than the 16 MiB csnav analyses"), warning
        assert (await ok(client, "search_symbols", {"query": "A"}))["workspaceWarning"] == warning
