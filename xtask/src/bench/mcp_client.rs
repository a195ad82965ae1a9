//! A minimal MCP client for the bench: starts the real `csnav mcp` over stdio (newline-delimited
//! JSON-RPC, as rmcp's stdio transport speaks it) and times each tool call from the request written
//! to the answer read, as an agent sees it.

use std::{
    io::{BufRead, BufReader, BufWriter, Write},
    path::Path,
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
    time::{Duration, Instant},
};

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

pub(crate) struct McpServer {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl McpServer {
    /// Starts `csnav mcp target` and completes the handshake; answers arrive once the workspace is
    /// loaded (requests wait for it). `args` follow the target (`--cache-dir DIR`).
    pub(crate) fn start(
        csnav: &Path,
        target: &Path,
        args: &[&std::ffi::OsStr],
    ) -> Result<McpServer> {
        let mut child = Command::new(csnav)
            .arg("mcp")
            .arg(target)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {}", csnav.display()))?;
        let stdin = BufWriter::new(child.stdin.take().context("no stdin")?);
        let stdout = BufReader::new(child.stdout.take().context("no stdout")?);
        let mut server = McpServer {
            child,
            stdin,
            stdout,
            next_id: 0,
        };
        server.request(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": { "name": "csnav-bench", "version": "1" },
            }),
        )?;
        server.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }))?;
        Ok(server)
    }

    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Calls a tool; the time is the round trip, the value the tool's `structuredContent`.
    pub(crate) fn call(&mut self, tool: &str, arguments: Value) -> Result<(Duration, Value)> {
        let start = Instant::now();
        let result = self.request(
            "tools/call",
            json!({ "name": tool, "arguments": arguments }),
        )?;
        let elapsed = start.elapsed();
        let content = result
            .get("structuredContent")
            .cloned()
            .with_context(|| format!("{tool}: no structuredContent in {result}"))?;
        Ok((elapsed, content))
    }

    fn request(&mut self, method: &str, params: Value) -> Result<Value> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))?;
        let mut line = String::new();
        loop {
            line.clear();
            if self.stdout.read_line(&mut line)? == 0 {
                bail!("csnav closed its output while {method} was pending");
            }
            let message: Value = serde_json::from_str(&line)
                .with_context(|| format!("csnav wrote a line that is not JSON: {line}"))?;
            // Notifications (progress, logs) carry no id.
            if message.get("id") != Some(&json!(id)) {
                continue;
            }
            if let Some(error) = message.get("error") {
                bail!("{method}: {error}");
            }
            return message.get("result").cloned().context("no result");
        }
    }

    fn send(&mut self, message: &Value) -> Result<()> {
        serde_json::to_writer(&mut self.stdin, message)?;
        self.stdin.write_all(b"\n")?;
        self.stdin.flush()?;
        Ok(())
    }

    /// The server's peak resident set (`VmHWM`), read before it exits.
    pub(crate) fn peak_rss_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Closes stdin, which ends the server, and waits for it.
    pub(crate) fn stop(self) -> Result<()> {
        let McpServer {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        child.wait()?;
        Ok(())
    }
}
