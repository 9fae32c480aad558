//! Bounds on what the XML reader accepts (docs/decisions.md §11: bounded depth and size).
//!
//! Real vendor documents are a few kilobytes to a few hundred kilobytes and about ten levels
//! deep; the bounds leave ample room while keeping a hostile document cheap to refuse.

/// Largest document read, in bytes of UTF-8 (the HTTP body limit is 2 MiB, docs/decisions.md §3).
pub const MAX_XML_BYTES: usize = 2 * 1024 * 1024;

/// Deepest element nesting accepted (Accio is 8 deep, HR-XML 3.0 about 12).
pub const MAX_DEPTH: usize = 64;

/// Most elements accepted in one document (a 200-charge Accio document has about 6,000).
pub const MAX_ELEMENTS: usize = 200_000;

/// Most attributes accepted on one element.
pub const MAX_ATTRIBUTES: usize = 64;
