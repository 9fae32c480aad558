//! Unit tests of the evaluator: every lookback's boundary (inside, exactly on it, outside), with and
//! without its salary exemption; the non-conviction bars; pending charges; local rules; client
//! overlays; the catalogue document and the data hash; and two properties.

use chrono::NaiveDate;
use proptest::prelude::*;

use crate::classify::{
    CanonicalDisposition as D, DispositionClass as K, SeverityLevel, TrafficKind,
};
use crate::model::Reportability;

/// The date `years` before `as_of` (the tests' dates are all in range).
fn years_before(as_of: NaiveDate, years: u32) -> NaiveDate {
    crate::dates::years_before(as_of, years).unwrap_or(NaiveDate::MIN)
}

use super::catalog::{Action, Clock, Place, Trigger};
use super::client::{CLIENT_CONVICTION_LOOKBACK, ClientCategory, ClientRules};
use super::facts::{Custody, Dated, LaterDate, StateCode};
use super::registry;
use super::*;

const AS_OF: &str = "2025-11-06";

pub(super) fn day(s: &str) -> NaiveDate {
    crate::dates::parse_iso(s).unwrap_or(NaiveDate::MIN)
}

pub(super) fn facts(class: K, canonical: D, state: &str) -> ChargeFacts {
    ChargeFacts {
        as_of: day(AS_OF),
        class,
        canonical,
        traffic: TrafficKind::NotTraffic,
        state: StateCode::new(state),
        applicant_state: StateCode::new(state),
        customer_state: None,
        place: None,
        level: SeverityLevel::Felony,
        juvenile: false,
        marijuana: false,
        marijuana_possession: false,
        dwai_or_loitering: false,
        minor_misdemeanor_ma: false,
        subject_dob: Some(day("1986-02-17")),
        custody: Custody::NoneRecorded,
        entry: Some(Dated {
            date: day("2024-01-01"),
            field: "arrest_date",
        }),
        conviction_clock: LaterDate::Known(Dated {
            date: day("2024-02-01"),
            field: "disposition_date",
        }),
        outcome_dated: true,
        is_serving: false,
        annual_salary: None,
        reading_tried: false,
    }
}

/// The later clock as a test gives it: the date, or a missing disposition date no earlier than
/// `entry`.
pub(super) fn later(date: Option<Dated>, entry: Option<Dated>) -> LaterDate {
    date.map_or(
        LaterDate::Missing {
            gaps: &[DataGap::DispositionDate],
            floor: entry,
        },
        LaterDate::Known,
    )
}

fn conviction(state: &str, disposed: NaiveDate) -> ChargeFacts {
    let mut f = facts(K::Conviction, D::ConvictedGuiltyPlea, state);
    f.entry = Some(Dated {
        date: disposed - chrono::Days::new(60),
        field: "arrest_date",
    });
    f.conviction_clock = LaterDate::Known(Dated {
        date: disposed,
        field: "disposition_date",
    });
    f
}

fn dismissal(state: &str, entered: NaiveDate) -> ChargeFacts {
    entered_on(facts(K::NonConviction, D::Dismissed, state), entered)
}

/// `f` arrested on `entered` and disposed 30 days later.
pub(super) fn entered_on(mut f: ChargeFacts, entered: NaiveDate) -> ChargeFacts {
    f.entry = Some(Dated {
        date: entered,
        field: "arrest_date",
    });
    f.conviction_clock = LaterDate::Known(Dated {
        date: entered + chrono::Days::new(30),
        field: "disposition_date",
    });
    f
}

fn outcome(f: &ChargeFacts) -> Reportability {
    evaluate_charge(f).reportability
}

fn cites(f: &ChargeFacts, id: &str) -> bool {
    evaluate_charge(f).cited_rules().contains(&id)
}

