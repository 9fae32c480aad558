//! The rule catalogue's vocabulary as one namespace for the tables that declare rules: the schema
//! ([`schema`](super::schema)) and the federal, general and system table
//! ([`table`](super::table)). Readers of every table use [`registry`](super::registry), which
//! this does not re-export: the state tables it gathers import this.

pub use super::schema::*;
pub use super::table::*;
