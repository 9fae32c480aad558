//! What a charge's record leaves open, and how the charge is decided over what it could be: a
//! missing disposition or level (docs/decisions.md §7.2: decided only when every value it could have
//! bars it), and a record state that reads two ways (§15: a deferral that may be running or
//! completed; a set-aside or pardon where no applicable row says whether the conviction remains:
//! decided when both readings agree). The evaluator tries each value; this module says which
//! values there are and combines what the rules found for each.

use crate::classify::{CanonicalDisposition, DispositionClass, SeverityLevel};
use crate::model::Reportability;

use super::catalog::GEN_RECORD_STATE_UNSETTLED;
use super::outcome::{ChargeOutcome, Finding};
use super::reason::Reason;
use super::schema::Effect;
use super::{ChargeFacts, DataGap};

/// A value a charge's open fact could take.
#[derive(Debug, Clone, Copy)]
pub(super) enum Value {
    /// A missing disposition.
    Disposition(DispositionClass, CanonicalDisposition),
    /// A missing level.
    Level(SeverityLevel),
    /// One reading of a record state that reads two ways: the class it would be.
    Reading(DispositionClass, CanonicalDisposition),
}

impl Value {
    /// The charge's facts with this value.
    pub(super) fn of(self, f: &ChargeFacts) -> ChargeFacts {
        match self {
            Value::Disposition(class, canonical) => ChargeFacts {
                class,
                canonical,
                ..f.clone()
            },
            Value::Level(level) => ChargeFacts { level, ..f.clone() },
            Value::Reading(class, canonical) => ChargeFacts {
                class,
                canonical,
                reading_tried: true,
                ..f.clone()
            },
        }
    }
}

/// The fact a record state that reads two ways leaves open (docs/decisions.md §15).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Question {
    /// A deferral or withheld adjudication: still running (pending) or completed (not a
    /// conviction).
    DeferralStatus,
    /// A set-aside: the conviction stands (noted) or no conviction remains.
    SetAsideEffect,
    /// A pardon: the conviction stands or no conviction remains.
    PardonEffect,
}

impl Question {
    /// The open fact, when the readings disagree.
    fn open(self) -> &'static str {
        match self {
            Question::DeferralStatus => {
                "the record does not say whether the deferral is still running or was completed, and that decides it"
            }
            Question::SetAsideEffect => {
                "no applicable rule says whether the set-aside leaves the conviction on the record, and that decides it"
            }
            Question::PardonEffect => {
                "no applicable rule says whether the pardoned conviction still counts as one, and that decides it"
            }
        }
    }

    /// The open fact, when the readings agree.
    fn settled(self) -> &'static str {
        match self {
            Question::DeferralStatus => {
                "whether the deferral is still running or was completed, the outcome is the same"
            }
            Question::SetAsideEffect => {
                "whether or not the set-aside leaves the conviction on the record, the outcome is the same"
            }
            Question::PardonEffect => {
                "whether or not the pardoned conviction still counts as one, the outcome is the same"
            }
        }
    }
}

const DEFERRAL_READINGS: [(&str, Value); 2] = {
    use CanonicalDisposition as D;
    use DispositionClass as K;
    [
        (
            "it is still running",
            Value::Reading(K::Pending, D::DeferredActive),
        ),
        (
            "it was completed",
            Value::Reading(K::NonConviction, D::DeferredCompleted),
        ),
    ]
};

const SET_ASIDE_READINGS: [(&str, Value); 2] = {
    use CanonicalDisposition as D;
    use DispositionClass as K;
    [
        (
            "the conviction stands",
            Value::Reading(K::Conviction, D::ConvictionSetAside),
        ),
        (
            "no conviction remains",
            Value::Reading(K::NonConviction, D::ConvictionSetAside),
        ),
    ]
};

const PARDON_READINGS: [(&str, Value); 2] = {
    use CanonicalDisposition as D;
    use DispositionClass as K;
    [
        (
            "the conviction stands",
            Value::Reading(K::Conviction, D::Pardoned),
        ),
        (
            "no conviction remains",
            Value::Reading(K::NonConviction, D::Pardoned),
        ),
    ]
};

