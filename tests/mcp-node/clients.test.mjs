// csnav through clients nobody on the project wrote: the official TypeScript SDK (`@modelcontextprotocol/sdk`,
// which validates every `structuredContent` against the tool's `outputSchema`, errors included) and MCP
// Inspector's CLI (built on the v2 SDK client), in both protocol eras. Every tool is called with good and bad
// arguments; each answer must pass the client's validation, and Ajv checks it once more against the schema.
//
// `cargo xtask test` installs the pinned packages (package.json, package-lock.json) into a folder under the
// target directory, copies this file there and runs it with `node --test`; CSNAV_BIN names the built binary.

import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import Ajv from "ajv";

const BIN = process.env.CSNAV_BIN;
const WORKSPACE = process.env.CSNAV_EXAMPLES;
assert.ok(BIN && WORKSPACE, "CSNAV_BIN and CSNAV_EXAMPLES must be set (cargo xtask test sets them)");
const INSPECTOR = join(
  dirname(fileURLToPath(import.meta.url)),
  "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js",
);

const BOOK_REPOSITORY = "src/Bookstore.Data/BookRepository.cs";

/// [tool, arguments, the errorCode expected or null for a success]; `$type` and `$method` stand for keys
/// resolved first.
const CASES = [
  ["search_symbols", { query: "Book" }, null],
  ["search_symbols", { query: "Book", take: 2, pathStyle: "relative", responseDetail: "full" }, null],
  ["search_symbols", { query: "Stream", scope: { includeExternal: true, mode: "solution" } }, null],
  ["search_symbols", {}, "invalid_arguments"],
  ["search_symbols", { query: "Book", take: 100000 }, "invalid_arguments"],
  ["search_symbols", { query: "Book", scope: { mode: "project" } }, "invalid_arguments"],
  ["search_symbols", { query: "Book", scope: { mode: "pathPrefix", pathPrefix: "../../etc" } }, "invalid_arguments"],
  ["resolve_symbol", { fullName: "Bookstore.Data.BookRepository" }, null],
  ["resolve_symbol", { name: "Save" }, "symbol_not_found"],
  ["resolve_symbol", {}, "invalid_arguments"],
  ["get_symbol_at_position", { filePath: BOOK_REPOSITORY, line: 6, column: 16 }, null],
  ["get_symbol_at_position", { filePath: BOOK_REPOSITORY, line: 2, column: 1 }, null],
  ["get_symbol_at_position", { filePath: "README.md", line: 1, column: 1 }, "source_unavailable"],
  ["get_symbol_at_position", { filePath: "../../etc/passwd", line: 1, column: 1 }, "invalid_arguments"],
  ["get_type_hierarchy", { symbolKey: "$type" }, null],
  ["get_type_hierarchy", { symbolKey: "$type", derivedTake: 1, responseDetail: "full" }, null],
  ["get_type_hierarchy", { symbolKey: "Bookstore.Data.BookRepository" }, "invalid_symbol_key"],
  ["get_type_hierarchy", { symbolKey: "$method" }, "wrong_symbol_kind"],
  ["find_callers", { symbolKey: "$method" }, null],
  ["find_callers", { symbolKey: "$method", take: 1, skip: 1 }, null],
  ["find_callers", {}, "invalid_arguments"],
  ["get_outgoing_calls", { symbolKey: "$method", depth: 2 }, null],
  ["get_outgoing_calls", { symbolKey: "$method", depth: 9 }, "invalid_arguments"],
  ["get_outgoing_calls", { symbolKey: "csn1.bm9wZQ" }, "invalid_symbol_key"],
  ["find_references", { symbolKey: "$type" }, null],
  ["find_references", { symbolKey: "$method", groupBy: "containingSymbol", take: 1 }, null],
  ["find_references", { symbolKey: "$type", groupBy: "bogus" }, "invalid_arguments"],
  ["find_implementations", { symbolKey: "$type" }, null],
  ["find_implementations", { symbolKey: "csn1.bm9wZQ" }, "invalid_symbol_key"],
  ["find_overrides", { symbolKey: "$type" }, "wrong_symbol_kind"],
  ["get_structure", { filePath: BOOK_REPOSITORY, take: 3 }, null],
  ["get_structure", { filePath: "README.md" }, "source_unavailable"],
  ["get_source", { symbolKey: "$type", maxLines: 5 }, null],
  ["get_source", { symbolKey: "$type", maxLines: 0 }, "invalid_arguments"],
  ["server_status", {}, null],
  ["server_status", { responseDetail: "full", take: 1 }, null],
  ["server_status", { bogus: true }, "invalid_arguments"],
  ["batch", {
    operations: [
      { tool: "search_symbols", id: "s", args: { query: "Book" } },
      { tool: "get_type_hierarchy", id: 2, args: { symbolKey: "$type" } },
      { tool: "find_callers", args: { symbolKey: "not-a-key" } },
      { tool: "find_everything" },
      { tool: "batch", args: { operations: [] } },
    ],
    pathStyle: "relative",
  }, null],
  ["batch", {
    operations: [
      { tool: "search_symbols", args: { query: "Book", take: 500 } },
      { tool: "find_callers", args: { symbolKey: "$method" } },
      { tool: "resolve_symbol", args: {} },
    ],
    maxDetailChars: 200,
  }, null],
  ["batch", { operations: [] }, "invalid_arguments"],
];

