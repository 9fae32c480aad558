//! The decision tree of docs/api.md "Decision tree (`data.decision`)".

use std::rc::Rc;

use serde::Serialize;

use crate::identity::IdentityLevel;
use crate::model::{Classification, Label, Lookback, Queue, Reportability, RuleIds};
use crate::rationale::Rationale;

mod json;

/// The tree borrows what it echoes from the record it decides (`'s`) and its rule ids and
/// citations from the rule tables: one request allocates its vectors, not a string per field.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision<'s> {
    pub search_id: &'s str,
    pub decision_date: &'s str,
    pub record_decision: Label,
    pub search_queue: Queue,
    pub order_id: &'s str,
    pub order_number: &'s str,
    pub client_search_type: Option<&'s str>,
    pub court_decisions: Vec<CourtDecision<'s>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CourtDecision<'s> {
    pub court_search_id: &'s str,
    pub court_decision: Label,
    pub court_queue: Queue,
    pub case_decisions: Vec<CaseDecision<'s>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseDecision<'s> {
    pub case_number: &'s str,
    pub case_decision: Label,
    pub case_queue: Queue,
    pub jurisdiction_state: &'s str,
    pub id_match: IdMatch,
    pub offenses: Vec<OffenseDecision<'s>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IdMatch {
    pub is_match: bool,
    pub match_score: f64,
    pub name_score: f64,
    pub dob_score: f64,
    pub ssn_score: f64,
    pub address_score: f64,
    /// The identity result's own text, shared by every case of the subject, not copied per case.
    #[serde(serialize_with = "shared_str")]
    pub details: Rc<str>,
}

fn shared_str<S: serde::Serializer>(text: &Rc<str>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(text)
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OffenseDecision<'s> {
    pub offense_id: &'s str,
    pub charge: &'s str,
    pub charge_decision: Label,
    #[serde(rename = "type")]
    pub offense_type: Option<&'s str>,
    pub disposition: Option<&'s str>,
    /// Composed while the answer is written.
    pub rationale: Rationale<'s>,
    pub needs_human_review: bool,
    pub cited_rules: RuleIds,
    pub citations: RuleIds,
    pub routing: Routing,
    /// docs/decisions.md §12 extension: how stage 1 read the charge.
    pub classification: Classification<'s>,
    /// When the charge ages out (docs/decisions.md §12, an accepted extension).
    pub lookback: Lookback,
    /// Internal: removed from the client-facing tree after rollup (docs/api.md rule 7).
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
