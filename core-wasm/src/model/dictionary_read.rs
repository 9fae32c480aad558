//! What a dictionary did to one charge, kept on the charge (`Offense::dictionary`): which entries
//! read it, under which dictionary version, and the built-in reading they replaced (the evidence
//! says both; the rules' guard re-reads the charge the built-in way).

use std::sync::Arc;

use crate::classify::{Disposition, SeverityLevel, TrafficKind};

use super::dictionary::index::Entries;

/// How the tenant's dictionary read a charge.
#[derive(Debug, Clone, PartialEq)]
pub struct DictionaryRead {
    /// The dictionary (its version and entries); shared, and `Arc` so that a host can keep an
    /// indexed dictionary across threads.
    pub entries: Arc<Entries>,
    /// The entry that read the charge's text or statute (its position in `entries`).
    pub charge: Option<usize>,
    /// The entry that read its disposition string.
    pub disposition: Option<usize>,
    /// The reading the entries replaced.
    pub builtin: BuiltinReading,
}

/// The facts of a charge as stage 1's own classifiers read them.
#[derive(Debug, Clone, PartialEq)]
pub struct BuiltinReading {
    pub traffic: TrafficKind,
    pub level: SeverityLevel,
    pub disposition: Disposition,
}
