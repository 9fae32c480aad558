//! Stage 2, identity verification (SPEC "Identity-match"; DECISIONS §5; design in
//! `shared/reference/identity/DESIGN.md`, cited below as DESIGN §n).
//!
//! The candidate is compared with the person named in a record on name (+ aliases), date
//! of birth, SSN and address; the result carries the component scores, the aggregate in
//! basis points, hard conflicts, the routing projection and the `details` text.

// One job per file: text folding, names (+ nickname table), DOB, SSN, USPS tables and
// addresses, rounding, aggregation, the details text and the HTTP-shaped endpoint.
mod address;
mod aggregate;
mod details;
mod dob;
mod endpoint;
mod fold;
mod name_match;
mod names;
mod nicknames;
mod round;
mod ssn;
mod usps;

#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::rc::Rc;

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

/// Routing band of an identity comparison (SPEC `routing.identity_level`; DESIGN §8.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum IdentityLevel {
    #[serde(rename = "High")]
    High,
    #[serde(rename = "Medium")]
    Medium,
    #[serde(rename = "Not Enough Info")]
    NotEnoughInfo,
    #[serde(rename = "Not Matching")]
    NotMatching,
}

/// Everything Stage 2 decides about one candidate/record pair.
#[derive(Debug, Clone, PartialEq)]
pub struct IdentityResult {
    pub name_score: f64,
    pub dob_score: f64,
    pub ssn_score: f64,
    /// -1.0 when either side has no address.
    pub address_score: f64,
    pub match_score: f64,
    pub match_bp: u32,
    pub is_match: bool,
    /// Subset of "NAME","DOB","SSN" in that order.
    pub conflicts: Vec<&'static str>,
    pub level: IdentityLevel,
    /// -1.0 on hard conflict, else match_score.
    pub identity_score: f64,
    pub identity_insufficient: bool,
    pub third_id_required: bool,
    pub details: String,
    pub name_match_desc: String,
    pub dob_match_desc: String,
    pub ssn_match_desc: String,
    pub address_match_desc: String,
}

/// Compare the candidate with the person named in a record. `candidate == None` means no
/// candidate data at all (XML submission without candidate_info): insufficient, Not Enough Info.
pub fn compare(candidate: Option<&Person>, record: &Person, qualifying_bp: u32) -> IdentityResult {
    let candidate = candidate.map(PreparedCandidate::new);
    compare_prepared(candidate.as_ref(), record, qualifying_bp)
}

/// [`compare`] with a candidate read once for all the cases of a search.
pub fn compare_prepared(
    candidate: Option<&PreparedCandidate<'_>>,
    record: &Person,
    qualifying_bp: u32,
) -> IdentityResult {
    match candidate {
        Some(c) => aggregate::compare(Some(&c.person), record, qualifying_bp, |a| {
            c.standardised(a)
        }),
        None => aggregate::compare(None, record, qualifying_bp, |_| None),
    }
}

/// A candidate's names and addresses, read once, and the address lines of the records it is
/// compared with, each standardised once (the same line often names several subjects).
#[derive(Debug, Clone)]
pub struct PreparedCandidate<'a> {
    person: aggregate::Prepared<'a>,
    lines: RefCell<Vec<(String, Option<Rc<address::Addr>>)>>,
}

impl<'a> PreparedCandidate<'a> {
    /// How many record address lines are kept.
    const LINES_KEPT: usize = 16;

    pub fn new(person: &'a Person) -> Self {
        PreparedCandidate {
            person: aggregate::Prepared::new(person),
            lines: RefCell::default(),
        }
    }

    /// A record's address, standardised; single lines from the cache.
    fn standardised(&self, input: &AddressInput) -> Option<Rc<address::Addr>> {
        let AddressInput::SingleLine(line) = input else {
            return address::standardise(input).map(Rc::new);
        };
        let mut lines = self.lines.borrow_mut();
        if let Some((_, addr)) = lines.iter().find(|(seen, _)| seen == line) {
            return addr.clone();
        }
        let addr = address::standardise(input).map(Rc::new);
        if lines.len() == Self::LINES_KEPT {
            lines.remove(0);
        }
        lines.push((line.clone(), addr.clone()));
        addr
    }
}

/// POST /complianceEngine/identity-match: takes the raw HTTP body bytes, returns
/// (http_status, response body JSON string).
pub fn identity_match_endpoint(body: &[u8]) -> (u16, String) {
    endpoint::handle(body)
}