/// The readings of a charge whose record state reads two ways, with the fact that decides
/// between them; `settled` finds the class an applicable row says a set-aside or pardon is (AZ:
/// a set-aside stays a conviction), which leaves that reading alone; it is asked only for those.
/// `None` for a record state that reads one way, and for a charge that is already one reading.
pub(super) fn readings(
    f: &ChargeFacts,
    settled: impl FnOnce() -> Option<DispositionClass>,
) -> Option<(Question, &'static [(&'static str, Value)])> {
    if f.reading_tried {
        return None;
    }
    let (question, both): (Question, &'static [(&'static str, Value)]) = match f.canonical {
        CanonicalDisposition::DeferredUnspecified => {
            return Some((Question::DeferralStatus, &DEFERRAL_READINGS));
        }
        CanonicalDisposition::ConvictionSetAside => (Question::SetAsideEffect, &SET_ASIDE_READINGS),
        CanonicalDisposition::Pardoned => (Question::PardonEffect, &PARDON_READINGS),
        _ => return None,
    };
    let chosen = match settled() {
        Some(DispositionClass::Conviction) => both.get(..1),
        Some(DispositionClass::NonConviction) => both.get(1..),
        _ => Some(both),
    };
    chosen.map(|values| (question, values))
}

/// The values a charge's missing disposition or level could take: its disposition's when it has
/// none, its level's when the outcome needed the level (`level_gap`); empty otherwise.
pub(super) fn missing_values(f: &ChargeFacts, level_gap: bool) -> &'static [(&'static str, Value)] {
    if f.class == DispositionClass::Unknown {
        disposition_values(f)
    } else if f.level == SeverityLevel::Unknown && level_gap {
        &LEVEL_VALUES
    } else {
        &[]
    }
}

/// The dispositions a charge whose disposition is missing could have, one per way the rules
/// treat them; a disposition or release date shows it is no longer pending (the last one).
fn disposition_values(f: &ChargeFacts) -> &'static [(&'static str, Value)] {
    match DISPOSITION_VALUES.split_last() {
        Some((_, dated)) if f.outcome_dated => dated,
        _ => &DISPOSITION_VALUES,
    }
}

const DISPOSITION_VALUES: [(&str, Value); 5] = {
    use CanonicalDisposition as D;
    use DispositionClass as K;
    [
        (
            "a conviction",
            Value::Disposition(K::Conviction, D::Convicted),
        ),
        (
            "a dismissal",
            Value::Disposition(K::NonConviction, D::Dismissed),
        ),
        (
            "a nolle prosequi",
            Value::Disposition(K::NonConviction, D::DismissedByProsecutor),
        ),
        (
            "a completed deferral",
            Value::Disposition(K::NonConviction, D::DeferredCompleted),
        ),
        ("still pending", Value::Disposition(K::Pending, D::Pending)),
    ]
};

/// The levels a charge whose type gives none could have, one per way the rules treat them.
const LEVEL_VALUES: [(&str, Value); 7] = {
    use SeverityLevel as L;
    [
        ("a felony", Value::Level(L::Felony)),
        ("a misdemeanor", Value::Level(L::Misdemeanor)),
        ("a petty offense", Value::Level(L::PettyOffense)),
        ("an infraction", Value::Level(L::Infraction)),
        ("a violation", Value::Level(L::Violation)),
        ("an ordinance violation", Value::Level(L::Ordinance)),
        ("a civil offense", Value::Level(L::Civil)),
    ]
};