/// Every state conviction lookback (7 years from disposition or release): inside, exactly on the
/// boundary (inside), one day past it (outside), and the salary exemption at and just under it.
#[test]
fn conviction_lookback_boundaries_and_salary() {
    let as_of = day(AS_OF);
    let cases: [(&str, Option<f64>); 11] = [
        ("CA", None),
        ("CO", Some(75_000.0)),
        ("KS", Some(20_000.0)),
        ("MD", Some(75_000.0)),
        ("MA", None),
        ("MT", None),
        ("NH", Some(20_000.0)),
        ("NM", None),
        ("NY", Some(25_000.0)),
        ("TX", Some(75_000.0)),
        ("WA", Some(20_000.0)),
    ];
    for (st, threshold) in cases {
        let on = years_before(as_of, 7);
        assert_eq!(
            outcome(&conviction(st, on + chrono::Days::new(300))),
            Reportability::Reportable,
            "{st} inside"
        );
        assert_eq!(
            outcome(&conviction(st, on)),
            Reportability::Reportable,
            "{st} exactly 7 years"
        );
        let past = conviction(st, on - chrono::Days::new(1));
        assert_eq!(
            outcome(&past),
            Reportability::NotReportable,
            "{st} one day past"
        );
        let mut serving = past.clone();
        serving.is_serving = true;
        assert_eq!(
            outcome(&serving),
            Reportability::Reportable,
            "{st} still serving"
        );
        // A salary of a million lifts only the states that have an exemption (MA has none).
        let mut rich = past.clone();
        rich.annual_salary = Some(1_000_000.0);
        let want = if threshold.is_some() {
            Reportability::Reportable
        } else {
            Reportability::NotReportable
        };
        assert_eq!(outcome(&rich), want, "{st} with a high salary");
        if let Some(t) = threshold {
            let mut at = past.clone();
            at.annual_salary = Some(t);
            assert_eq!(
                outcome(&at),
                Reportability::Reportable,
                "{st} salary exactly at the threshold"
            );
            let mut under = past.clone();
            under.annual_salary = Some(t - 0.01);
            assert_eq!(
                outcome(&under),
                Reportability::NotReportable,
                "{st} salary just under"
            );
        }
    }
}

/// Federal-only states never limit a conviction; every jurisdiction's non-conviction past 7 years
/// from entry is barred below $75,000.
#[test]
fn federal_only_and_nonconviction_window() {
    let as_of = day(AS_OF);
    for st in ["GA", "AL", "FL", "OH", "PR", "VI"] {
        assert_eq!(
            outcome(&conviction(st, day("1990-01-01"))),
            Reportability::Reportable,
            "{st}"
        );
    }
    for st in states::CODES {
        let on = years_before(as_of, 7);
        let mut old = dismissal(st, on - chrono::Days::new(1));
        old.applicant_state = None;
        assert_eq!(
            outcome(&old),
            Reportability::NotReportable,
            "{st} non-conviction past 7 years"
        );
    }
}

#[test]
fn nonconviction_bans_at_any_age_but_not_pending() {
    let recent = day("2025-01-01");
    for st in ["CA", "NY", "NM", "MD", "KY", "GU"] {
        let mut f = dismissal(st, recent);
        f.applicant_state = None;
        f.annual_salary = Some(500_000.0);
        assert_eq!(
            outcome(&f),
            Reportability::NotReportable,
            "{st} bans non-convictions"
        );
        let mut p = facts(K::Pending, D::Pending, st);
        p.applicant_state = None;
        let want = if st == "KY" {
            Reportability::NotEnoughInfo
        } else {
            Reportability::Reportable
        };
        assert_eq!(outcome(&p), want, "{st} pending");
    }
    // MD only since 2024-10-01.
    let mut md = dismissal("MD", day("2023-01-01"));
    md.as_of = day("2024-09-30");
    assert_eq!(outcome(&md), Reportability::Reportable);
    md.as_of = day("2024-10-01");
    assert_eq!(outcome(&md), Reportability::NotReportable);
    // KY only for Kentucky courts.
    let mut ky = dismissal("GA", recent);
    ky.applicant_state = StateCode::new("KY");
    ky.customer_state = StateCode::new("KY");
    assert_eq!(outcome(&ky), Reportability::Reportable);
}

#[test]
fn pending_charges() {
    let as_of = day(AS_OF);
    let mut p = facts(K::Pending, D::Pending, "GA");
    p.entry = Some(Dated {
        date: years_before(as_of, 7),
        field: "arrest_date",
    });
    assert_eq!(outcome(&p), Reportability::Reportable, "exactly 7 years");
    p.entry = Some(Dated {
        date: years_before(as_of, 7) - chrono::Days::new(1),
        field: "arrest_date",
    });
    assert_eq!(
        outcome(&p),
        Reportability::NotEnoughInfo,
        "older pending goes to review"
    );
    p.annual_salary = Some(75_000.0);
    assert_eq!(
        outcome(&p),
        Reportability::Reportable,
        "older pending at $75,000 is reportable"
    );
    // Nevada purges criminal proceedings other than convictions after 7 years, whatever the salary.
    let mut nv = p.clone();
    nv.state = StateCode::new("NV");
    nv.applicant_state = None;
    assert_eq!(outcome(&nv), Reportability::NotReportable);
    // Hawaii employers may not use a pending charge.
    let hi = facts(K::Pending, D::Pending, "HI");
    assert_eq!(outcome(&hi), Reportability::NotReportable);
}

