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
//! Files: [`entry`] (one entry, its validation and the keys it is matched by), [`index`] (the
//! validated, indexed dictionary and its look-up), [`file`] (the tenant's file and the engine's
//! copy of it), [`keys`] (what of a record a dictionary can match, and the entries that read it:
//! a host sends only those), [`read`] (what a dictionary did to a charge), [`apply`], [`guard`],
//! [`evidence`].

pub mod apply;
pub mod entry;
pub mod evidence;
pub mod file;
pub mod guard;
pub mod index;
pub mod keys;
pub mod read;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_law;

pub use apply::apply;
pub use entry::{ClassSet, Entry, Kind, LevelSet, TrafficSet};
pub use file::{DictionaryFile, MAX_FILE_BYTES};
pub use index::{Dictionary, DictionaryInput, MAX_ENTRIES};
pub use keys::ChargeKeys;
pub use read::{BuiltinReading, DictionaryRead};

/// The form of `context.charge_dictionary` this engine reads (`lookback_info`'s
/// `charge_dictionary`): a host sends a dictionary only to a module that reads it.
pub const FORMAT: u32 = 1;
