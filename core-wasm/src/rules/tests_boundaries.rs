//! The boundary of every lookback rule in the data, found by iterating the rule table (no rule is
//! picked by hand): for each row and each disposition class it covers, a charge inside the window,
//! exactly on its first day (inside, docs/decisions.md §7.2) and one day before it (outside); where the
//! row has a salary threshold, outside at the threshold (lifted) and one cent under it (not);
//! where it has none, a very high salary lifts nothing. The row's own finding must flip exactly so,
//! and the combined outcome must follow it (a bar outside is always Not Reportable).

use chrono::{Days, Months, NaiveDate};

use crate::classify::{
    CanonicalDisposition as D, DispositionClass as K, SeverityLevel, TrafficKind,
};
use crate::model::Reportability;

use super::catalog::{Action, Category, Clock, Rule, Window};
use super::facts::{Custody, Dated, LaterDate, StateCode};
use super::registry;
use super::tests::later;
use super::{ChargeFacts, Effect, evaluate_charge};

const AS_OF: &str = "2025-11-06";

fn day(s: &str) -> NaiveDate {
    crate::dates::parse_iso(s).unwrap_or(NaiveDate::MIN)
}

/// The first day inside the window, computed with calendar months (independently of the engine's
/// own date helpers).
fn first_day_inside(as_of: NaiveDate, w: Window) -> NaiveDate {
    as_of
        .checked_sub_months(Months::new(w.years * 12 + w.months))
        .unwrap_or(NaiveDate::MIN)
}

/// A search date at which the row is in force.
fn as_of_for(rule: &Rule) -> NaiveDate {
    let mut as_of = day(AS_OF);
    if let Some(from) = rule.effective_from.map(day)
        && from > as_of
    {
        as_of = from;
    }
    if let Some(to) = rule.effective_to.map(day)
        && to < as_of
    {
        as_of = to;
    }
    as_of
}

/// Facts of a charge the row covers: its jurisdiction as court, applicant and customer state, a
/// disposition of `class` and a level and flags that match the row's category.
fn covered(rule: &Rule, class: K, as_of: NaiveDate) -> ChargeFacts {
    let state = if rule.jurisdiction.len() == 2 && rule.jurisdiction != "US" {
        rule.jurisdiction
    } else {
        "GA"
    };
    let mut f = ChargeFacts {
        as_of,
        class,
        canonical: match class {
            K::Conviction => D::ConvictedGuiltyPlea,
            K::NonConviction => D::Dismissed,
            K::Pending => D::Pending,
            K::Unknown => D::Unknown,
        },
        traffic: TrafficKind::NotTraffic,
        state: StateCode::new(state),
        applicant_state: StateCode::new(state),
        customer_state: StateCode::new(state),
        place: None,
        level: SeverityLevel::Misdemeanor,
        juvenile: false,
        marijuana: false,
        marijuana_possession: false,
        dwai_or_loitering: false,
        minor_misdemeanor_ma: false,
        subject_dob: Some(day("1970-02-17")),
        custody: Custody::NoneRecorded,
        entry: None,
        conviction_clock: later(None, None),
        outcome_dated: false,
        is_serving: false,
        annual_salary: None,
        // The row is tested on the class given, not over a record state's readings.
        reading_tried: true,
    };
    match rule.category {
        Category::All | Category::NotDeferral | Category::AcquittalOrDismissal => {}
        Category::Felony => f.level = SeverityLevel::Felony,
        Category::NotFelony | Category::BelowFelony | Category::Misdemeanor => {}
        Category::Summary => f.level = SeverityLevel::PettyOffense,
        Category::ViolationOrInfraction => f.level = SeverityLevel::Violation,
        Category::MinorMisdemeanorMa => f.minor_misdemeanor_ma = true,
        Category::Juvenile => f.juvenile = true,
        Category::MarijuanaPossession | Category::MarijuanaPossessionBefore(_) => {
            f.marijuana = true;
            f.marijuana_possession = true;
        }
        Category::RecordState(states) => {
            f.canonical = states.first().copied().unwrap_or(D::Sealed);
        }
        Category::Deferral => {
            f.canonical = if class == K::Pending {
                D::DeferredActive
            } else {
                D::DeferredCompleted
            }
        }
        Category::Nolle => f.canonical = D::DismissedByProsecutor,
    }
    f
}