#[test]
fn hawaii_felony_and_misdemeanor_windows() {
    let as_of = day(AS_OF);
    let mut mis = conviction("HI", years_before(as_of, 5));
    mis.level = SeverityLevel::Misdemeanor;
    assert_eq!(outcome(&mis), Reportability::Reportable, "exactly 5 years");
    mis.conviction_clock = LaterDate::Known(Dated {
        date: years_before(as_of, 5) - chrono::Days::new(1),
        field: "disposition_date",
    });
    assert_eq!(
        outcome(&mis),
        Reportability::NotReportable,
        "misdemeanor past 5 years"
    );
    mis.level = SeverityLevel::Unknown;
    assert_eq!(
        outcome(&mis),
        Reportability::NotEnoughInfo,
        "unknown level between 5 and 7 years"
    );
    mis.level = SeverityLevel::Felony;
    assert_eq!(
        outcome(&mis),
        Reportability::Reportable,
        "felony inside 7 years"
    );
    let old = conviction("HI", years_before(as_of, 7) - chrono::Days::new(1));
    assert_eq!(
        outcome(&old),
        Reportability::NotReportable,
        "no custody recorded"
    );
    let mut unknown = old.clone();
    unknown.custody = Custody::Unknown;
    assert_eq!(
        outcome(&unknown),
        Reportability::NotEnoughInfo,
        "custody unknown"
    );
}

#[test]
fn other_lookbacks() {
    let as_of = day(AS_OF);
    // CA marijuana possession: 2 years, California courts.
    let mut mj = conviction("CA", years_before(as_of, 2));
    mj.marijuana = true;
    mj.marijuana_possession = true;
    mj.level = SeverityLevel::Misdemeanor;
    assert_eq!(outcome(&mj), Reportability::Reportable);
    mj.conviction_clock = LaterDate::Known(Dated {
        date: years_before(as_of, 2) - chrono::Days::new(1),
        field: "disposition_date",
    });
    assert!(cites(&mj, "CA_MARIJUANA_2YR"));
    assert_eq!(outcome(&mj), Reportability::NotReportable);
    // CT nolle: erased 13 months after it was entered.
    let mut nolle = dismissal("CT", day("2025-01-01"));
    nolle.canonical = D::DismissedByProsecutor;
    nolle.conviction_clock = LaterDate::Known(Dated {
        date: day("2024-10-06"),
        field: "disposition_date",
    });
    assert_eq!(
        outcome(&nolle),
        Reportability::Reportable,
        "exactly 13 months"
    );
    nolle.conviction_clock = LaterDate::Known(Dated {
        date: day("2024-10-05"),
        field: "disposition_date",
    });
    assert_eq!(
        outcome(&nolle),
        Reportability::NotReportable,
        "past 13 months"
    );
    // MA misdemeanor: 3 years (employer use).
    let mut ma = conviction("MA", years_before(as_of, 3));
    ma.level = SeverityLevel::Misdemeanor;
    assert_eq!(outcome(&ma), Reportability::Reportable);
    ma.conviction_clock = LaterDate::Known(Dated {
        date: years_before(as_of, 3) - chrono::Days::new(1),
        field: "disposition_date",
    });
    assert_eq!(outcome(&ma), Reportability::NotReportable);
    ma.applicant_state = StateCode::new("GA");
    assert_eq!(
        outcome(&ma),
        Reportability::Reportable,
        "employer-use limits follow the applicant"
    );
    // NY Clean Slate: misdemeanors 3 years, felonies 8, to review, New York courts.
    let mut ny = conviction("NY", years_before(as_of, 3) - chrono::Days::new(1));
    ny.level = SeverityLevel::Misdemeanor;
    assert_eq!(outcome(&ny), Reportability::NotEnoughInfo);
    ny.level = SeverityLevel::Felony;
    assert_eq!(outcome(&ny), Reportability::Reportable);
    // DC claimed 10-year limit: review.
    let dc = conviction("DC", years_before(as_of, 10) - chrono::Days::new(1));
    assert_eq!(outcome(&dc), Reportability::NotEnoughInfo);
    // WA juvenile records once the subject is 21; unknown age goes to review.
    let mut wa = conviction("WA", day("2025-01-01"));
    wa.juvenile = true;
    wa.applicant_state = None;
    assert_eq!(outcome(&wa), Reportability::NotReportable);
    wa.subject_dob = Some(day("2010-01-01"));
    assert_eq!(outcome(&wa), Reportability::Reportable);
    wa.subject_dob = None;
    assert_eq!(outcome(&wa), Reportability::NotEnoughInfo);
}

