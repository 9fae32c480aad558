//! What Stage 2 compares: a person as received (names, date of birth, SSN, addresses).
//! Text is borrowed where the request already holds it (one person is built per subject).

use std::borrow::Cow;

/// Qualifying threshold in basis points (0.85; docs/decisions.md §5, docs/identity.md §8.3).
pub const DEFAULT_QUALIFYING_BP: u32 = 8500;

/// A split name as received (any case, any punctuation).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PersonName<'a> {
    pub first: Cow<'a, str>,
    pub middle: Cow<'a, str>,
    pub last: Cow<'a, str>,
}

/// A structured postal address (identity-match `addresses[]`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PostalAddress<'a> {
    pub street_one: Cow<'a, str>,
    pub street_two: Cow<'a, str>,
    pub city: Cow<'a, str>,
    pub state: Cow<'a, str>,
    pub postal_code: Cow<'a, str>,
    pub country: Cow<'a, str>,
    /// `address_type = INTERNATIONAL`: no USPS rules apply (docs/identity.md §7.1).
    pub international: bool,
    pub start_date: Option<Cow<'a, str>>,
    pub end_date: Option<Cow<'a, str>>,
}

/// An address either as one line (`candidate_info.address`, `subject_address`) or structured.
#[derive(Debug, Clone, PartialEq)]
pub enum AddressInput<'a> {
    SingleLine(Cow<'a, str>),
    Structured(PostalAddress<'a>),
}

/// One side of the comparison, as received.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Person<'a> {
    pub name: PersonName<'a>,
    /// e.g. record subject_name; may hold suffixes or "AKA" parts.
    pub full_name: Option<Cow<'a, str>>,
    pub aliases: Vec<PersonName<'a>>,
    /// Raw text as received (YYYY-MM-DD, may have 00 parts, may be a sentinel word, may be malformed).
    pub date_of_birth: Option<Cow<'a, str>>,
    /// Raw text as received.
    pub ssn: Option<Cow<'a, str>>,
    pub addresses: Vec<AddressInput<'a>>,
}
