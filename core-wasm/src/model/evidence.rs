//! One line of a charge's `classification.evidence`, written when the answer is.

use std::borrow::Cow;
use std::fmt;

use serde::{Serialize, Serializer};

/// A line of evidence: text as it stands, or pieces written end to end. Two lines of every
/// charge are pieces of the record and of fixed words: joining them into a `String` per line
/// only to copy it into the answer cost an allocation each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence<'s> {
    Text(Cow<'s, str>),
    Joined([&'s str; 5]),
}

impl From<String> for Evidence<'_> {
    fn from(text: String) -> Self {
        Evidence::Text(Cow::Owned(text))
    }
}

impl fmt::Display for Evidence<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evidence::Text(text) => f.write_str(text),
            Evidence::Joined(pieces) => pieces.iter().try_for_each(|p| f.write_str(p)),
        }
    }
}

/// Composed as it is written (the answer's own writer writes the pieces straight into the
/// answer: `model::decision_json`).
impl Serialize for Evidence<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Evidence::Text(text) => serializer.serialize_str(text),
            Evidence::Joined(_) => serializer.collect_str(self),
        }
    }
}