/// A conviction whose disposition date is missing, entered on `entered`.
fn undated_conviction(state: &str, entered: &str) -> ChargeFacts {
    let mut f = conviction(state, day("2024-01-01"));
    f.entry = Some(Dated {
        date: day(entered),
        field: "arrest_date",
    });
    f.conviction_clock = later(None, f.entry);
    f.outcome_dated = false;
    f
}

/// docs/decisions.md §7.2: the date of entry bounds a missing disposition date from below and never
/// stands in for it; the gap is named whether or not the decision needs it.
#[test]
fn a_missing_disposition_date_is_bounded_by_the_entry_never_replaced_by_it() {
    let inside = evaluate_charge(&undated_conviction("CA", "2024-01-01"));
    assert_eq!(inside.reportability, Reportability::Reportable);
    assert!(inside.has_gap(DataGap::DispositionDate));
    assert!(!inside.reportability_insufficient);
    let old = evaluate_charge(&undated_conviction("CA", "2010-01-01"));
    assert_eq!(old.reportability, Reportability::NotEnoughInfo);
    assert!(old.has_gap(DataGap::DispositionDate));
    assert!(old.reportability_insufficient);
    // Every state window that counts from the disposition, and none that does not.
    for st in ["CO", "KS", "MD", "MA", "MT", "NH", "NM", "NY", "TX", "WA"] {
        let o = evaluate_charge(&undated_conviction(st, "2010-01-01"));
        assert_eq!(o.reportability, Reportability::NotEnoughInfo, "{st}");
        assert!(o.has_gap(DataGap::DispositionDate), "{st}");
    }
    let ga = evaluate_charge(&undated_conviction("GA", "2010-01-01"));
    assert_eq!(ga.reportability, Reportability::Reportable);
    assert!(
        !ga.has_gap(DataGap::DispositionDate),
        "no GA rule counts from it"
    );
    // A salary that lifts the window makes the date unneeded.
    let mut tx = undated_conviction("TX", "2010-01-01");
    tx.annual_salary = Some(75_000.0);
    let o = evaluate_charge(&tx);
    assert_eq!(o.reportability, Reportability::Reportable);
    assert!(!o.has_gap(DataGap::DispositionDate));
    // A non-conviction California bars whatever the date is, and names it all the same.
    let mut dismissed = undated_conviction("CA", "2024-01-01");
    dismissed.class = K::NonConviction;
    dismissed.canonical = D::Dismissed;
    let o = evaluate_charge(&dismissed);
    assert_eq!(o.reportability, Reportability::NotReportable);
    assert!(o.has_gap(DataGap::DispositionDate));
}

/// A custodial sentence without a release date: the clock is the release, which cannot be
/// earlier than the disposition; the release date is named.
#[test]
fn a_missing_release_date_is_bounded_by_the_disposition() {
    let release_missing = |disposed: &str| {
        let mut f = conviction("CA", day(disposed));
        f.conviction_clock = LaterDate::Missing {
            gaps: &[DataGap::ReleaseDate],
            floor: f.conviction_clock.known(),
        };
        f.custody = Custody::Unknown;
        f
    };
    let recent = evaluate_charge(&release_missing("2022-01-01"));
    assert_eq!(recent.reportability, Reportability::Reportable);
    assert!(recent.has_gap(DataGap::ReleaseDate));
    let old = evaluate_charge(&release_missing("2012-01-01"));
    assert_eq!(old.reportability, Reportability::NotEnoughInfo);
    assert!(old.has_gap(DataGap::ReleaseDate));
}

