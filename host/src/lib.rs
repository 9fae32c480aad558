//! Lookback's server: hosts the engine module (`core-wasm`, compiled to wasm32) under wasmtime
//! and serves the HTTP API of SPEC.md.
//!
//! - [`engine`]: wasmtime engine, module loading and checks, per-call limits, the registry.
//! - [`modules`]: module versions while running: modules directory, upload, activation, rollback.
//! - [`pipeline`]: the `/evaluate` flow (transform, tenant check, evaluate, envelope).
//! - [`routes`]: one file per endpoint; [`app`] builds the router.
//! - [`auth`], [`context`], [`error`], [`extract`]: keys and tokens, correlation ids, the one
//!   error type, the body extractor.
//! - [`config`], [`telemetry`], [`cli`]: settings, logging, the `lookback` command.
//! - [`store`]: the registry shared by replicas on PostgreSQL (`LOOKBACK_DATABASE_URL`).
//! - [`metrics`], [`decision_log`], [`shadow`]: operations: Prometheus metrics, the audit log of
//!   decisions, shadow evaluation of candidate module versions.
//! - [`transport`]: the server loop and the limits that keep clients from starving each other.

pub mod auth;
pub mod cli;
pub mod client_rules;
pub mod config;
pub mod context;
pub mod decision_log;
pub mod diff;
pub mod engine;
pub mod error;
pub mod extract;
pub mod metrics;
pub mod modules;
pub mod offline;
pub mod pipeline;
pub mod routes;
pub mod rules_cli;
pub mod shadow;
pub mod state;
pub mod store;
pub mod telemetry;
pub mod transport;

pub use config::Settings;
pub use state::AppState;

/// The HTTP application for `state`, shared by `lookback serve` and the tests.
pub fn app(state: AppState) -> axum::Router {
    routes::router(state)
}
