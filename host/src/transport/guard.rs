//! Per-request guards: the cap on in-flight engine requests and the per-address rate limits, as
//! route layers ([`engine_route`], [`identity_route`]) and the checks the token route calls.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse as _, Response};
use axum::routing::MethodRouter;
use tokio::sync::Semaphore;

use super::TransportSettings;
use super::rate::{FailureLockout, PerAddress, retry_after_secs};
use super::serve::peer_addr;
use crate::error::AppError;
use crate::state::AppState;

/// The shared counters behind the guards.
pub struct Guards {
    in_flight: Arc<Semaphore>,
    auth_failures: FailureLockout,
    identity_match: PerAddress,
}

impl Guards {
    /// Guards for `settings`.
    pub fn new(settings: &TransportSettings) -> Self {
        Self {
            in_flight: Arc::new(Semaphore::new(settings.max_in_flight.max(1))),
            auth_failures: FailureLockout::per_minute(settings.auth_failures_per_minute),
            identity_match: PerAddress::per_minute(settings.identity_match_per_minute),
        }
    }

    /// The 429 to answer when `addr` is locked out of key exchanges.
    pub fn key_exchange_lockout(&self, addr: IpAddr) -> Option<AppError> {
        self.auth_failures.locked(addr).map(too_many)
    }

    /// Counts a failed key exchange of `addr`: the error to answer (401, or 429 once the
    /// address has spent its failures).
    pub fn key_exchange_failed(&self, addr: IpAddr, unauthorized: AppError) -> AppError {
        match self.auth_failures.failed(addr) {
            Some(wait) => {
                tracing::warn!("key exchanges locked out for a client address");
                too_many(wait)
            }
            None => unauthorized,
        }
    }
}

fn too_many(wait: std::time::Duration) -> AppError {
    AppError::TooManyRequests {
        retry_after_secs: retry_after_secs(wait),
    }
}

/// A route that runs the engine: at most `max_in_flight` such requests at once; one beyond is
/// answered 503 with `Retry-After` at once instead of queueing.
pub fn engine_route(route: MethodRouter<AppState>, state: &AppState) -> MethodRouter<AppState> {
    route.route_layer(middleware::from_fn_with_state(state.clone(), in_flight))
}

/// The unauthenticated identity match: [`engine_route`] plus a rate limit per client address.
pub fn identity_route(route: MethodRouter<AppState>, state: &AppState) -> MethodRouter<AppState> {
    engine_route(route, state)
        .route_layer(middleware::from_fn_with_state(state.clone(), identity_rate))
}

async fn in_flight(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Ok(_permit) = state.guards().in_flight.clone().try_acquire_owned() else {
        return AppError::Overloaded.into_response();
    };
    next.run(request).await
}

async fn identity_rate(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let addr = peer_addr(request.extensions()).ip();
    match state.guards().identity_match.take(addr) {
        Ok(()) => next.run(request).await,
        Err(wait) => too_many(wait).into_response(),
    }
}
