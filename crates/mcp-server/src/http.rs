//! `csnav mcp --http ADDR`: MCP over Streamable HTTP, so that several agents share one loaded workspace.
//!
//! rmcp's `StreamableHttpService` speaks the protocol: both lifecycle eras, the stateless 2026-07-28
//! revision (`server/discover`, per-request `_meta`, `MCP-Protocol-Version` checked against the body)
//! and `Host` / `Origin` checks against DNS rebinding. It runs here without sessions
//! (`legacy_session_mode` off): every POST is answered on its own by a fresh `CsnavServer` over the one
//! shared [`ServerState`], so any number of clients, of either era, can call at once, and JSON replies
//! (`json_response`) unless a request's progress notifications need an event stream. This module only
//! binds the socket (loopback unless told otherwise), serves `/mcp` over hyper, and stops on Ctrl-C.

use std::{convert::Infallible, net::SocketAddr, path::Path, sync::Arc};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::{Request, Response, StatusCode, body::Incoming, server::conn::http1};
use hyper_util::{rt::TokioIo, service::TowerToHyperService};
use rmcp::transport::{
    StreamableHttpServerConfig, StreamableHttpService,
    streamable_http_server::session::never::NeverSessionManager,
};
use tokio_util::sync::CancellationToken;

use crate::{server::CsnavServer, state::ServerState};

/// The MCP endpoint; every other path is 404.
const MCP_PATH: &str = "/mcp";

/// Whether a non-loopback address may be bound: the server has no authentication, so anyone who can
/// reach the port can read the workspace's code through it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Exposure {
    LoopbackOnly,
    AllowRemote,
}

/// Serves MCP over Streamable HTTP on `listen` for the workspace at `path` until Ctrl-C. Prints the
/// endpoint's URL on stderr once listening (with the bound port when `listen` asked for port 0).
pub fn serve_http(
    path: &Path,
    listen: SocketAddr,
    exposure: Exposure,
    index_cache: crate::IndexCacheConfig,
) -> anyhow::Result<()> {
    if !listen.ip().is_loopback() && exposure == Exposure::LoopbackOnly {
        anyhow::bail!(
            "refusing to serve on {listen}: it is not a loopback address, and csnav has no authentication \
             (anyone who reaches the port reads the workspace's code). Use 127.0.0.1 or [::1], or pass \
             --allow-remote to serve other interfaces anyway"
        );
    }
    let state = crate::open_state(path, index_cache)?;
    let runtime = crate::server_runtime()?;
    let served = runtime.block_on(async {
        let loader = state.clone();
        // Loading runs beside the protocol, so the first requests are answered (or wait) at once.
        tokio::task::spawn_blocking(move || loader.load());
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
        let local = listener.local_addr()?;
        eprintln!("csnav: serving MCP over Streamable HTTP at http://{local}{MCP_PATH}");
        let stop = CancellationToken::new();
        let service = mcp_service(state, local, exposure, &stop);
        loop {
            let (stream, _) = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    Err(error) => {
                        // Out of file descriptors and the like: the listener itself is still good.
                        tracing::warn!(%error, "cannot accept a connection");
                        continue;
                    }
                },
                _ = tokio::signal::ctrl_c() => break,
            };
            let service = service.clone();
            tokio::spawn(async move {
                let routed =
                    hyper::service::service_fn(move |request| route(service.clone(), request));
                if let Err(error) = http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), routed)
                    .await
                {
                    tracing::debug!(%error, "connection ended");
                }
            });
        }
        stop.cancel();
        anyhow::Ok(())
    });
    runtime.shutdown_background();
    served
}

type McpService = TowerToHyperService<StreamableHttpService<CsnavServer, NeverSessionManager>>;
type Body = BoxBody<Bytes, Infallible>;

fn mcp_service(
    state: Arc<ServerState>,
    local: SocketAddr,
    exposure: Exposure,
    stop: &CancellationToken,
) -> Arc<McpService> {
    let mut config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_cancellation_token(stop.child_token());
    config = match exposure {
        // rmcp's default `Host` list is the loopback names; browsers' pages may call only from
        // loopback origins (a request without `Origin`, from an agent, passes).
        Exposure::LoopbackOnly => config.with_allowed_origins([
            "http://localhost:*",
            "http://127.0.0.1:*",
            "http://[::1]:*",
        ]),
        // The names a remote client uses for this machine are not known here.
        Exposure::AllowRemote => config.disable_allowed_hosts(),
    };
    tracing::info!(%local, "Streamable HTTP configured");
    let service = StreamableHttpService::new(
        move || Ok(CsnavServer::new(state.clone())),
        Arc::new(NeverSessionManager::default()),
        config,
    );
    Arc::new(TowerToHyperService::new(service))
}

async fn route(
    service: Arc<McpService>,
    request: Request<Incoming>,
) -> Result<Response<Body>, Infallible> {
    if request.uri().path() != MCP_PATH {
        let body = Full::new(Bytes::from(format!(
            "Not Found: the MCP endpoint is {MCP_PATH}\n"
        )))
        .boxed();
        let mut response = Response::new(body);
        *response.status_mut() = StatusCode::NOT_FOUND;
        return Ok(response);
    }
    hyper::service::Service::call(&*service, request).await
}
