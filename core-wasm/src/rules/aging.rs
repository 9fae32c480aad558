//! When a charge ages out (DECISIONS §12 `lookback`). True to the rules by construction: every
//! date on which the charge's outcome can change with the search date is a *boundary* (the
//! first day past a window that applies to it, a law's effective date, an age limit), and the
//! charge is re-evaluated by [`evaluate_with`] as of those boundaries only. Between two boundaries
//! nothing the rules read changes, so the outcome is constant there.

use chrono::{Days, Months, NaiveDate};

use crate::model::{Lookback, LookbackWindow, Reportability};
use crate::parse::classify::DispositionClass;
use crate::parse::dates::{parse_iso, years_before};

use super::catalog::{
    Action, Clock, FED_NONCONVICTION_7YR, FED_PENDING_CHARGE, FEDERAL_NONCONVICTION_YEARS,
    FEDERAL_SALARY_THRESHOLD, Window,
};
use super::client::{
    CLIENT_CONVICTION_LOOKBACK, CLIENT_NON_CONVICTION_LOOKBACK, CLIENT_PENDING_LOOKBACK,
};
use super::evaluate::{concerns, in_force, triggered, window_start, within};
use super::facts::Dated;
use super::{ChargeFacts, ClientRules, Effect, evaluate_with};

/// A search date on which a rule may change the charge's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Boundary {
    date: NaiveDate,
    rule: &'static str,
    /// The window and the record date it counts from; `None` for effective dates and age limits.
    window: Option<(Dated, Window)>,
    /// Whether the window applies as of the search date (in force, no salary exemption lifting it).
    applies: bool,
}

/// The time facts of a charge whose outcome as of its search date is `now`.
pub fn time_facts(f: &ChargeFacts, client: Option<&ClientRules>, now: Reportability) -> Lookback {
    let bounds = boundaries(f, client);
    let windows = bounds
        .iter()
        .filter(|b| b.applies)
        .filter_map(|b| window_of(b, f.as_of))
        .collect();
    Lookback {
        windows,
        ..deciding(&bounds, f, client, now)
    }
}

/// The time facts of the boundary that ends the charge's reportability (all `None` when none does).
fn deciding(
    bounds: &[Boundary],
    f: &ChargeFacts,
    client: Option<&ClientRules>,
    now: Reportability,
) -> Lookback {
    if bounds.is_empty() {
        return Lookback::default();
    }
    let mut at = f.clone();
    let mut outcome_on = |date: NaiveDate| {
        at.as_of = date;
        evaluate_with(&at, client)
    };
    let reportable = Reportability::Reportable;
    let mut dates: Vec<NaiveDate> = bounds.iter().map(|b| b.date).collect();
    dates.dedup();
    let ages_out = if now == reportable {
        // The first boundary after the search date on which it is no longer reportable.
        dates
            .iter()
            .filter(|d| **d > f.as_of)
            .find(|d| outcome_on(**d).reportability != reportable)
    } else {
        // The latest boundary up to the search date with a reportable day just before it: the
        // outcome has not changed since (no boundary after it had one).
        dates.iter().rev().filter(|d| **d <= f.as_of).find(|d| {
            d.checked_sub_days(Days::new(1))
                .is_some_and(|eve| outcome_on(eve).reportability == reportable)
        })
    };
    let Some(&date) = ages_out else {
        return Lookback::default();
    };
    // Of the boundaries on that day, the one whose rule restricts the charge then.
    let on_day: Vec<&Boundary> = bounds.iter().filter(|b| b.date == date).collect();
    let bound = match on_day.as_slice() {
        [] => return Lookback::default(),
        [only] => *only,
        [first, ..] => {
            let restricting = outcome_on(date);
            on_day
                .iter()
                .copied()
                .find(|b| {
                    restricting
                        .findings
                        .iter()
                        .any(|x| x.rule_id == b.rule && x.effect != Effect::Permit)
                })
                .unwrap_or(*first)
        }
    };
    describe(bound, f.as_of)
}

fn describe(b: &Boundary, as_of: NaiveDate) -> Lookback {
    // NaiveDate displays as YYYY-MM-DD, faster than a format string.
    let iso = |d: NaiveDate| d.to_string();
    let window = b.window.map(|(_, w)| w);
    Lookback {
        rule: Some(b.rule),
        clock_field: b.window.map(|(d, _)| d.field),
        clock_date: b.window.map(|(d, _)| iso(d.date)),
        window_years: window.map(|w| w.years),
        window_months: window.map(|w| w.months).filter(|m| *m > 0),
        boundary_date: window.and_then(|w| window_start(as_of, w)).map(iso),
        ages_out_on: Some(iso(b.date)),
        windows: Vec::new(),
    }
}

