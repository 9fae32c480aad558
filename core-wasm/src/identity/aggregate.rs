//! Aggregation in integer basis points, hard conflicts, flags and level (docs/identity.md §8-9).

use std::rc::Rc;

use super::address::{self, AddressScore};
use super::details;
use super::dob::{self, DobScore};
use super::name_match::{self, NameScore};
use super::names::{self, NameVariant};
use super::round::bp;
use super::ssn::{self, SsnScore};
use super::{AddressInput, IdentityLevel, IdentityResult, Person};

/// Weights in percent (docs/api.md: name 45, DOB 40, SSN 10, address 5).
const W_NAME: u32 = 45;
const W_DOB: u32 = 40;
const W_SSN: u32 = 10;
const W_ADDR: u32 = 5;
/// identity_level bands (docs/api.md; docs/identity.md §8.4).
const HIGH_BP: u32 = 9000;
const MEDIUM_BP: u32 = 7000;
/// Third-factor corroboration (docs/identity.md §9): last-4 or full SSN; same delivery line.
const SSN_CORROBORATES_BP: u32 = 7000;
const ADDR_CORROBORATES_BP: u32 = 8000;

/// A person's names and addresses, read once: the candidate is the same for every case of a
/// search, and reading them was a third of each comparison.
#[derive(Debug, Clone)]
pub(crate) struct Prepared<'p, 't> {
    person: &'p Person<'t>,
    names: Vec<NameVariant>,
    /// Shared with the search's cache of address lines (`super::PreparedCandidate`).
    addresses: Vec<Rc<address::Addr>>,
}

impl<'p, 't> Prepared<'p, 't> {
    /// A person whose addresses are standardised by `standardise` (a cache of them, or none).
    pub(crate) fn with_addresses(
        person: &'p Person<'t>,
        standardise: impl FnMut(&AddressInput<'t>) -> Option<Rc<address::Addr>>,
    ) -> Self {
        Prepared {
            person,
            names: names::variants(person),
            addresses: person.addresses.iter().filter_map(standardise).collect(),
        }
    }
}

/// Compare a prepared candidate with a record's person (see `super::compare`). `standardise`
/// reads the record's addresses; they are read only when the candidate has addresses to compare
/// them with (`address::score` is "not available" otherwise).
pub(crate) fn compare<'t>(
    candidate: Option<&Prepared<'_, '_>>,
    record: &Person<'t>,
    qualifying_bp: u32,
    mut standardise: impl FnMut(&AddressInput<'t>) -> Option<Rc<address::Addr>>,
) -> IdentityResult {
    let compared = candidate.is_some_and(|c| !c.addresses.is_empty());
    let rec = Prepared::with_addresses(record, |a| compared.then(|| standardise(a)).flatten());
    let (n, d, s, a) = match candidate {
        Some(c) => (
            name_match::score(&c.names, &rec.names),
            dob::score(
                c.person.date_of_birth.as_deref(),
                record.date_of_birth.as_deref(),
            ),
            ssn::score(c.person.ssn.as_deref(), record.ssn.as_deref()),
            address::score(&c.addresses, &rec.addresses),
        ),
        None => (
            name_match::score(&[], &rec.names),
            dob::score(None, record.date_of_birth.as_deref()),
            ssn::score(None, record.ssn.as_deref()),
            address::score(&[], &rec.addresses[..]),
        ),
    };
    let mut out = combine(n, &d, &s, a, qualifying_bp);
    if candidate.is_none() {
        // XML submission without candidate_info (docs/identity.md §9).
        out.identity_insufficient = true;
        if out.level != IdentityLevel::NotMatching {
            out.level = IdentityLevel::NotEnoughInfo;
        }
    }
    out
}

/// Takes the name and address scores by value: their texts move into the result.
fn combine(
    n: NameScore,
    d: &DobScore,
    s: &SsnScore,
    a: AddressScore,
    qualifying_bp: u32,
) -> IdentityResult {
    let (nb, db, sb, ab) = (bp(n.score), bp(d.score), bp(s.score), bp(a.score));
    let micro = W_NAME * nb + W_DOB * db + W_SSN * sb + W_ADDR * ab;
    let total = (micro + 50) / 100;
    let match_score = f64::from(total) / 10_000.0;

    let mut conflicts: Vec<&'static str> = Vec::new();
    for (flag, label) in [
        (n.conflict, "NAME"),
        (d.conflict, "DOB"),
        (s.conflict, "SSN"),
    ] {
        if flag {
            conflicts.push(label);
        }
    }
    let hard = !conflicts.is_empty();
    let has_address = a.score >= 0.0;
    let corroborated = sb >= SSN_CORROBORATES_BP || (has_address && ab >= ADDR_CORROBORATES_BP);
    let insufficient = (d.thin && (!d.partial || !corroborated)) || (n.thin && !corroborated);
    // Decide on the reported value so `details`, `match_score` and `is_match` agree (docs/identity.md §8.1).
    let is_match = total >= qualifying_bp && !hard;
    let level = if hard {
        IdentityLevel::NotMatching
    } else if insufficient || total < MEDIUM_BP {
        IdentityLevel::NotEnoughInfo
    } else if total >= HIGH_BP {
        IdentityLevel::High
    } else {
        IdentityLevel::Medium
    };
    let details = details::render(
        nb,
        db,
        sb,
        has_address.then_some(ab),
        total,
        qualifying_bp,
        &conflicts,
    );
    IdentityResult {
        name_score: n.score,
        dob_score: d.score,
        ssn_score: s.score,
        address_score: a.score,
        match_score,
        match_bp: total,
        is_match,
        level,
        identity_score: if hard { -1.0 } else { match_score },
        identity_insufficient: insufficient,
        third_id_required: !hard && !corroborated,
        details: details.into(),
        conflicts,
        name_match_desc: n.desc,
        dob_match_desc: d.desc,
        ssn_match_desc: s.desc,
        address_match_desc: a.desc,
    }
}
