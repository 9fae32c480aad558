//! Stage 1 classifiers: raw disposition, charge type and charge text -> closed vocabularies.
//!
//! The vocabularies and the matching procedure are `reference/vocabulary/DISPOSITIONS.md`
//! (Part A dispositions, Part B severity) and DECISIONS §7.4 (traffic). Every table is static
//! data in a `*_table.rs` file (`vehicle_codes.rs` for the statute table); the logic files only
//! walk them. Layers, each using only those below it: `vocabulary` (the closed vocabularies),
//! the tables, `jagged` (how their compiled lists are stored), `phrases` and `text` (matching),
//! then the readers. Pure functions: no I/O, no panics, deterministic.

mod charge;
mod disposition;
mod disposition_table;
mod doc;
mod jagged;
mod lexicon;
mod lookup;
mod phrases;
mod severity;
mod severity_table;
mod shared;
mod statute;
// Needs the table's test vectors and sources, which only tests carry (`vehicle_codes.rs`).
#[cfg(test)]
mod statute_doc;
mod text;
mod text_table;
mod traffic;
mod traffic_table;
mod vehicle_codes;
mod vocabulary;

pub use charge::{ChargeRead, ChargeReader, classification, read_charge};
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
mod tests_disposition;
#[cfg(test)]
mod tests_doc;
#[cfg(test)]
mod tests_phrases;
#[cfg(test)]
mod tests_properties;
#[cfg(test)]
mod tests_reader;
#[cfg(test)]
mod tests_record_states;
#[cfg(test)]
mod tests_samples;
#[cfg(test)]
mod tests_severity;
#[cfg(test)]
mod tests_statute;
#[cfg(test)]
mod tests_text;
#[cfg(test)]
mod tests_traffic;
#[cfg(test)]
mod tests_vocabulary;
