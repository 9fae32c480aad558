//! The decision tree as a contract (docs/api.md "Decision tree", "Rolling up decisions"): typed views of
//! the parts every module version must get right, whatever its rules decide. The self-test checks
//! new modules against it, and the diff tools read charges through it.

use serde::Deserialize;

use lookback_core::vocabulary::{Label, Queue};

/// `data.decision`.
#[derive(Debug, Clone, Deserialize)]
pub struct Decision {
    /// Search-level label.
    pub record_decision: Label,
    /// Search-level queue.
    pub search_queue: Queue,
    /// Courts.
    pub court_decisions: Vec<Court>,
}

/// `court_decisions[]`.
#[derive(Debug, Clone, Deserialize)]
pub struct Court {
    /// Court search id.
    pub court_search_id: String,
    /// Court label.
    pub court_decision: Label,
    /// Court queue.
    pub court_queue: Queue,
    /// Cases.
    pub case_decisions: Vec<Case>,
}

/// `case_decisions[]`.
#[derive(Debug, Clone, Deserialize)]
pub struct Case {
    /// Case number.
    pub case_number: String,
    /// Case label.
    pub case_decision: Label,
    /// Case queue.
    pub case_queue: Queue,
    /// Charges.
    pub offenses: Vec<Charge>,
}

/// `offenses[]`.
#[derive(Debug, Clone, Deserialize)]
pub struct Charge {
    /// Offense id.
    pub offense_id: String,
    /// Charge text (echo).
    #[serde(default)]
    pub charge: Option<String>,
    /// Charge label.
    pub charge_decision: Label,
    /// True exactly when the label is `MANUAL_REVIEW`.
    pub needs_human_review: bool,
    /// Rules that decided.
    pub cited_rules: Vec<String>,
    /// Routing.
    pub routing: Routing,
}

/// `offenses[].routing` (the fields the contract constrains).
#[derive(Debug, Clone, Deserialize)]
pub struct Routing {
    /// Charge queue.
    pub queue: Queue,
    /// True exactly when the queue is `Automation`.
    pub is_automatable: bool,
}

/// `data.validation` (present only when there are issues).
#[derive(Debug, Clone, Deserialize)]
pub struct Validation {
    /// e.g. `needs_manual_review`.
    pub status: String,
    /// The issue lists.
    pub issues: Issues,
}

/// `validation.issues`.
#[derive(Debug, Clone, Deserialize)]
pub struct Issues {
    /// Hard problems.
    pub errors: Vec<Issue>,
    /// Soft mismatches.
    pub warnings: Vec<Issue>,
}

/// One issue item (docs/api.md "validation object").
#[derive(Debug, Clone, Deserialize)]
#[expect(
    dead_code,
    reason = "deserialised to check the shape; the values are not used"
)]
pub struct Issue {
    level: IssueLevel,
    field: String,
    issue: String,
    description: String,
    case_id: String,
    case_number: String,
    #[serde(default)]
    offense_id: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum IssueLevel {
    Candidate,
    CaseSubject,
    Case,
    Offense,
}

impl Decision {
    /// Every charge with its court and case, in tree order.
    pub fn charges(&self) -> impl Iterator<Item = (&Court, &Case, &Charge)> {
        self.court_decisions.iter().flat_map(|court| {
            court.case_decisions.iter().flat_map(move |case| {
                case.offenses
                    .iter()
                    .map(move |charge| (court, case, charge))
            })
        })
    }

