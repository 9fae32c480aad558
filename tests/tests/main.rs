//! The end-to-end suite as one test binary: the real server over real HTTP, real wasmtime, real
//! modules, and the reviewer page in a real browser. One module per area.
#![expect(clippy::unwrap_used, clippy::panic, reason = "tests fail loudly")]

mod abi_differential;
mod abi_raw;
mod auth;
mod bodies;
mod browser;
mod build_flavours;
mod client_rules;
mod demo_routes;
mod evaluate_http;
mod fair_share;
mod faults;
mod hardening;
mod health_probe;
mod hot_swap;
mod input_limits;
mod module_faults;
mod module_lifecycle;
mod modules_admin;
mod modules_dir;
mod offline_tools;
mod operator_mistakes;
mod ops;
mod preinit;
mod privacy;
mod replicas;
mod v1_modules;
mod wasm_stack;
mod xml_samples;
