//! Stages 2 and 3 over a normalised search: identity per case, rules and routing per charge, and
//! the rolled-up decision tree (before exclusions; see [`crate::rollup`]).

use std::borrow::Cow;

use serde::Deserialize;

use crate::dates::parse_iso;
use crate::decision::{CaseDecision, CourtDecision, Decision, IdMatch, OffenseDecision, Routing};
use crate::dictionary::{self, DictionaryInput};
use crate::identity::{self, AddressInput, IdentityResult, Person, PersonName};
use crate::issues::{self, CaseRef};
use crate::model::{
    Candidate, Case, Classification, Issue, Label, Lookback, Offense, Queue, Reportability, Search,
    Subject,
};
use crate::rationale::Rationale;
use crate::rules::{self, ChargeFacts, routing};

/// What the host supplies: the engine reads no clock and makes no ids (docs/decisions.md §2).
#[derive(Debug, Clone, Deserialize)]
pub struct Context {
    /// RFC 3339 UTC timestamp, used as `decision_date`.
    pub now: String,
    pub correlation_id: String,
    /// The tenant's client-rules overlay (docs/decisions.md §7.5), loaded and validated by the host.
    #[serde(default)]
    pub client_rules: Option<rules::ClientRules>,
    /// The tenant's charge dictionary, applied to the record before this stage
    /// (`api::evaluate`, [`crate::dictionary`]).
    #[serde(default)]
    pub charge_dictionary: Option<DictionaryInput>,
}

/// The full decision (excluded charges still in it) and every issue found.
#[derive(Debug, Clone)]
pub struct Evaluation<'s> {
    pub decision: Decision<'s>,
    pub issues: Vec<Issue>,
}

/// Runs identity, rules and rollup. The decision borrows what it echoes from `search` and `ctx`.
pub fn evaluate<'s>(search: &'s Search, ctx: &'s Context) -> Result<Evaluation<'s>, String> {
    let as_of = parse_iso(&search.search_date).ok_or("search_date is not a YYYY-MM-DD date")?;
    let candidate = search.candidate.as_ref().map(candidate_person);
    let candidate = candidate.as_ref().map(identity::PreparedCandidate::new);
    let salary = search.candidate.as_ref().and_then(|c| c.annual_salary);
    // An overlay the host should have refused is an error, never silently dropped: dropping it
    // could report what the tenant asked never to report.
    if let Some(c) = &ctx.client_rules {
        c.validate().map_err(|e| format!("client_rules: {e}"))?;
    }
    let client = ctx.client_rules.as_ref();
    let qualifying_bp = client
        .and_then(|c| c.identity_threshold_bp())
        .unwrap_or(identity::DEFAULT_QUALIFYING_BP);
    let mut issues = search.issues.clone();
    issues.extend(issues::candidate_issues(search.candidate.as_ref()));

    let mut identities = Identities::default();
    let mut workspace = rules::Workspace::default();
    let mut court_decisions = Vec::with_capacity(search.courts.len());
    for court in &search.courts {
        let mut case_decisions = Vec::with_capacity(court.cases.len());
        for case in &court.cases {
            let at = CaseRef {
                court_search_id: &court.court_search_id,
                case_number: &case.case_number,
            };
            let identity = identities.of(&case.subject, || {
                identity::compare_prepared(
                    candidate.as_ref(),
                    &subject_person(&case.subject),
                    qualifying_bp,
                )
            });
            issues.extend(issues::case_issues(at, case, dob_usable(&case.subject.dob)));
            let place = rules::local::place_of(
                court.search_jurisdiction.as_deref(),
                case.jurisdiction_state.as_deref(),
            );
            let mut offenses = Vec::with_capacity(case.offenses.len());
            let subject_dob = rules::facts::subject_dob(case);
            for offense in &case.offenses {
                let facts = ChargeFacts::in_case(as_of, case, subject_dob, offense, salary)
                    .with_parties(
                        search.applicant_state.as_deref(),
                        search.customer_state.as_deref(),
                        place,
                    );
                let outcome = rules::evaluate_with(&facts, client);
                let settled = dictionary::guard::settle(offense, &facts, outcome, client);
                let kept_bar = settled.kept_bar();
                let (outcome, facts) = (settled.outcome, settled.facts.unwrap_or(facts));
                issues.extend(issues::offense_issues(at, offense, &outcome));
                let lookback = rules::time_facts_in(&mut workspace, &facts, client, &outcome);
                let classification = dictionary::evidence::classification(offense, kept_bar);
                offenses.push(offense_decision(
                    offense,
                    outcome,
                    identity,
                    lookback,
                    classification,
                ));
            }
            case_decisions.push(case_decision(case, identity, offenses));
        }
        let queue = case_decisions
            .iter()
            .map(|c| c.case_queue)
            .max()
            .unwrap_or(Queue::Automation);
        court_decisions.push(CourtDecision {
            court_search_id: &court.court_search_id,
            court_decision: queue.rolled_up_label(),
            court_queue: queue,
            case_decisions,
        });
    }
    // A clear search (no courts) is Automation / NOT_REPORTABLE (docs/decisions.md §11).
    let search_queue = court_decisions
        .iter()
        .map(|c| c.court_queue)
        .max()
        .unwrap_or(Queue::Automation);
    let decision = Decision {
        search_id: &search.search_id,
        decision_date: &ctx.now,
        record_decision: search_queue.rolled_up_label(),
        search_queue,
        order_id: &search.order_id,
        order_number: &search.order_number,
        client_search_type: search.search_type.as_deref(),
        court_decisions,
    };
    Ok(Evaluation { decision, issues })
}

