//! Data-quality issues (docs/decisions.md §8): errors push a charge to human review, warnings inform.

use crate::classify::{DispositionClass, SeverityLevel, TextLevel};
use crate::model::{Candidate, Case, Issue, IssueLevel, IssueSeverity, Offense, UNKNOWN_OFFENSE};
use crate::rules::{ChargeOutcome, DataGap};

/// Where an issue belongs: the case's court search id and case number.
#[derive(Debug, Clone, Copy)]
pub struct CaseRef<'a> {
    pub court_search_id: &'a str,
    pub case_number: &'a str,
}

fn issue(
    severity: IssueSeverity,
    level: IssueLevel,
    at: Option<CaseRef<'_>>,
    offense_id: Option<&str>,
    field: &str,
    short: &str,
    description: String,
) -> Issue {
    Issue {
        severity,
        level,
        field: field.to_string(),
        issue: short.to_string(),
        description,
        case_id: at
            .map(|c| c.court_search_id.to_string())
            .unwrap_or_default(),
        case_number: at.map(|c| c.case_number.to_string()).unwrap_or_default(),
        offense_id: offense_id.map(str::to_string),
    }
}

/// Candidate-level warnings: identity will rest on fewer factors.
pub fn candidate_issues(candidate: Option<&Candidate>) -> Vec<Issue> {
    let warn = |field: &str, short: &str, description: &str| {
        issue(
            IssueSeverity::Warning,
            IssueLevel::Candidate,
            None,
            None,
            field,
            short,
            description.to_string(),
        )
    };
    let Some(c) = candidate else {
        return vec![warn(
            "candidate_info",
            "candidate_info missing",
            "No candidate information was sent, so no record can be matched to the candidate automatically.",
        )];
    };
    let mut out = Vec::new();
    if c.ssn.is_none() {
        out.push(warn(
            "ssn",
            "missing SSN",
            "The candidate has no SSN; identity relies on name, date of birth and address.",
        ));
    }
    if c.address.is_none() {
        out.push(warn(
            "address",
            "missing address",
            "The candidate has no address; identity relies on name, date of birth and SSN.",
        ));
    }
    out
}

/// Case and case-subject issues.
pub fn case_issues(at: CaseRef<'_>, case: &Case, dob_usable: bool) -> Vec<Issue> {
    let mut out = Vec::new();
    let on_case = |severity, level, field: &str, short: &str, description: String| {
        issue(
            severity,
            level,
            Some(at),
            Some(UNKNOWN_OFFENSE),
            field,
            short,
            description,
        )
    };
    if !dob_usable {
        out.push(on_case(
            IssueSeverity::Error,
            IssueLevel::CaseSubject,
            "subject_dob",
            "unusable date of birth",
            "The subject's date of birth is missing, a placeholder or malformed, so identity cannot rest on it.".into(),
        ));
    }
    if case.jurisdiction_state.is_none() {
        out.push(on_case(
            IssueSeverity::Error,
            IssueLevel::Case,
            "jurisdiction_state",
            "unknown jurisdiction",
            "jurisdiction_state does not name a US state or territory, so state rules cannot be applied.".into(),
        ));
    }
    for field in &case.malformed_dates {
        out.push(on_case(
            IssueSeverity::Warning,
            IssueLevel::Case,
            field,
            "malformed date",
            format!("{field} is not a YYYY-MM-DD date and was ignored."),
        ));
    }
    out
}

