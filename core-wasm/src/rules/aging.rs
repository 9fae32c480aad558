//! When a charge ages out (docs/decisions.md §12 `lookback`). True to the rules by construction: every
//! date on which the charge's outcome can change with the search date is a *boundary* (the
//! first day past a window that applies to it, a law's effective date, an age limit), and the
//! charge is re-evaluated by [`evaluate_with`] as of those boundaries only. Between two boundaries
//! nothing the rules read changes, so the outcome is constant there.

use chrono::{Days, Months, NaiveDate};

use crate::classify::DispositionClass;
use crate::dates::{Iso, parse_iso, years_before};
use crate::model::{Lookback, LookbackWindow, LowerBound, Reportability};

use super::catalog::{
    Action, Clock, FED_NONCONVICTION_7YR, FED_PENDING_CHARGE, FEDERAL_NONCONVICTION_YEARS,
    FEDERAL_SALARY_THRESHOLD, Window,
};
use super::client::{
    CLIENT_CONVICTION_LOOKBACK, CLIENT_NON_CONVICTION_LOOKBACK, CLIENT_PENDING_LOOKBACK,
};
use super::evaluate::{
    Found, concerns, in_force, reportability_in, triggered, values_tried, window_start, within,
};
use super::facts::{Dated, LaterDate};
use super::{ChargeFacts, ChargeOutcome, ClientRules, DataGap, Effect, evaluate_with};

/// What a window counts from: the record's date, or the law's date the record lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Counted {
    From(Dated),
    /// The record lacks `field`; it cannot be earlier than `floor`.
    Missing {
        field: &'static str,
        floor: Option<Dated>,
    },
}

impl Counted {
    fn of(clock: LaterDate) -> Counted {
        match clock {
            LaterDate::Known(d) => Counted::From(d),
            LaterDate::Missing { gaps, floor } => Counted::Missing {
                field: match gaps.first() {
                    Some(DataGap::ReleaseDate) => "release_date",
                    Some(DataGap::EntryDate) => "arrest_date",
                    _ => "disposition_date",
                },
                floor,
            },
        }
    }

    fn entry(f: &ChargeFacts) -> Counted {
        f.entry.map_or(
            Counted::Missing {
                field: "arrest_date",
                floor: None,
            },
            Counted::From,
        )
    }

    /// The date the window is measured from: the record's, else the earliest the missing one can be.
    fn earliest(self) -> Option<Dated> {
        match self {
            Counted::From(d) => Some(d),
            Counted::Missing { floor, .. } => floor,
        }
    }
}

/// One window of a rule that concerns the charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    rule: &'static str,
    counted: Counted,
    window: Window,
    /// Whether the window applies as of the search date (in force, no salary exemption lifting it).
    applies: bool,
}

/// A search date on which a rule may change the charge's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Boundary {
    date: NaiveDate,
    rule: &'static str,
    /// The window whose end it is, counted from its record date or from the date a missing one
    /// cannot precede; `None` for effective dates and age limits.
    span: Option<Span>,
}

/// The lists [`time_facts_in`] works in, kept between the charges of a request: cleared for
/// each charge, not allocated again (three vectors a charge otherwise).
#[derive(Debug, Default)]
pub struct Workspace {
    spans: Vec<Span>,
    others: Vec<Boundary>,
    bounds: Vec<Boundary>,
    /// What the rules find at a boundary, asked only for the reportability there.
    found: Found,
}

/// The time facts of a charge whose outcome as of its search date is `now` (the rules' outcome
/// for `f` and `client`, which is not evaluated again).
pub fn time_facts(f: &ChargeFacts, client: Option<&ClientRules>, now: &ChargeOutcome) -> Lookback {
    time_facts_in(&mut Workspace::default(), f, client, now)
}

