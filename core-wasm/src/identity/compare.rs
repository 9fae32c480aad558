//! The comparison's entry points: one candidate against one record's person, the candidate read
//! once per search (with the record address lines it meets, each standardised once).

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use super::{AddressInput, IdentityResult, Person};
use super::{address, aggregate};

/// Compare the candidate with the person named in a record. `candidate == None` means no
/// candidate data at all (XML submission without candidate_info): insufficient, Not Enough Info.
pub fn compare<'t>(
    candidate: Option<&Person<'t>>,
    record: &Person<'t>,
    qualifying_bp: u32,
) -> IdentityResult {
    let candidate = candidate.map(PreparedCandidate::new);
    compare_prepared(candidate.as_ref(), record, qualifying_bp)
}

/// [`compare`] with a candidate read once for all the cases of a search.
pub fn compare_prepared<'t>(
    candidate: Option<&PreparedCandidate<'_, 't>>,
    record: &Person<'t>,
    qualifying_bp: u32,
) -> IdentityResult {
    match candidate {
        Some(c) => aggregate::compare(Some(&c.person), record, qualifying_bp, |a| {
            c.standardised(a)
        }),
        None => aggregate::compare(None, record, qualifying_bp, |_| None),
    }
}

/// A record address line and what it standardised to.
type SeenLine<'t> = (Cow<'t, str>, Option<Rc<address::Addr>>);

/// A candidate's names and addresses, read once, and the address lines of the records it is
/// compared with, each standardised once (the same line often names several subjects). Lines
/// are kept as the people hold them: borrowed from the request, so keeping one copies nothing.
#[derive(Debug, Clone)]
pub struct PreparedCandidate<'p, 't> {
    person: aggregate::Prepared<'p, 't>,
    lines: RefCell<Vec<SeenLine<'t>>>,
}

impl<'p, 't> PreparedCandidate<'p, 't> {
    /// How many record address lines are kept.
    const LINES_KEPT: usize = 16;

    pub fn new(person: &'p Person<'t>) -> Self {
        // The candidate's own lines start the cache: a record often repeats them verbatim.
        let mut lines = Vec::new();
        let person = aggregate::Prepared::with_addresses(person, |input| {
            let addr = address::standardise(input).map(Rc::new);
            if let AddressInput::SingleLine(line) = input
                && lines.len() < Self::LINES_KEPT
            {
                lines.push((line.clone(), addr.clone()));
            }
            addr
        });
        PreparedCandidate {
            person,
            lines: RefCell::new(lines),
        }
    }

    /// A record's address, standardised; single lines from the cache.
    fn standardised(&self, input: &AddressInput<'t>) -> Option<Rc<address::Addr>> {
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

#[cfg(test)]
mod tests {
    use super::super::DEFAULT_QUALIFYING_BP;
    use super::*;

    #[test]
    fn candidate_lines_start_the_cache() {
        let line = "4100 Fixture Lane, Marietta, GA 30060";
        let person = Person {
            addresses: vec![AddressInput::SingleLine(line.into())],
            ..Person::default()
        };
        let prepared = PreparedCandidate::new(&person);
        assert_eq!(prepared.lines.borrow().len(), 1);
        assert_eq!(
            compare_prepared(Some(&prepared), &person, DEFAULT_QUALIFYING_BP),
            compare(Some(&person), &person, DEFAULT_QUALIFYING_BP)
        );
        assert_eq!(prepared.lines.borrow().len(), 1, "found, not added");
    }
}
