//! `lookback` per time rule: the federal non-conviction and pending windows, a seven-year state
//! conviction lookback, salary exemptions, convictions without a time limit, charges that have
//! already aged out, 29 February; and the property that `ages_out_on` is exactly where the
//! charge stops being reportable.

use chrono::{Days, NaiveDate};
use proptest::prelude::*;

use crate::classify::{CanonicalDisposition as D, DispositionClass as K, SeverityLevel as L};
use crate::dates::Iso;
use crate::model::{Lookback, LookbackWindow, LowerBound, Reportability};

use super::evaluate::reportability_with;
use super::facts::Dated;
use super::tests::{day, facts, later};
use super::{ChargeFacts, ClientRules, evaluate_with, time_facts};

/// A `YYYY-MM-DD` date as the lookback carries it.
fn iso(text: &str) -> Iso {
    Iso(day(text))
}

/// The deciding window's facts (the list of every window is [`windows`]'s to test).
fn aging(f: &ChargeFacts, client: Option<&ClientRules>) -> Lookback {
    Lookback {
        windows: Vec::new(),
        ..time_facts(f, client, &evaluate_with(f, client))
    }
}

/// Every window that applies, as `(rule, clock_field, clock_date, boundary_date)`.
fn windows(f: &ChargeFacts) -> Vec<(&'static str, &'static str, Option<Iso>, Option<Iso>)> {
    time_facts(f, None, &evaluate_with(f, None))
        .windows
        .into_iter()
        .map(|w| (w.rule, w.clock_field, w.clock_date, w.boundary_date))
        .collect()
}

fn window(
    rule: &'static str,
    field: &'static str,
    clock: &str,
) -> (&'static str, &'static str, Option<Iso>, Option<Iso>) {
    // Every window here is 7 years and the search date 2025-11-06.
    (rule, field, Some(iso(clock)), Some(iso("2018-11-06")))
}

fn entered(class: K, canonical: D, state: &str, date: &str) -> ChargeFacts {
    let mut f = facts(class, canonical, state);
    f.entry = Some(Dated {
        date: day(date),
        field: "arrest_date",
    });
    let disposed = (class != K::Pending).then(|| Dated {
        date: day(date) + Days::new(30),
        field: "disposition_date",
    });
    f.conviction_clock = later(disposed, f.entry);
    f.outcome_dated = disposed.is_some();
    f
}

fn expect(
    rule: &'static str,
    field: &'static str,
    clock: &str,
    years: u32,
    boundary: &str,
    ages_out_on: &str,
) -> Lookback {
    Lookback {
        rule: Some(rule),
        clock_field: Some(field),
        clock_date: Some(iso(clock)),
        window_years: Some(years),
        window_months: None,
        boundary_date: Some(iso(boundary)),
        ages_out_on: Some(iso(ages_out_on)),
        lower_bound: None,
        windows: Vec::new(),
    }
}

/// A California conviction entered 2019-03-01, disposed 30 days later: its 7 years end on
/// 2026-04-01.
fn california_conviction_of_2019() -> Lookback {
    expect(
        "CA_CONVICTION_7YR",
        "disposition_date",
        "2019-03-31",
        7,
        "2018-11-06",
        "2026-04-01",
    )
}

#[test]
fn federal_non_conviction_ages_out_seven_years_and_a_day_after_entry() {
    let f = entered(K::NonConviction, D::Dismissed, "GA", "2020-01-01");
    assert_eq!(
        aging(&f, None),
        expect(
            "FED_NONCONVICTION_7YR",
            "arrest_date",
            "2020-01-01",
            7,
            "2018-11-06",
            "2027-01-02"
        )
    );
}

#[test]
fn an_unrecognised_disposition_under_review_ages_out_when_every_value_is_barred() {
    // Disposed (dated) but not recognised: a conviction (California's 7 years from the
    // disposition) or a non-conviction (the federal 7 years from the arrest, and California's
    // bar) are the values; a person reviews it until both are barred.
    let mut f = entered(K::Conviction, D::ConvictedGuiltyPlea, "CA", "2019-03-01");
    f.class = K::Unknown;
    f.canonical = D::Unknown;
    let now = evaluate_with(&f, None);
    assert_eq!(now.reportability, Reportability::NotEnoughInfo);
    assert_eq!(aging(&f, None), california_conviction_of_2019());
    let mut on = f.clone();
    on.as_of = day("2026-04-01");
    assert_eq!(
        evaluate_with(&on, None).reportability,
        Reportability::NotReportable
    );
    on.as_of = day("2026-03-31");
    assert_eq!(
        evaluate_with(&on, None).reportability,
        Reportability::NotEnoughInfo
    );
    // Its windows are those of every value.
    let rules: Vec<_> = windows(&f).into_iter().map(|w| w.0).collect();
    assert!(
        rules.contains(&"CA_CONVICTION_7YR") && rules.contains(&"FED_NONCONVICTION_7YR"),
        "{rules:?}"
    );
}

