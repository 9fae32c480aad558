//! A tenant's charge dictionary as data: its entries, validated and indexed for matching
//! ([`index`]), and its file form ([`file`]). Kept with the record because a charge the dictionary
//! read keeps the entries that read it; applying it, the evidence and the law's guard are
//! [`crate::dictionary`].

pub mod entry;
pub mod file;
pub mod index;