const ajv = new Ajv({ strict: false, allErrors: true });

function withKeys(args, keys) {
  const text = JSON.stringify(args).replaceAll('"$type"', JSON.stringify(keys.type))
    .replaceAll('"$method"', JSON.stringify(keys.method));
  return JSON.parse(text);
}

/// The answer is what the case expects, carries its error object, and matches the tool's outputSchema.
function checkAnswer(tool, label, result, expected, schemas) {
  const structured = result.structuredContent;
  assert.ok(structured, `${label}: no structuredContent`);
  assert.deepEqual(JSON.parse(result.content[0].text), structured, `${label}: the text mirrors the structure`);
  assert.equal(Boolean(result.isError), expected !== null, `${label}: ${JSON.stringify(structured)}`);
  if (expected === null) {
    assert.equal(structured.success, true, label);
  } else {
    assert.equal(structured.success, false, label);
    assert.equal(structured.errorCode, expected, `${label}: ${JSON.stringify(structured)}`);
    assert.ok(structured.suggestions.length > 0, `${label}: every error says what to do next`);
  }
  const validate = ajv.compile(schemas.get(tool));
  assert.ok(validate(structured), `${label}: ${ajv.errorsText(validate.errors)}`);
}

async function connectSdk() {
  const transport = new StdioClientTransport({ command: BIN, args: ["mcp", WORKSPACE], stderr: "ignore" });
  const client = new Client({ name: "csnav-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function resolveKeys(client) {
  const type = await client.callTool({ name: "resolve_symbol", arguments: { fullName: "Bookstore.Data.RepositoryBase<T>" } });
  const method = await client.callTool({
    name: "search_symbols",
    arguments: { query: "ByGenre", kinds: ["method"] },
  });
  return { type: type.structuredContent.symbolKey, method: method.structuredContent.symbols[0].symbolKey };
}

async function outputSchemas(client) {
  const { tools } = await client.listTools();
  assert.equal(tools.length, 13);
  return new Map(tools.map((tool) => [tool.name, tool.outputSchema]));
}

test("the TypeScript SDK validates every answer, errors included", async () => {
  const client = await connectSdk();
  try {
    const schemas = await outputSchemas(client);
    const keys = await resolveKeys(client);
    for (const [tool, args, expected] of CASES) {
      // callTool throws when structuredContent does not match the tool's outputSchema.
      const result = await client.callTool({ name: tool, arguments: withKeys(args, keys) });
      checkAnswer(tool, `${tool} ${JSON.stringify(args)}`, result, expected, schemas);
    }
    await assert.rejects(client.callTool({ name: "find_everything", arguments: {} }), /unknown tool/);
  } finally {
    await client.close();
  }
});

/// `csnav mcp --http` on a free loopback port; resolves to the process and the endpoint it printed.
async function startHttp() {
  const server = spawn(BIN, ["mcp", "--http", "127.0.0.1:0", WORKSPACE], { stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise((resolve, reject) => {
    let text = "";
    server.stderr.on("data", (chunk) => {
      text += chunk;
      const found = text.match(/serving MCP over Streamable HTTP at (\S+)\n/);
      if (found) resolve(new URL(found[1]));
    });
    server.on("exit", (code) => reject(new Error(`csnav exited with ${code}: ${text}`)));
  });
  return { server, url };
}

test("two TypeScript SDK clients share one csnav over Streamable HTTP, batch on one revision", async () => {
  const { server, url } = await startHttp();
  const clients = [];
  try {
    for (const name of ["first", "second"]) {
      const client = new Client({ name: `csnav-http-${name}`, version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(url));
      clients.push(client);
    }
    const schemas = await outputSchemas(clients[0]);
    const keys = await resolveKeys(clients[1]);
    const operations = withKeys([
      { tool: "get_type_hierarchy", id: "bases", args: { symbolKey: "$type" } },
      { tool: "find_callers", id: "callers", args: { symbolKey: "$method" } },
      { tool: "get_type_hierarchy", id: "bad", args: { symbolKey: "nope" } },
    ], keys);
    // Both clients at once, each answer validated against batch's outputSchema by the SDK and by Ajv.
    const answers = await Promise.all(clients.map((client) => client.callTool({ name: "batch", arguments: { operations } })));
    for (const [i, answer] of answers.entries()) {
      checkAnswer("batch", `http client ${i}`, answer, null, schemas);
      const batch = answer.structuredContent;
      assert.deepEqual(batch.operations.map((op) => [op.id, op.success]), [["bases", true], ["callers", true], ["bad", false]]);
      assert.equal(batch.operations[2].errorCode, "invalid_symbol_key");
      assert.equal(batch.operations[0].result.symbolKey, keys.type);
      assert.deepEqual([batch.succeeded, batch.failed, batch.sizeLimited], [2, 1, false]);
    }
    assert.equal(answers[0].structuredContent.revision, answers[1].structuredContent.revision);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    server.kill();
  }
});

const run = promisify(execFile);

/// One Inspector CLI call: exit 0 for a success, 5 (tool_is_error) for a tool error, anything else fails.
async function inspect(era, tool, args) {
  const argv = [INSPECTOR, "--cli", BIN, "mcp", WORKSPACE, "--protocol-era", era, "--format", "json", "-q",
    "--method", "tools/call", "--tool-name", tool, "--tool-args-json", JSON.stringify(args)];
  try {
    const { stdout } = await run(process.execPath, argv, { maxBuffer: 64 << 20 });
    return { exit: 0, answer: JSON.parse(stdout) };
  } catch (failure) {
    return { exit: failure.code, answer: failure.stdout ? JSON.parse(failure.stdout) : null, stderr: failure.stderr };
  }
}

/// Each Inspector call starts its own csnav: the modern era gets one success and one failure per tool.
function firstOfEachOutcome(cases) {
  const seen = new Set();
  return cases.filter(([tool, , expected]) => {
    const outcome = `${tool} ${expected === null}`;
    return !seen.has(outcome) && seen.add(outcome);
  });
}

/// Runs `work` on every item, two at a time (each call is a process that loads the workspace).
async function inPairs(items, work) {
  for (let i = 0; i < items.length; i += 2) {
    await Promise.all(items.slice(i, i + 2).map(work));
  }
}

for (const [era, cases] of [["legacy", CASES], ["modern", firstOfEachOutcome(CASES)]]) {
  test(`MCP Inspector's CLI (${era} era) accepts every answer`, async () => {
    const client = await connectSdk();
    let schemas;
    let keys;
    try {
      schemas = await outputSchemas(client);
      keys = await resolveKeys(client);
    } finally {
      await client.close();
    }
    await inPairs(cases, async ([tool, args, expected]) => {
      const label = `${era} ${tool} ${JSON.stringify(args)}`;
      const { exit, answer, stderr } = await inspect(era, tool, withKeys(args, keys));
      assert.equal(exit, expected === null ? 0 : 5, `${label}: exit ${exit} ${stderr ?? ""}`);
      checkAnswer(tool, label, answer.result, expected, schemas);
    });
  });
}

test("MCP Inspector's CLI finds the tool schemas portable", async () => {
  const argv = [INSPECTOR, "--cli", BIN, "mcp", WORKSPACE, "--method", "tools/list", "--strict"];
  const env = { ...process.env, CSNAV_LOG: "error" };
  // --strict prints each problem on stderr (and exits 6 on an error-severity one).
  const { stderr } = await run(process.execPath, argv, { maxBuffer: 64 << 20, env });
  assert.doesNotMatch(stderr, /Warning|Error|\d+ warnings?/, stderr);
});