#[test]
fn a_non_conviction_already_past_says_when_it_aged_out() {
    let f = entered(K::NonConviction, D::Dismissed, "GA", "2017-05-10");
    assert_eq!(
        evaluate_with(&f, None).reportability,
        Reportability::NotReportable
    );
    assert_eq!(aging(&f, None).ages_out_on, Some(iso("2024-05-11")));
}

#[test]
fn a_conviction_under_federal_law_alone_has_no_time_facts() {
    let f = entered(K::Conviction, D::ConvictedGuiltyPlea, "GA", "2010-01-01");
    assert_eq!(aging(&f, None), Lookback::default());
}

#[test]
fn a_state_conviction_lookback_counts_from_the_disposition() {
    let f = entered(K::Conviction, D::ConvictedGuiltyPlea, "CA", "2019-03-01");
    assert_eq!(aging(&f, None), california_conviction_of_2019());
}

#[test]
fn a_salary_at_the_threshold_lifts_the_federal_limit_but_not_a_state_one() {
    let mut f = entered(K::NonConviction, D::Dismissed, "GA", "2020-01-01");
    f.annual_salary = Some(75_000.0);
    assert_eq!(aging(&f, None), Lookback::default());
    // Colorado's conviction lookback is lifted at $75,000 too; California's has no exemption.
    let mut co = entered(K::Conviction, D::ConvictedGuiltyPlea, "CO", "2019-03-01");
    co.annual_salary = Some(75_000.0);
    assert_eq!(aging(&co, None), Lookback::default());
    co.annual_salary = Some(74_999.0);
    assert_eq!(aging(&co, None).ages_out_on, Some(iso("2026-04-01")));
}

#[test]
fn a_pending_charge_goes_to_review_seven_years_and_a_day_after_entry() {
    let f = entered(K::Pending, D::Pending, "GA", "2020-01-01");
    assert_eq!(
        aging(&f, None),
        expect(
            "FED_PENDING_CHARGE",
            "arrest_date",
            "2020-01-01",
            7,
            "2018-11-06",
            "2027-01-02"
        )
    );
    let mut exempt = f.clone();
    exempt.annual_salary = Some(80_000.0);
    assert_eq!(aging(&exempt, None), Lookback::default());
}

#[test]
fn a_client_lookback_shorter_than_the_law_decides() {
    let f = entered(K::NonConviction, D::Dismissed, "GA", "2020-01-01");
    let client = ClientRules {
        non_conviction_lookback_years: Some(5),
        ..ClientRules::default()
    };
    let got = aging(&f, Some(&client));
    assert_eq!(got.rule, Some("CLIENT_NON_CONVICTION_LOOKBACK"));
    assert_eq!(got.ages_out_on, Some(iso("2025-01-02")));
}

#[test]
fn an_entry_on_28_february_before_a_leap_day_ages_out_on_1_march() {
    let f = entered(K::NonConviction, D::Dismissed, "GA", "2017-02-28");
    let mut early = f.clone();
    early.as_of = day("2023-01-01");
    assert_eq!(aging(&early, None).ages_out_on, Some(iso("2024-03-01")));
}

#[test]
fn a_non_conviction_under_federal_law_alone_has_the_federal_window_only() {
    let f = entered(K::NonConviction, D::Dismissed, "GA", "2020-01-01");
    let got = time_facts(&f, None, &evaluate_with(&f, None));
    assert_eq!(
        got.windows,
        vec![LookbackWindow {
            rule: "FED_NONCONVICTION_7YR",
            clock_field: "arrest_date",
            clock_date: Some(iso("2020-01-01")),
            window_years: 7,
            window_months: None,
            boundary_date: Some(iso("2018-11-06")),
        }]
    );
    let conviction = entered(K::Conviction, D::ConvictedGuiltyPlea, "GA", "2020-01-01");
    assert_eq!(windows(&conviction), vec![]);
}

/// Montana's 7 years from the disposition of a charge entered on 2020-01-01.
fn montana() -> (&'static str, &'static str, Option<Iso>, Option<Iso>) {
    window("MT_CONVICTION_7YR", "disposition_date", "2020-01-31")
}

#[test]
fn a_seven_year_state_window_applies_beside_the_federal_one_that_decides() {
    // Montana counts from the disposition (30 days after the arrest), so the federal window
    // closes first and decides; Montana's still applies and is listed after it.
    let f = entered(K::NonConviction, D::Dismissed, "MT", "2020-01-01");
    assert_eq!(
        windows(&f),
        vec![
            window("FED_NONCONVICTION_7YR", "arrest_date", "2020-01-01"),
            montana(),
        ]
    );
    assert_eq!(aging(&f, None).rule, Some("FED_NONCONVICTION_7YR"));
    // A conviction: Montana's window alone, and it decides.
    let c = entered(K::Conviction, D::ConvictedGuiltyPlea, "MT", "2020-01-01");
    assert_eq!(windows(&c), vec![montana()]);
}

