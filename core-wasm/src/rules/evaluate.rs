//! The evaluator: federal rules always; the CRA statutes of the court's, the applicant's and the
//! customer's states; employer-use limits of the applicant's state; court-keyed rules of the
//! court's state; local rules of the court's place; the tenant's overlay. Most protective wins.

use chrono::{Months, NaiveDate};

use crate::classify::{CanonicalDisposition, DispositionClass, SeverityLevel};
use crate::dates::{parse_iso, years_before};
use crate::model::Reportability;

use super::catalog::{self, Action, Category, Clock, Confidence, Rule, Trigger, Window};
use super::client::ClientRules;
use super::facts::{Custody, Dated, LaterDate};
use super::outcome::reportability_of;
use super::registry;
use super::trial::{self, Value};
use super::{ChargeFacts, ChargeOutcome, DataGap, Effect, Finding, Reason, federal, local, states};

/// Evaluates one charge against every applicable rule, without a client overlay.
pub fn evaluate_charge(facts: &ChargeFacts) -> ChargeOutcome {
    evaluate_with(facts, None)
}

/// Evaluates one charge against every applicable rule and the tenant's overlay. A record state
/// that reads two ways is decided over its readings (docs/decisions.md §15), a missing disposition or
/// level over the values it could have (§7.2).
pub fn evaluate_with(f: &ChargeFacts, client: Option<&ClientRules>) -> ChargeOutcome {
    if let Some((question, readings)) = trial::readings(f, || settled_reading(f)) {
        let tried = readings
            .iter()
            .map(|(label, value)| (*label, evaluate_with(&value.of(f), client)))
            .collect();
        return trial::decide_reading(question, tried);
    }
    whatever_the_values(f, client, as_given(f, client))
}

/// The class an applicable row in force says the charge's record state is (AZ: a set-aside
/// stays a conviction), if one does.
pub(super) fn settled_reading(f: &ChargeFacts) -> Option<DispositionClass> {
    triggered(f)
        .filter(|rule| in_force(rule, f.as_of) && category_match(rule.category, f).is_some())
        .find_map(|rule| match rule.action {
            Action::ReadsAs(class) => Some(class),
            _ => None,
        })
}

/// The outcome of the rules and the overlay for the values the record gives, before a missing
/// disposition or level is tried.
fn as_given(f: &ChargeFacts, client: Option<&ClientRules>) -> ChargeOutcome {
    // Federal, jurisdiction, a state row or two and a preemption note, nearly always.
    let mut found = Found {
        findings: Vec::with_capacity(4),
        needed: Vec::new(),
    };
    find(f, client, &mut found);
    ChargeOutcome::combine_noting(found.findings, &found.needed)
}

/// What the rules found about a charge, and the missing values they needed on the way.
#[derive(Debug, Default)]
pub(super) struct Found {
    findings: Vec<Finding>,
    needed: Vec<DataGap>,
}

/// The findings of the rules and the overlay, onto `found`.
fn find(f: &ChargeFacts, client: Option<&ClientRules>, found: &mut Found) {
    law(f, found);
    if let Some(c) = client {
        let (findings, needed) = c.assess(f);
        found.findings.extend(findings);
        found.needed.extend(needed);
    }
}

/// Federal, state and local findings.
fn law(f: &ChargeFacts, found: &mut Found) {
    federal::add_findings(f, &mut found.findings);
    if f.state.is_none() {
        found.findings.push(Finding::data_gap(
            catalog::SYS_JURISDICTION_UNKNOWN,
            DataGap::Jurisdiction,
            "the case has no usable jurisdiction_state, so state rules could not be checked",
        ));
    }
    for rule in triggered(f) {
        if in_force(rule, f.as_of) {
            apply(rule, f, found);
        }
    }
}

/// The state and local rows whose party or place trigger matches the charge, in force or not:
/// state rows court first, then applicant, then customer, then the place's local rows.
pub(super) fn triggered(f: &ChargeFacts) -> impl Iterator<Item = &'static Rule> + '_ {
    let state_rows = f.states().flat_map(move |code| {
        states::rules_for_bytes(code.as_bytes())
            .iter()
            .filter(move |rule| match rule.trigger {
                Trigger::AnyParty => true,
                Trigger::Applicant => f.applicant_state == Some(code),
                Trigger::Court => f.state == Some(code),
                _ => false,
            })
    });
    let local_rows = f.place.into_iter().flat_map(|place| {
        local::RULES
            .iter()
            .filter(move |r| r.trigger == Trigger::Local(place))
    });
    state_rows.chain(local_rows)
}

/// Whether a rule is about this charge's disposition class and category (whatever the date; a
/// category that turns on a missing value counts).
pub(super) fn concerns(rule: &Rule, f: &ChargeFacts) -> bool {
    rule.classes.contains(&f.class) && category_match(rule.category, f).is_some()
}

