//! The labels of a decision: `*_decision`, `*_queue` and `routing.reportability` values.

use serde::{Deserialize, Serialize};

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

    /// docs/api.md rollup rule 2: labels follow queues at case, court and record level.
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
