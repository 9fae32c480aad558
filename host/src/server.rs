//! The one builder of a running server, for `lookback serve` and the tests alike: the state from
//! the settings, the routes over it, the accept loop, and the shutdown (the accept loop stops,
//! in-flight requests finish within the drain time, the decision log writes what is queued).

use std::future::Future;

use tokio::net::TcpListener;

use crate::clock::{self, Clock};
use crate::config::Settings;
use crate::routes;
use crate::state::AppState;

/// A server ready to serve: its state built, its modules loaded.
pub struct Server {
    state: AppState,
}

impl Server {
    /// Builds every service from `settings`, requests evaluated as of the system clock.
    /// Blocking (modules compile and self-test): call it off the async runtime's workers.
    pub fn build(settings: &Settings) -> anyhow::Result<Self> {
        Self::with_clock(settings, clock::system())
    }

    /// [`Server::build`] with another clock for the requests' `now`.
    pub fn with_clock(settings: &Settings, clock: Clock) -> anyhow::Result<Self> {
        Ok(Self {
            state: AppState::new(settings, clock)?,
        })
    }

    /// The state the routes read.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves on `listener` until `shutdown` resolves; then stops accepting, lets in-flight
    /// requests finish (for at most the drain time; connections still open are closed), and
    /// writes every decision-log line queued: every answered request queued its line before its
    /// answer went out.
    pub async fn serve<F>(self, listener: TcpListener, shutdown: F) -> anyhow::Result<()>
    where
        F: Future<Output = ()> + Send,
    {
        self.serve_with_internal(listener, None, shutdown).await
    }

    /// [`Server::serve`], plus the internal listener (`LOOKBACK_METRICS_ADDR`: `/metrics`
    /// without credentials and `/health`) on `internal` when given; it stops with the main one.
    pub async fn serve_with_internal<F>(
        self,
        listener: TcpListener,
        internal: Option<TcpListener>,
        shutdown: F,
    ) -> anyhow::Result<()>
    where
        F: Future<Output = ()> + Send,
    {
        let internal = internal.map(|listener| {
            let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
            let app = routes::internal_router(self.state.clone());
            let limits = self.state.transport().clone();
            let task = tokio::spawn(async move {
                let stopped = async {
                    stopped.await.ok();
                };
                routes::serve::serve(listener, app.clone(), app, &limits, stopped).await
            });
            (stop, task)
        });
        let app = routes::router(self.state.clone());
        let overflow = routes::overflow_router(self.state.clone());
        let limits = self.state.transport();
        let served = routes::serve::serve(listener, app, overflow, limits, shutdown).await;
        if let Some((stop, task)) = internal {
            stop.send(()).ok();
            task.await??;
        }
        let log = self.state.decision_log().clone();
        tokio::task::spawn_blocking(move || log.close()).await?;
        Ok(served?)
    }
}