/// A level the type does not give: decided only when every level decides alike.
#[test]
fn an_unknown_level_is_decided_only_when_every_level_decides_alike() {
    let hi = |disposed: &str| {
        let mut f = conviction("HI", day(disposed));
        f.state = StateCode::new("GA");
        f.level = SeverityLevel::Unknown;
        f
    };
    // Inside both of Hawaii's windows (5 years for misdemeanors, 7 for felonies).
    let o = evaluate_charge(&hi("2022-01-01"));
    assert_eq!(o.reportability, Reportability::Reportable);
    assert!(o.has_gap(DataGap::Level));
    // Between them: a felony is inside, a misdemeanor is not.
    let o = evaluate_charge(&hi("2019-06-01"));
    assert_eq!(o.reportability, Reportability::NotEnoughInfo);
    assert!(o.reportability_insufficient);
    // Past both: barred whatever the level (with custody recorded as none).
    let o = evaluate_charge(&hi("2015-01-01"));
    assert_eq!(o.reportability, Reportability::NotReportable);
    assert!(
        o.reason()
            .starts_with("whatever the missing charge level is: if a felony"),
        "{}",
        o.reason()
    );
    assert!(o.has_gap(DataGap::Level));
    // Past both with custody unknown: the levels disagree (a felony or misdemeanor goes to a
    // person for the custody, a lesser level is outside Hawaii's rows), so the missing level is
    // why it is reviewed, and the review says so.
    let mut unknown_custody = hi("2015-01-01");
    unknown_custody.custody = Custody::Unknown;
    let o = evaluate_charge(&unknown_custody);
    assert_eq!(o.reportability, Reportability::NotEnoughInfo);
    assert!(o.reportability_insufficient, "{}", o.reason());
    assert!(
        o.reason()
            .contains("the charge level needed to tell is unknown"),
        "{}",
        o.reason()
    );
    // A New York-court conviction might be a violation, which New York seals.
    let mut ny = conviction("NY", day("2025-01-01"));
    ny.level = SeverityLevel::Unknown;
    let o = evaluate_charge(&ny);
    assert_eq!(o.reportability, Reportability::NotEnoughInfo);
    assert!(o.has_gap(DataGap::Level));
    assert!(cites(&ny, "NY_TRAFFIC_VIOLATION_NONREPORT"));
}

/// A tenant's overlay needs its dates and levels as the law's rules do (docs/decisions.md §7.2, §7.5).
#[test]
fn a_client_overlay_never_skips_a_missing_value() {
    let client = ClientRules {
        conviction_lookback_years: Some(5),
        non_conviction_lookback_years: Some(3),
        never_report: vec![ClientCategory::Misdemeanor],
        ..ClientRules::default()
    };
    let with = |f: &ChargeFacts| evaluate_with(f, Some(&client));
    let recent = with(&undated_conviction("GA", "2024-01-01"));
    assert_eq!(recent.reportability, Reportability::Reportable);
    assert!(recent.has_gap(DataGap::DispositionDate));
    let old = with(&undated_conviction("GA", "2015-01-01"));
    assert_eq!(old.reportability, Reportability::NotEnoughInfo);
    assert!(old.cited_rules().contains(&CLIENT_CONVICTION_LOOKBACK));
    // No date of entry at all, the federal limit lifted by the salary: the tenant's still applies.
    let mut dismissed = dismissal("GA", day("2024-01-01"));
    dismissed.entry = None;
    dismissed.annual_salary = Some(100_000.0);
    let o = with(&dismissed);
    assert_eq!(o.reportability, Reportability::NotEnoughInfo);
    assert!(o.has_gap(DataGap::EntryDate));
    // A level the type does not give may be the one the tenant never reports.
    let mut unknown = conviction("GA", day("2024-01-01"));
    unknown.level = SeverityLevel::Unknown;
    let o = with(&unknown);
    assert_eq!(o.reportability, Reportability::NotEnoughInfo);
    assert!(o.has_gap(DataGap::Level));
}

