//! What every adapter produces: one draft per case, in record order, then turned into the
//! [`RawCourt`]s of the JSON path (one court per case, docs/xml-layout.md D2) through the very same
//! classification code (`record_json::build_offense`).

use std::borrow::Cow;
use std::rc::Rc;

use chrono::NaiveDate;

use crate::classify::ChargeReader;
use crate::dates::Iso;
use crate::model::{Case, Subject, SubjectAlias};
use crate::parse::record_json::{OffenseParts, RawCase, RawCourt, build_offense};
use crate::state_codes::normalize_state;

use super::dates::{XmlDate, first_full, parse_xml_date};

/// docs/decisions.md §11: the word for a required value the source does not give.
pub const UNAVAILABLE: &str = "UNAVAILABLE";

/// One case as an adapter read it.
#[derive(Debug, Clone, Default)]
pub struct CaseDraft {
    pub case_number: String,
    /// Raw state text (code or name); empty when unknown.
    pub jurisdiction_state: String,
    pub search_jurisdiction: Option<String>,
    pub file_date: Option<NaiveDate>,
    pub file_date_unusable: bool,
    pub subject: SubjectDraft,
    pub charges: Vec<ChargeDraft>,
    /// The component was held for review by the vendor (docs/xml-layout.md §5.1).
    pub held_for_review: bool,
}

/// The person named in a case, as read.
#[derive(Debug, Clone, Default)]
pub struct SubjectDraft {
    pub first: String,
    pub middle: String,
    pub last: String,
    pub suffix: String,
    /// `YYYY-MM-DD`, `YYYY-MM-00` / `YYYY-00-00` (partial, docs/decisions.md §5) or empty.
    pub dob: String,
    pub ssn: String,
    pub address: String,
    pub aliases: Vec<SubjectAlias>,
}

/// One charge as read: its record ids (if any) and the fields classification needs.
#[derive(Debug, Clone, Default)]
pub struct ChargeDraft {
    pub offense_id: Option<String>,
    pub court_search_id: Option<String>,
    pub parts: OffenseParts<'static>,
}

/// Reads dates against the search date's year (two-digit-year pivot).
#[derive(Debug, Clone, Copy)]
pub struct DateCtx {
    pub pivot_year: i32,
}

impl DateCtx {
    /// The first full date among `candidates`, and whether unusable text was seen.
    pub fn first(&self, candidates: &[&str]) -> (Option<Iso>, bool) {
        let (date, unusable) = first_full(candidates, self.pivot_year);
        (date.map(Iso), unusable)
    }

    /// A date field of a charge: the value, and its name pushed to `malformed` when no full
    /// date came out but some candidate held text that is not one (partial or invalid).
    pub fn field(
        &self,
        candidates: &[&str],
        name: &str,
        malformed: &mut Vec<String>,
    ) -> Option<Iso> {
        let (value, unusable) = self.first(candidates);
        if value.is_none() && unusable {
            malformed.push(name.to_string());
        }
        value
    }

    /// A date of birth: full, else partial with `00` for unknown parts (docs/decisions.md §5), else empty.
    pub fn dob(&self, candidates: &[&str]) -> String {
        let parsed: Vec<XmlDate> = candidates
            .iter()
            .map(|c| parse_xml_date(c, self.pivot_year))
            .collect();
        if let Some(d) = parsed.iter().find_map(|p| p.full()) {
            return iso(d);
        }
        parsed
            .iter()
            .find_map(|p| match p {
                XmlDate::Partial { year, month } => {
                    Some(format!("{year:04}-{:02}-00", month.unwrap_or(0)))
                }
                _ => None,
            })
            .unwrap_or_default()
    }
}