#[test]
fn a_salary_exemption_removes_the_windows_it_lifts() {
    let mut mt = entered(K::NonConviction, D::Dismissed, "MT", "2020-01-01");
    mt.annual_salary = Some(80_000.0);
    // The federal limit is lifted; Montana's has no exemption and now decides.
    assert_eq!(windows(&mt), vec![montana()]);
    assert_eq!(aging(&mt, None).rule, Some("MT_CONVICTION_7YR"));
    // Colorado's lookback is lifted at $75,000 too: nothing applies.
    let mut co = entered(K::Conviction, D::ConvictedGuiltyPlea, "CO", "2019-03-01");
    co.annual_salary = Some(75_000.0);
    assert_eq!(windows(&co), vec![]);
    co.annual_salary = Some(74_999.0);
    assert_eq!(windows(&co).len(), 1);
}

#[test]
fn a_pending_charge_lists_the_federal_and_state_windows_in_rule_order() {
    let nv = entered(K::Pending, D::Pending, "NV", "2020-01-01");
    // Both count from the arrest and close the same day: the federal one first.
    assert_eq!(
        windows(&nv),
        vec![
            window("FED_PENDING_CHARGE", "arrest_date", "2020-01-01"),
            window("NV_NONCONVICTION_7YR", "arrest_date", "2020-01-01"),
        ]
    );
    let mut exempt = entered(K::Pending, D::Pending, "GA", "2020-01-01");
    exempt.annual_salary = Some(80_000.0);
    assert_eq!(windows(&exempt), vec![]);
}

/// A California conviction whose disposition date is missing (docs/decisions.md §7.2): the arrest
/// bounds it from below and never stands in for it.
fn undated(entry: Option<&str>) -> ChargeFacts {
    let mut f = facts(K::Conviction, D::ConvictedGuiltyPlea, "CA");
    f.entry = entry.map(|d| Dated {
        date: day(d),
        field: "arrest_date",
    });
    f.conviction_clock = later(None, f.entry);
    f.outcome_dated = false;
    f
}

fn undated_lookback(ages_out_not_before: Option<(&str, &str)>, boundary: &str) -> Lookback {
    Lookback {
        rule: Some("CA_CONVICTION_7YR"),
        clock_field: Some("disposition_date"),
        clock_date: None,
        window_years: Some(7),
        window_months: None,
        boundary_date: Some(iso(boundary)),
        ages_out_on: None,
        lower_bound: ages_out_not_before.map(|(clock, not_before)| LowerBound {
            clock_field: "arrest_date",
            clock_date: iso(clock),
            ages_out_not_before: iso(not_before),
        }),
        windows: Vec::new(),
    }
}

#[test]
fn a_missing_clock_date_gives_no_date_only_a_lower_bound() {
    // Reportable whatever the disposition date: the earliest it can age out, by its own name.
    let recent = undated(Some("2024-11-13"));
    assert_eq!(
        evaluate_with(&recent, None).reportability,
        Reportability::Reportable
    );
    assert_eq!(
        aging(&recent, None),
        undated_lookback(Some(("2024-11-13", "2031-11-14")), "2018-11-06")
    );
    assert_eq!(
        windows(&recent),
        vec![(
            "CA_CONVICTION_7YR",
            "disposition_date",
            None,
            Some(iso("2018-11-06"))
        )]
    );
    // A person decides; the bound says since when the record as it stands cannot be reported.
    let old = undated(Some("2016-03-01"));
    assert_eq!(
        evaluate_with(&old, None).reportability,
        Reportability::NotEnoughInfo
    );
    assert_eq!(
        aging(&old, None),
        undated_lookback(Some(("2016-03-01", "2023-03-02")), "2018-11-06")
    );
    // No date at all: the window that needs one, and nothing else.
    let none = undated(None);
    assert_eq!(
        evaluate_with(&none, None).reportability,
        Reportability::NotEnoughInfo
    );
    assert_eq!(aging(&none, None), undated_lookback(None, "2018-11-06"));
}

