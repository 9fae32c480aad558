//! Lookback's engine: decides, charge by charge, whether a criminal record found in an employment
//! background check may be reported, and who must look at it.
//!
//! A pure library (no I/O, clock, randomness or environment) that builds natively for tests and
//! benchmarks and as a zero-import `wasm32-unknown-unknown` module for the server and the browser.
//! Stages follow the SPEC: [`parse`] (stage 1), [`identity`] (stage 2), [`rules`] (stage 3), then
//! [`pipeline`] and [`rollup`] build the decision tree. [`api`] is the JSON surface (written by
//! `writer`); `abi` exports it to wasm.

#[cfg(target_arch = "wasm32")]
mod abi;
pub mod api;
mod failsafe;
mod faults;
pub mod identity;
pub mod issues;
pub mod messages;
pub mod model;
pub mod parse;
pub mod pipeline;
mod rationale;
pub mod rollup;
pub mod rules;
pub mod validate;
pub mod warm;
mod writer;