/// A window boundary as the response describes it; `None` for effective dates and age limits.
fn window_of(b: &Boundary, as_of: NaiveDate) -> Option<LookbackWindow> {
    let (clock, w) = b.window?;
    Some(LookbackWindow {
        rule: b.rule,
        clock_field: clock.field,
        clock_date: clock.date.to_string(),
        window_years: w.years,
        window_months: Some(w.months).filter(|m| *m > 0),
        boundary_date: window_start(as_of, w).map(|d| d.to_string()),
    })
}

/// Every boundary of the rules that concern the charge, in date order.
fn boundaries(f: &ChargeFacts, client: Option<&ClientRules>) -> Vec<Boundary> {
    let mut out = Vec::new();
    let mut window = |rule: &'static str, clock: Option<Dated>, w: Window, applies: bool| {
        if let Some(clock) = clock
            && let Some(date) = first_day_outside(clock.date, w)
        {
            out.push(Boundary {
                date,
                rule,
                window: Some((clock, w)),
                applies,
            });
        }
    };
    let federal = Window::years(FEDERAL_NONCONVICTION_YEARS);
    let federal_applies = !f.salary_at_least(FEDERAL_SALARY_THRESHOLD);
    match f.class {
        DispositionClass::NonConviction => {
            window(FED_NONCONVICTION_7YR, f.entry, federal, federal_applies);
        }
        DispositionClass::Pending => window(FED_PENDING_CHARGE, f.entry, federal, federal_applies),
        _ => {}
    }
    // A disposition-clock window without a disposition date is judged from the date of entry.
    let clock_of = |c: Clock| match c {
        Clock::Entry => f.entry,
        Clock::Disposition | Clock::OutOfCustody => f.conviction_clock.or(f.entry),
    };
    let mut others = Vec::new();
    for rule in triggered(f).filter(|r| concerns(r, f)) {
        match rule.action {
            Action::Lookback {
                window: w,
                clock,
                salary,
                ..
            } => {
                let lifted = salary.is_some_and(|s| f.salary_at_least(f64::from(s)));
                let applies = in_force(rule, f.as_of) && !lifted;
                window(rule.id, clock_of(clock), w, applies);
            }
            Action::JuvenileUntilAge(age) => {
                if let Some(date) = f.subject_dob.and_then(|dob| first_day_aged(dob, age)) {
                    others.push(Boundary {
                        date,
                        rule: rule.id,
                        window: None,
                        applies: false,
                    });
                }
            }
            _ => {}
        }
        let until = rule
            .effective_to
            .and_then(parse_iso)
            .and_then(|d| d.checked_add_days(Days::new(1)));
        for date in rule
            .effective_from
            .and_then(parse_iso)
            .into_iter()
            .chain(until)
        {
            others.push(Boundary {
                date,
                rule: rule.id,
                window: None,
                applies: false,
            });
        }
    }
    if let Some(c) = client {
        let (rule, years, clock) = match f.class {
            DispositionClass::Conviction => (
                CLIENT_CONVICTION_LOOKBACK,
                c.conviction_lookback_years,
                f.conviction_clock,
            ),
            DispositionClass::NonConviction => (
                CLIENT_NON_CONVICTION_LOOKBACK,
                c.non_conviction_lookback_years,
                f.entry,
            ),
            DispositionClass::Pending => {
                (CLIENT_PENDING_LOOKBACK, c.pending_lookback_years, f.entry)
            }
            DispositionClass::Unknown => ("", None, None),
        };
        if let Some(years) = years {
            window(rule, clock, Window::years(years), true);
        }
    }
    out.extend(others);
    // Stable: on one day, windows come before effective dates, in rule order.
    out.sort_by_key(|b| b.date);
    out
}

/// The first search date on which `event` is outside `w`, found with the evaluator's own test
/// (calendar arithmetic near 29 February moves it by a day).
fn first_day_outside(event: NaiveDate, w: Window) -> Option<NaiveDate> {
    let months = w.years.saturating_mul(12).saturating_add(w.months);
    let near = event.checked_add_months(Months::new(months))?;
    let from = near.checked_sub_days(Days::new(1))?;
    from.iter_days().take(5).find(|day| !within(event, *day, w))
}

/// The first search date on which a subject born on `dob` is `age` years old, as
/// [`ChargeFacts::subject_at_least`] counts it.
fn first_day_aged(dob: NaiveDate, age: u32) -> Option<NaiveDate> {
    let near = dob.checked_add_months(Months::new(age.saturating_mul(12)))?;
    let from = near.checked_sub_days(Days::new(1))?;
    from.iter_days()
        .take(5)
        .find(|day| years_before(*day, age).is_some_and(|limit| dob <= limit))
}
