//! Lookback's engine: decides, charge by charge, whether a criminal record found in an employment
//! background check may be reported, and who must look at it.
//!
//! A pure library (no I/O, clock, randomness or environment) that builds natively for tests and
//! benchmarks and as a zero-import `wasm32-unknown-unknown` module for the server and the browser.
//!
//! Modules, from the bottom layer up (each imports only modules listed before it, checked by
//! `scripts/module_cycles.py`):
//! - leaves: `text_eq`, [`trim`], [`dates`], [`state_codes`], `writer` (the JSON writer),
//!   [`messages`] (the contract's request-validation messages).
//! - [`classify`]: reading court text: disposition, level, traffic class, statute (its data in
//!   `classify/tables/`).
//! - [`identity`] (stage 2's comparison): candidate against each case's subject.
//! - [`model`]: the normalised record, what stage 1 read of each charge, a tenant's charge
//!   dictionary as data and what it read; validation issues.
//! - [`parse`] (stage 1): request validation, JSON and vendor XML, the count gate, each charge read
//!   once.
//! - [`rules`] (stage 3): the rule catalogue as data and its evaluation per charge.
//! - [`dictionary`]: a tenant's charge dictionary applied to stage 1's reading before any rule
//!   runs, with the law's guard and the evidence naming its entries.
//! - [`rationale`], [`issues`]: the one-sentence reason of each charge; validation issues.
//! - [`decision`]: the decision tree clients receive; [`pipeline`]: stages 2-3 over a normalised
//!   record; [`rollup`]: the tree rolled up; [`input`]: the stage inputs, built one way.
//! - [`api`]: the shell around the pure stages: the JSON-in/JSON-out functions, their wasm exports
//!   (`api/abi.rs`), the warm-up before the module is snapshotted, the host's native fail-safe
//!   decision and test-only fault injection; [`vocabulary`]: the words and numbers the server and
//!   the page share.

pub mod api;
pub mod classify;
pub mod dates;
pub mod decision;
pub mod dictionary;
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
pub mod state_codes;
mod text_eq;
pub mod trim;
pub mod vocabulary;
mod writer;
