//! What the decision log and the decision metrics read of an `/evaluate` answer: per charge its
//! court, case state, offense id, decision, queue and cited rules; the rest is skipped. The same
//! decision facts serve the shadow comparisons (`crate::shadow`).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The facts of an answer body (all empty when it is missing or not an envelope).
pub(super) fn read(answer: Option<&[u8]>) -> AnswerFacts<'_> {
    answer.and_then(parse).unwrap_or_default()
}

/// Read from a `str` when the whole body is UTF-8 (always, for the server's envelopes): one check
/// of the text, where reading the bytes checked every key and string borrowed from it again.
/// Other bytes are read as before, so invalid UTF-8 in a skipped member still reads.
fn parse(body: &[u8]) -> Option<AnswerFacts<'_>> {
    match std::str::from_utf8(body) {
        Ok(text) => serde_json::from_str(text).ok(),
        Err(_) => serde_json::from_slice(body).ok(),
    }
}

/// What the log reads of an `/evaluate` answer body.
#[derive(Deserialize, Default)]
pub(super) struct AnswerFacts<'a> {
    #[serde(borrow)]
    pub(super) data: Option<DataFacts<'a>>,
}

#[derive(Deserialize, Default)]
pub(super) struct DataFacts<'a> {
    #[serde(borrow)]
    pub(super) search_id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub(super) status: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub(super) decision: Option<DecisionFacts<'a>>,
}

/// What the log and shadow comparisons read of a decision tree; every member may be missing or
/// null in a module's answer.
#[derive(Deserialize, Default)]
pub struct DecisionFacts<'a> {
    #[serde(borrow)]
    pub(super) record_decision: Option<Cow<'a, str>>,
    #[serde(borrow)]
    pub(super) search_queue: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    court_decisions: Option<Vec<CourtFacts<'a>>>,
}

impl DecisionFacts<'_> {
    /// Every charge with its court and case, in order.
    fn offenses(
        &self,
    ) -> impl Iterator<Item = (&CourtFacts<'_>, &CaseFacts<'_>, &OffenseFacts<'_>)> {
        self.court_decisions.iter().flatten().flat_map(|court| {
            court.case_decisions.iter().flatten().flat_map(move |case| {
                case.offenses
                    .iter()
                    .flatten()
                    .map(move |offense| (court, case, offense))
            })
        })
    }

    /// Every charge, borrowed, in order.
    fn charges(&self) -> impl Iterator<Item = ChargeRef<'_>> {
        self.offenses().map(|(court, case, offense)| ChargeRef {
            court_search_id: text(&court.court_search_id),
            offense_id: text(&offense.offense_id),
            decision: text(&offense.charge_decision),
            queue: offense.queue(),
            cited_rules: offense.cited_rules.as_deref().unwrap_or_default(),
            state: text(&case.jurisdiction_state),
        })
    }

    /// Every charge's `charge_decision` and `routing.queue` (empty where missing), in order.
    pub(super) fn outcomes(&self) -> impl Iterator<Item = (&str, &str)> {
        self.offenses()
            .map(|(_, _, offense)| (text(&offense.charge_decision), offense.queue()))
    }
}

#[derive(Deserialize)]
struct CourtFacts<'a> {
    #[serde(borrow)]
    court_search_id: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    case_decisions: Option<Vec<CaseFacts<'a>>>,
}

#[derive(Deserialize)]
struct CaseFacts<'a> {
    #[serde(borrow)]
    jurisdiction_state: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    offenses: Option<Vec<OffenseFacts<'a>>>,
}

#[derive(Deserialize)]
struct OffenseFacts<'a> {
    #[serde(borrow)]
    offense_id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    charge_decision: Option<Cow<'a, str>>,
    #[serde(borrow)]
    routing: Option<RoutingFacts<'a>>,
    #[serde(borrow, default)]
    cited_rules: Option<Vec<Cow<'a, str>>>,
}

impl OffenseFacts<'_> {
    fn queue(&self) -> &str {
        self.routing.as_ref().map_or("", |r| text(&r.queue))
    }
}

/// A text member, empty where missing or null.
fn text<'t>(member: &'t Option<Cow<'_, str>>) -> &'t str {
    member.as_deref().unwrap_or_default()
}

#[derive(Deserialize)]
struct RoutingFacts<'a> {
    #[serde(borrow)]
    queue: Option<Cow<'a, str>>,
}

/// One charge's outcome: ids, decision, queue, cited rules (no charge text, no names).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Charge {
    /// Court search id.
    pub court_search_id: String,
    /// Offense id.
    pub offense_id: String,
    /// `charge_decision`.
    pub decision: String,
    /// `routing.queue`.
    pub queue: String,
    /// `cited_rules`.
    pub cited_rules: Vec<String>,
    /// The case's `jurisdiction_state`.
    pub state: String,
}

/// Every charge of a decision tree, in order.
pub fn charges_of(decision: &DecisionFacts<'_>) -> Vec<Charge> {
    decision.charges().map(Charge::from).collect()
}

impl From<ChargeRef<'_>> for Charge {
    fn from(charge: ChargeRef<'_>) -> Self {
        Self {
            court_search_id: charge.court_search_id.to_owned(),
            offense_id: charge.offense_id.to_owned(),
            decision: charge.decision.to_owned(),
            queue: charge.queue.to_owned(),
            cited_rules: charge.cited_rules.iter().map(|r| r.to_string()).collect(),
            state: charge.state.to_owned(),
        }
    }
}

/// A [`Charge`] borrowed from the answer: written as it writes, without a copy of its text.
#[derive(Serialize)]
pub(super) struct ChargeRef<'a> {
    court_search_id: &'a str,
    offense_id: &'a str,
    decision: &'a str,
    queue: &'a str,
    cited_rules: &'a [Cow<'a, str>],
    state: &'a str,
}

/// A decision tree's charges, written as the list of [`Charge`]s would be.
pub(super) struct Charges<'d, 'a>(pub(super) &'d DecisionFacts<'a>);

impl Serialize for Charges<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.charges())
    }
}
