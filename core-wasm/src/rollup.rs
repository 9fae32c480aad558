//! The client-facing view (docs/api.md rules 7 and 8): excluded charges leave the tree after rollup,
//! empty cases and courts are pruned, rolled-up fields keep their pre-exclusion values, and
//! issues of what was removed are dropped.

use crate::decision::Decision;
use crate::model::{Issue, IssueLevel, UNKNOWN_OFFENSE, Validation};

/// Applies exclusions to the decision and filters the issues clients see.
pub fn client_facing<'s, 'i>(
    mut decision: Decision<'s>,
    issues: &'i [Issue],
) -> (Decision<'s>, Option<Validation<'i>>) {
    // (case_id, case_number, offense_id) of excluded charges, and cases left with none.
    let mut excluded: Vec<(&str, &str, &str)> = Vec::new();
    let mut emptied: Vec<(&str, &str)> = Vec::new();
    for court in &mut decision.court_decisions {
        for case in &mut court.case_decisions {
            for o in case.offenses.iter().filter(|o| o.excluded) {
                excluded.push((court.court_search_id, case.case_number, o.offense_id));
            }
            case.offenses.retain(|o| !o.excluded);
            if case.offenses.is_empty() {
                emptied.push((court.court_search_id, case.case_number));
            }
        }
        court.case_decisions.retain(|c| !c.offenses.is_empty());
    }
    decision
        .court_decisions
        .retain(|c| !c.case_decisions.is_empty());

    let keep = |i: &&Issue| {
        let in_case = |(court, case): (&str, &str)| i.case_id == court && i.case_number == case;
        match i.level {
            IssueLevel::Candidate => true,
            IssueLevel::Offense if i.offense_id.as_deref() == Some(UNKNOWN_OFFENSE) => {
                !emptied.iter().any(|&at| in_case(at))
            }
            IssueLevel::Offense => !excluded.iter().any(|&(court, case, offense)| {
                in_case((court, case)) && i.offense_id.as_deref() == Some(offense)
            }),
            IssueLevel::Case | IssueLevel::CaseSubject => !emptied.iter().any(|&at| in_case(at)),
        }
    };
    let validation = Validation::from_issues(issues.iter().filter(keep));
    (decision, validation)
}
