//! The accept loop. `axum::serve` takes no configuration, so the server drives hyper's HTTP/1
//! connection itself: a header-read timeout (also the idle keep-alive timeout), a bounded read
//! buffer (so a request head is bounded), caps on open connections (in all and per client
//! address), the peer address for the per-address limits, and graceful shutdown with a bounded
//! drain. A connection over a cap is served one request on the overflow lane: `GET /health`
//! (probes must not fail because of clients), 503 for anything else, then closed. A connection
//! answered before its request body was read lingers at close ([`crate::limits::transport::linger`]),
//! so the client reads its answer rather than a reset.

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
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tower::ServiceExt as _;

use crate::limits::transport::{
    LingerOnClose, Lingering, PerAddressConnections, TransportSettings,
};

/// How long a connection over a cap may take to send its request and receive the answer.
const REFUSAL_BUDGET: Duration = Duration::from_secs(1);
/// Connections served on the overflow lane at once; beyond, a connection is closed unanswered.
const OVERFLOW_SLOTS: usize = 64;
/// The read buffer of an overflow connection (hyper's smallest): a probe's head is short.
const OVERFLOW_BUF_BYTES: usize = 8192;

/// Serves `app` on `listener` under the transport `limits` until `shutdown` resolves; then stops
/// accepting and lets the open connections finish their requests for at most `limits.drain`,
/// and closes those still open after that. `overflow` serves the one request of a connection
/// over a cap.
pub async fn serve<F>(
    listener: TcpListener,
    app: Router,
    overflow: Router,
    limits: &TransportSettings,
    shutdown: F,
) -> io::Result<()>
where
    F: Future<Output = ()> + Send,
{
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_address = PerAddressConnections::new(limits.max_connections_per_address);
    let overflow_slots = Arc::new(Semaphore::new(OVERFLOW_SLOTS));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_buf_size(limits.max_header_bytes.max(OVERFLOW_BUF_BYTES));
    let mut lane = hyper::server::conn::http1::Builder::new();
    lane.timer(TokioTimer::new())
        .header_read_timeout(REFUSAL_BUDGET)
        .keep_alive(false)
        .max_buf_size(OVERFLOW_BUF_BYTES);
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
        // Small JSON answers: send them at once instead of waiting for more to coalesce.
        stream.set_nodelay(true).ok();
        let admitted = per_address
            .enter(peer.ip())
            .zip(slots.clone().try_acquire_owned().ok());
        let Some(slot) = admitted else {
            let Ok(lane_slot) = overflow_slots.clone().try_acquire_owned() else {
                continue; // dropped: closed unanswered
            };
            let connection =
                lane.serve_connection(TokioIo::new(stream), service(&overflow, peer, None));
            tokio::spawn(async move {
                let _slot = lane_slot;
                drop(tokio::time::timeout(REFUSAL_BUDGET, connection).await);
            });
            continue;
        };
        // Lingers at close when an answer went out before its body was read (a 413).
        let linger = LingerOnClose::default();
        let io = TokioIo::new(Lingering::new(stream, linger.clone()));
        let connection =
            graceful.watch(http.serve_connection(io, service(&app, peer, Some(linger))));
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

/// The hyper service of one connection from `peer`: `app`, with the peer address and, when the
/// connection can linger at close, its [`LingerOnClose`].
fn service(app: &Router, peer: SocketAddr, linger: Option<LingerOnClose>) -> PeerService {
    PeerService {
        app: app.clone(),
        peer,
        linger,
    }
}

/// [`service`]'s type.
#[derive(Clone)]
struct PeerService {
    app: Router,
    peer: SocketAddr,
    linger: Option<LingerOnClose>,
}

impl hyper::service::Service<hyper::Request<Incoming>> for PeerService {
    type Response = axum::response::Response;
    type Error = std::convert::Infallible;
    type Future = tower::util::Oneshot<Router, axum::extract::Request>;

    fn call(&self, mut request: hyper::Request<Incoming>) -> Self::Future {
        request.extensions_mut().insert(ConnectInfo(self.peer));
        if let Some(linger) = &self.linger {
            request.extensions_mut().insert(linger.clone());
        }
        self.app.clone().oneshot(request.map(Body::new))
    }
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