/// docs/decisions.md §7.2: a charge whose disposition or level is missing is decided only when every
/// value it could have gives the same decision; either way the values a rule would need under
/// one of them are noted. A missing date needs no trial: a later date (disposition, release)
/// cannot be earlier than the one the record gives, and no rule restricts a charge for a date
/// being late, so the rules decide it exactly by themselves (see [`lookback`]).
fn whatever_the_values(
    f: &ChargeFacts,
    client: Option<&ClientRules>,
    outcome: ChargeOutcome,
) -> ChargeOutcome {
    let undecided = outcome.reportability == Reportability::NotEnoughInfo;
    let what = if f.class == DispositionClass::Unknown {
        "disposition"
    } else if f.level == SeverityLevel::Unknown && undecided && outcome.has_gap(DataGap::Level) {
        "charge level"
    } else {
        return outcome;
    };
    let tried: Vec<(&str, ChargeOutcome)> =
        trial::missing_values(f, outcome.has_gap(DataGap::Level))
            .iter()
            .map(|(label, value)| (*label, evaluate_with(&value.of(f), client)))
            .collect();
    trial::decide_missing(what, outcome, &tried)
}

/// [`reportability_in`] with a scratch of its own.
#[cfg(test)]
pub(super) fn reportability_with(f: &ChargeFacts, client: Option<&ClientRules>) -> Reportability {
    reportability_in(&mut Found::default(), f, client)
}

/// The reportability [`evaluate_with`] gives a charge, without the findings and missing values
/// it writes (the lookback asks it at each boundary): a record state that reads two ways is
/// decided when its readings agree; a charge undecided for a missing disposition or level is
/// barred when every value it could take is, as [`whatever_the_values`] decides it; each value
/// is tried until one is not barred (or a reading disagrees). The
/// findings are gathered in `scratch`, kept from call to call (no vector each time), and never
/// combined into an outcome: only the strongest effect counts.
pub(super) fn reportability_in(
    scratch: &mut Found,
    f: &ChargeFacts,
    client: Option<&ClientRules>,
) -> Reportability {
    if let Some((_, readings)) = trial::readings(f, || settled_reading(f)) {
        // Decided when every reading agrees (docs/decisions.md §15).
        let mut agreed = None;
        for (_, value) in readings {
            let r = reportability_in(scratch, &value.of(f), client);
            match agreed {
                Some(a) if a != r => return Reportability::NotEnoughInfo,
                _ => agreed = Some(r),
            }
        }
        return agreed.unwrap_or(Reportability::NotEnoughInfo);
    }
    scratch.findings.clear();
    scratch.needed.clear();
    find(f, client, scratch);
    let now = reportability_of(scratch.findings.iter().map(|x| x.effect).max());
    let level_gap = scratch.needed.contains(&DataGap::Level)
        || (scratch.findings.iter()).any(|x| x.data_gap == Some(DataGap::Level));
    let values = trial::missing_values(f, level_gap);
    let mut barred = |value: &Value| {
        reportability_in(scratch, &value.of(f), client) == Reportability::NotReportable
    };
    if now == Reportability::NotEnoughInfo
        && !values.is_empty()
        && values.iter().all(|(_, value)| barred(value))
    {
        Reportability::NotReportable
    } else {
        now
    }
}

/// The values a charge's record leaves open, as [`evaluate_with`] tries them: the readings of a
/// record state that reads two ways, else a missing disposition's or level's values (the level
/// only for an outcome that needed it, `level_gap`); empty when nothing is tried.
pub(super) fn values_tried(f: &ChargeFacts, level_gap: bool) -> &'static [(&'static str, Value)] {
    match trial::readings(f, || settled_reading(f)) {
        Some((_, readings)) => readings,
        None => trial::missing_values(f, level_gap),
    }
}

/// Effective dates compare with `search_date` (the law in force when the report is made).
pub(super) fn in_force(rule: &Rule, as_of: NaiveDate) -> bool {
    let from_ok = rule
        .effective_from
        .is_none_or(|d| parse_iso(d).is_some_and(|d| d <= as_of));
    let to_ok = rule
        .effective_to
        .is_none_or(|d| parse_iso(d).is_some_and(|d| as_of <= d));
    from_ok && to_ok
}

/// Exactly on the boundary is inside; one day earlier is outside (docs/decisions.md §7.2).
pub fn within(event: NaiveDate, as_of: NaiveDate, window: Window) -> bool {
    window_start(as_of, window).is_none_or(|start| event >= start)
}