/// [`time_facts`], in a workspace kept from the charges before.
pub fn time_facts_in(
    workspace: &mut Workspace,
    f: &ChargeFacts,
    client: Option<&ClientRules>,
    now: &ChargeOutcome,
) -> Lookback {
    let Workspace {
        spans,
        others,
        bounds,
        found,
    } = workspace;
    spans.clear();
    others.clear();
    fill_spans(f, client, spans, others);
    // A disposition or level the record does not give: the rules decide the charge once every
    // value it could take agrees, so the windows of each value are the charge's boundaries.
    let tried = values_tried(f, now.has_gap(DataGap::Level));
    for (_, value) in tried {
        fill_spans(&value.of(f), client, spans, others);
    }
    if !tried.is_empty() {
        keep_first(spans);
        keep_first(others);
    }
    bounds.clear();
    bounds.extend(spans.iter().filter_map(|s| {
        let date = first_day_outside(s.counted.earliest()?.date, s.window)?;
        Some(Boundary {
            date,
            rule: s.rule,
            span: Some(*s),
        })
    }));
    bounds.extend_from_slice(others);
    // Stable: on one day, windows come before effective dates, in rule order.
    bounds.sort_by_key(|b| b.date);
    // Windows in the order they close; one whose date and bound are both missing, last.
    let closing = bounds.iter().filter_map(|b| b.span);
    let unbounded = spans
        .iter()
        .copied()
        .filter(|s| s.counted.earliest().is_none());
    let windows = closing
        .chain(unbounded)
        .filter(|s| s.applies)
        .map(|s| window_of(&s, f.as_of))
        .collect();
    let deciding = deciding(
        bounds,
        found,
        f,
        client,
        now.reportability,
        !tried.is_empty(),
    )
    .or_else(|| undated_review(spans, f, now))
    .unwrap_or_default();
    Lookback {
        windows,
        ..deciding
    }
}

/// Each item once, the first of equal ones kept in place (a handful of windows a charge).
fn keep_first<T: PartialEq>(items: &mut Vec<T>) {
    let mut i = 0;
    while i < items.len() {
        if items[..i].contains(&items[i]) {
            items.remove(i);
        } else {
            i += 1;
        }
    }
}

/// The time facts of the boundary that ends the charge's reportability (`None` when none does).
/// With a disposition or level the record does not give (`value_unknown`), a charge a person
/// must review is still open: the boundary is the day every value it could take is barred.
fn deciding(
    bounds: &[Boundary],
    found: &mut Found,
    f: &ChargeFacts,
    client: Option<&ClientRules>,
    now: Reportability,
    value_unknown: bool,
) -> Option<Lookback> {
    if bounds.is_empty() {
        return None;
    }
    let on = |date: NaiveDate| ChargeFacts {
        as_of: date,
        ..f.clone()
    };
    // Whether it is reportable is all most boundaries ask.
    let mut reportability_on = |date: NaiveDate| reportability_in(found, &on(date), client);
    let open = |r: Reportability| {
        r == Reportability::Reportable || (value_unknown && r == Reportability::NotEnoughInfo)
    };
    // Each boundary date once (they are sorted), without a vector of them.
    let dates = bounds
        .iter()
        .enumerate()
        .filter(|(at, b)| {
            *at == 0
                || bounds
                    .get(at - 1)
                    .is_none_or(|before| before.date != b.date)
        })
        .map(|(_, b)| b.date);
    let ages_out = if open(now) {
        // The first boundary after the search date on which it is no longer reportable.
        dates
            .filter(|d| *d > f.as_of)
            .find(|d| !open(reportability_on(*d)))
    } else {
        // The latest boundary up to the search date with a reportable day just before it: the
        // outcome has not changed since (no boundary after it had one).
        dates.rev().filter(|d| *d <= f.as_of).find(|d| {
            d.checked_sub_days(Days::new(1))
                .is_some_and(|eve| open(reportability_on(eve)))
        })
    };
    let date = ages_out?;
    // Of the boundaries on that day, the one whose rule restricts the charge then.
    let mut on_day = bounds.iter().filter(|b| b.date == date);
    let first = on_day.next()?;
    let bound = if on_day.next().is_none() {
        first
    } else {
        let restricting = evaluate_with(&on(date), client);
        bounds
            .iter()
            .filter(|b| b.date == date)
            .find(|b| {
                restricting
                    .findings
                    .iter()
                    .any(|x| x.rule_id == b.rule && x.effect != Effect::Permit)
            })
            .unwrap_or(first)
    };
    Some(describe(bound.rule, bound.span, Some(bound.date), f.as_of))
}

