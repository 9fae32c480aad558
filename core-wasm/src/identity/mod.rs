//! Stage 2, identity verification (docs/api.md "Identity-match"; docs/decisions.md §5; design in
//! `docs/identity.md`, cited below as docs/identity.md §n).
//!
//! The candidate is compared with the person named in a record on name (+ aliases), date
//! of birth, SSN and address; the result carries the component scores, the aggregate in
//! basis points, hard conflicts, the routing projection and the `details` text.

// One job per file: text folding, names (+ nickname table), DOB, SSN, USPS tables and
// addresses, the fuzzy measure, rounding, aggregation, the details text and the HTTP-shaped
// endpoint; the types compared (`person.rs`) and decided (`result.rs`), and the comparison's
// entry points.
mod address;
mod aggregate;
mod compare;
mod details;
mod dob;
mod endpoint;
mod fold;
mod name_match;
mod names;
mod nicknames;
mod person;
mod result;
mod round;
mod similarity;
mod ssn;
mod usps;

#[cfg(test)]
mod tests;

pub use compare::{PreparedCandidate, compare, compare_prepared};
pub use person::{AddressInput, DEFAULT_QUALIFYING_BP, Person, PersonName, PostalAddress};
pub use result::{IdentityLevel, IdentityResult};

/// The identity match's 400 body (problem details) for `errors`, keyed by the PascalCase model
/// path: what the server answers when a body goes over its caps before the engine runs.
pub fn problem_details(errors: &std::collections::BTreeMap<String, Vec<String>>) -> String {
    endpoint::problem(errors).1
}

/// POST /complianceEngine/identity-match: takes the raw HTTP body bytes, returns
/// (http_status, response body JSON string).
pub fn identity_match_endpoint(body: &[u8]) -> (u16, String) {
    endpoint::handle(body)
}
