//! The normalised search: what stage 1 (parse and normalise) hands to stages 2 and 3.
//!
//! It travels between the two engine calls as JSON (see `docs/abi.md`), so every type here is
//! serde-serialisable and carries only data, no behaviour.

use std::borrow::Cow;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::classify::{Disposition, Severity, TextLevel, TrafficKind};
use crate::dates::{Iso, deserialize_date};

use super::dictionary_read::DictionaryRead;
use super::validation::Issue;

/// Which input form the record came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    RecordJson,
    Xml,
}

/// One criminal search, normalised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Search {
    pub source: SourceKind,
    pub search_id: String,
    /// As-of date for every lookback (docs/decisions.md §7.2), `YYYY-MM-DD`.
    pub search_date: String,
    pub order_id: String,
    pub order_number: String,
    pub tenant_id: Option<String>,
    /// The state's code (a static name: nothing is copied for it).
    pub applicant_state: Option<Cow<'static, str>>,
    pub customer_state: Option<Cow<'static, str>>,
    pub search_type: Option<String>,
    pub candidate: Option<Candidate>,
    pub courts: Vec<Court>,
    /// Data-quality issues found while parsing (rules add their own later).
    pub issues: Vec<Issue>,
}

/// The person being screened (`candidate_info`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    pub first_name: String,
    pub middle_name: String,
    pub last_name: String,
    pub date_of_birth: String,
    pub ssn: Option<String>,
    pub address: Option<String>,
    /// docs/decisions.md §7.3: optional extension used for salary exemptions.
    pub annual_salary: Option<f64>,
}

/// One court search (`criminal_search_results[]`), after the `cases[]` mapping is applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Court {
    pub court_search_id: String,
    pub search_jurisdiction: Option<String>,
    pub cases: Vec<Case>,
}

/// One case (`criminal_records[]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Case {
    pub case_number: String,
    /// Two-letter code when the raw value named a US state or territory, else `None`.
    pub jurisdiction_state: Option<Cow<'static, str>>,
    /// The value as received, echoed in the decision.
    pub jurisdiction_state_raw: String,
    #[serde(default, deserialize_with = "deserialize_date")]
    pub file_date: Option<Iso>,
    /// Date fields of the case that carried text which is not a usable date.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub malformed_dates: Vec<String>,
    /// Shared with the record's other cases that name the same person alike.
    pub subject: Rc<Subject>,
    pub offenses: Vec<Offense>,
}

impl Case {
    /// `jurisdiction_state` as the decision gives it: the code when one was read, else the value
    /// as received.
    pub fn decided_jurisdiction_state(&self) -> &str {
        self.jurisdiction_state
            .as_deref()
            .unwrap_or(&self.jurisdiction_state_raw)
    }
}

/// The person named in a case.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Subject {
    pub full_name: String,
    pub first_name: String,
    pub middle_name: String,
    pub last_name: String,
    pub dob: String,
    pub ssn: String,
    pub address: String,
    #[serde(default)]
    pub aliases: Vec<SubjectAlias>,
}

/// docs/decisions.md §11: `subject_aliases[]` extension.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SubjectAlias {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub middle_name: String,
    #[serde(default)]
    pub last_name: String,
}

/// One charge, with its stage-1 classification.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Offense {
    pub offense_id: String,
    /// Display form of the charge text (whitespace collapsed, upper case), shared with the
    /// record's other charges that read alike.
    pub charge: Rc<str>,
    /// Raw `disposition`, echoed in the decision (shared with the record's other charges that
    /// have the same one).
    pub disposition: Option<Rc<str>>,
    /// Raw `type`, echoed in the decision (shared as `disposition` is).
    #[serde(rename = "type")]
    pub offense_type: Option<Rc<str>>,
    pub statute: Option<String>,
    pub dates: OffenseDates,
    /// Date fields of the charge that carried text which is not a usable date.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub malformed_dates: Vec<String>,
    /// Shared with the record's other charges whose sentence reads the same.
    pub sentence: Option<Rc<Sentence>>,
    /// `cases[].is_excluded`: evaluated, then removed from the client-facing decision.
    pub excluded: bool,
    /// Marked hidden by the vendor (XML); kept and evaluated (docs/decisions.md §11).
    pub hidden: bool,
    pub disposition_class: Disposition,
    pub severity: Severity,
    pub traffic: TrafficKind,
    /// What decided `traffic` (a lexicon phrase, family or statute), shown in `classification`.
    #[serde(default)]
    pub traffic_evidence: Rc<str>,
    /// The level the charge text gives (stated or inferred), read with the rest of the text:
    /// shown when the type names none, never read by rules (docs/decisions.md §13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_level: Option<TextLevel>,
    /// Set by the tenant's charge dictionary, in stages 2-3's call, never carried between the
    /// stages: what it read and the built-in reading it replaced.
    #[serde(skip)]
    pub dictionary: Option<Box<DictionaryRead>>,
}

/// Charge dates, each a date when usable (held by value: rules read every one of them, often
/// more than once), `None` when missing or malformed (malformed ones are reported as validation
/// issues in stage 1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OffenseDates {
    #[serde(default, deserialize_with = "deserialize_date")]
    pub charge_date: Option<Iso>,
    #[serde(default, deserialize_with = "deserialize_date")]
    pub disposition_date: Option<Iso>,
    #[serde(default, deserialize_with = "deserialize_date")]
    pub arrest_date: Option<Iso>,
    #[serde(default, deserialize_with = "deserialize_date")]
    pub pending_court_date: Option<Iso>,
}

/// The optional sentence block of a charge.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Sentence {
    #[serde(default, deserialize_with = "deserialize_date")]
    pub incarceration_date: Option<Iso>,
    #[serde(default, deserialize_with = "deserialize_date")]
    pub release_date: Option<Iso>,
    pub is_serving: Option<bool>,
    pub probation: Option<String>,
    pub jail_time: Option<String>,
    pub prison_time: Option<String>,
    pub suspended: Option<String>,
    pub restitution: Option<String>,
    pub community_service: Option<String>,
    pub fines: Option<String>,
    pub court_costs: Option<String>,
    pub sentence_comments: Option<String>,
}

impl Sentence {
    /// Whether the block records any punishment at all (used to cross-check dispositions).
    pub fn imposes_anything(&self) -> bool {
        let filled = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.trim().is_empty());
        self.is_serving == Some(true)
            || self.incarceration_date.is_some()
            || [
                &self.probation,
                &self.jail_time,
                &self.prison_time,
                &self.restitution,
                &self.community_service,
                &self.fines,
            ]
            .into_iter()
            .any(filled)
    }
}
