//! The thin adapter between rmcp and the tools.
//!
//! rmcp 3.11 implements both lifecycle eras itself: the `initialize` handshake (2025-06-18, 2025-11-25,
//! with `ping`) and the stateless 2026-07-28 revision (`server/discover`, protocol version and client
//! capabilities in each request's `_meta`, `resultType` on results), and it validates per-request versions
//! against [`ServerHandler::supported_protocol_versions`]. This module only narrows that list to the
//! revisions csnav's tool results need (`structuredContent` and `outputSchema` arrived in 2025-06-18),
//! names the server, and bridges cancellation and progress to the analysis.

use std::{
    borrow::Cow,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use ide::{SiteSteps, StepBudget};

use rmcp::{
    ErrorData as McpError, RoleServer, ServerHandler,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, InitializeResult,
        ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion,
        ServerCapabilities, Tool as McpTool, ToolAnnotations,
    },
    service::RequestContext,
};

use crate::{
    args::JsonObject,
    state::{IndexState, ServerState},
    tools,
};

/// How often a request is answered again after file changes cancelled its query. Each revision another
/// request applies cancels it once, and a burst of saves (an agent's multi-file patch) with concurrent
/// requests gives several in a row: 3 attempts let tests/mcp/test_concurrency.py fail requests; the bound
/// only stops starvation by a file rewritten without pause.
const MAX_ATTEMPTS: usize = 32;

/// How long one step of a request's gathering of call sites binds before an eviction: binding
/// memoizes about a megabyte a file, a file takes tens of milliseconds, and a step's eviction and
/// new snapshot cost about a millisecond.
const REQUEST_STEP: Duration = Duration::from_millis(100);

/// How long a client may keep the tool list (`ttlMs`, 2026-07-28): a day.
const TOOLS_TTL_MS: u64 = 24 * 60 * 60 * 1000;

const PROTOCOL_VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

#[derive(Clone)]
pub(crate) struct CsnavServer {
    state: Arc<ServerState>,
}

impl CsnavServer {
    /// Counted for server_status; the client never sees this error, rmcp drops responses to cancelled
    /// requests.
    fn cancelled(&self, tool: &str) -> McpError {
        self.state
            .cancelled_requests
            .fetch_add(1, Ordering::Relaxed);
        tracing::info!(tool, "request cancelled");
        McpError::internal_error("request cancelled", None)
    }

    pub(crate) fn new(state: Arc<ServerState>) -> CsnavServer {
        CsnavServer { state }
    }

    /// Waits until the workspace can answer `tool`, reporting indexing progress to the client when the
    /// request carried a progress token.
    async fn wait_for_index(
        &self,
        tool: &str,
        context: &RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        // server_status answers while indexing, so that an agent can see how far it is.
        let ready = |state: &IndexState| match state {
            IndexState::Ready | IndexState::Failed(_) => true,
            IndexState::Indexing { .. } => tool == "server_status",
            IndexState::Loading => false,
        };
        let progress_token = context.meta.get_progress_token();
        let mut index = self.state.index.subscribe();
        loop {
            let state = index.borrow_and_update().clone();
            if ready(&state) {
                return match state {
                    IndexState::Failed(why) => Err(McpError::internal_error(
                        format!("the workspace failed to load: {why}"),
                        None,
                    )),
                    _ => Ok(()),
                };
            }
            if let Some(token) = &progress_token {
                let (done, total) = match state {
                    IndexState::Indexing { done, total, .. } => (done, total),
                    _ => (0, 0),
                };
                let mut progress = ProgressNotificationParam::new(token.clone(), done as f64)
                    .with_message(format!("csnav: {}", state.describe()));
                if total > 0 {
                    progress = progress.with_total(total as f64);
                }
                // A client that went away is noticed by the transport; nothing to do here.
                let _ = context.peer.notify_progress(progress).await;
            }
            tokio::select! {
                changed = index.changed() => if changed.is_err() { return Err(McpError::internal_error("the loader stopped", None)) },
                () = context.ct.cancelled() => return Err(self.cancelled(tool)),
            }
        }
    }
}

impl ServerHandler for CsnavServer {
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("csnav", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "csnav answers C# code-navigation questions for the workspace it was started on. Discover symbols \
                 with search_symbols, resolve_symbol or get_symbol_at_position, then pass the returned symbolKey \
                 unchanged to get_type_hierarchy. server_status shows what is loaded.",
            )
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(&PROTOCOL_VERSIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let mut list =
            ListToolsResult::with_all_items(tools::TOOLS.iter().map(to_mcp_tool).collect());
        // The tools are fixed for the life of the process: a 2026-07-28 client may cache the list.
        list.ttl_ms = Some(TOOLS_TTL_MS);
        Ok(list)
    }

