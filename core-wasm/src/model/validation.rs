//! The `validation` object of the response (docs/api.md "validation object", docs/decisions.md §8).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueLevel {
    Candidate,
    CaseSubject,
    Case,
    Offense,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueSeverity {
    Error,
    Warning,
}

/// One data-quality finding. `case_id` is the court search id of the case; `offense_id` is only
/// serialised on offense-level items (`unknown` for case-level issues tied to no offense).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Issue {
    pub severity: IssueSeverity,
    pub level: IssueLevel,
    pub field: String,
    pub issue: String,
    pub description: String,
    pub case_id: String,
    pub case_number: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub offense_id: Option<String>,
}

/// The literal the spec uses for case-level issues tied to no offense.
pub const UNKNOWN_OFFENSE: &str = "unknown";

/// The client-facing `validation` object, borrowing its text from the issues it shows (`'i`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Validation<'i> {
    pub status: &'static str,
    pub issues: IssueLists<'i>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IssueLists<'i> {
    pub errors: Vec<PublicIssue<'i>>,
    pub warnings: Vec<PublicIssue<'i>>,
}

/// An issue as clients see it: the contract's fields only.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublicIssue<'i> {
    pub level: IssueLevel,
    pub field: &'i str,
    pub issue: &'i str,
    pub description: &'i str,
    pub case_id: &'i str,
    pub case_number: &'i str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offense_id: Option<&'i str>,
}

impl<'i> From<&'i Issue> for PublicIssue<'i> {
    fn from(i: &'i Issue) -> Self {
        PublicIssue {
            level: i.level,
            field: &i.field,
            issue: &i.issue,
            description: &i.description,
            case_id: &i.case_id,
            case_number: &i.case_number,
            offense_id: i.offense_id.as_deref(),
        }
    }
}

impl<'i> Validation<'i> {
    /// Builds the client-facing object; `None` when there is nothing to report (docs/api.md: absent).
    pub fn from_issues(issues: impl IntoIterator<Item = &'i Issue>) -> Option<Validation<'i>> {
        let (mut errors, mut warnings) = (Vec::new(), Vec::new());
        for issue in issues {
            match issue.severity {
                IssueSeverity::Error => errors.push(PublicIssue::from(issue)),
                IssueSeverity::Warning => warnings.push(PublicIssue::from(issue)),
            }
        }
        if errors.is_empty() && warnings.is_empty() {
            return None;
        }
        let status = if errors.is_empty() {
            "ready"
        } else {
            "needs_manual_review"
        };
        Some(Validation {
            status,
            issues: IssueLists { errors, warnings },
        })
    }
}
