//! One line of a charge's `classification.evidence`, written when the answer is.

use std::borrow::Cow;
use std::fmt;

use serde::{Serialize, Serializer};

/// A line of evidence: text as it stands, or the engine's words around one text of the record.
/// Two lines of every charge are such: joining them into a `String` per line only to copy it
/// into the answer cost an allocation each, and escaping the words (their quotes) every time
/// cost more than the rest of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence<'s> {
    Text(Cow<'s, str>),
    /// `{lead}{text}`, or `{lead}"{text}"` when `quoted`. The lead is the engine's own words
    /// and holds nothing to escape (the writer's debug assertion holds every test to that).
    Framed {
        lead: &'static str,
        text: &'s str,
        quoted: bool,
    },
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
            Evidence::Framed { lead, text, quoted } => {
                f.write_str(lead)?;
                let quote = if *quoted { "\"" } else { "" };
                f.write_str(quote)?;
                f.write_str(text)?;
                f.write_str(quote)
            }
        }
    }
}

/// Composed as it is written (the answer's own writer writes the pieces straight into the
/// answer: `decision::json`).
impl Serialize for Evidence<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Evidence::Text(text) => serializer.serialize_str(text),
            Evidence::Framed { .. } => serializer.collect_str(self),
        }
    }
}