/// A charge a person must see because a window's date and every bound of it are missing: that
/// window, with no date.
fn undated_review(spans: &[Span], f: &ChargeFacts, now: &ChargeOutcome) -> Option<Lookback> {
    if now.reportability != Reportability::NotEnoughInfo {
        return None;
    }
    let span = spans
        .iter()
        .filter(|s| s.applies && s.counted.earliest().is_none())
        .find(|s| {
            now.findings
                .iter()
                .any(|x| x.rule_id == s.rule && x.effect == Effect::Review && x.data_gap.is_some())
        })?;
    Some(describe(span.rule, Some(*span), None, f.as_of))
}

/// The deciding window as the response gives it; a date the record lacks stays null, and a bound
/// of it is given only as `lower_bound`.
fn describe(
    rule: &'static str,
    span: Option<Span>,
    ends: Option<NaiveDate>,
    as_of: NaiveDate,
) -> Lookback {
    let iso = Iso;
    let window = span.map(|s| s.window);
    let (clock_field, clock_date, ages_out_on, lower_bound) = match span.map(|s| s.counted) {
        None => (None, None, ends.map(iso), None),
        Some(Counted::From(d)) => (Some(d.field), Some(iso(d.date)), ends.map(iso), None),
        Some(Counted::Missing { field, floor }) => {
            let bound = floor.zip(ends).map(|(floor, ends)| LowerBound {
                clock_field: floor.field,
                clock_date: iso(floor.date),
                ages_out_not_before: iso(ends),
            });
            (Some(field), None, None, bound)
        }
    };
    Lookback {
        rule: Some(rule),
        clock_field,
        clock_date,
        window_years: window.map(|w| w.years),
        window_months: window.map(|w| w.months).filter(|m| *m > 0),
        boundary_date: window.and_then(|w| window_start(as_of, w)).map(iso),
        ages_out_on,
        lower_bound,
        windows: Vec::new(),
    }
}

/// A window as the response lists it.
fn window_of(s: &Span, as_of: NaiveDate) -> LookbackWindow {
    let (clock_field, clock_date) = match s.counted {
        Counted::From(d) => (d.field, Some(Iso(d.date))),
        Counted::Missing { field, .. } => (field, None),
    };
    LookbackWindow {
        rule: s.rule,
        clock_field,
        clock_date,
        window_years: s.window.years,
        window_months: Some(s.window.months).filter(|m| *m > 0),
        boundary_date: window_start(as_of, s.window).map(Iso),
    }
}