/// The earliest event date still inside `window` as of `as_of` (`None`: the window reaches back
/// past the calendar, so every date is inside).
pub fn window_start(as_of: NaiveDate, window: Window) -> Option<NaiveDate> {
    if window.months == 0 {
        return years_before(as_of, window.years);
    }
    let months = window
        .years
        .saturating_mul(12)
        .saturating_add(window.months);
    as_of.checked_sub_months(Months::new(months))
}

/// How surely a rule's category covers a charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fit {
    Sure,
    /// For some values of this missing one only (a level the type does not give, a date of
    /// entry the category compares with a day).
    Unsure(DataGap),
}

/// Whether the rule's category covers the charge (`None`: it does not).
fn category_match(category: Category, f: &ChargeFacts) -> Option<Fit> {
    use CanonicalDisposition as D;
    use Category as K;
    use SeverityLevel as L;
    let sure = |b: bool| b.then_some(Fit::Sure);
    let level = |covers: fn(L) -> bool| match f.level {
        L::Unknown => Some(Fit::Unsure(DataGap::Level)),
        known => sure(covers(known)),
    };
    let deferral = f.canonical.is_deferral();
    match category {
        K::All => Some(Fit::Sure),
        K::RecordState(states) => sure(states.contains(&f.canonical)),
        K::Deferral => sure(deferral),
        K::NotDeferral => sure(!deferral),
        K::AcquittalOrDismissal => sure(matches!(
            f.canonical,
            D::Acquitted | D::AcquittedInsanity | D::Dismissed
        )),
        K::Nolle => sure(f.canonical == D::DismissedByProsecutor),
        K::Juvenile => sure(f.juvenile),
        K::MarijuanaPossession => sure(f.marijuana_possession),
        K::MarijuanaPossessionBefore(day) if f.marijuana_possession => {
            match (parse_iso(day), f.entry) {
                (Some(day), Some(e)) => sure(e.date < day),
                (Some(_), None) => Some(Fit::Unsure(DataGap::EntryDate)),
                (None, _) => None,
            }
        }
        K::MarijuanaPossessionBefore(_) => None,
        K::Felony => level(|l| l == L::Felony),
        K::NotFelony | K::BelowFelony => level(|l| l != L::Felony),
        K::ViolationOrInfraction if f.dwai_or_loitering => None,
        K::ViolationOrInfraction => level(|l| matches!(l, L::Violation | L::Infraction)),
        K::Summary => level(|l| l == L::PettyOffense),
        K::MinorMisdemeanorMa if f.minor_misdemeanor_ma => level(|l| l != L::Felony),
        K::MinorMisdemeanorMa => None,
        K::Misdemeanor => level(|l| matches!(l, L::Misdemeanor | L::PettyOffense)),
    }
}

/// Applies one rule to a charge, adding its finding (and a preemption note) when it has one.
fn apply(rule: &'static Rule, f: &ChargeFacts, found: &mut Found) {
    if !rule.classes.contains(&f.class) {
        return;
    }
    let Some(fit) = category_match(rule.category, f) else {
        return;
    };
    let unsure = match fit {
        Fit::Sure => None,
        Fit::Unsure(gap) => Some(gap),
    };
    let finding = match (rule.action, unsure) {
        // A permit that may not apply restricts nothing either way.
        (Action::Notice, _) | (Action::Permit | Action::ReadsAs(_), Some(_)) => return,
        // The row's note, said in the reading it settles.
        (Action::ReadsAs(class), None) if class == f.class => {
            Finding::new(rule.id, Effect::Permit, rule.reason)
        }
        (Action::ReadsAs(_), None) => return,
        (Action::Bar | Action::Review | Action::JuvenileUntilAge(_), Some(gap)) => {
            Finding::data_gap(
                rule.id,
                gap,
                Reason::Unsure {
                    rule: rule.reason,
                    gap,
                },
            )
        }
        // docs/decisions.md §15: a record-state row bars whatever its confidence, and says it.
        (Action::Bar, None)
            if rule.confidence != Confidence::High
                && matches!(rule.category, Category::RecordState(_)) =>
        {
            Finding::new(
                rule.id,
                Effect::Bar,
                Reason::Confidence {
                    rule: rule.reason,
                    confidence: rule.confidence.as_str(),
                },
            )
        }
        (Action::Bar, None) => Finding::new(rule.id, Effect::Bar, rule.reason),
        (Action::Permit, None) => Finding::new(rule.id, Effect::Permit, rule.reason),
        (Action::Review, None) => Finding::new(rule.id, Effect::Review, rule.reason),
        (Action::JuvenileUntilAge(age), None) => match f.subject_at_least(age) {
            Some(true) => Finding::new(rule.id, Effect::Bar, rule.reason),
            Some(false) => return,
            None => Finding::new(
                rule.id,
                Effect::Review,
                Reason::AgeUnknown { rule: rule.reason },
            ),
        },
        (
            Action::Lookback {
                window,
                clock,
                salary,
                outside,
            },
            _,
        ) => {
            let row = LookbackRow {
                window,
                clock,
                lifted: salary.is_some_and(|t| f.salary_at_least(f64::from(t))),
                outside,
            };
            lookback(rule, f, row, unsure, &mut found.needed)
        }
    };
    let effect = finding.effect;
    found.findings.push(finding);
    if let Some(note) = rule.preemption_doubt
        && effect != Effect::Permit
    {
        let note: &'static str =
            registry::rule(note).map_or(catalog::FED_STATE_PREEMPTION, |r| r.id);
        found.findings.push(Finding::new(
            note,
            effect,
            Reason::PreemptionDisputed {
                jurisdiction: rule.jurisdiction,
            },
        ));
    }
}