#[test]
fn set_aside_and_pardon_only_where_the_table_says() {
    let pardoned = |st: &str| {
        let mut f = facts(K::NonConviction, D::Pardoned, st);
        f.entry = Some(Dated {
            date: day("2024-01-01"),
            field: "arrest_date",
        });
        f
    };
    assert!(cites(&pardoned("CA"), "CA_PARDON_NOT_REPORTABLE"));
    assert!(cites(&pardoned("NM"), "NM_PARDON"));
    assert_eq!(outcome(&pardoned("GA")), Reportability::Reportable);
    let mut mi = facts(K::NonConviction, D::ConvictionSetAside, "MI");
    mi.applicant_state = None;
    assert_eq!(outcome(&mi), Reportability::NotReportable);
    // The law table also bars set-aside records in OR (ORS 137.225) and DC (2-1652(2)(A)), and in
    // MI and OR only for their own courts; AZ reports them with their status; elsewhere a
    // set-aside is decided over both readings (docs/decisions.md §15): recent, both are reportable.
    let set_aside = |court: &str, applicant: Option<&str>| {
        let mut f = facts(K::NonConviction, D::ConvictionSetAside, court);
        f.applicant_state = applicant.and_then(StateCode::new);
        f
    };
    for (court, id) in [
        ("MI", "MI_SET_ASIDE"),
        ("OR", "OR_SET_ASIDE"),
        ("DC", "DC_CHP_SEALED_EXPUNGED"),
    ] {
        let f = set_aside(court, None);
        assert_eq!(outcome(&f), Reportability::NotReportable, "{court}");
        assert!(cites(&f, id), "{court}");
    }
    for court in ["AZ", "GA", "TX"] {
        assert_eq!(
            outcome(&set_aside(court, None)),
            Reportability::Reportable,
            "{court}"
        );
    }
    // Court-keyed: a Georgia set-aside is not barred because the applicant lives in MI or OR...
    assert_eq!(
        outcome(&set_aside("GA", Some("MI"))),
        Reportability::Reportable
    );
    assert_eq!(
        outcome(&set_aside("GA", Some("OR"))),
        Reportability::Reportable
    );
    // ... but D.C.'s provider duty applies whichever party is in D.C.
    assert_eq!(
        outcome(&set_aside("GA", Some("DC"))),
        Reportability::NotReportable
    );
    // Minnesota: pardoned records are deleted on dispute, so they go to a person.
    assert_eq!(outcome(&pardoned("MN")), Reportability::NotEnoughInfo);
}

#[test]
fn preemption_doubt_is_said_and_cited() {
    let f = conviction("TX", day("2010-01-01"));
    let o = evaluate_charge(&f);
    assert_eq!(o.reportability, Reportability::NotReportable);
    assert!(o.cited_rules().contains(&"TX_PREEMPTION_DISPUTE"));
    assert!(o.reason().contains("preemption"), "{}", o.reason());
    assert!(o.citations().iter().any(|c| c.contains("20.05")));
}

#[test]
fn local_rules() {
    let mut f = conviction("CA", day("2024-01-01"));
    f.place = Some(Place::LosAngelesCounty);
    assert_eq!(outcome(&f), Reportability::NotEnoughInfo);
    assert!(cites(&f, "LOCAL_LOS_ANGELES_COUNTY_FAIR_CHANCE"));
    f.place = Some(Place::Philadelphia);
    assert!(cites(&f, "LOCAL_PHILADELPHIA_FAIR_CHANCE"));
    let mut nyc = conviction("NY", day("2024-01-01"));
    nyc.place = Some(Place::NewYorkCity);
    assert_eq!(
        outcome(&nyc),
        Reportability::Reportable,
        "NYC rule covers non-convictions and violations only"
    );
}

#[test]
fn client_overlays() {
    let law = conviction("GA", day("2015-01-01"));
    assert_eq!(outcome(&law), Reportability::Reportable);
    let shorter = ClientRules {
        conviction_lookback_years: Some(7),
        ..ClientRules::default()
    };
    assert!(shorter.validate().is_ok());
    assert_eq!(
        evaluate_with(&law, Some(&shorter)).reportability,
        Reportability::NotReportable
    );
    let felonies = ClientRules {
        always_review_felonies: true,
        ..ClientRules::default()
    };
    assert_eq!(
        evaluate_with(&conviction("GA", day("2024-01-01")), Some(&felonies)).reportability,
        Reportability::NotEnoughInfo
    );
    let never = ClientRules {
        never_report: vec![ClientCategory::Pending],
        ..ClientRules::default()
    };
    assert_eq!(
        evaluate_with(&facts(K::Pending, D::Pending, "GA"), Some(&never)).reportability,
        Reportability::NotReportable
    );
    // Never more reportable than law: a CA bar stays a bar.
    let f = dismissal("CA", day("2025-01-01"));
    assert_eq!(
        evaluate_with(&f, Some(&ClientRules::default())).reportability,
        Reportability::NotReportable
    );
}

