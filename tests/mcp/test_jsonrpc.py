"""JSON-RPC 2.0 conformance below the SDK: raw lines on csnav's stdin, every one answered, the server
keeps serving. Both lifecycle eras: the initialize handshake and stateless 2026-07-28 requests."""

import json
import queue
import subprocess
import threading

import pytest

from conftest import EXAMPLES, csnav_binary

STATELESS = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
             "io.modelcontextprotocol/clientCapabilities": {}}


class RawServer:
    """csnav mcp with a line-level client: `send` writes bytes, `recv` reads one JSON answer."""

    def __init__(self):
        self.process = subprocess.Popen([csnav_binary(), "mcp", str(EXAMPLES)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.answers = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.answers.put(json.loads(line))

    def send(self, raw: bytes):
        self.process.stdin.write(raw + b"\n")
        self.process.stdin.flush()

    def request(self, message: dict):
        self.send(json.dumps(message).encode())

    def recv(self, timeout: float = 30):
        try:
            return self.answers.get(timeout=timeout)
        except queue.Empty:
            pytest.fail("no answer within %ss" % timeout)

    def handshake(self):
        self.request({"jsonrpc": "2.0", "id": "init", "method": "initialize",
                      "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                 "clientInfo": {"name": "raw", "version": "1"}}})
        assert self.recv()["result"]["protocolVersion"] == "2025-11-25"
        self.request({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def still_serving(self):
        self.request({"jsonrpc": "2.0", "id": "alive", "method": "tools/list"})
        answer = self.recv()
        assert answer["id"] == "alive" and len(answer["result"]["tools"]) == 12, answer

    def close(self):
        self.process.stdin.close()
        assert self.process.wait(30) == 0


@pytest.fixture
def server():
    raw = RawServer()
    yield raw
    raw.close()


PARSE_ERRORS = [
    b'{"jsonrpc":"2.0","id":1,"method":"ping"',  # truncated
    b"hello world",  # plain text
    b"\x00\x01\x02\xfe\xff binary",
    b'{"jsonrpc":"2.0","id":1,"method":"\xff\xfe"}',  # invalid UTF-8
    b"[" * 100_000 + b"]" * 100_000,  # nesting
    b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\\ud800"}}',  # lone surrogate
    b"{,}",
    b'{"jsonrpc":"2.0","id":1,"method":"ping",}',
    b"{'jsonrpc':'2.0'}",
    b'{"jsonrpc":"2.0","id":1,"method":"ping"}}',
]
NOT_REQUESTS = [b'"x"', b"42", b"null", b"true", b"[]", b"{}", b"[1,2]",
                b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]']
WRONG_SHAPES = [  # each with a readable id 5
    b'{"id":5,"method":"tools/list"}',
    b'{"jsonrpc":"1.0","id":5,"method":"tools/list"}',
    b'{"jsonrpc":2,"id":5,"method":"tools/list"}',
    b'{"jsonrpc":"2.0","id":5}',
    b'{"jsonrpc":"2.0","id":5,"result":{},"error":{}}',
    b'{"jsonrpc":"2.0","id":5,"method":42}',
    b'{"jsonrpc":"2.0","id":5,"method":null}',
    b'{"jsonrpc":"2.0","id":5,"method":"tools/list","params":"x"}',
    b'{"jsonrpc":"2.0","id":5,"method":"tools/list","params":true}',
]
BAD_IDS = [b"{}", b"[1]", b"true", b"1.5", b"null", b"18446744073709551616"]
INVALID_PARAMS = [  # each with id 6
    b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":[1]}',
    b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":5}}',
    b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"arguments":{}}}',
    b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"server_status","arguments":[]}}',
]


def test_invalid_json_is_a_parse_error_and_the_server_keeps_serving(server):
    server.handshake()
    for line in PARSE_ERRORS + [b"x" * (10 << 20)]:
        server.send(line)
        answer = server.recv()
        assert answer["jsonrpc"] == "2.0" and answer["id"] is None, answer
        assert answer["error"]["code"] in (-32700, -32600), answer
    server.still_serving()


def test_values_that_are_not_requests_and_wrong_shapes_are_invalid_requests(server):
    server.handshake()
    for line in NOT_REQUESTS:
        server.send(line)
        answer = server.recv()
        assert (answer["id"], answer["error"]["code"]) == (None, -32600), (line, answer)
    for line in WRONG_SHAPES:
        server.send(line)
        answer = server.recv()
        assert (answer["id"], answer["error"]["code"]) == (5, -32600), (line, answer)
    for bad_id in BAD_IDS:
        server.send(b'{"jsonrpc":"2.0","id":%s,"method":"tools/list"}' % bad_id)
        answer = server.recv()
        assert (answer["id"], answer["error"]["code"]) == (None, -32600), (bad_id, answer)
        assert "id must be" in answer["error"]["message"]
    for line in INVALID_PARAMS:
        server.send(line)
        answer = server.recv()
        assert (answer["id"], answer["error"]["code"]) == (6, -32602), (line, answer)
    server.still_serving()


def test_unknown_methods_and_tools_and_malformed_notifications(server):
    server.handshake()
    server.request({"jsonrpc": "2.0", "id": 1, "method": "tools/everything"})
    assert server.recv()["error"]["code"] == -32601
    server.request({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                    "params": {"name": "find_everything", "arguments": {}}})
    unknown = server.recv()
    assert unknown["id"] == 2 and unknown["error"]["code"] == -32602
    assert "search_symbols" in unknown["error"]["message"]
    # Notifications are never answered, not even malformed or unknown ones.
    server.request({"jsonrpc": "2.0", "method": "notifications/whatever"})
    server.request({"jsonrpc": "2.0", "method": "notifications/initialized", "params": 3})
    server.still_serving()


def test_a_duplicate_id_in_flight_is_refused_and_reusable_once_answered(server):
    server.handshake()
    call = {"jsonrpc": "2.0", "id": 9, "method": "tools/call",
            "params": {"name": "search_symbols", "arguments": {"query": "Book"}}}
    server.request(call)
    server.request(call)
    answers = [server.recv(), server.recv()]
    errors = [a for a in answers if "error" in a]
    results = [a for a in answers if "result" in a]
    assert len(errors) == 1 and len(results) == 1, answers
    assert errors[0]["id"] == 9 and errors[0]["error"]["code"] == -32600
    assert "still in progress" in errors[0]["error"]["message"]
    server.request(call)
    assert server.recv()["result"]["structuredContent"]["success"] is True


def test_requests_before_the_handshake_are_answered_with_an_error(server):
    server.request({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    early = server.recv()
    assert early["id"] == 1 and early["error"]["code"] == -32602
    assert "protocolVersion" in early["error"]["message"]
    server.handshake()
    server.still_serving()


def test_a_burst_of_a_thousand_requests_is_answered_in_full(server):
    server.handshake()
    lines = []
    for i in range(1000):
        if i % 2:
            message = {"jsonrpc": "2.0", "id": i, "method": "tools/list"}
        else:
            message = {"jsonrpc": "2.0", "id": i, "method": "tools/call",
                       "params": {"name": "search_symbols", "arguments": {"query": "Book", "take": 1}}}
        lines.append(json.dumps(message).encode())
    server.process.stdin.write(b"\n".join(lines) + b"\n")
    server.process.stdin.flush()
    answers = [server.recv(120) for _ in range(1000)]
    assert sorted(a["id"] for a in answers) == list(range(1000))
    assert all("result" in a for a in answers)
    server.still_serving()


def test_stateless_revision_discover_list_with_ttl_and_call(server):
    server.request({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": STATELESS}})
    discover = server.recv()["result"]
    assert "2026-07-28" in discover["supportedVersions"]
    assert discover["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "csnav"
    server.request({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": STATELESS}})
    listed = server.recv()["result"]
    assert len(listed["tools"]) == 12
    assert listed["ttlMs"] == 24 * 60 * 60 * 1000
    server.request({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                    "params": {"name": "server_status", "arguments": {}, "_meta": STATELESS}})
    assert server.recv()["result"]["structuredContent"]["success"] is True
    # A malformed line in the stateless era is answered the same way.
    server.send(b"not json")
    assert server.recv()["error"]["code"] == -32700
    server.request({"jsonrpc": "2.0", "id": 4, "method": "tools/list",
                    "params": {"_meta": {**STATELESS, "io.modelcontextprotocol/protocolVersion": "1999-01-01"}}})
    unsupported = server.recv()
    assert unsupported["id"] == 4 and "error" in unsupported