/// The findings of one rule alone (unit tests of each row).
#[cfg(test)]
pub(super) fn apply_one(rule: &'static Rule, f: &ChargeFacts) -> Vec<Finding> {
    let mut found = Found::default();
    apply(rule, f, &mut found);
    found.findings
}

/// A lookback row as it bears on one charge.
#[derive(Debug, Clone, Copy)]
struct LookbackRow {
    window: Window,
    clock: Clock,
    /// A salary exemption lifts it.
    lifted: bool,
    /// What it does past the window.
    outside: Effect,
}

/// One lookback on one charge. A window counts only from the date its law names: the federal
/// order of entry dates for `Clock::Entry`, the latest of disposition and release otherwise
/// (docs/decisions.md §7.2). When that date is missing, the charge is inside whatever it is once the
/// date it cannot precede is inside; otherwise a person decides, and the missing value is
/// noted either way (`needed`). `unsure`: the category turns on this missing value.
fn lookback(
    rule: &'static Rule,
    f: &ChargeFacts,
    row: LookbackRow,
    unsure: Option<DataGap>,
    needed: &mut Vec<DataGap>,
) -> Finding {
    let window = rule.reason;
    let permit = |reason: Reason| Finding::new(rule.id, Effect::Permit, reason);
    if f.is_serving && row.clock != Clock::Entry && f.class == DispositionClass::Conviction {
        return permit(Reason::Serving { window });
    }
    let inside = |d: &Dated| within(d.date, f.as_of, row.window);
    let date = match row.clock {
        Clock::Entry => f.entry.map_or(
            LaterDate::Missing {
                gaps: &[DataGap::EntryDate],
                floor: None,
            },
            LaterDate::Known,
        ),
        Clock::Disposition | Clock::OutOfCustody => f.conviction_clock,
    };
    if let LaterDate::Known(d) = date
        && inside(&d)
    {
        needed.extend(unsure);
        return permit(Reason::Within { window, at: d });
    }
    if row.lifted {
        return permit(match date {
            LaterDate::Known(at) => Reason::LiftedPast { window, at },
            LaterDate::Missing { .. } => Reason::Lifted { window },
        });
    }
    needed.extend(unsure);
    let (gaps, floor) = match date {
        LaterDate::Known(d) => return past(rule, f, row, unsure, d),
        LaterDate::Missing { gaps, floor } => (gaps, floor),
    };
    needed.extend_from_slice(gaps);
    let gap = gaps.first().copied().unwrap_or(DataGap::DispositionDate);
    let missing = gaps;
    match floor {
        Some(floor) if inside(&floor) => permit(Reason::WithinWhateverMissing {
            window,
            missing,
            floor,
        }),
        Some(floor) => Finding::data_gap(
            rule.id,
            gap,
            Reason::FloorPast {
                window,
                missing,
                floor,
            },
        ),
        None if row.clock == Clock::Entry => {
            Finding::data_gap(rule.id, gap, Reason::NoEntryDate { window })
        }
        None => Finding::data_gap(rule.id, gap, Reason::DateMissing { window, missing }),
    }
}

/// A lookback whose record date is past its window.
fn past(
    rule: &'static Rule,
    f: &ChargeFacts,
    row: LookbackRow,
    unsure: Option<DataGap>,
    at: Dated,
) -> Finding {
    let window = rule.reason;
    // Whether the rule applies at all comes first: a review for unknown custody on a charge the
    // rule may not concern is still a review for the missing value (reportability_insufficient).
    if let Some(gap) = unsure {
        Finding::data_gap(rule.id, gap, Reason::PastUnsure { window, at, gap })
    } else if row.clock == Clock::OutOfCustody && f.custody == Custody::Unknown {
        Finding::new(
            rule.id,
            Effect::Review,
            Reason::PastCustodyUnknown { window, at },
        )
    } else {
        Finding::new(rule.id, row.outside, Reason::Past { window, at })
    }
}