#[test]
fn client_overlay_validation() {
    let bad = [
        (
            ClientRules {
                non_conviction_lookback_years: Some(8),
                ..ClientRules::default()
            },
            "non_conviction_lookback_years",
        ),
        (
            ClientRules {
                pending_lookback_years: Some(10),
                ..ClientRules::default()
            },
            "pending_lookback_years",
        ),
        (
            ClientRules {
                identity_threshold: Some(0.69),
                ..ClientRules::default()
            },
            "identity_threshold",
        ),
        (
            ClientRules {
                identity_threshold: Some(1.01),
                ..ClientRules::default()
            },
            "identity_threshold",
        ),
        (
            ClientRules {
                identity_threshold: Some(f64::NAN),
                ..ClientRules::default()
            },
            "identity_threshold",
        ),
    ];
    for (rules, field) in bad {
        let err = rules.validate().err().unwrap_or_default();
        assert!(err.contains(field), "{err}");
    }
    let ok = ClientRules {
        identity_threshold: Some(0.70),
        non_conviction_lookback_years: Some(7),
        ..ClientRules::default()
    };
    assert!(ok.validate().is_ok());
    assert_eq!(ok.identity_threshold_bp(), Some(7000));
    // Fields that would loosen the law do not exist; unknown keys are refused.
    let loosen = serde_json::from_str::<ClientRules>(r#"{"report_sealed": true}"#);
    assert!(loosen.is_err());
}

/// Two consistency checks over the rule rows: a lookback that counts from a disposition or a
/// release never covers pending charges (they have neither date), and an employer-use limit, which
/// binds where the report is used, names one state. That every deciding rule fires is
/// `every_deciding_rule_fires_in_a_named_corpus_case` (core-wasm/tests/corpus.rs); that statute
/// rules carry their citation is `statute_rules_carry_citations_and_firing_rules_carry_reasons`.
#[test]
fn disposition_clocks_skip_pending_charges_and_applicant_rules_name_one_state() {
    for r in registry::all_rules() {
        if let Action::Lookback { clock, .. } = r.action
            && clock != Clock::Entry
        {
            assert!(!r.classes.contains(&K::Pending), "{}", r.id);
        }
        if r.trigger == Trigger::Applicant {
            assert!(r.jurisdiction.len() == 2, "{}", r.id);
        }
    }
}

/// `docs/rules.md` is the generated catalogue. Regenerate with
/// `UPDATE_RULES_DOC=1 cargo test -p lookback-core rules_doc`.
#[test]
fn rules_doc_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md");
    let want = catalog_markdown();
    if std::env::var_os("UPDATE_RULES_DOC").is_some() {
        std::fs::write(&path, &want)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "docs/rules.md differs from the rule data; regenerate it with `UPDATE_RULES_DOC=1 cargo test -p lookback-core rules_doc`"
    );
}

/// Changing any rule without bumping `RULES_VERSION` fails here.
#[test]
fn rules_data_hash_matches_the_version() {
    let hash = registry::rules_data_hash();
    assert_eq!(
        hash,
        registry::RULES_DATA_HASH,
        "the rule data changed: bump RULES_VERSION (now {}) and set RULES_DATA_HASH to {hash}",
        registry::RULES_VERSION
    );
}

fn arb_facts() -> impl Strategy<Value = ChargeFacts> {
    let classes = prop_oneof![
        Just((K::Conviction, D::ConvictedGuiltyPlea)),
        Just((K::NonConviction, D::Dismissed)),
        Just((K::NonConviction, D::DismissedByProsecutor)),
        Just((K::NonConviction, D::DeferredCompleted)),
        Just((K::NonConviction, D::Pardoned)),
        Just((K::NonConviction, D::ConvictionSetAside)),
        Just((K::NonConviction, D::Sealed)),
        Just((K::Pending, D::Pending)),
        Just((K::Pending, D::DeferredActive)),
        Just((K::Unknown, D::Unknown)),
    ];
    let levels = prop_oneof![
        Just(SeverityLevel::Felony),
        Just(SeverityLevel::Misdemeanor),
        Just(SeverityLevel::Violation),
        Just(SeverityLevel::Infraction),
        Just(SeverityLevel::PettyOffense),
        Just(SeverityLevel::Unknown),
    ];
    (
        classes,
        levels,
        0usize..56,
        any::<bool>(),
        any::<bool>(),
        0u32..6000,
        0u32..400,
        proptest::option::of(prop_oneof![
            Just(0.0),
            Just(19_999.0),
            Just(20_000.0),
            Just(25_000.0),
            Just(74_999.0),
            Just(75_000.0),
            Just(1e6)
        ]),
        any::<bool>(),
        proptest::option::of(0u32..4),
    )
        .prop_map(
            |(
                (class, canonical),
                level,
                st,
                juvenile,
                mj,
                age_days,
                gap,
                salary,
                clock_missing,
                place,
            )| {
                let code = states::CODES.get(st).copied().unwrap_or("GA");
                let mut f = facts(class, canonical, code);
                f.applicant_state = None;
                f.level = level;
                f.juvenile = juvenile;
                f.marijuana = mj;
                f.marijuana_possession = mj;
                let entered = day(AS_OF) - chrono::Days::new(u64::from(age_days));
                f.entry = Some(Dated {
                    date: entered,
                    field: "arrest_date",
                });
                let disposed = (!clock_missing).then(|| Dated {
                    date: entered + chrono::Days::new(u64::from(gap)),
                    field: "disposition_date",
                });
                f.conviction_clock = later(disposed, f.entry);
                f.outcome_dated = disposed.is_some();
                f.annual_salary = salary;
                f.custody = if gap % 2 == 0 {
                    Custody::NoneRecorded
                } else {
                    Custody::Unknown
                };
                f.place = place.map(|p| {
                    [
                        Place::NewYorkCity,
                        Place::SanFrancisco,
                        Place::LosAngelesCounty,
                        Place::Philadelphia,
                    ][p as usize % 4]
                });
                f
            },
        )
}

