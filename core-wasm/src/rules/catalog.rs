//! The rule catalogue as one namespace, for the rule tables and their readers: the schema
//! ([`schema`](super::schema)), the federal, general and system table ([`table`](super::table))
//! and the registry of every table ([`registry`](super::registry)).

pub use super::registry::*;
pub use super::schema::*;
pub use super::table::*;
