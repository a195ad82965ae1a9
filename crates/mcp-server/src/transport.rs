//! csnav's stdio transport: a JSON-RPC 2.0 framing layer in front of rmcp.
//!
//! rmcp ignores lines that are not JSON and answers wrong shapes without an id, so a client that sent
//! a bad line waits for an answer that never comes. This layer reads stdin one line at a time, judges
//! each line (`check`), answers the bad ones itself and hands only well-formed messages to rmcp through
//! an in-memory pipe. It also refuses a request whose id is still in use by an unanswered one, since
//! two answers with one id cannot be told apart. rmcp's output and these answers reach stdout through
//! one writer, a whole line at a time.

mod check;

use std::{
    collections::HashSet,
    sync::{Arc, Mutex},
};

use serde_json::Value;
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream,
};
use tokio::sync::mpsc;

use self::check::{INVALID_REQUEST, Verdict, check, error_response};

/// The longest line read; longer ones are refused whole (no MCP request comes near this).
const MAX_LINE: usize = 4 << 20;
/// Bytes buffered between this layer and rmcp in each direction.
const PIPE: usize = 1 << 16;

/// The ids of the requests forwarded to rmcp and not yet answered.
type InFlight = Arc<Mutex<HashSet<String>>>;

/// The ends rmcp serves on: what it reads and where it writes.
pub(crate) type ServiceSide = (DuplexStream, DuplexStream);

/// Starts the framing layer between `input`/`output` (stdin/stdout) and the returned pipe ends; the
/// task ends when rmcp closes its output and everything is written.
pub(crate) fn start<R, W>(input: R, output: W) -> (ServiceSide, tokio::task::JoinHandle<()>)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (service_in, to_service) = tokio::io::duplex(PIPE);
    let (service_out, from_service) = tokio::io::duplex(PIPE);
    let (lines, writer_lines) = mpsc::unbounded_channel::<Vec<u8>>();
    let in_flight = InFlight::default();
    tokio::spawn(read_client(
        BufReader::new(input),
        to_service,
        lines.clone(),
        in_flight.clone(),
    ));
    let task = tokio::spawn(async move {
        let writer = tokio::spawn(write_lines(output, writer_lines));
        read_service(BufReader::new(from_service), lines, in_flight).await;
        let _ = writer.await;
    });
    ((service_in, service_out), task)
}

/// Client → rmcp: judges each line; on end of input rmcp's input is closed, which ends the service.
async fn read_client<R: AsyncBufRead + Unpin>(
    mut input: R,
    mut to_service: DuplexStream,
    replies: mpsc::UnboundedSender<Vec<u8>>,
    in_flight: InFlight,
) {
    let mut line = Vec::new();
    loop {
        let verdict = match read_line(&mut input, &mut line).await {
            Ok(Line::Eof) | Err(_) => break,
            Ok(Line::Oversized) => Verdict::Reply(error_response(
                Value::Null,
                INVALID_REQUEST,
                format!("Invalid Request: the message is longer than {MAX_LINE} bytes"),
            )),
            Ok(Line::Complete) => check(&line),
        };
        let verdict = match verdict {
            Verdict::Forward(Some(id)) if !claim(&in_flight, &id) => {
                Verdict::Reply(error_response(
                    id,
                    INVALID_REQUEST,
                    "Invalid Request: a request with this id is still in progress; give every request its own id",
                ))
            }
            verdict => verdict,
        };
        match verdict {
            Verdict::Forward(_) => {
                release_cancelled(&line, &in_flight);
                if to_service.write_all(&line).await.is_err()
                    || to_service.write_all(b"\n").await.is_err()
                {
                    break;
                }
            }
            Verdict::Reply(reply) => {
                if replies.send(reply.to_string().into_bytes()).is_err() {
                    break;
                }
            }
            Verdict::Ignore => {}
        }
    }
    let _ = to_service.shutdown().await;
}

/// rmcp → client: passes each line on, releasing the id of each response.
async fn read_service<R: AsyncBufRead + Unpin>(
    output: R,
    lines: mpsc::UnboundedSender<Vec<u8>>,
    in_flight: InFlight,
) {
    let mut output = output.lines();
    while let Ok(Some(line)) = output.next_line().await {
        if let Ok(message) = serde_json::from_str::<Envelope>(&line)
            && message.method.is_none()
            && let Some(id) = message.id
            && let Ok(mut ids) = in_flight.lock()
        {
            ids.remove(&id.to_string());
        }
        if lines.send(line.into_bytes()).is_err() {
            break;
        }
    }
}

