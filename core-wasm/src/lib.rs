//! Lookback's engine: decides, charge by charge, whether a criminal record found in an employment
//! background check may be reported, and who must look at it.
//!
//! A pure library (no I/O, clock, randomness or environment) that builds natively for tests and
//! benchmarks and as a zero-import `wasm32-unknown-unknown` module for the server and the browser.
//!
//! Modules, roughly in the order a request meets them:
//! - [`vocabulary`]: the labels, queues, confidences, API version and default limits every part
//!   of Lookback shares; [`messages`]: the SPEC's request-validation messages.
//! - [`model`]: the wire types: the normalised record, the decision tree, validation issues.
//! - [`parse`] (stage 1): request validation, JSON and vendor XML, the count gate, and the
//!   classifiers of charge text, level and disposition (`parse::classify`).
//! - [`dictionary`] (stage 1, in the stages 2-3 call): the tenant's own charge readings, applied
//!   to stage 1's record before any rule runs.
//! - [`identity`] (stage 2): candidate against each case's subject.
//! - [`rules`] (stage 3): the rule catalogue as data and its evaluation per charge.
//! - [`issues`] and `rationale`: validation issues and the one-sentence reason of each charge.
//! - [`pipeline`]: stages 2-3 over a normalised record; [`rollup`]: the client-facing tree.
//! - [`input`]: the stage inputs, built one way for every caller.
//! - [`api`]: the JSON-in/JSON-out surface, its answers written by `writer` (`failsafe`: the
//!   host's native fail-safe decision; `faults`: test-only fault injection); `abi` exports it to
//!   wasm; [`warm`] pre-builds its tables for the snapshotted module.

#[cfg(target_arch = "wasm32")]
mod abi;
pub mod api;
pub mod dictionary;
mod failsafe;
mod faults;
pub mod identity;
pub mod input;
pub mod issues;
pub mod messages;
pub mod model;
pub mod parse;
pub mod pipeline;
pub mod rationale;
pub mod rollup;
pub mod rules;
mod text_eq;
pub mod vocabulary;
pub mod warm;
mod writer;
