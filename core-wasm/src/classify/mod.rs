//! Stage 1 classifiers: raw disposition, charge type and charge text -> closed vocabularies.
//!
//! The vocabularies and the matching procedure are `docs/charges.md`
//! (Part A dispositions, Part B severity) and docs/decisions.md §7.4 (traffic). Every table is static
//! data under `tables/` (the statute table in `core-wasm/data/vehicle-codes.json`, made a
//! constant at build time in `vehicle_codes.rs`); the logic files only walk them. Layers, each
//! using only those below it: `vocabulary` (the closed vocabularies), the tables, `jagged` (how their compiled lists are stored), `phrases` and `text` (matching),
//! then the readers. Pure functions: no I/O, no panics, deterministic.

mod charge;
mod disposition;
mod doc;
mod jagged;
mod lexicon;
mod lookup;
mod phrases;
mod severity;
mod shared;
mod statute;
mod tables;
// Needs the table's test vectors and sources, which only tests carry (`vehicle_codes.rs`).
#[cfg(test)]
mod statute_doc;
mod text;
mod traffic;
mod vehicle_codes;
pub(crate) mod vocabulary;

pub use charge::{ChargeRead, ChargeReader, read_charge};
pub use disposition::{Disposition, classify_disposition};
pub use doc::{lexicon_markdown, spellings_of};
pub use severity::{
    Severity, TextLevel, charge_text_level, classify_severity, inferred_level,
    severity_from_charge_text,
};
pub use statute::{Citation, Place, StatuteField, find_in_text, read_statute, read_statute_field};
#[cfg(test)]
pub use statute_doc::vehicle_codes_markdown;
pub use text::{charge_match_key, normalize_charge_text};
pub use traffic::{TrafficReading, classify_traffic, names_a_crime, read_traffic};
pub use vocabulary::{
    CanonicalDisposition, Confidence, DispositionClass, SectionKind, SeriousKind, SeverityLevel,
    TrafficKind,
};

#[cfg(test)]
mod tests;
