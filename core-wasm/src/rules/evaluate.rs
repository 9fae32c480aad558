//! The evaluator: federal rules always; the CRA statutes of the court's, the applicant's and the
//! customer's states; employer-use limits of the applicant's state; court-keyed rules of the
//! court's state; local rules of the court's place; the tenant's overlay. Most protective wins.

use chrono::{Months, NaiveDate};

use crate::parse::classify::{CanonicalDisposition, DispositionClass, SeverityLevel};
use crate::parse::dates::{parse_iso, years_before};

use super::catalog::{self, Action, Category, Clock, Rule, Trigger, Window};
use super::client::ClientRules;
use super::facts::{Custody, Dated};
use super::{ChargeFacts, ChargeOutcome, DataGap, Effect, Finding, federal, local, states};

/// Evaluates one charge against every applicable rule, without a client overlay.
pub fn evaluate_charge(facts: &ChargeFacts) -> ChargeOutcome {
    evaluate_with(facts, None)
}

/// Evaluates one charge against every applicable rule and the tenant's overlay.
pub fn evaluate_with(facts: &ChargeFacts, client: Option<&ClientRules>) -> ChargeOutcome {
    let mut findings = law(facts);
    if facts.class == DispositionClass::Unknown {
        findings.extend(whatever_the_disposition(facts));
    }
    if let Some(c) = client {
        findings.extend(c.findings(facts));
    }
    ChargeOutcome::combine(findings)
}

/// Federal, state and local findings.
fn law(f: &ChargeFacts) -> Vec<Finding> {
    let mut out = federal::findings(f);
    if f.state.is_none() {
        out.push(Finding::data_gap(
            catalog::SYS_JURISDICTION_UNKNOWN,
            DataGap::Jurisdiction,
            "the case has no usable jurisdiction_state, so state rules could not be checked",
        ));
    }
    for rule in triggered(f) {
        if in_force(rule, f.as_of) {
            apply(rule, f, &mut out);
        }
    }
    out
}

