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

impl Serialize for Evidence<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Evidence::Text(text) => serializer.serialize_str(text),
            Evidence::Joined(pieces) => {
                // Joined on the stack and written as one string: through `collect_str` every
                // piece went through the formatting machinery (~600 instructions a line).
                let mut stack = [0u8; STACK_LINE];
                match joined(pieces, &mut stack) {
                    Some(line) => serializer.serialize_str(line),
                    None => serializer.collect_str(self),
                }
            }
        }
    }
}

/// Lines up to this long (all but freak records) are joined on the stack.
const STACK_LINE: usize = 256;

/// `pieces` end to end in `stack`, or `None` when they do not fit.
fn joined<'a>(pieces: &[&str; 5], stack: &'a mut [u8; STACK_LINE]) -> Option<&'a str> {
    let mut len = 0;
    for piece in pieces {
        let end = len + piece.len();
        stack.get_mut(len..end)?.copy_from_slice(piece.as_bytes());
        len = end;
    }
    // Whole `str`s end to end are UTF-8; the check cannot fail.
    std::str::from_utf8(stack.get(..len)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line joined on the stack is written as the same line composed by `Display`, however
    /// long (past the stack's size it is composed), whatever it holds to escape.
    #[test]
    fn joined_lines_are_written_as_composed() {
        let long = "x".repeat(STACK_LINE);
        for pieces in [
            ["severity.", "felony", ": type \"", "FELONY", "\""],
            ["", "", "", "", ""],
            ["é", "\u{1}", "\\", "\n", "ü"],
            ["a", long.as_str(), "", "", ""],
            [long.get(..STACK_LINE - 1).unwrap_or(""), "b", "", "", ""],
        ] {
            let evidence = Evidence::Joined(pieces);
            let composed = Evidence::Text(Cow::Owned(evidence.to_string()));
            assert_eq!(
                serde_json::to_string(&evidence).ok(),
                serde_json::to_string(&composed).ok()
            );
            assert_eq!(
                crate::writer::to_string(&evidence, 0).ok(),
                serde_json::to_string(&composed).ok()
            );
        }
    }
}
