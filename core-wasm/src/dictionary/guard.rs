//! The law still decides: a dictionary sets facts, and the rules decide on them, but a charge the
//! rules bar on its built-in reading stays barred whatever the dictionary reads it as. A
//! dictionary can make a charge minor traffic (a bar); it can never make reportable, or send to
//! a person, what a rule bars.

use crate::model::{Offense, Reportability};
use crate::rules::{self, ChargeFacts, ChargeOutcome, ClientRules};

/// The outcome of a charge the dictionary read, and the facts it was decided on: the rules'
/// outcome on the dictionary's facts, unless the built-in reading is barred and the dictionary's
/// is not; then the built-in reading's outcome and facts (`kept_bar`).
pub struct Settled {
    pub outcome: ChargeOutcome,
    /// The built-in facts when their bar was kept.
    pub facts: Option<ChargeFacts>,
}

impl Settled {
    pub fn kept_bar(&self) -> bool {
        self.facts.is_some()
    }
}

/// `outcome` (the rules on `facts`, the dictionary's reading of `offense`) settled against the
/// built-in reading.
pub fn settle(
    offense: &Offense,
    facts: &ChargeFacts,
    outcome: ChargeOutcome,
    client: Option<&ClientRules>,
) -> Settled {
    let unchanged = Settled {
        outcome,
        facts: None,
    };
    let Some(read) = &offense.dictionary else {
        return unchanged;
    };
    if unchanged.outcome.reportability == Reportability::NotReportable {
        return unchanged;
    }
    let builtin = &read.builtin;
    let builtin_facts = ChargeFacts {
        traffic: builtin.traffic,
        level: builtin.level,
        class: builtin.disposition.class,
        canonical: builtin.disposition.canonical,
        ..facts.clone()
    };
    if builtin_facts == *facts {
        return unchanged;
    }
    let barred = rules::evaluate_with(&builtin_facts, client);
    if barred.reportability != Reportability::NotReportable {
        return unchanged;
    }
    Settled {
        outcome: barred,
        facts: Some(builtin_facts),
    }
}