/// What [`read_service`] reads of a message: the rest (an answer's result, kilobytes) is skipped
/// without being built as a tree, which reading it as a `Value` did, twice the answer's size over.
#[derive(serde::Deserialize)]
struct Envelope {
    method: Option<serde::de::IgnoredAny>,
    id: Option<Value>,
}

async fn write_lines<W: AsyncWrite + Unpin>(
    mut output: W,
    mut lines: mpsc::UnboundedReceiver<Vec<u8>>,
) {
    while let Some(mut line) = lines.recv().await {
        line.push(b'\n');
        if output.write_all(&line).await.is_err() || output.flush().await.is_err() {
            break;
        }
    }
}

/// Marks `id` as in use; false when it already is.
fn claim(in_flight: &InFlight, id: &Value) -> bool {
    in_flight
        .lock()
        .map(|mut ids| ids.insert(id.to_string()))
        .unwrap_or(true)
}

/// rmcp never answers a cancelled request, so its id is free again once the client cancels it.
fn release_cancelled(line: &[u8], in_flight: &InFlight) {
    if !line
        .windows(b"notifications/cancelled".len())
        .any(|w| w == b"notifications/cancelled")
    {
        return;
    }
    if let Ok(message) = serde_json::from_slice::<Value>(line)
        && message["method"] == "notifications/cancelled"
        && let Ok(mut ids) = in_flight.lock()
    {
        ids.remove(&message["params"]["requestId"].to_string());
    }
}

enum Line {
    Complete,
    Oversized,
    Eof,
}

/// Reads up to the next `\n` into `line` (without it), keeping at most [`MAX_LINE`] bytes: the rest of
/// a longer line is skipped, not buffered. A last line without `\n` still counts.
async fn read_line<R: AsyncBufRead + Unpin>(
    input: &mut R,
    line: &mut Vec<u8>,
) -> std::io::Result<Line> {
    line.clear();
    let mut oversized = false;
    loop {
        let buffer = input.fill_buf().await?;
        if buffer.is_empty() {
            return Ok(match (oversized, line.is_empty()) {
                (true, _) => Line::Oversized,
                (false, true) => Line::Eof,
                (false, false) => Line::Complete,
            });
        }
        let (chunk, used, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], end + 1, true),
            None => (buffer, buffer.len(), false),
        };
        if !oversized && line.len() + chunk.len() > MAX_LINE {
            oversized = true;
            line.clear();
        }
        if !oversized {
            line.extend_from_slice(chunk);
        }
        input.consume(used);
        if done {
            return Ok(if oversized {
                Line::Oversized
            } else {
                Line::Complete
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::AsyncReadExt;

    use super::*;

    /// Runs the layer over `input` with an echo service that answers every request with its id.
    async fn exchange(input: &[u8]) -> Vec<Value> {
        let (client, mut client_end) = tokio::io::duplex(1 << 20);
        let (server_out, mut output) = tokio::io::duplex(1 << 20);
        let ((mut service_in, mut service_out), task) = start(client, server_out);
        client_end.write_all(input).await.unwrap();
        drop(client_end);
        let mut forwarded = String::new();
        service_in.read_to_string(&mut forwarded).await.unwrap();
        for line in forwarded.lines() {
            let request: Value = serde_json::from_str(line).unwrap();
            if let Some(id) = request.get("id") {
                let answer = serde_json::json!({"jsonrpc": "2.0", "id": id, "result": {}});
                service_out
                    .write_all(format!("{answer}\n").as_bytes())
                    .await
                    .unwrap();
            }
        }
        drop(service_out);
        task.await.unwrap();
        let mut written = String::new();
        output.read_to_string(&mut written).await.unwrap();
        written
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    #[tokio::test]
    async fn every_bad_line_is_answered_and_good_ones_reach_the_service() {
        let oversized = vec![b'x'; MAX_LINE + 10];
        let input = [
            &b"nonsense\n"[..],
            br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            b"\n",
            &oversized,
            b"\n42\n",
            br#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
        ]
        .concat();
        let answers = exchange(&input).await;
        let codes: Vec<String> = answers
            .iter()
            .map(|a| format!("{} {}", a["id"], a["error"]["code"]))
            .collect();
        assert_eq!(
            codes,
            [
                "null -32700",
                "null -32600",
                "null -32600",
                "1 null",
                "2 null"
            ]
        );
    }

    #[tokio::test]
    async fn an_id_in_use_is_refused_until_answered() {
        let input = concat!(
            r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
            "\n"
        );
        let answers = exchange(input.as_bytes()).await;
        assert_eq!(answers.len(), 2);
        assert_eq!(answers[0]["error"]["code"], INVALID_REQUEST);
        assert_eq!(answers[0]["id"], 7);
        assert_eq!(answers[1]["result"], serde_json::json!({}));
    }
}
