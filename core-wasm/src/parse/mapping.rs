//! The `cases[]` charge mapping: the count gate (docs/api.md rule 6) and id assignment (docs/decisions.md §4).

use serde::Serialize;

use crate::model::Court;
use crate::parse::record_json::RawCourt;
use crate::parse::validate::CaseRow;

/// Court id used when neither the record nor a mapping supplies one (docs/api.md decision tree).
pub const TBD_COURT: &str = "TBD";

/// The `details` object of a count mismatch (docs/api.md "Count mismatch").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CountMismatch {
    pub court_search_id_count: usize,
    pub xml_case_count: usize,
    pub offense_id_count: usize,
    pub xml_offense_count: usize,
    pub court_search_id_matches_cases: bool,
    pub offense_id_matches_offenses: bool,
}

impl CountMismatch {
    /// The parsing component's message: what was sent against what the record holds.
    pub fn message(&self) -> String {
        format!(
            "Case/offense count mismatch: received {} court_search_id value(s) and {} offense_id row(s), \
             but the record contains {} case(s) with charges and {} offense(s). Resubmit with the complete \
             set of cases and offenses, or omit cases[] to evaluate every charge.",
            self.court_search_id_count,
            self.offense_id_count,
            self.xml_case_count,
            self.xml_offense_count
        )
    }
}

/// docs/api.md rule 6: distinct court ids must equal the cases that have charges, and rows must equal the
/// charges. Only applies when `cases[]` is non-empty; excluded rows count too.
pub fn count_gate(rows: &[CaseRow], courts: &[RawCourt]) -> Result<(), CountMismatch> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut distinct: Vec<&str> = rows.iter().map(|r| r.court_search_id.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let cases = courts
        .iter()
        .flat_map(|c| &c.cases)
        .filter(|c| !c.case.offenses.is_empty())
        .count();
    let offenses: usize = courts
        .iter()
        .flat_map(|c| &c.cases)
        .map(|c| c.case.offenses.len())
        .sum();
    let check = CountMismatch {
        court_search_id_count: distinct.len(),
        xml_case_count: cases,
        offense_id_count: rows.len(),
        xml_offense_count: offenses,
        court_search_id_matches_cases: distinct.len() == cases,
        offense_id_matches_offenses: rows.len() == offenses,
    };
    if check.court_search_id_matches_cases && check.offense_id_matches_offenses {
        Ok(())
    } else {
        Err(check)
    }
}

/// Assigns court and offense ids and exclusion flags. With a mapping, rows map to charges in
/// record order and courts are regrouped by the mapped court id (in order of first appearance);
/// without one, ids come from the record, else `TBD` / `<case_number>#<n>`.
/// The caller must have passed [`count_gate`] first.
pub fn apply(rows: &[CaseRow], raw: Vec<RawCourt>) -> Vec<Court> {
    if rows.is_empty() {
        return raw.into_iter().map(unmapped_court).collect();
    }
    let mut rows = rows.iter();
    let mut courts: Vec<Court> = Vec::new();
    for raw_court in raw {
        for raw_case in raw_court.cases {
            let mut case = raw_case.case;
            let mut court_id = None;
            for offense in &mut case.offenses {
                if let Some(row) = rows.next() {
                    offense.offense_id = row.offense_id.clone();
                    offense.excluded = row.is_excluded;
                    court_id.get_or_insert_with(|| row.court_search_id.clone());
                }
            }
            let court_id = court_id.unwrap_or_else(|| TBD_COURT.to_string());
            match courts.iter_mut().find(|c| c.court_search_id == court_id) {
                Some(court) => court.cases.push(case),
                None => courts.push(Court {
                    court_search_id: court_id,
                    search_jurisdiction: raw_court.search_jurisdiction.clone(),
                    cases: vec![case],
                }),
            }
        }
    }
    courts
}

/// The court search id each case of the record (record order) ends up with: the mapped id of its
/// first charge, else the record's own id, else `TBD`. Same rules as [`apply`].
pub fn case_court_ids(rows: &[CaseRow], raw: &[RawCourt]) -> Vec<String> {
    let mut next_row = 0usize;
    let mut out = Vec::new();
    for court in raw {
        for case in &court.cases {
            let mapped = if rows.is_empty() {
                None
            } else {
                rows.get(next_row).map(|r| r.court_search_id.clone())
            };
            next_row += case.case.offenses.len();
            out.push(
                mapped
                    .or_else(|| court.court_search_id.clone())
                    .unwrap_or_else(|| TBD_COURT.to_string()),
            );
        }
    }
    out
}

fn unmapped_court(raw: RawCourt) -> Court {
    let cases = raw
        .cases
        .into_iter()
        .map(|raw_case| {
            let mut case = raw_case.case;
            for (n, (offense, record_id)) in case
                .offenses
                .iter_mut()
                .zip(raw_case.record_offense_ids)
                .enumerate()
            {
                offense.offense_id =
                    record_id.unwrap_or_else(|| format!("{}#{}", case.case_number, n + 1));
            }
            case
        })
        .collect();
    Court {
        court_search_id: raw.court_search_id.unwrap_or_else(|| TBD_COURT.to_string()),
        search_jurisdiction: raw.search_jurisdiction,
        cases,
    }
}