/// Offense-level issues, including the ones the rules raised for missing values.
pub fn offense_issues(at: CaseRef<'_>, offense: &Offense, outcome: &ChargeOutcome) -> Vec<Issue> {
    let id = Some(offense.offense_id.as_str());
    let mk = |severity, field: &str, short: &str, description: String| {
        issue(
            severity,
            IssueLevel::Offense,
            Some(at),
            id,
            field,
            short,
            description,
        )
    };
    let mut out = Vec::new();
    let d = &offense.disposition_class;
    if d.missing {
        out.push(mk(
            IssueSeverity::Error,
            "disposition",
            "missing disposition",
            "The charge has no disposition.".into(),
        ));
    } else if !d.recognised {
        out.push(mk(
            IssueSeverity::Error,
            "disposition_class",
            "unrecognised disposition",
            "The disposition text does not match any known outcome, so the charge cannot be classed.".into(),
        ));
    } else if d.class == DispositionClass::Unknown {
        out.push(mk(
            IssueSeverity::Error,
            "disposition",
            "disposition not available",
            "The source says the disposition is unknown or not available.".into(),
        ));
    }
    if d.class == DispositionClass::NonConviction
        && offense
            .sentence
            .as_ref()
            .is_some_and(|s| s.imposes_anything())
    {
        out.push(mk(
            IssueSeverity::Warning,
            "disposition_class",
            "disposition disagrees with sentence",
            "The disposition is not a conviction but a sentence is recorded; the disposition was used.".into(),
        ));
    }
    // A level is named as an error when a rule that applies needed it (docs/decisions.md §7.2: the
    // issue stays whether or not the decision could be made without it), else as a warning.
    let s = &offense.severity;
    let level_needed = outcome.has_gap(DataGap::Level);
    if s.missing || !s.recognised || level_needed {
        let (severity, needed) = if level_needed {
            (
                IssueSeverity::Error,
                " A rule that applies depends on the level.",
            )
        } else {
            (IssueSeverity::Warning, "")
        };
        let short = if s.missing {
            "missing type"
        } else if !s.recognised {
            "unrecognised type"
        } else {
            "type gives no level"
        };
        out.push(mk(
            severity,
            "type_class",
            short,
            format!("The charge level could not be read from type.{needed}"),
        ));
    } else if let Some(from_text) = offense.text_level.as_ref().and_then(TextLevel::stated)
        && from_text != s.level
        && s.level != SeverityLevel::Unknown
    {
        out.push(mk(
            IssueSeverity::Warning,
            "type_class",
            "type disagrees with charge text",
            format!(
                "type reads as {:?} but the charge text says {:?}; the declared type was used.",
                s.level, from_text
            ),
        ));
    }
    let dates = &offense.dates;
    for (field, date) in [
        ("arrest_date", &dates.arrest_date),
        ("charge_date", &dates.charge_date),
    ] {
        if let (Some(early), Some(disposed)) = (date, &dates.disposition_date)
            && early > disposed
        {
            out.push(mk(
                IssueSeverity::Warning,
                field,
                "dates out of order",
                format!("{field} is after disposition_date."),
            ));
        }
    }
    for field in &offense.malformed_dates {
        out.push(mk(
            IssueSeverity::Warning,
            field,
            "malformed date",
            format!("{field} is not a YYYY-MM-DD date and was ignored."),
        ));
    }
    if offense.hidden {
        out.push(mk(
            IssueSeverity::Warning,
            "hidden",
            "hidden by vendor",
            "The vendor marked this charge hidden; it was evaluated like any other.".into(),
        ));
    }
    if outcome.has_gap(DataGap::EntryDate) {
        out.push(mk(
            IssueSeverity::Error,
            "charge_date",
            "missing date",
            "No usable arrest, charge or file date to start the lookback clock.".into(),
        ));
    }
    if outcome.has_gap(DataGap::DispositionDate) {
        out.push(mk(
            IssueSeverity::Error,
            "disposition_date",
            "missing date",
            "No usable disposition date, which a lookback that applies counts from (the latest of disposition and release).".into(),
        ));
    }
    if outcome.has_gap(DataGap::ReleaseDate) {
        out.push(mk(
            IssueSeverity::Error,
            "release_date",
            "missing date",
            "The sentence records time in custody but no release date, which a lookback that applies counts from.".into(),
        ));
    }
    out
}