/// Identity results of one search by subject: the person named in a record's cases is usually
/// the same in all of them, and is compared with the candidate once (a comparison depends on
/// nothing else that varies within a search). Only the latest few distinct subjects are looked
/// through, so a record of many different people costs no more than comparing each.
#[derive(Default)]
struct Identities<'s> {
    seen: Vec<(&'s Subject, IdentityResult)>,
}

impl<'s> Identities<'s> {
    const LOOKED_THROUGH: usize = 16;

    fn of(
        &mut self,
        subject: &'s Subject,
        compare: impl FnOnce() -> IdentityResult,
    ) -> &IdentityResult {
        let recent = self.seen.len().saturating_sub(Self::LOOKED_THROUGH);
        let at = match (self.seen.iter().skip(recent)).position(|(seen, _)| *seen == subject) {
            Some(at) => recent + at,
            None => {
                self.seen.push((subject, compare()));
                self.seen.len() - 1
            }
        };
        &self.seen[at].1
    }
}

fn offense_decision<'s>(
    offense: &'s Offense,
    outcome: rules::ChargeOutcome,
    identity: &IdentityResult,
    lookback: Lookback,
    classification: Classification<'s>,
) -> OffenseDecision<'s> {
    let (queue, label) = routing::route(outcome.reportability, identity.level);
    let routing = routing_fields(
        queue,
        outcome.reportability,
        outcome.reportability_insufficient,
        identity,
    );
    OffenseDecision {
        offense_id: &offense.offense_id,
        charge: &offense.charge,
        charge_decision: label,
        offense_type: offense.offense_type.as_deref(),
        disposition: offense.disposition.as_deref(),
        needs_human_review: label == Label::ManualReview,
        cited_rules: outcome.cited_rules(),
        citations: outcome.citations(),
        rationale: Rationale::new(label, outcome, identity),
        routing,
        classification,
        lookback,
        excluded: offense.excluded,
    }
}

/// The `routing` object; `identity_score` is -1 on a hard conflict (docs/decisions.md §5).
pub fn routing_fields(
    queue: Queue,
    reportability: Reportability,
    reportability_insufficient: bool,
    identity: &IdentityResult,
) -> Routing {
    Routing {
        queue,
        reportability,
        is_automatable: queue == Queue::Automation,
        identity_level: identity.level,
        identity_score: round4(identity.identity_score),
        identity_insufficient: identity.identity_insufficient,
        reportability_insufficient,
        third_id_required: identity.third_id_required,
    }
}

fn case_decision<'s>(
    case: &'s Case,
    identity: &IdentityResult,
    offenses: Vec<OffenseDecision<'s>>,
) -> CaseDecision<'s> {
    let queue = offenses
        .iter()
        .map(|o| o.routing.queue)
        .max()
        .unwrap_or(Queue::Automation);
    CaseDecision {
        case_number: &case.case_number,
        case_decision: queue.rolled_up_label(),
        case_queue: queue,
        jurisdiction_state: case.decided_jurisdiction_state(),
        id_match: id_match(identity),
        offenses,
    }
}

pub fn id_match(identity: &IdentityResult) -> IdMatch {
    IdMatch {
        is_match: identity.is_match,
        match_score: round4(identity.match_score),
        name_score: round4(identity.name_score),
        dob_score: round4(identity.dob_score),
        ssn_score: round4(identity.ssn_score),
        address_score: round4(identity.address_score),
        details: identity.details.clone(),
    }
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// A DOB identity can use: a full date or one with `00` for unknown parts (docs/decisions.md §5).
fn dob_usable(raw: &str) -> bool {
    let b = raw.trim().as_bytes();
    let shape = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    shape && !raw.starts_with("0000") && (parse_iso(raw).is_some() || raw.ends_with("-00"))
}

// Both people borrow the request's text: one is built per subject, so copies would add up.
fn candidate_person(c: &Candidate) -> Person<'_> {
    Person {
        name: PersonName {
            first: Cow::Borrowed(&c.first_name),
            middle: Cow::Borrowed(&c.middle_name),
            last: Cow::Borrowed(&c.last_name),
        },
        full_name: None,
        aliases: Vec::new(),
        date_of_birth: Some(Cow::Borrowed(&c.date_of_birth)),
        ssn: c.ssn.as_deref().map(Cow::Borrowed),
        addresses: c
            .address
            .iter()
            .map(|a| AddressInput::SingleLine(Cow::Borrowed(a)))
            .collect(),
    }
}

fn subject_person(s: &Subject) -> Person<'_> {
    fn present(v: &str) -> Option<Cow<'_, str>> {
        (!v.trim().is_empty()).then_some(Cow::Borrowed(v))
    }
    Person {
        name: PersonName {
            first: Cow::Borrowed(&s.first_name),
            middle: Cow::Borrowed(&s.middle_name),
            last: Cow::Borrowed(&s.last_name),
        },
        full_name: present(&s.full_name),
        aliases: s
            .aliases
            .iter()
            .map(|a| PersonName {
                first: Cow::Borrowed(&a.first_name),
                middle: Cow::Borrowed(&a.middle_name),
                last: Cow::Borrowed(&a.last_name),
            })
            .collect(),
        date_of_birth: present(&s.dob),
        ssn: present(&s.ssn),
        addresses: present(&s.address)
            .map(AddressInput::SingleLine)
            .into_iter()
            .collect(),
    }
}
