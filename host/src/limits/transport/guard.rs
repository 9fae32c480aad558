//! The shared counters behind the per-request limits: the cap on in-flight engine requests and
//! the per-address rate limits (failed key exchanges, the identity match's work).

use std::net::IpAddr;
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::TransportSettings;
use super::rate::{FailureLockout, PerAddress, retry_after_secs};
use crate::error::AppError;

/// The counters, shared by every request.
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

    /// A place among the engine requests in flight, held for the request; `None` at the cap.
    pub fn enter(&self) -> Option<OwnedSemaphorePermit> {
        self.in_flight.clone().try_acquire_owned().ok()
    }

    /// Counts an identity-match call of `addr` costing `cost` work units: the 429 to answer
    /// when its quota is spent.
    pub fn identity_match_refusal(&self, addr: IpAddr, cost: u32) -> Option<AppError> {
        self.identity_match.take_n(addr, cost).err().map(too_many)
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
