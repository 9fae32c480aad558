//! The one-sentence `rationale` of a charge: the decisive rule reasons plus what identity did.

use crate::identity::{IdentityLevel, IdentityResult};
use crate::model::{Label, Reportability};
use crate::rules::ChargeOutcome;

/// One sentence saying why the charge got its label.
pub fn sentence(label: Label, outcome: &ChargeOutcome, identity: &IdentityResult) -> String {
    let reason = outcome.reason();
    let score = format!("{:.2}", identity.match_score);
    match (outcome.reportability, identity.level) {
        (Reportability::NotReportable, _) => format!("Not reportable: {reason}."),
        (_, IdentityLevel::NotMatching) => format!(
            "Not reportable to this candidate: the record conflicts with the candidate's identity ({}).",
            identity.conflicts.join(", ")
        ),
        (Reportability::Reportable, IdentityLevel::High | IdentityLevel::Medium) => format!(
            "Reportable: {reason}; identity {} (score {score}), so an auditor confirms before release.",
            level_words(identity.level)
        ),
        (Reportability::Reportable, IdentityLevel::NotEnoughInfo) => format!(
            "Needs human review: {reason}, but identity data is too thin to attribute the record (score {score})."
        ),
        (Reportability::NotEnoughInfo, _) => {
            debug_assert_eq!(label, Label::ManualReview);
            format!("Needs human review: {reason}.")
        }
    }
}

fn level_words(level: IdentityLevel) -> &'static str {
    match level {
        IdentityLevel::High => "high",
        IdentityLevel::Medium => "medium",
        IdentityLevel::NotEnoughInfo => "not enough info",
        IdentityLevel::NotMatching => "not matching",
    }
}