/// Every window of the rules that concern the charge (`spans`), and the other boundaries
/// (effective dates, age limits; `others`), added to both lists. A window counts from the date
/// its law names and no other (docs/decisions.md §7.2).
fn fill_spans(
    f: &ChargeFacts,
    client: Option<&ClientRules>,
    spans: &mut Vec<Span>,
    others: &mut Vec<Boundary>,
) {
    let federal = Window::years(FEDERAL_NONCONVICTION_YEARS);
    let federal_applies = !f.salary_at_least(FEDERAL_SALARY_THRESHOLD);
    let federal_rule = match f.class {
        DispositionClass::NonConviction => Some(FED_NONCONVICTION_7YR),
        DispositionClass::Pending => Some(FED_PENDING_CHARGE),
        _ => None,
    };
    if let Some(rule) = federal_rule {
        spans.push(Span {
            rule,
            counted: Counted::entry(f),
            window: federal,
            applies: federal_applies,
        });
    }
    for rule in triggered(f).filter(|r| concerns(r, f)) {
        match rule.action {
            Action::Lookback {
                window,
                clock,
                salary,
                ..
            } => {
                let lifted = salary.is_some_and(|s| f.salary_at_least(f64::from(s)));
                spans.push(Span {
                    rule: rule.id,
                    counted: match clock {
                        Clock::Entry => Counted::entry(f),
                        Clock::Disposition | Clock::OutOfCustody => Counted::of(f.conviction_clock),
                    },
                    window,
                    applies: in_force(rule, f.as_of) && !lifted,
                });
            }
            Action::JuvenileUntilAge(age) => {
                if let Some(date) = f.subject_dob.and_then(|dob| first_day_aged(dob, age)) {
                    others.push(Boundary {
                        date,
                        rule: rule.id,
                        span: None,
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
                span: None,
            });
        }
    }
    if let Some(c) = client {
        let (rule, years, counted) = match f.class {
            DispositionClass::Conviction => (
                CLIENT_CONVICTION_LOOKBACK,
                c.conviction_lookback_years,
                Counted::of(f.conviction_clock),
            ),
            DispositionClass::NonConviction => (
                CLIENT_NON_CONVICTION_LOOKBACK,
                c.non_conviction_lookback_years,
                Counted::entry(f),
            ),
            DispositionClass::Pending => (
                CLIENT_PENDING_LOOKBACK,
                c.pending_lookback_years,
                Counted::entry(f),
            ),
            DispositionClass::Unknown => ("", None, Counted::entry(f)),
        };
        if let Some(years) = years {
            spans.push(Span {
                rule,
                counted,
                window: Window::years(years),
                applies: true,
            });
        }
    }
}

/// The first search date on which `event` is outside `w`, found with the evaluator's own test
/// (calendar arithmetic near 29 February moves it by a day). The search starts the day after
/// `event` plus the window: that day's window reaches back to `event` or before (adding months
/// only ever clamps the day down, and taking them away again cannot pass `event`), and so does
/// every earlier day's. It ends within four days: from 28 February (not a leap year) plus
/// months that land on a 31-day month, the 29th to the 31st reach back to 28 February too, and
/// the 1st is the first day outside.
fn first_day_outside(event: NaiveDate, w: Window) -> Option<NaiveDate> {
    let months = w.years.saturating_mul(12).saturating_add(w.months);
    let near = event.checked_add_months(Months::new(months))?;
    debug_assert!(within(event, near, w), "{event} + {months} months");
    near.iter_days()
        .skip(1)
        .take(4)
        .find(|day| !within(event, *day, w))
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

#[cfg(test)]
mod tests {
    use chrono::{Days, Months, NaiveDate};

    use super::{Window, first_day_outside, within};

    /// 28 February 2022 plus 13 months is 28 March 2023, but the 29th to the 31st still reach
    /// back to 28 February 2022 (there is no 29 February): the first day outside is 1 April.
    #[test]
    fn a_window_from_28_february_closes_on_the_first_of_a_month() {
        let event = NaiveDate::from_ymd_opt(2022, 2, 28);
        let found = event.and_then(|event| {
            first_day_outside(
                event,
                Window {
                    years: 1,
                    months: 1,
                },
            )
        });
        assert_eq!(found, NaiveDate::from_ymd_opt(2023, 4, 1));
    }

    /// For every event day of eight years (two 29 Februaries) and windows with and without a
    /// month part: there is a first day outside, it is the one a scan of the days around `event`
    /// plus the window finds, and the day before it is inside (the days inside a window are the
    /// ones before some day, so it is the first outside).
    #[test]
    fn the_first_day_outside_is_the_one_a_scan_finds() {
        let windows = [(1, 0), (7, 0), (2, 6), (0, 1), (1, 1), (10, 11)];
        let first = NaiveDate::from_ymd_opt(2018, 1, 1).unwrap_or_default();
        for event in first.iter_days().take(8 * 366) {
            for (years, months) in windows {
                let w = Window { years, months };
                let near = event.checked_add_months(Months::new(years * 12 + months));
                let from = near.and_then(|near| near.checked_sub_days(Days::new(1)));
                let scanned = from.and_then(|from| {
                    from.iter_days()
                        .take(10)
                        .find(|day| !within(event, *day, w))
                });
                let found = first_day_outside(event, w);
                assert_eq!(found, scanned, "{event}, {w:?}");
                let Some(day) = found else {
                    panic!("{event}, {w:?}: no first day outside");
                };
                let eve = day.checked_sub_days(Days::new(1)).unwrap_or_default();
                assert!(within(event, eve, w), "{event}, {w:?}: {eve} is outside");
            }
        }
    }
}
