"""Framework symbols (the reference assemblies, here the built-in surface): keys from outgoing calls,
positions, search and resolve; their callers, their hierarchies with derived source (and library) types;
includeExternal; the errors of library keys. Every answer, failures included, is checked against the tool's outputSchema."""

import base64

import jsonschema  # a dependency of the MCP SDK, which validates results with it too
import pytest

from conftest import SDK_PROJECT, call, connect, write_workspace

pytestmark = pytest.mark.anyio

LOGS = """
    using System;
    using System.IO;

    namespace App;

    public class LogStream : Stream
    {
        public override void Write(byte[] buffer, int offset, int count) { }
        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => 0;
        public override long Position { get; set; }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => 0;
        public override long Seek(long offset, SeekOrigin origin) => 0;
        public override void SetLength(long value) { }
    }

    public class RollingLog : LogStream { }

    public static class Program
    {
        public static void Main()
        {
            Console.WriteLine("start");
            Stream log = new RollingLog();
            log.Write(new byte[1], 0, 1);
            new LogStream().Write(new byte[1], 0, 1);
            Report();
        }

        static void Report() => Console.WriteLine(File.ReadAllText("report.txt"));
    }
"""


@pytest.fixture
def workspace(tmp_path):
    return write_workspace(tmp_path, {"App/App.csproj": SDK_PROJECT, "App/Logs.cs": LOGS})


class Checked:
    """Calls tools and validates every structuredContent against the tool's declared outputSchema."""

    def __init__(self, client, schemas):
        self.client = client
        self.schemas = schemas

    async def answer(self, tool, arguments):
        result, is_error = await call(self.client, tool, arguments)
        jsonschema.validate(result, self.schemas[tool])
        return result, is_error

    async def ok(self, tool, arguments):
        result, is_error = await self.answer(tool, arguments)
        assert not is_error and result["success"] is True, result
        return result

    async def fails(self, tool, arguments, code):
        result, is_error = await self.answer(tool, arguments)
        assert is_error and result["success"] is False and result["errorCode"] == code, result
        return result


async def checked(client):
    tools = await client.list_tools()
    return Checked(client, {t.name: t.output_schema for t in tools.tools})


def is_library(symbol):
    return symbol["isExternal"] is True and symbol["assemblyName"] and "filePath" not in symbol