/// docs/decisions.md §7.2: a charge undecided for a missing `what` (its `outcome` as given) is barred
/// when every value it could take is (`tried`); either way the values a rule would need under
/// one of them are noted.
pub(super) fn decide_missing(
    what: &str,
    mut outcome: ChargeOutcome,
    tried: &[(&str, ChargeOutcome)],
) -> ChargeOutcome {
    for (_, o) in tried {
        note_missing(&mut outcome.missing, &o.missing);
    }
    let barred = |o: &ChargeOutcome| o.reportability == Reportability::NotReportable;
    let undecided = outcome.reportability == Reportability::NotEnoughInfo;
    if !undecided || !tried.iter().all(|(_, o)| barred(o)) {
        return outcome;
    }
    // One finding per rule that bars a value, naming the values it bars.
    let mut bars: Vec<(Finding, Vec<&str>)> = Vec::new();
    for (label, o) in tried {
        let Some(bar) = o.findings.first() else {
            continue;
        };
        match bars.iter_mut().find(|(b, _)| b.rule_id == bar.rule_id) {
            Some((_, labels)) => labels.push(label),
            None => bars.push((bar.clone(), vec![label])),
        }
    }
    let mut findings: Vec<Finding> = bars
        .into_iter()
        .enumerate()
        .map(|(i, (mut bar, labels))| {
            let lead = if i == 0 {
                format!("whatever the missing {what} is: ")
            } else {
                String::new()
            };
            bar.reason = Reason::Composed(format!("{lead}if {}, {}", one_of(&labels), bar.reason));
            bar
        })
        .collect();
    findings.extend(outcome.findings);
    ChargeOutcome::combine_noting(findings, &outcome.missing)
}

/// docs/decisions.md §15: a record state that reads two ways is decided when every reading (`tried`)
/// gives the same reportability, otherwise a person decides (`GEN_RECORD_STATE_UNSETTLED`); the
/// rationale says what each reading gives, so the fact that settles it is plain. Every rule a
/// reading used is cited; none of them restricts beyond a review when the readings disagree.
pub(super) fn decide_reading(
    question: Question,
    mut tried: Vec<(&'static str, ChargeOutcome)>,
) -> ChargeOutcome {
    // One reading (a row settles it): that reading's outcome as it stands.
    if tried.len() == 1
        && let Some((_, only)) = tried.pop()
    {
        return only;
    }
    let mut missing = Vec::new();
    for (_, o) in &tried {
        note_missing(&mut missing, &o.missing);
    }
    let Some(first) = tried.first().map(|(_, o)| o.reportability) else {
        return ChargeOutcome::combine(Vec::new());
    };
    let agreed = tried.iter().all(|(_, o)| o.reportability == first);
    let said: Vec<String> = tried.iter().map(|(_, o)| o.reason()).collect();
    let mut findings: Vec<Finding> = Vec::new();
    if !(agreed && said.iter().all(|s| Some(s) == said.first())) {
        let each: Vec<String> = tried
            .iter()
            .zip(&said)
            .map(|((label, o), said)| format!("if {label}, {}: {said}", verdict(o.reportability)))
            .collect();
        let lead = if agreed {
            question.settled()
        } else {
            question.open()
        };
        let decisive = tried.first().and_then(|(_, o)| o.findings.first());
        let (rule_id, effect) = match decisive {
            Some(d) if agreed => (d.rule_id, d.effect),
            _ => (GEN_RECORD_STATE_UNSETTLED, Effect::Review),
        };
        findings.push(Finding::new(
            rule_id,
            effect,
            Reason::Composed(format!("{lead}: {}", each.join("; "))),
        ));
    }
    // With a composed lead, every reading's findings are cited and said by it; otherwise the
    // first reading's reasons are every reading's and speak for themselves.
    let composed = !findings.is_empty();
    for (i, (_, o)) in tried.into_iter().enumerate() {
        for x in o.findings {
            let effect = if agreed {
                x.effect
            } else {
                x.effect.min(Effect::Review)
            };
            if findings
                .iter()
                .any(|y| y.rule_id == x.rule_id && y.effect == effect)
            {
                continue;
            }
            let reason = if composed || i > 0 {
                Reason::Folded
            } else {
                x.reason
            };
            findings.push(Finding {
                effect,
                reason,
                ..x
            });
        }
    }
    ChargeOutcome::combine_noting(findings, &missing)
}

/// A reading's reportability in a few words.
fn verdict(r: Reportability) -> &'static str {
    match r {
        Reportability::Reportable => "it is reportable",
        Reportability::NotReportable => "it is not reportable",
        Reportability::NotEnoughInfo => "a person decides",
    }
}

/// Adds the missing values of `more` not yet in `into`.
fn note_missing(into: &mut Vec<DataGap>, more: &[DataGap]) {
    for gap in more {
        if !into.contains(gap) {
            into.push(*gap);
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(labels: &[&str]) -> String {
    match labels {
        [] => String::new(),
        [only] => (*only).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