/// A New York misdemeanor conviction changes twice: Clean Slate sends it to a person 3 years
/// after its disposition, New York's 7 years bar it. `ages_out_on` is the first change (it is no
/// longer reportable from then on); the second is a boundary of its own, not another charge's
/// (the whole-corpus `ages_out` test must not take the second for the first, as a New York DWI
/// case would show).
#[test]
fn a_new_york_misdemeanor_ages_out_to_review_and_is_barred_later() {
    let mut f = entered(K::Conviction, D::ConvictedGuiltyPlea, "NY", "2024-01-31");
    f.level = crate::classify::SeverityLevel::Misdemeanor;
    // Disposed 2024-03-01 (`entered` adds 30 days).
    let got = aging(&f, None);
    assert_eq!(got.rule, Some("NY_CLEAN_SLATE_SEALING"));
    assert_eq!(got.ages_out_on, Some(iso("2027-03-02")));
    for (date, want) in [
        ("2027-03-01", Reportability::Reportable),
        ("2027-03-02", Reportability::NotEnoughInfo),
        ("2031-03-01", Reportability::NotEnoughInfo),
        ("2031-03-02", Reportability::NotReportable),
    ] {
        assert_eq!(reportability_on(&f, day(date)), want, "{date}");
    }
    let closes: Vec<_> = windows(&f).into_iter().map(|w| w.0).collect();
    assert_eq!(closes, ["NY_CLEAN_SLATE_SEALING", "NY_CONVICTION_7YR"]);
}

fn reportability_on(f: &ChargeFacts, date: NaiveDate) -> Reportability {
    let mut g = f.clone();
    g.as_of = date;
    evaluate_with(&g, None).reportability
}

proptest! {
    /// As of `ages_out_on - 1 day` the charge is reportable and as of `ages_out_on` it is not;
    /// a charge reportable now with no `ages_out_on` is still reportable 30 years on.
    #[test]
    fn ages_out_on_is_where_reportability_ends(
        entry_days in 0u64..9_000,
        class in prop::sample::select(vec![K::Conviction, K::NonConviction, K::Pending]),
        state in prop::sample::select(vec!["GA", "CA", "CO", "KS", "MD", "NY", "HI", "CT", "TX", "WA"]),
        salary in prop::option::of(prop::sample::select(vec![19_999.0, 20_000.0, 75_000.0, 125_000.0])),
    ) {
        let date = day("2001-01-01") + Days::new(entry_days);
        let canonical = match class {
            K::Conviction => D::ConvictedGuiltyPlea,
            K::Pending => D::Pending,
            _ => D::Dismissed,
        };
        let mut f = entered(class, canonical, state, &date.format("%Y-%m-%d").to_string());
        f.annual_salary = salary;
        let all = time_facts(&f, None, &evaluate_with(&f, None));
        // The deciding window is one of the windows listed.
        if let (Some(rule), Some(clock)) = (all.rule, all.clock_date) {
            prop_assert!(all.windows.iter().any(|w| w.rule == rule && w.clock_date == Some(clock)));
        }
        let got = aging(&f, None);
        match got.ages_out_on.map(|d| d.0) {
            Some(out) => {
                prop_assert_eq!(reportability_on(&f, out - Days::new(1)), Reportability::Reportable);
                prop_assert_ne!(reportability_on(&f, out), Reportability::Reportable);
            }
            None if reportability_on(&f, f.as_of) == Reportability::Reportable => {
                prop_assert_eq!(
                    reportability_on(&f, f.as_of + Days::new(30 * 366)),
                    Reportability::Reportable
                );
            }
            None => {}
        }
    }
}

proptest! {
    /// The reportability the lookback asks at each boundary is the full evaluation's, for a
    /// missing disposition or level too (each of their values is tried until one is not barred).
    #[test]
    fn reportability_alone_is_the_evaluations(
        entry_days in 0u64..9_000,
        as_of_days in 0u64..12_000,
        class in prop::sample::select(vec![K::Conviction, K::NonConviction, K::Pending, K::Unknown]),
        level in prop::sample::select(vec![L::Felony, L::Misdemeanor, L::Infraction, L::Unknown]),
        state in prop::sample::select(vec!["GA", "CA", "CO", "KS", "MD", "NY", "HI", "MA", "TX", "WA"]),
        dated in any::<bool>(),
        client in any::<bool>(),
    ) {
        let date = day("2001-01-01") + Days::new(entry_days);
        let canonical = match class {
            K::Conviction => D::ConvictedGuiltyPlea,
            K::Pending => D::Pending,
            K::NonConviction => D::Dismissed,
            K::Unknown => D::Unknown,
        };
        let mut f = entered(class, canonical, state, &date.format("%Y-%m-%d").to_string());
        f.level = level;
        f.outcome_dated = dated;
        f.as_of = day("2001-01-01") + Days::new(as_of_days);
        let overlay = ClientRules {
            conviction_lookback_years: Some(5),
            pending_lookback_years: Some(3),
            ..ClientRules::default()
        };
        let client = client.then_some(&overlay);
        prop_assert_eq!(
            reportability_with(&f, client),
            evaluate_with(&f, client).reportability
        );
    }
}