/// How reportable: Reportable 2, review 1, not reportable 0.
fn openness(r: Reportability) -> u8 {
    match r {
        Reportability::Reportable => 2,
        Reportability::NotEnoughInfo => 1,
        Reportability::NotReportable => 0,
    }
}

proptest! {
    /// Adding a state (as applicant or customer) never makes a charge more reportable.
    #[test]
    fn adding_a_state_never_makes_a_charge_more_reportable(f in arb_facts(), extra in 0usize..56, as_applicant in any::<bool>()) {
        let before = openness(evaluate_charge(&f).reportability);
        let mut g = f.clone();
        let code = states::CODES.get(extra).and_then(|c| StateCode::new(c));
        if as_applicant { g.applicant_state = code } else { g.customer_state = code }
        let after = openness(evaluate_charge(&g).reportability);
        prop_assert!(after <= before, "{:?} -> {:?}", evaluate_charge(&f).cited_rules(), evaluate_charge(&g).cited_rules());
    }

    /// A later search date never makes a non-conviction reportable again: once a dismissal (or
    /// any non-conviction) has aged out of reporting, it stays out.
    #[test]
    fn a_later_search_date_never_makes_a_non_conviction_reportable_again(
        f in arb_facts(),
        days_later in 1u64..4000,
    ) {
        prop_assume!(f.class == K::NonConviction);
        let before = evaluate_charge(&f);
        prop_assume!(before.reportability != Reportability::Reportable);
        let mut later = f.clone();
        later.as_of = f.as_of + chrono::Days::new(days_later);
        let after = evaluate_charge(&later);
        prop_assert_ne!(
            after.reportability,
            Reportability::Reportable,
            "{:?} -> {:?}",
            before.cited_rules(),
            after.cited_rules()
        );
    }

    /// A valid client overlay never makes a charge more reportable.
    #[test]
    fn a_client_overlay_never_makes_a_charge_more_reportable(
        f in arb_facts(),
        conv in proptest::option::of(0u32..20),
        non in proptest::option::of(0u32..8),
        pend in proptest::option::of(0u32..8),
        felonies in any::<bool>(),
        never in proptest::collection::vec(0usize..14, 0..3),
    ) {
        let all = [
            ClientCategory::NonConviction, ClientCategory::Pending, ClientCategory::Sealed, ClientCategory::Expunged,
            ClientCategory::Pardoned, ClientCategory::SetAside, ClientCategory::Deferred, ClientCategory::Juvenile,
            ClientCategory::Marijuana, ClientCategory::MinorTraffic, ClientCategory::Misdemeanor,
            ClientCategory::PettyOffense, ClientCategory::Infraction, ClientCategory::Violation,
        ];
        let overlay = ClientRules {
            conviction_lookback_years: conv,
            non_conviction_lookback_years: non,
            pending_lookback_years: pend,
            always_review_felonies: felonies,
            never_report: never.iter().filter_map(|i| all.get(*i).copied()).collect(),
            ..ClientRules::default()
        };
        prop_assert!(overlay.validate().is_ok());
        let before = openness(evaluate_charge(&f).reportability);
        let after = openness(evaluate_with(&f, Some(&overlay)).reportability);
        prop_assert!(after <= before);
    }
}
