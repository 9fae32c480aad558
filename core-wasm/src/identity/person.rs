//! What Stage 2 compares: a person as received (names, date of birth, SSN, addresses).

/// Qualifying threshold in basis points (0.85; DECISIONS §5, DESIGN §8.3).
pub const DEFAULT_QUALIFYING_BP: u32 = 8500;

/// A split name as received (any case, any punctuation).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PersonName {
    pub first: String,
    pub middle: String,
    pub last: String,
}

/// A structured postal address (identity-match `addresses[]`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PostalAddress {
    pub street_one: String,
    pub street_two: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub country: String,
    /// `address_type = INTERNATIONAL`: no USPS rules apply (DESIGN §7.1).
    pub international: bool,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

/// An address either as one line (`candidate_info.address`, `subject_address`) or structured.
#[derive(Debug, Clone, PartialEq)]
pub enum AddressInput {
    SingleLine(String),
    Structured(PostalAddress),
}

/// One side of the comparison, as received.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Person {
    pub name: PersonName,
    /// e.g. record subject_name; may hold suffixes or "AKA" parts.
    pub full_name: Option<String>,
    pub aliases: Vec<PersonName>,
    /// Raw text as received (YYYY-MM-DD, may have 00 parts, may be a sentinel word, may be malformed).
    pub date_of_birth: Option<String>,
    /// Raw text as received.
    pub ssn: Option<String>,
    pub addresses: Vec<AddressInput>,
}
