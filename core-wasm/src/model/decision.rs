//! The decision tree of SPEC "Decision tree (`data.decision`)".

use serde::{Deserialize, Serialize};

use crate::identity::IdentityLevel;
use crate::parse::classify::{DispositionClass, SeverityLevel};

use super::Lookback;

/// `*_decision` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Label {
    #[serde(rename = "REPORTABLE")]
    Reportable,
    #[serde(rename = "NOT_REPORTABLE")]
    NotReportable,
    #[serde(rename = "MANUAL_REVIEW")]
    ManualReview,
}

/// `*_queue` values, declared in rollup priority order (lowest first) so `max` rolls up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Queue {
    #[serde(rename = "Automation")]
    Automation,
    #[serde(rename = "Auditor")]
    Auditor,
    #[serde(rename = "Insufficient Data")]
    InsufficientData,
}

impl Label {
    /// Every label, in the order counts list them.
    pub const ALL: [Label; 3] = [Label::Reportable, Label::NotReportable, Label::ManualReview];

    /// The label as the API spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Label::Reportable => "REPORTABLE",
            Label::NotReportable => "NOT_REPORTABLE",
            Label::ManualReview => "MANUAL_REVIEW",
        }
    }

    /// The label in words, for people (the browser page).
    pub const fn words(self) -> &'static str {
        match self {
            Label::Reportable => "Reportable",
            Label::NotReportable => "Not reportable",
            Label::ManualReview => "Manual review",
        }
    }
}

impl Queue {
    /// Every queue, in rollup priority order (lowest first).
    pub const ALL: [Queue; 3] = [Queue::Automation, Queue::Auditor, Queue::InsufficientData];

    /// The queue as the API spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Queue::Automation => "Automation",
            Queue::Auditor => "Auditor",
            Queue::InsufficientData => "Insufficient Data",
        }
    }

    /// SPEC rollup rule 2: labels follow queues at case, court and record level.
    pub fn rolled_up_label(self) -> Label {
        match self {
            Queue::Automation => Label::NotReportable,
            Queue::Auditor => Label::Reportable,
            Queue::InsufficientData => Label::ManualReview,
        }
    }
}

/// `routing.reportability` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Reportability {
    #[serde(rename = "Reportable")]
    Reportable,
    #[serde(rename = "Not Reportable")]
    NotReportable,
    #[serde(rename = "Not Enough Info")]
    NotEnoughInfo,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    pub search_id: String,
    pub decision_date: String,
    pub record_decision: Label,
    pub search_queue: Queue,
    pub order_id: String,
    pub order_number: String,
    pub client_search_type: Option<String>,
    pub court_decisions: Vec<CourtDecision>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CourtDecision {
    pub court_search_id: String,
    pub court_decision: Label,
    pub court_queue: Queue,
    pub case_decisions: Vec<CaseDecision>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseDecision {
    pub case_number: String,
    pub case_decision: Label,
    pub case_queue: Queue,
    pub jurisdiction_state: String,
    pub id_match: IdMatch,
    pub offenses: Vec<OffenseDecision>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IdMatch {
    pub is_match: bool,
    pub match_score: f64,
    pub name_score: f64,
    pub dob_score: f64,
    pub ssn_score: f64,
    pub address_score: f64,
    pub details: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OffenseDecision {
    pub offense_id: String,
    pub charge: String,
    pub charge_decision: Label,
    #[serde(rename = "type")]
    pub offense_type: Option<String>,
    pub disposition: Option<String>,
    pub rationale: String,
    pub needs_human_review: bool,
    pub cited_rules: Vec<String>,
    pub citations: Vec<String>,
    pub routing: Routing,
    /// DECISIONS §12 extension: how stage 1 read the charge.
    pub classification: Classification,
    /// When the charge ages out (DECISIONS §12, an accepted extension).
    pub lookback: Lookback,
    /// Internal: removed from the client-facing tree after rollup (SPEC rule 7).
    #[serde(skip)]
    pub excluded: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Routing {
    pub queue: Queue,
    pub reportability: Reportability,
    pub is_automatable: bool,
    pub identity_level: IdentityLevel,
    pub identity_score: f64,
    pub identity_insufficient: bool,
    pub reportability_insufficient: bool,
    pub third_id_required: bool,
}

/// DECISIONS §12 `classification`: severity, traffic class and disposition class of a charge as
/// stage 1 read them, with the table entries (lexicon phrase, family, statute, type code,
/// disposition rule) that decided each.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Classification {
    pub severity: SeverityLevel,
    /// `minor`, `serious`, `none` or `unknown`.
    pub traffic: &'static str,
    pub disposition_class: DispositionClass,
    pub evidence: Vec<String>,
}