/// `f` with the row's clock set to `date` (the other date kept consistent with it).
fn dated(mut f: ChargeFacts, rule: &Rule, clock: Clock, date: NaiveDate) -> ChargeFacts {
    let before = |d: NaiveDate, n: u64| d.checked_sub_days(Days::new(n)).unwrap_or(d);
    if clock == Clock::Entry {
        f.entry = Some(Dated {
            date,
            field: "arrest_date",
        });
        let disposed = (f.class != K::Pending).then(|| Dated {
            date: date.min(before(f.as_of, 1)),
            field: "disposition_date",
        });
        f.conviction_clock = later(disposed, f.entry);
        f.outcome_dated = disposed.is_some();
    } else {
        let mut entered = before(date, 60);
        if let Category::MarijuanaPossessionBefore(limit) = rule.category {
            entered = entered.min(before(day(limit), 1));
        }
        f.entry = Some(Dated {
            date: entered,
            field: "arrest_date",
        });
        f.conviction_clock = LaterDate::Known(Dated {
            date,
            field: "disposition_date",
        });
    }
    f
}

/// The row's own finding on `f` (without the preemption note it may add).
fn finding(rule: &'static Rule, f: &ChargeFacts) -> Option<Effect> {
    super::evaluate::apply_one(rule, f)
        .into_iter()
        .find(|x| x.rule_id == rule.id)
        .map(|x| x.effect)
}

fn openness(r: Reportability) -> u8 {
    match r {
        Reportability::Reportable => 2,
        Reportability::NotEnoughInfo => 1,
        Reportability::NotReportable => 0,
    }
}

#[test]
fn every_lookback_rule_flips_at_its_boundary_as_the_data_says() {
    let mut checked = 0;
    let mut with_salary = 0;
    for rule in registry::all_rules() {
        let Action::Lookback {
            window,
            clock,
            salary,
            outside,
        } = rule.action
        else {
            continue;
        };
        assert_ne!(
            outside,
            Effect::Permit,
            "{}: a lookback that permits",
            rule.id
        );
        for &class in rule.classes {
            let as_of = as_of_for(rule);
            let base = covered(rule, class, as_of);
            let first = first_day_inside(as_of, window);
            let at = |date: NaiveDate, salary: Option<f64>| {
                let mut f = dated(base.clone(), rule, clock, date);
                f.annual_salary = salary;
                f
            };
            let inside = at(first + Days::new(45), None);
            let on = at(first, None);
            let past = at(first - Days::new(1), None);
            let what = format!("{} ({class:?}, {window:?} from {clock:?})", rule.id);

            assert_eq!(
                finding(rule, &inside),
                Some(Effect::Permit),
                "{what}: inside"
            );
            assert_eq!(
                finding(rule, &on),
                Some(Effect::Permit),
                "{what}: on the boundary"
            );
            assert_eq!(finding(rule, &past), Some(outside), "{what}: one day past");

            // The combined outcome follows the row: never more open past the boundary, and a bar
            // outside decides whatever else applies.
            let combined = |f: &ChargeFacts| evaluate_charge(f).reportability;
            assert!(
                openness(combined(&past)) <= openness(combined(&on)),
                "{what}: more reportable past the boundary"
            );
            let want_past = match outside {
                Effect::Bar => 0,
                _ => 1,
            };
            assert!(
                openness(combined(&past)) <= want_past,
                "{what}: past the boundary the outcome is {:?}",
                combined(&past)
            );
            assert!(
                evaluate_charge(&past).cited_rules().contains(&rule.id),
                "{what}: past the boundary the rule is not cited"
            );

            match salary {
                Some(threshold) => {
                    with_salary += 1;
                    let t = f64::from(threshold);
                    let lifted = at(first - Days::new(1), Some(t));
                    assert_eq!(
                        finding(rule, &lifted),
                        Some(Effect::Permit),
                        "{what}: salary exactly at {threshold} lifts it"
                    );
                    let under = at(first - Days::new(1), Some(t - 0.01));
                    assert_eq!(
                        finding(rule, &under),
                        Some(outside),
                        "{what}: salary one cent under {threshold}"
                    );
                    assert_eq!(
                        finding(rule, &at(first, Some(t))),
                        Some(Effect::Permit),
                        "{what}: on the boundary with the salary"
                    );
                }
                None => {
                    let rich = at(first - Days::new(1), Some(1e9));
                    assert_eq!(
                        finding(rule, &rich),
                        Some(outside),
                        "{what}: no salary exemption, so a high salary lifts nothing"
                    );
                    // Other rows may have exemptions; this one still caps the outcome.
                    assert!(
                        openness(combined(&rich)) <= want_past,
                        "{what}: a high salary lifted a row without an exemption: {:?}",
                        combined(&rich)
                    );
                }
            }
            checked += 1;
        }
    }
    // The table has lookbacks in many jurisdictions, some with salary thresholds: the loop above
    // must have seen them, or the iteration is broken.
    println!("{checked} lookback rows x classes checked, {with_salary} with a salary threshold");
    assert!(checked >= 15, "only {checked} lookback rows checked");
    assert!(
        with_salary >= 5,
        "only {with_salary} rows with a salary threshold"
    );
}