/// The state and local rows whose party or place trigger matches the charge, in force or not:
/// state rows court first, then applicant, then customer, then the place's local rows.
pub(super) fn triggered(f: &ChargeFacts) -> impl Iterator<Item = &'static Rule> + '_ {
    let state_rows = f.states().into_iter().flat_map(move |code| {
        states::rules_for(code)
            .iter()
            .filter(move |rule| match rule.trigger {
                Trigger::AnyParty => true,
                Trigger::Applicant => f.applicant_state.as_deref() == Some(code),
                Trigger::Court => f.state.as_deref() == Some(code),
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

/// Whether a rule is about this charge's disposition class and category (whatever the date).
pub(super) fn concerns(rule: &Rule, f: &ChargeFacts) -> bool {
    rule.classes.contains(&f.class) && category_match(rule.category, f).is_some()
}

/// DECISIONS §7.2: a charge whose disposition is missing but that would be barred whatever it is
/// (a conviction past the lookback and a non-conviction barred) is not reportable. A disposition
/// or release date shows the charge is no longer pending.
fn whatever_the_disposition(f: &ChargeFacts) -> Vec<Finding> {
    if f.conviction_clock.is_none() {
        return Vec::new();
    }
    let as_if = |class, canonical| ChargeFacts {
        class,
        canonical,
        ..f.clone()
    };
    let bar = |g: &ChargeFacts| law(g).into_iter().find(|x| x.effect == Effect::Bar);
    let convicted = bar(&as_if(
        DispositionClass::Conviction,
        CanonicalDisposition::Convicted,
    ));
    let not_convicted = bar(&as_if(
        DispositionClass::NonConviction,
        CanonicalDisposition::Dismissed,
    ));
    match (convicted, not_convicted) {
        (Some(mut c), Some(mut n)) => {
            c.reason = format!(
                "whatever the missing disposition is: if a conviction, {}",
                c.reason
            );
            n.reason = format!("if not, {}", n.reason);
            vec![c, n]
        }
        _ => Vec::new(),
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

/// Exactly on the boundary is inside; one day earlier is outside (DECISIONS §7.2).
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

/// Whether the rule's category covers the charge: `Some(false)` yes, `Some(true)` yes but the
/// charge level is unknown (a bar becomes a review), `None` no.
fn category_match(category: Category, f: &ChargeFacts) -> Option<bool> {
    use CanonicalDisposition as D;
    use Category as K;
    use SeverityLevel as L;
    let sure = |b: bool| b.then_some(false);
    let deferral = matches!(
        f.canonical,
        D::DeferredActive | D::DeferredCompleted | D::DeferredUnspecified
    );
    match category {
        K::All => Some(false),
        K::Sealed => sure(f.canonical == D::Sealed),
        K::Expunged => sure(f.canonical == D::Expunged),
        K::SealedOrExpunged => sure(matches!(f.canonical, D::Sealed | D::Expunged)),
        K::Pardoned => sure(f.canonical == D::Pardoned),
        K::SetAside => sure(f.canonical == D::ConvictionSetAside),
        K::Deferral => sure(deferral),
        K::NotDeferral => sure(!deferral),
        K::AcquittalOrDismissal => sure(matches!(
            f.canonical,
            D::Acquitted | D::AcquittedInsanity | D::Dismissed
        )),
        K::Nolle => sure(f.canonical == D::DismissedByProsecutor),
        K::Juvenile => sure(f.juvenile),
        K::MarijuanaPossession => sure(f.marijuana_possession),
        K::MarijuanaPossessionBefore(day) => {
            let before = parse_iso(day)
                .zip(f.entry)
                .is_some_and(|(day, e)| e.date < day);
            sure(f.marijuana_possession && before)
        }
        K::Felony => sure(f.level == L::Felony),
        K::NotFelony | K::BelowFelony => match f.level {
            L::Felony => None,
            L::Unknown => Some(true),
            _ => Some(false),
        },
        K::ViolationOrInfraction => {
            sure(matches!(f.level, L::Violation | L::Infraction) && !f.dwai_or_loitering)
        }
        K::Summary => sure(f.level == L::PettyOffense),
        K::MinorMisdemeanorMa => sure(f.minor_misdemeanor_ma && f.level != L::Felony),
        K::Misdemeanor => sure(matches!(f.level, L::Misdemeanor | L::PettyOffense)),
    }
}

/// Applies one rule to a charge, adding its finding (and a preemption note) when it has one.
pub(super) fn apply(rule: &'static Rule, f: &ChargeFacts, out: &mut Vec<Finding>) {
    if !rule.classes.contains(&f.class) {
        return;
    }
    let Some(level_unknown) = category_match(rule.category, f) else {
        return;
    };
    let finding = match rule.action {
        Action::Notice => return,
        Action::Bar if level_unknown => Finding::new(
            rule.id,
            Effect::Review,
            format!(
                "{}, and the charge level needed to tell is unknown",
                rule.reason
            ),
        ),
        Action::Bar => Finding::new(rule.id, Effect::Bar, rule.reason),
        Action::Permit => Finding::new(rule.id, Effect::Permit, rule.reason),
        Action::Review => Finding::new(rule.id, Effect::Review, rule.reason),
        Action::JuvenileUntilAge(age) => match f.subject_at_least(age) {
            Some(true) => Finding::new(rule.id, Effect::Bar, rule.reason),
            Some(false) => return,
            None => Finding::new(
                rule.id,
                Effect::Review,
                format!("{}, and the subject's age is unknown", rule.reason),
            ),
        },
        Action::Lookback {
            window,
            clock,
            salary,
            outside,
        } => lookback(rule, f, window, clock, salary, outside, level_unknown),
    };
    let effect = finding.effect;
    out.push(finding);
    if let Some(note) = rule.preemption_doubt
        && effect != Effect::Permit
    {
        let note: &'static str =
            catalog::rule(note).map_or(catalog::FED_STATE_PREEMPTION, |r| r.id);
        out.push(Finding::new(
            note,
            effect,
            format!(
                "the {} rule is applied although its preemption by the FCRA is disputed",
                rule.jurisdiction
            ),
        ));
    }
}

fn lookback(
    rule: &'static Rule,
    f: &ChargeFacts,
    window: Window,
    clock: Clock,
    salary: Option<u32>,
    outside: Effect,
    level_unknown: bool,
) -> Finding {
    let label = rule.reason;
    let lifted = salary.is_some_and(|t| f.salary_at_least(f64::from(t)));
    if f.is_serving && clock != Clock::Entry && f.class == DispositionClass::Conviction {
        return Finding::new(
            rule.id,
            Effect::Permit,
            format!("within {label}: the sentence is still being served"),
        );
    }
    let date = if clock == Clock::Entry {
        f.entry
    } else {
        f.conviction_clock
    };
    let inside = |d: &Dated| within(d.date, f.as_of, window);
    match date {
        Some(d) if inside(&d) => Finding::new(
            rule.id,
            Effect::Permit,
            format!("within {label} ({} {})", d.field, d.date),
        ),
        Some(d) if lifted => Finding::new(
            rule.id,
            Effect::Permit,
            format!(
                "{label} is lifted by the salary (past it since {} {})",
                d.field, d.date
            ),
        ),
        Some(d) if clock == Clock::OutOfCustody && f.custody == Custody::Unknown => Finding::new(
            rule.id,
            Effect::Review,
            format!(
                "past {label} counted from {} {}, but time in custody, which does not count, is not known",
                d.field, d.date
            ),
        ),
        Some(d) if level_unknown && outside == Effect::Bar => Finding::new(
            rule.id,
            Effect::Review,
            format!(
                "past {label} ({} {}), but the charge level needed to tell is unknown",
                d.field, d.date
            ),
        ),
        Some(d) => Finding::new(
            rule.id,
            outside,
            format!("past {label} ({} {})", d.field, d.date),
        ),
        // The disposition never precedes the date of entry: an entry inside the window proves the
        // record is inside it too.
        None if clock != Clock::Entry && f.entry.as_ref().is_some_and(inside) => Finding::new(
            rule.id,
            Effect::Permit,
            format!("within {label} (entered inside the window; disposition date unknown)"),
        ),
        None if lifted => Finding::new(
            rule.id,
            Effect::Permit,
            format!("{label} is lifted by the salary"),
        ),
        None if outside != Effect::Bar => Finding::new(
            rule.id,
            outside,
            format!("{label} cannot be checked without a date"),
        ),
        None if clock == Clock::Entry => Finding::data_gap(
            rule.id,
            DataGap::EntryDate,
            format!("{label} needs an arrest, charge or file date and none is usable"),
        ),
        None => Finding::data_gap(
            rule.id,
            DataGap::DispositionDate,
            format!("{label} needs a disposition or release date and none is usable"),
        ),
    }
}
