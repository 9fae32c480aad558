//! The fail-safe decision of docs/decisions.md §3: when the compliance stage fails after a good transform,
//! every charge goes to human review citing `SYS_ENGINE_FAILURE`. Built natively by the host from
//! the transform output, so it needs nothing from the module that failed.

use crate::decision::{CaseDecision, CourtDecision, Decision, IdMatch, OffenseDecision, Routing};
use crate::identity::IdentityLevel;
use crate::model::classification::classification;
use crate::model::{Label, Lookback, Queue, Reportability, RuleIds, Search};
use crate::rationale::Rationale;
use crate::rules::catalog::SYS_ENGINE_FAILURE;

/// The fail-safe decision tree (before exclusions) for `search`.
pub fn decision<'s>(search: &'s Search, now: &'s str, reason: &'s str) -> Decision<'s> {
    let queue = Queue::InsufficientData;
    let court_decisions: Vec<CourtDecision> = search
        .courts
        .iter()
        .map(|court| CourtDecision {
            court_search_id: &court.court_search_id,
            court_decision: queue.rolled_up_label(),
            court_queue: queue,
            case_decisions: court
                .cases
                .iter()
                .map(|case| CaseDecision {
                    case_number: &case.case_number,
                    case_decision: queue.rolled_up_label(),
                    case_queue: queue,
                    jurisdiction_state: case.decided_jurisdiction_state(),
                    id_match: IdMatch {
                        is_match: false,
                        match_score: 0.0,
                        name_score: 0.0,
                        dob_score: 0.0,
                        ssn_score: 0.0,
                        address_score: -1.0,
                        details: format!("identity not evaluated: {reason}").into(),
                    },
                    offenses: case
                        .offenses
                        .iter()
                        .map(|o| OffenseDecision {
                            offense_id: &o.offense_id,
                            charge: &o.charge,
                            charge_decision: Label::ManualReview,
                            offense_type: o.offense_type.as_deref(),
                            disposition: o.disposition.as_deref(),
                            rationale: Rationale::EngineFailed { reason },
                            needs_human_review: true,
                            cited_rules: RuleIds::from([SYS_ENGINE_FAILURE]),
                            citations: RuleIds::new(),
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
                            classification: classification(o),
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
        search_id: &search.search_id,
        decision_date: now,
        record_decision: search_queue.rolled_up_label(),
        search_queue,
        order_id: &search.order_id,
        order_number: &search.order_number,
        client_search_type: search.search_type.as_deref(),
        court_decisions,
    }
}
