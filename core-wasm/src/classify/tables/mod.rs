//! The classifier's data: spellings, phrases and levels as static tables, read by the matchers one
//! folder up and written out by the generated pages (`docs/lexicon.md`).

pub mod disposition;
pub mod severity;
pub mod text;
pub mod traffic;