    fn get_tool(&self, name: &str) -> Option<McpTool> {
        tools::find(name).map(to_mcp_tool)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let Some(tool) = tools::find(&request.name) else {
            let known: Vec<&str> = tools::TOOLS.iter().map(|t| t.spec.name).collect();
            return Err(McpError::invalid_params(
                format!(
                    "unknown tool '{}'; available: {}",
                    request.name,
                    known.join(", ")
                ),
                None,
            ));
        };
        self.wait_for_index(tool.spec.name, &context).await?;
        let arguments: JsonObject = request.arguments.unwrap_or_default();
        let state = self.state.clone();
        // The running query's cancellation token, handed over from the blocking thread.
        let token = Arc::new(Mutex::new(None));
        let token_slot = token.clone();
        let client_cancelled = Arc::new(AtomicBool::new(false));
        let cancelled_by_client = client_cancelled.clone();
        let mut task = tokio::task::spawn_blocking(move || {
            // While no call index is valid, a query that needs many files' call sites gathers them
            // a step at a time, each on its own snapshot with an eviction between
            // (`ide/src/call_index/steps.rs`); a step is no attempt, as it always makes progress.
            let steps = SiteSteps::new(StepBudget::time(REQUEST_STEP));
            // A query also unwinds when another request applies file changes: answer it again on the
            // new revision, unless the client itself cancelled.
            let mut attempts = 0;
            while attempts < MAX_ATTEMPTS {
                let mut snapshot = state.snapshot()?;
                snapshot.analysis = snapshot.analysis.with_site_steps(steps.clone());
                if let Ok(mut slot) = token_slot.lock() {
                    *slot = Some(snapshot.analysis.cancellation_token());
                }
                inject_panic(&arguments);
                if let Some(answer) = tool.call(&state, &snapshot, &arguments) {
                    return Some(answer);
                }
                if cancelled_by_client.load(Ordering::SeqCst) {
                    break;
                }
                drop(snapshot);
                match steps.take_stepped() {
                    true => state.evict_for_request(),
                    false => attempts += 1,
                }
            }
            None
        });
        let outcome = tokio::select! {
            outcome = &mut task => outcome,
            () = context.ct.cancelled() => {
                client_cancelled.store(true, Ordering::SeqCst);
                if let Some(token) = token.lock().ok().and_then(|mut slot| slot.take()) {
                    token.cancel();
                }
                // Let the query unwind before the next request takes a snapshot.
                let _ = task.await;
                return Err(self.cancelled(tool.spec.name));
            }
        };
        match outcome {
            Ok(Some((value, false))) => Ok(CallToolResult::structured(value).into()),
            Ok(Some((value, true))) => Ok(CallToolResult::structured_error(value).into()),
            Ok(None) => Err(self.cancelled(tool.spec.name)),
            Err(join_error) => {
                tracing::error!(%join_error, tool = tool.spec.name, "tool panicked");
                Err(McpError::internal_error(
                    format!("{} failed: {join_error}", tool.spec.name),
                    None,
                ))
            }
        }
    }
}

/// A test hook, compiled into debug builds only: a request with a string argument equal to
/// `CSNAV_TEST_PANIC_ON` panics while it holds its snapshot, as a bug in a query would. The request
/// is answered with an error and the server goes on serving (tests/mcp/test_faults.py).
fn inject_panic(arguments: &JsonObject) {
    if !cfg!(debug_assertions) {
        return;
    }
    let Some(trigger) = std::env::var_os("CSNAV_TEST_PANIC_ON") else {
        return;
    };
    if arguments
        .values()
        .any(|value| value.as_str().is_some_and(|v| trigger == v))
    {
        panic!("CSNAV_TEST_PANIC_ON: injected panic");
    }
}

fn to_mcp_tool(tool: &tools::Tool) -> McpTool {
    McpTool::new(
        tool.spec.name,
        tool.spec.description,
        tool.input_schema.clone(),
    )
    .with_title(tool.spec.title)
    .with_raw_output_schema(tool.output_schema.clone())
    .with_annotations(
        ToolAnnotations::with_title(tool.spec.title)
            .read_only(true)
            .idempotent(true)
            .open_world(false),
    )
}