/// The tenant's own lookbacks (their limits come from the overlay, not the table): the same three
/// points for a few lengths each; an overlay has no salary exemption.
#[test]
fn client_lookbacks_flip_at_their_boundary() {
    use super::client::{
        CLIENT_CONVICTION_LOOKBACK, CLIENT_NON_CONVICTION_LOOKBACK, CLIENT_PENDING_LOOKBACK,
        ClientRules,
    };
    let as_of = day(AS_OF);
    for years in [1u32, 3, 5, 7] {
        for (class, id, rule) in [
            (
                K::Conviction,
                CLIENT_CONVICTION_LOOKBACK,
                registry::rule(CLIENT_CONVICTION_LOOKBACK),
            ),
            (
                K::NonConviction,
                CLIENT_NON_CONVICTION_LOOKBACK,
                registry::rule(CLIENT_NON_CONVICTION_LOOKBACK),
            ),
            (
                K::Pending,
                CLIENT_PENDING_LOOKBACK,
                registry::rule(CLIENT_PENDING_LOOKBACK),
            ),
        ] {
            let rule = rule.unwrap_or_else(|| panic!("{id} is not in the catalogue"));
            let overlay = ClientRules {
                conviction_lookback_years: Some(years),
                non_conviction_lookback_years: Some(years),
                pending_lookback_years: Some(years),
                ..ClientRules::default()
            };
            let clock = if class == K::Conviction {
                Clock::Disposition
            } else {
                Clock::Entry
            };
            let first = first_day_inside(as_of, Window::years(years));
            let base = covered(rule, class, as_of);
            let fires = |date: NaiveDate, salary: Option<f64>| {
                let mut f = dated(base.clone(), rule, clock, date);
                f.state = StateCode::new("GA");
                f.applicant_state = None;
                f.customer_state = None;
                f.annual_salary = salary;
                overlay
                    .findings(&f)
                    .iter()
                    .any(|x| x.rule_id == id && x.effect == Effect::Bar)
            };
            assert!(!fires(first + Days::new(45), None), "{id} {years}y inside");
            assert!(!fires(first, None), "{id} {years}y on the boundary");
            assert!(
                fires(first - Days::new(1), None),
                "{id} {years}y one day past"
            );
            assert!(
                fires(first - Days::new(1), Some(1e9)),
                "{id} {years}y: no salary exemption"
            );
        }
    }
}
