//! The accept loop. `axum::serve` takes no configuration, so the server drives hyper's HTTP/1
//! connection itself: a header-read timeout (also the idle keep-alive timeout), a cap on open
//! connections, the peer address for the per-address limits, and graceful shutdown with a
//! bounded drain.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tower::ServiceExt as _;

use crate::error::AppError;
use crate::transport::TransportSettings;

/// How long a connection over the cap may take to receive its 503.
const REFUSAL_BUDGET: Duration = Duration::from_secs(1);

/// Serves `app` on `listener` under the transport `limits` until `shutdown` resolves; then stops
/// accepting and lets the open connections finish their requests for at most `limits.drain`,
/// and closes those still open after that.
pub async fn serve<F>(
    listener: TcpListener,
    app: Router,
    limits: &TransportSettings,
    shutdown: F,
) -> io::Result<()>
where
    F: Future<Output = ()> + Send,
{
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    let mut connections = JoinSet::new();
    loop {
        while connections.try_join_next().is_some() {} // reap the finished ones
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    on_accept_error(&error).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        // Small JSON answers: send them at once instead of waiting for more to coalesce.
        stream.set_nodelay(true).ok();
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request.map(Body::new))
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        connections.spawn(async move {
            let _slot = slot; // the connection counts until it closes
            if let Err(error) = connection.await {
                // Header timeouts, resets, malformed heads: the client's problem, not ours.
                tracing::debug!(%error, "connection closed with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(limits.drain, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            drain_secs = limits.drain.as_secs(),
            "drain time over; closing the remaining connections"
        );
        connections.abort_all();
    }
    Ok(())
}

/// Answers a connection over the cap with a 503 in the usual error shape and closes it. The
/// request head is awaited first (briefly) so the answer does not arrive before the question, and
/// the rest is read and discarded so closing does not reset the connection before the client has
/// read the answer. The whole refusal takes at most [`REFUSAL_BUDGET`].
async fn refuse(mut stream: TcpStream) {
    let answer = AppError::Overloaded.body();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n",
        answer.len()
    );
    let refusal = async {
        let mut request = Vec::new();
        let mut chunk = [0u8; 4096];
        let head_arrived = async {
            while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 64 * 1024 {
                match stream.read(&mut chunk).await? {
                    0 => break,
                    n => request.extend_from_slice(&chunk[..n]),
                }
            }
            io::Result::Ok(())
        };
        drop(tokio::time::timeout(REFUSAL_BUDGET / 2, head_arrived).await);
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        while stream.read(&mut chunk).await? > 0 {}
        io::Result::Ok(())
    };
    drop(tokio::time::timeout(REFUSAL_BUDGET, refusal).await);
}

/// Connection-level accept errors are the client's; anything else (such as running out of file
/// descriptors) is ours: log it and pause instead of spinning.
async fn on_accept_error(error: &io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        error.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::error!(%error, "accept failed; pausing for a second");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// The peer address a request came from (set by [`serve`]); unspecified when served otherwise.
pub fn peer_addr(extensions: &axum::http::Extensions) -> SocketAddr {
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(SocketAddr::from(([0, 0, 0, 0], 0)), |info| info.0)
}
