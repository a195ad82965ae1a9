"""Shared helpers: start `csnav mcp` through the official MCP Python SDK and call its tools."""

import json
import os
import textwrap
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


def csnav_binary() -> str:
    binary = os.environ.get("CSNAV_BIN")
    if not binary:
        pytest.fail("CSNAV_BIN must name the built csnav binary (cargo xtask test sets it)")
    return binary


@pytest.fixture
def anyio_backend():
    return "asyncio"


@asynccontextmanager
async def connect(workspace: Path, mode: str = "legacy"):
    params = StdioServerParameters(
        command=csnav_binary(),
        args=["mcp", str(workspace)],
        env={**os.environ, "CSNAV_LOG": os.environ.get("CSNAV_LOG", "warn")},
    )
    async with Client(params, mode=mode, read_timeout_seconds=60) as client:
        yield client


async def call(client, tool: str, arguments: dict | None = None, **kwargs):
    """Calls a tool; returns (structuredContent, isError) after checking the text mirrors the structure."""
    result = await client.call_tool(tool, arguments or {}, **kwargs)
    structured = result.structured_content
    assert structured is not None, f"{tool} returned no structuredContent"
    texts = [c.text for c in result.content if getattr(c, "type", None) == "text"]
    assert texts and json.loads(texts[0]) == structured, "the text content must be the same JSON"
    return structured, bool(result.is_error)


async def ok(client, tool: str, arguments: dict | None = None):
    result, is_error = await call(client, tool, arguments)
    assert not is_error, result
    assert result["success"] is True
    return result


async def fails(client, tool: str, arguments: dict, code: str):
    result, is_error = await call(client, tool, arguments)
    assert is_error, result
    assert result["success"] is False
    assert result["errorCode"] == code, result
    assert result["error"] and isinstance(result["suggestions"], list)
    assert result["suggestions"], f"every error says what to do next: {result}"
    return result


async def key_of(client, full_name: str) -> str:
    resolved = await ok(client, "resolve_symbol", {"fullName": full_name})
    assert resolved["resolved"], resolved
    return resolved["symbolKey"]


def write_workspace(root: Path, files: dict[str, str]) -> Path:
    """A fixture workspace: `files` maps relative paths to (dedented) contents."""
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return root


SDK_PROJECT = """
    <Project Sdk="Microsoft.NET.Sdk">
      <PropertyGroup>
        <TargetFramework>net8.0</TargetFramework>
      </PropertyGroup>
    </Project>
"""
