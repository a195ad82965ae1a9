"""The protocol surface: both lifecycle eras, server identity, the tool list, protocol errors."""

import pytest
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError

from conftest import EXAMPLES, connect

pytestmark = pytest.mark.anyio

TOOLS = {"search_symbols", "resolve_symbol", "get_symbol_at_position", "get_type_hierarchy", "find_callers",
         "get_outgoing_calls", "server_status", "batch", "find_references", "find_implementations",
         "find_overrides", "get_structure", "get_source"}


async def test_initialize_handshake_names_csnav_and_its_version():
    async with connect(EXAMPLES, mode="legacy") as client:
        assert client.protocol_version == "2025-11-25"
        assert client.server_info.name == "csnav"
        assert client.server_info.version.count(".") == 2
        assert client.server_capabilities.tools is not None
        # ping exists only in the handshake era; the SDK warns about its removal in 2026-07-28.
        with pytest.warns(MCPDeprecationWarning):
            await client.send_ping()


async def test_stateless_revision_via_discover():
    async with connect(EXAMPLES, mode="auto") as client:
        assert client.protocol_version == "2026-07-28"
        tools = await client.list_tools()
        assert {t.name for t in tools.tools} == TOOLS
        status = await client.call_tool("server_status", {})
        assert status.structured_content["success"] is True


async def test_pinned_stateless_revision_without_any_handshake():
    async with connect(EXAMPLES, mode="2026-07-28") as client:
        result = await client.call_tool("search_symbols", {"query": "BookRepository"})
        assert result.structured_content["success"] is True


async def test_tools_list_carries_schemas_and_read_only_annotations():
    async with connect(EXAMPLES) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert set(tools) == TOOLS
        for tool in tools.values():
            assert tool.title and len(tool.description) > 80
            assert tool.input_schema["type"] == "object"
            assert tool.input_schema["additionalProperties"] is False
            assert {"pathStyle", "responseDetail"} <= set(tool.input_schema["properties"])
            assert tool.output_schema["type"] == "object"
            assert "success" in tool.output_schema["properties"]
            assert tool.annotations.read_only_hint is True
        hierarchy = tools["get_type_hierarchy"].input_schema
        assert hierarchy["required"] == ["symbolKey"]
        assert hierarchy["properties"]["derivedTake"]["default"] == 200
        assert tools["search_symbols"].input_schema["properties"]["take"]["default"] == 50
        for name in ("find_callers", "get_outgoing_calls"):
            schema = tools[name].input_schema
            assert schema["required"] == ["symbolKey"]
            assert schema["properties"]["take"]["default"] == 200 and schema["properties"]["skip"]["default"] == 0
            assert {"coverage", "unresolvedCallSites", "paging"} <= set(tools[name].output_schema["properties"])
        depth = tools["get_outgoing_calls"].input_schema["properties"]["depth"]
        assert (depth["default"], depth["minimum"], depth["maximum"]) == (1, 1, 5)


async def test_unknown_tool_is_a_protocol_error():
    async with connect(EXAMPLES) as client:
        with pytest.raises(MCPError) as error:
            await client.call_tool("find_everything", {})
        assert error.value.error.code == -32602
        assert "search_symbols" in error.value.error.message
