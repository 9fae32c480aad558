//! The fail-safe decision of DECISIONS §3: when the compliance stage fails after a good transform,
//! every charge goes to human review citing `SYS_ENGINE_FAILURE`. Built natively by the host from
//! the transform output, so it needs nothing from the module that failed.

use crate::identity::IdentityLevel;
use crate::model::{
    CaseDecision, CourtDecision, Decision, IdMatch, Label, Lookback, OffenseDecision, Queue,
    Reportability, Routing, Search,
};
use crate::rules::catalog::SYS_ENGINE_FAILURE;

/// The fail-safe decision tree (before exclusions) for `search`.
pub fn decision(search: &Search, now: &str, reason: &str) -> Decision {
    let queue = Queue::InsufficientData;
    let court_decisions: Vec<CourtDecision> = search
        .courts
        .iter()
        .map(|court| CourtDecision {
            court_search_id: court.court_search_id.clone(),
            court_decision: queue.rolled_up_label(),
            court_queue: queue,
            case_decisions: court
                .cases
                .iter()
                .map(|case| CaseDecision {
                    case_number: case.case_number.clone(),
                    case_decision: queue.rolled_up_label(),
                    case_queue: queue,
                    jurisdiction_state: case.jurisdiction_state.clone().unwrap_or_else(|| case.jurisdiction_state_raw.clone()),
                    id_match: IdMatch {
                        is_match: false,
                        match_score: 0.0,
                        name_score: 0.0,
                        dob_score: 0.0,
                        ssn_score: 0.0,
                        address_score: -1.0,
                        details: format!("identity not evaluated: {reason}"),
                    },
                    offenses: case
                        .offenses
                        .iter()
                        .map(|o| OffenseDecision {
                            offense_id: o.offense_id.clone(),
                            charge: o.charge.clone(),
                            charge_decision: Label::ManualReview,
                            offense_type: o.offense_type.clone(),
                            disposition: o.disposition.clone(),
                            rationale: format!("Needs human review: the compliance engine failed ({reason}), so no rule was applied."),
                            needs_human_review: true,
                            cited_rules: vec![SYS_ENGINE_FAILURE.to_string()],
                            citations: Vec::new(),
                            routing: Routing {
                                queue,
                                reportability: Reportability::NotEnoughInfo,
                                is_automatable: false,
                                identity_level: IdentityLevel::NotEnoughInfo,
                                identity_score: 0.0,
                                identity_insufficient: true,
                                reportability_insufficient: true,
                                third_id_required: false,
                            },
                            classification: crate::parse::classify::classification(o),
                            lookback: Lookback::default(),
                            excluded: o.excluded,
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    let search_queue = if court_decisions.is_empty() {
        Queue::Automation
    } else {
        queue
    };
    Decision {
        search_id: search.search_id.clone(),
        decision_date: now.to_string(),
        record_decision: search_queue.rolled_up_label(),
        search_queue,
        order_id: search.order_id.clone(),
        order_number: search.order_number.clone(),
        client_search_type: search.search_type.clone(),
        court_decisions,
    }
}
