//! Lookback's server: the HTTP API of docs/api.md over the engine runtime (`lookback-runtime`), and the
//! `lookback` command.
//!
//! Dependencies point down only (`scripts/module_cycles.py` checks there is no circle):
//! - [`cli`] (the `lookback` program), [`offline`] and [`rules_cli`] (offline tools),
//!   [`health_probe`] (`lookback health`, a running server's `/health` for container probes),
//!   [`server`] (the one builder of a running server, for `main` and the tests);
//! - [`routes`]: every axum adapter: one file per endpoint, the extractors, the middleware, the
//!   accept loop;
//! - [`state`]: the services of one server, built from [`config`]'s settings (the command line,
//!   each service taking its own slice), and [`problems`] (what makes it `degraded`);
//! - the services: [`pipeline`] (the `/evaluate` flow), [`modules`] (module versions while
//!   running), [`store`] (the registry shared by replicas on PostgreSQL), [`decision_log`],
//!   [`shadow`], [`metrics`] (the counters), [`auth`] (keys and tokens), [`limits`] (every limit
//!   on a client: the transport's and the caps on request bodies), [`client_rules`] (per-tenant
//!   overlays) and [`dictionary`] (per-tenant charge dictionaries), [`diff`] (one request on two
//!   versions), and what
//!   they share: [`error`] (the one error type), [`context`] (correlation ids), [`clock`],
//!   [`telemetry`] (logging);
//! - below them the runtime (`lookback_runtime`) and the engine (`lookback_core`).

pub mod auth;
pub mod bulk;
pub mod cli;
pub mod client_rules;
pub mod clock;
pub mod config;
pub mod context;
pub mod decision_log;
pub mod dictionary;
pub mod diff;
pub mod error;
pub mod health_probe;
pub mod limits;
pub mod metrics;
pub mod modules;
pub mod offline;
pub mod pipeline;
pub mod problems;
pub mod routes;
pub mod rules_cli;
pub mod server;
pub mod shadow;
pub mod state;
pub mod store;
pub mod telemetry;

pub use config::Settings;
pub use server::Server;
pub use state::AppState;
