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
        let app = routes::router(self.state.clone());
        let served = routes::serve::serve(listener, app, self.state.transport(), shutdown).await;
        let log = self.state.decision_log().clone();
        tokio::task::spawn_blocking(move || log.close()).await?;
        Ok(served?)
    }
}
