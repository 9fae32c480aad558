//! The comparison's entry points: one candidate against one record's person, the candidate read
//! once per search.

use super::aggregate;
use super::{IdentityResult, Person};

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
    aggregate::compare(candidate.map(|c| &c.0), record, qualifying_bp)
}

/// A candidate's names and addresses, read once.
#[derive(Debug, Clone)]
pub struct PreparedCandidate<'a>(aggregate::Prepared<'a>);

impl<'a> PreparedCandidate<'a> {
    pub fn new(person: &'a Person) -> Self {
        PreparedCandidate(aggregate::Prepared::new(person))
    }
}