pub fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A free-form name: `LAST, FIRST MIDDLE` or `FIRST MIDDLE LAST`.
pub fn split_free_name(raw: &str) -> SubjectAlias {
    let raw = super::text::collapse(raw);
    if let Some((last, rest)) = raw.split_once(',') {
        let mut words = rest.split_whitespace();
        let first = words.next().unwrap_or_default().to_string();
        let middle = words.collect::<Vec<_>>().join(" ");
        return SubjectAlias {
            first_name: first,
            middle_name: middle,
            last_name: last.trim().to_string(),
        };
    }
    let words: Vec<&str> = raw.split_whitespace().collect();
    match words.as_slice() {
        [] => SubjectAlias::default(),
        [only] => SubjectAlias {
            last_name: (*only).to_string(),
            ..SubjectAlias::default()
        },
        [first, middle @ .., last] => SubjectAlias {
            first_name: (*first).to_string(),
            middle_name: middle.join(" "),
            last_name: (*last).to_string(),
        },
    }
}

/// The court (with its one case) for a draft, and whether its charges disagreed on the court id.
/// `reader` is the document's (a charge read before is not read again).
pub fn into_raw_court(draft: CaseDraft, reader: &mut ChargeReader) -> (RawCourt, bool) {
    let state = normalize_state(&draft.jurisdiction_state);
    let mut court_ids: Vec<&str> = draft
        .charges
        .iter()
        .filter_map(|c| c.court_search_id.as_deref())
        .collect();
    let court_search_id = court_ids.first().map(|s| (*s).to_string());
    court_ids.dedup();
    let conflict = court_ids.len() > 1;
    let mut record_offense_ids = Vec::with_capacity(draft.charges.len());
    let mut offenses = Vec::with_capacity(draft.charges.len());
    for charge in draft.charges {
        record_offense_ids.push(charge.offense_id);
        offenses.push(build_offense(charge.parts, state, reader));
    }
    let s = draft.subject;
    let full_name = [&s.first, &s.middle, &s.last, &s.suffix]
        .iter()
        .filter(|p| !p.is_empty())
        .map(|p| p.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let or_unavailable = |v: String| {
        if v.trim().is_empty() {
            UNAVAILABLE.to_string()
        } else {
            v
        }
    };
    let subject = Rc::new(Subject {
        full_name: or_unavailable(full_name),
        first_name: or_unavailable(s.first),
        middle_name: s.middle,
        last_name: or_unavailable(s.last),
        dob: or_unavailable(s.dob),
        ssn: or_unavailable(s.ssn),
        address: or_unavailable(s.address),
        aliases: s.aliases,
    });
    let case = Case {
        case_number: or_unavailable(draft.case_number),
        jurisdiction_state: state.map(Cow::Borrowed),
        jurisdiction_state_raw: or_unavailable(draft.jurisdiction_state),
        malformed_dates: if draft.file_date.is_none() && draft.file_date_unusable {
            vec!["file_date".to_string()]
        } else {
            Vec::new()
        },
        file_date: draft.file_date.map(Iso),
        subject,
        offenses,
    };
    let court = RawCourt {
        court_search_id,
        search_jurisdiction: draft.search_jurisdiction,
        cases: vec![RawCase {
            case,
            record_offense_ids,
        }],
    };
    (court, conflict)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_form_names() {
        let a = split_free_name("AMES, DESMOND R");
        assert_eq!(
            (
                a.first_name.as_str(),
                a.middle_name.as_str(),
                a.last_name.as_str()
            ),
            ("DESMOND", "R", "AMES")
        );
        let b = split_free_name("JOHN Q PUBLIC");
        assert_eq!(
            (
                b.first_name.as_str(),
                b.middle_name.as_str(),
                b.last_name.as_str()
            ),
            ("JOHN", "Q", "PUBLIC")
        );
        let c = split_free_name("  ");
        assert_eq!(c, SubjectAlias::default());
    }

    #[test]
    fn dob_full_then_partial_then_empty() {
        let ctx = DateCtx { pivot_year: 2025 };
        assert_eq!(ctx.dob(&["7/4/88", "07/04/1988"]), "1988-07-04");
        assert_eq!(ctx.dob(&["19740300", ""]), "1974-03-00");
        assert_eq!(ctx.dob(&["19740000"]), "1974-00-00");
        assert_eq!(ctx.dob(&["19740300", "03/15/1974"]), "1974-03-15");
        assert_eq!(ctx.dob(&["", "N/A"]), "");
    }
}
