"""Streamable HTTP (`csnav mcp --http`): clients of both protocol eras share one loaded workspace, and the
server refuses to listen beyond loopback unless told."""

import asyncio
import re
import subprocess
import urllib.error
import urllib.request

import pytest
from mcp import Client

from conftest import EXAMPLES, csnav_binary

pytestmark = pytest.mark.anyio


@pytest.fixture
def http_server():
    """`csnav mcp --http` on a free loopback port; yields the endpoint URL it prints."""
    server = subprocess.Popen([csnav_binary(), "mcp", "--http", "127.0.0.1:0", str(EXAMPLES)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stderr.readline()
        found = re.search(r"serving MCP over Streamable HTTP at (\S+)", line)
        assert found, f"no endpoint announced: {line!r}"
        yield found.group(1)
    finally:
        server.kill()
        server.wait()
        server.stderr.close()


async def call_ok(client, tool, arguments):
    result = await client.call_tool(tool, arguments)
    assert not result.is_error and result.structured_content["success"] is True, result
    return result.structured_content


async def test_two_clients_of_both_eras_share_one_workspace(http_server):
    async with Client(http_server, mode="legacy") as legacy, Client(http_server, mode="auto") as modern:
        assert legacy.protocol_version == "2025-11-25"
        # `auto` discovers the stateless revision (server/discover) and needs no handshake.
        assert modern.protocol_version == "2026-07-28"
        assert legacy.server_info.name == "csnav"
        names = {t.name for t in (await modern.list_tools()).tools}
        assert {"batch", "find_callers", "server_status"} <= names
        request = {"fullName": "Bookstore.Data.RepositoryBase<T>"}
        first, second = await asyncio.gather(call_ok(legacy, "resolve_symbol", request),
                                              call_ok(modern, "resolve_symbol", request))
        assert first["symbolKey"] == second["symbolKey"]
        statuses = await asyncio.gather(*(call_ok(c, "server_status", {}) for c in (legacy, modern)))
        # One loaded workspace: the same revision and files, loaded once.
        assert statuses[0]["revision"] == statuses[1]["revision"]
        assert statuses[0]["fileCount"] == statuses[1]["fileCount"] > 0
        batch = await call_ok(modern, "batch", {"operations": [
            {"tool": "get_type_hierarchy", "args": {"symbolKey": first["symbolKey"]}},
            {"tool": "get_type_hierarchy", "args": {"symbolKey": "nope"}}]})
        assert [op["success"] for op in batch["operations"]] == [True, False]


async def test_a_pinned_stateless_client_calls_without_any_handshake(http_server):
    async with Client(http_server, mode="2026-07-28") as client:
        found = await call_ok(client, "search_symbols", {"query": "BookRepository"})
        assert found["symbols"]


def test_other_paths_are_not_found(http_server):
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(http_server.removesuffix("/mcp") + "/other", timeout=10)
    assert error.value.code == 404


def test_a_non_loopback_address_is_refused_unless_allowed():
    refused = subprocess.run([csnav_binary(), "mcp", "--http", "0.0.0.0:0", str(EXAMPLES)],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0
    assert "not a loopback address" in refused.stderr and "--allow-remote" in refused.stderr
    # --allow-remote only makes sense with --http.
    wrong = subprocess.run([csnav_binary(), "mcp", "--allow-remote", str(EXAMPLES)],
                           capture_output=True, text=True, timeout=60)
    assert wrong.returncode != 0 and "--http" in wrong.stderr


def status_of(url, method="POST", headers=None, body=b"{}"):
    request = urllib.request.Request(url, data=body if method == "POST" else None, method=method, headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_post_only_and_dns_rebinding_checks(http_server):
    # 2026-07-28 has no GET event stream and no sessions to DELETE.
    assert status_of(http_server, "GET") == 405
    assert status_of(http_server, "DELETE") == 405
    # A page that rebinds a name to 127.0.0.1 sends its own Host, and a browser its Origin.
    assert status_of(http_server, headers={"Host": "attacker.example"}) == 403
    assert status_of(http_server, headers={"Origin": "http://attacker.example"}) == 403