async def test_outgoing_callees_have_keys_that_find_their_callers(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        main = await tools.ok("resolve_symbol", {"fullName": "App.Program.Main"})
        calls = await tools.ok("get_outgoing_calls", {"symbolKey": main["symbolKey"]})
        by_name = {c["callee"]["fullName"]: c for c in calls["calls"]}
        write_line = by_name["System.Console.WriteLine"]
        assert write_line["isExternal"] is True
        callee = write_line["callee"]
        assert callee["kind"] == "method" and callee["assemblyName"] and callee["symbolKey"].startswith("csn1.")
        raw = base64.urlsafe_b64decode(callee["symbolKey"][5:] + "==").decode()
        assert raw.startswith("/") and raw.endswith("\0M:System.Console.WriteLine(System.String)")

        callers = await tools.ok("find_callers", {"symbolKey": callee["symbolKey"]})
        assert is_library(callers["symbol"]) and callers["symbol"]["fullName"] == "System.Console.WriteLine(string)"
        names = {c["caller"]["fullName"]: c for c in callers["callers"]}
        assert set(names) == {"App.Program.Main()", "App.Program.Report()"}
        assert all(s["isDirect"] and s["kind"] == "call" for c in callers["callers"] for s in c["callSites"])
        assert callers["coverage"]["examined"] == callers["coverage"]["resolved"] == 2

        # A narrowed scope lists external callees only when asked to.
        scoped = {"mode": "project", "projectName": "App"}
        narrowed = await tools.ok("get_outgoing_calls", {"symbolKey": main["symbolKey"], "scope": scoped})
        assert not any(c["isExternal"] for c in narrowed["calls"])
        asked = await tools.ok("get_outgoing_calls",
                               {"symbolKey": main["symbolKey"], "scope": {**scoped, "includeExternal": True}})
        assert any(c["isExternal"] for c in asked["calls"])


async def test_callers_of_a_framework_virtual(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        write = await tools.ok("resolve_symbol",
                               {"documentationId": "M:System.IO.Stream.Write(System.Byte[],System.Int32,System.Int32)"})
        assert write["resolved"] and is_library(write["symbol"])
        callers = await tools.ok("find_callers", {"symbolKey": write["symbolKey"], "responseDetail": "full"})
        sites = [(s["lineText"], s["isDirect"]) for c in callers["callers"] for s in c["callSites"]]
        assert sites == [("log.Write(new byte[1], 0, 1);", True), ("new LogStream().Write(new byte[1], 0, 1);", False)]
        assert "projectName" not in callers["symbol"] and callers["symbol"]["documentationId"].startswith("M:")


async def test_hierarchy_of_a_framework_type_and_external_bases_of_a_source_type(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        # `public class LogStream : Stream` (line 6): the base names the framework type.
        at = await tools.ok("get_symbol_at_position", {"filePath": "App/Logs.cs", "line": 6, "column": 28})
        assert at["found"] and is_library(at["symbol"]) and at["symbol"]["fullName"] == "System.IO.Stream"
        stream = await tools.ok("get_type_hierarchy", {"symbolKey": at["symbolKey"]})
        assert [b["fullName"] for b in stream["baseTypes"]] == ["System.MarshalByRefObject", "System.Object"]
        assert all(b["symbolKey"].startswith("csn1.") and b["isExternal"] for b in stream["baseTypes"])
        assert [i["fullName"] for i in stream["interfaces"]] == ["System.IDisposable"]
        derived = [(d["fullName"], d["relation"], d["isDirect"]) for d in stream["derivedTypes"]]
        assert derived == [("App.LogStream", "subclass", True), ("App.RollingLog", "subclass", False)]
        paged = await tools.ok("get_type_hierarchy", {"symbolKey": at["symbolKey"], "derivedTake": 1})
        assert paged["derivedPaging"] == {"skip": 0, "take": 1, "returned": 1, "total": 2, "nextSkip": 1}

        with_library = await tools.ok("get_type_hierarchy", {"symbolKey": at["symbolKey"], "derivedTake": 1000,
                                                             "scope": {"includeExternal": True}})
        library = {d["fullName"]: d for d in with_library["derivedTypes"] if d.get("isExternal")}
        assert library["System.IO.MemoryStream"]["isDirect"] and is_library(library["System.IO.MemoryStream"])
        assert "App.RollingLog" in {d["fullName"] for d in with_library["derivedTypes"]}

        log = await tools.ok("resolve_symbol", {"fullName": "App.LogStream"})
        own = await tools.ok("get_type_hierarchy", {"symbolKey": log["symbolKey"]})
        stream_base = own["baseTypes"][0]
        assert stream_base["fullName"] == "System.IO.Stream" and stream_base["symbolKey"] == at["symbolKey"]
        assert is_library(stream_base)
        assert own["interfaces"][0]["fullName"] == "System.IDisposable" and own["interfaces"][0]["symbolKey"]


async def test_search_and_resolve_framework_symbols(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        source_only = await tools.ok("search_symbols", {"query": "Stream"})
        assert source_only["symbols"] and not any(s.get("isExternal") for s in source_only["symbols"])
        everything = await tools.ok("search_symbols", {"query": "Stream", "kinds": ["class"],
                                                       "scope": {"includeExternal": True}})
        first = everything["symbols"][0]
        assert first["fullName"] == "System.IO.Stream" and is_library(first)
        assert "App.LogStream" in {s["fullName"] for s in everything["symbols"]}
        for exact in ("System.IO.Stream", "T:System.IO.Stream"):
            named = await tools.ok("search_symbols", {"query": exact})
            assert [s["symbolKey"] for s in named["symbols"]] == [first["symbolKey"]]

        by_full = await tools.ok("resolve_symbol", {"fullName": "System.IO.Stream"})
        assert by_full["resolved"] and by_full["symbolKey"] == first["symbolKey"]
        overloads = await tools.ok("resolve_symbol", {"fullName": "System.IO.File.ReadAllText"})
        assert overloads["resolved"] is False and overloads["candidateCount"] == 2
        one = await tools.ok("resolve_symbol", {"fullName": "System.IO.File.ReadAllText(string)"})
        assert one["resolved"] and one["symbol"]["kind"] == "method"
        await tools.fails("resolve_symbol", {"name": "ReadAllText"}, "symbol_not_found")
        by_name = await tools.ok("resolve_symbol", {"name": "ReadAllText", "includeExternal": True})
        assert by_name["candidateCount"] == 2 and all(is_library(c) for c in by_name["candidates"])


async def test_errors_for_library_keys(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        write_line = await tools.ok("resolve_symbol", {"documentationId": "M:System.Console.WriteLine(System.String)"})
        failed = await tools.fails("get_outgoing_calls", {"symbolKey": write_line["symbolKey"]}, "unsupported_symbol")
        assert any("find_callers" in s for s in failed["suggestions"])
        failed = await tools.fails("get_type_hierarchy", {"symbolKey": write_line["symbolKey"]}, "wrong_symbol_kind")
        console = await tools.ok("resolve_symbol", {"fullName": "System.Console"})
        assert any(console["symbolKey"] in s for s in failed["suggestions"])

        exception = await tools.ok("resolve_symbol", {"fullName": "System.Exception"})
        failed = await tools.fails("find_callers", {"symbolKey": exception["symbolKey"]}, "wrong_symbol_kind")
        assert any("System.Exception.Exception(string)" in s for s in failed["suggestions"])

        prefix = write_line["symbolKey"][5:]
        project = base64.urlsafe_b64decode(prefix + "==").decode().split("\0")[0]
        gone = "csn1." + base64.urlsafe_b64encode(f"{project}\0M:System.Console.WriteLineV2".encode()).decode().rstrip("=")
        failed = await tools.fails("find_callers", {"symbolKey": gone}, "symbol_not_found")
        assert "reference assemblies" in failed["error"]
        assert any("System.Console.WriteLine" in s for s in failed["suggestions"])
        await tools.fails("search_symbols", {"query": "Stream", "scope": {"includeExternal": "yes"}}, "invalid_arguments")
