//! A tenant's charge dictionary: the tenant's own readings of charge texts, statutes and
//! disposition strings that the built-in classifiers read wrong or not at all (a court's
//! abbreviations, a state's fish and game sections). Entries set facts (traffic class, level,
//! disposition class), never rules; each says who added it and why; the host's digest of the
//! file is the dictionary's version.
//!
//! The dictionary reaches the engine as `context.charge_dictionary` of the stages 2-3 call (the
//! tenant is known only once stage 1 has read the record), and corrects stage 1's reading of the
//! record before any rule runs ([`apply`]); an entry beats the built-in reading. The law still
//! decides ([`guard`]): a charge the rules bar on its built-in reading stays barred. Evidence
//! lines name the entry and the version ([`evidence`]).
//!
//! The dictionary as data (one entry and its validation, the indexed dictionary, the file) is
//! `model::dictionary`, and what it did to a charge `model::dictionary_read`: the record keeps
//! both. Here: [`keys`] (what of a record a dictionary can match, and the entries that read it: a
//! host sends only those), [`apply`], [`guard`], [`evidence`].

pub mod apply;
pub mod evidence;
pub mod guard;
pub mod keys;

pub use crate::model::dictionary::entry::{ClassSet, Entry, Kind, LevelSet, TrafficSet};
pub use crate::model::dictionary::file::{DictionaryFile, MAX_FILE_BYTES};
pub use crate::model::dictionary::index::{Dictionary, DictionaryInput, MAX_ENTRIES};
pub use crate::model::{BuiltinReading, DictionaryRead};
pub use apply::apply;
pub use keys::ChargeKeys;

/// The form of `context.charge_dictionary` this engine reads (`lookback_info`'s
/// `charge_dictionary`): a host sends a dictionary only to a module that reads it.
pub const FORMAT: u32 = 1;