    /// Checks the rollup rules of docs/api.md "Rolling up decisions" and the per-charge flags. With
    /// exclusions, rolled-up fields keep the pre-exclusion set (docs/api.md evaluate rule 7), so a parent
    /// queue may then be above every remaining child, never below.
    pub fn check_invariants(&self, has_exclusions: bool) -> Result<(), String> {
        let rolls_up = |parent: Queue, children: &mut dyn Iterator<Item = Queue>, what: &str| {
            let top = children.max();
            let ok = match top {
                Some(top) if has_exclusions => parent >= top,
                Some(top) => parent == top,
                None => has_exclusions,
            };
            if ok {
                Ok(())
            } else {
                Err(format!(
                    "{what} queue {parent:?} is not the highest of its children ({top:?})"
                ))
            }
        };
        let follows = |label: Label, queue: Queue, what: &str| {
            if label == queue.rolled_up_label() {
                Ok(())
            } else {
                Err(format!(
                    "{what} label {label:?} does not follow its queue {queue:?}"
                ))
            }
        };
        follows(self.record_decision, self.search_queue, "search")?;
        rolls_up(
            self.search_queue,
            &mut self.court_decisions.iter().map(|c| c.court_queue),
            "search",
        )?;
        for court in &self.court_decisions {
            let what = format!("court {}", court.court_search_id);
            follows(court.court_decision, court.court_queue, &what)?;
            rolls_up(
                court.court_queue,
                &mut court.case_decisions.iter().map(|c| c.case_queue),
                &what,
            )?;
            for case in &court.case_decisions {
                let what = format!("case {}", case.case_number);
                follows(case.case_decision, case.case_queue, &what)?;
                rolls_up(
                    case.case_queue,
                    &mut case.offenses.iter().map(|o| o.routing.queue),
                    &what,
                )?;
                for charge in &case.offenses {
                    charge.check()?;
                }
            }
        }
        Ok(())
    }
}

impl Charge {
    fn check(&self) -> Result<(), String> {
        let id = &self.offense_id;
        if self.needs_human_review != (self.charge_decision == Label::ManualReview) {
            return Err(format!(
                "charge {id}: needs_human_review disagrees with its label"
            ));
        }
        if self.routing.is_automatable != (self.routing.queue == Queue::Automation) {
            return Err(format!(
                "charge {id}: is_automatable disagrees with its queue"
            ));
        }
        if self.cited_rules.is_empty() || self.cited_rules.iter().any(|r| r.trim().is_empty()) {
            return Err(format!("charge {id}: cited_rules is empty"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tree(case_queue: &str, case_label: &str, charge_queue: &str) -> Decision {
        serde_json::from_value(json!({
            "record_decision": case_label, "search_queue": case_queue,
            "court_decisions": [{"court_search_id": "C", "court_decision": case_label, "court_queue": case_queue,
              "case_decisions": [{"case_number": "N", "case_decision": case_label, "case_queue": case_queue,
                "offenses": [{"offense_id": "O", "charge_decision": "REPORTABLE", "needs_human_review": false,
                  "cited_rules": ["R"], "routing": {"queue": charge_queue, "is_automatable": charge_queue == "Automation"}}]}]}]
        }))
        .unwrap()
    }

    #[test]
    fn a_consistent_tree_passes() {
        tree("Auditor", "REPORTABLE", "Auditor")
            .check_invariants(false)
            .unwrap();
    }

    #[test]
    fn labels_must_follow_queues_and_queues_must_roll_up() {
        let e = tree("Auditor", "NOT_REPORTABLE", "Auditor")
            .check_invariants(false)
            .unwrap_err();
        assert!(e.contains("does not follow"), "{e}");
        let e = tree("Auditor", "REPORTABLE", "Insufficient Data")
            .check_invariants(false)
            .unwrap_err();
        assert!(e.contains("not the highest"), "{e}");
        // With exclusions a parent may sit above what is left, never below.
        tree("Insufficient Data", "MANUAL_REVIEW", "Auditor")
            .check_invariants(true)
            .unwrap();
        assert!(
            tree("Automation", "NOT_REPORTABLE", "Auditor")
                .check_invariants(true)
                .is_err()
        );
    }

    #[test]
    fn unknown_labels_are_refused() {
        let bad =
            json!({"record_decision": "MAYBE", "search_queue": "Auditor", "court_decisions": []});
        assert!(serde_json::from_value::<Decision>(bad).is_err());
    }
}
