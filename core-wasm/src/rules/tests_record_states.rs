//! docs/decisions.md §15 in the evaluator: every record-state row of the law table fires on the states it
//! names and cites itself beside the federal bar; a low-confidence row bars and says so; a
//! record state that reads two ways (an unspecified deferral; a set-aside or pardon where no row
//! says whether the conviction remains) is decided only when its readings agree.

use chrono::NaiveDate;

use crate::classify::{CanonicalDisposition as D, DispositionClass as K, SeverityLevel};
use crate::model::Reportability;

use super::catalog::{
    Action, Category, Confidence, FED_EXPUNGED_SEALED_NOT_REPORTABLE, GEN_RECORD_STATE_UNSETTLED,
    Rule, Trigger,
};
use super::evaluate::reportability_with;
use super::facts::StateCode;
use super::registry::all_rules;
use super::tests::{day, entered_on, facts};
use super::{ChargeFacts, ChargeOutcome, evaluate_charge};

/// A charge of `court` whose record names `canonical`, entered on `entered` and disposed 30 days
/// later, with the applicant in `applicant`.
fn record(canonical: D, court: &str, applicant: Option<&str>, entered: &str) -> ChargeFacts {
    let mut f = entered_on(
        facts(canonical.defaults().0, canonical, court),
        day(entered),
    );
    f.applicant_state = applicant.and_then(StateCode::new);
    f
}

fn cited(o: &ChargeOutcome) -> Vec<&'static str> {
    o.cited_rules().iter().copied().collect()
}

/// Every state row on a record state bars each state it names for its own court (or its
/// applicant), citing itself, and the federal row beside it for the states the law restricts.
#[test]
fn every_record_state_row_bars_the_states_it_names_and_cites_itself() {
    let rows: Vec<&Rule> = all_rules()
        .into_iter()
        .filter(|r| r.jurisdiction.len() == 2 && r.jurisdiction != "US")
        .filter(|r| matches!(r.category, Category::RecordState(_)))
        .collect();
    assert!(rows.len() > 40, "{} record-state rows", rows.len());
    let mut wrong = Vec::new();
    for rule in rows {
        let Category::RecordState(states) = rule.category else {
            continue;
        };
        for state in states {
            let applicant = match rule.trigger {
                Trigger::Applicant => Some(rule.jurisdiction),
                _ => None,
            };
            let mut f = record(*state, rule.jurisdiction, applicant, "2024-01-01");
            if let Some(from) = rule.effective_from {
                f.as_of = f.as_of.max(day(from) + chrono::Days::new(1));
            }
            let o = evaluate_charge(&f);
            let ids = cited(&o);
            let want = match rule.action {
                Action::ReadsAs(_) => Reportability::Reportable,
                Action::Review => Reportability::NotEnoughInfo,
                _ => Reportability::NotReportable,
            };
            if o.reportability != want || !ids.contains(&rule.id) {
                wrong.push(format!(
                    "{} on {state:?}: {:?} {ids:?}",
                    rule.id, o.reportability
                ));
            }
            if state.is_record_relief() && !ids.contains(&FED_EXPUNGED_SEALED_NOT_REPORTABLE) {
                wrong.push(format!("{} on {state:?}: no federal bar {ids:?}", rule.id));
            }
            if rule.action == Action::Bar
                && rule.confidence != Confidence::High
                && !o.reason().contains(rule.confidence.as_str())
            {
                wrong.push(format!("{}: {} names no confidence", rule.id, o.reason()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The cases: an annulled New Hampshire conviction is not reported (it was, read as a
/// set-aside); a youthful offender adjudication at the adult level, a shielded, a restricted
/// record and an order of nondisclosure are barred by their own rows; New Jersey and Ohio sealed
/// records cite their own rows beside the federal one.
#[test]
fn each_state_names_its_own_bar() {
    let cases: [(D, &str, &[&str]); 9] = [
        (D::Annulled, "NH", &["NH_ANNULLED"]),
        (D::YouthfulOffender, "NY", &["NY_YOUTHFUL_OFFENDER"]),
        (D::Shielded, "MD", &["MD_SHIELDED"]),
        (D::Restricted, "IN", &["IN_RESTRICTED_NOT_REPORTABLE"]),
        (D::Restricted, "GA", &["GA_RESTRICTED_RECORDS"]),
        (D::Nondisclosure, "TX", &["TX_EXPUNCTION_NONDISCLOSURE"]),
        (D::Sealed, "NJ", &["NJ_EXPUNGED"]),
        (D::Sealed, "OH", &["OH_SEALED_EXPUNGED"]),
        (D::Erased, "CT", &["CT_ERASED_NOT_REPORTABLE"]),
    ];
    for (state, court, ids) in cases {
        // An old record: a conviction reading would be inside no window that bars it.
        let mut f = record(state, court, None, "2010-01-01");
        f.level = SeverityLevel::Felony;
        let o = evaluate_charge(&f);
        assert_eq!(
            o.reportability,
            Reportability::NotReportable,
            "{court} {state:?}"
        );
        for id in ids {
            assert!(cited(&o).contains(id), "{court} {state:?}: {:?}", cited(&o));
        }
    }
    // The youthful offender row fires without a juvenile grade, on a felony, in New York's
    // courts only; elsewhere the adjudication is still no conviction (the federal 7 years).
    let yo = record(D::YouthfulOffender, "NY", Some("TX"), "2024-01-01");
    assert!(!yo.juvenile);
    assert!(cited(&evaluate_charge(&yo)).contains(&"NY_YOUTHFUL_OFFENDER"));
    let al = record(D::YouthfulOffender, "AL", Some("AL"), "2015-01-01");
    assert_eq!(
        evaluate_charge(&al).reportability,
        Reportability::NotReportable
    );
    let al_recent = record(D::YouthfulOffender, "AL", Some("AL"), "2024-01-01");
    assert_eq!(
        evaluate_charge(&al_recent).reportability,
        Reportability::Reportable
    );
    // A low-confidence row bars and names its confidence.
    let oh = evaluate_charge(&record(D::Expunged, "OH", None, "2024-01-01"));
    assert!(oh.reason().contains("confidence low"), "{}", oh.reason());
}

/// docs/decisions.md §15: a bare deferral is decided only when its pending and non-conviction readings
/// agree; otherwise a person decides, and the rationale says what each reading gives.
#[test]
fn an_unspecified_deferral_is_decided_when_both_readings_agree() {
    let deferral = |court: &str, applicant: &str, entered: &str| {
        record(D::DeferredUnspecified, court, Some(applicant), entered)
    };
    // North Carolina, recent: pending or completed, reportable either way.
    let nc = evaluate_charge(&deferral("NC", "NC", "2024-01-01"));
    assert_eq!(nc.reportability, Reportability::Reportable);
    assert!(cited(&nc).contains(&"FED_PENDING_CHARGE"));
    assert!(cited(&nc).contains(&"FED_NONCONVICTION_7YR"));
    // A Florida withhold for a New York applicant: pending is reportable, a completed withhold
    // is a non-conviction New York bars. A person decides (it was reported).
    let ny = evaluate_charge(&deferral("FL", "NY", "2024-01-01"));
    assert_eq!(ny.reportability, Reportability::NotEnoughInfo);
    assert_eq!(cited(&ny).first(), Some(&GEN_RECORD_STATE_UNSETTLED));
    assert!(cited(&ny).contains(&"NY_NONCONVICTION_NOT_REPORTABLE"));
    let why = ny.reason();
    assert!(
        why.contains("still running") && why.contains("completed"),
        "{why}"
    );
    // A California applicant: the employer-use limit on diversion bars both readings.
    let ca = evaluate_charge(&deferral("TX", "CA", "2024-01-01"));
    assert_eq!(ca.reportability, Reportability::NotReportable);
    assert!(cited(&ca).contains(&"CA_EMPLOYER_USE_LIMITS"));
    // Older than 7 years: pending is an open question, completed is barred.
    let old = evaluate_charge(&deferral("NC", "NC", "2015-01-01"));
    assert_eq!(old.reportability, Reportability::NotEnoughInfo);
    // The lookback's own reading of the charge agrees with the evaluator.
    for f in [
        deferral("NC", "NC", "2024-01-01"),
        deferral("FL", "NY", "2024-01-01"),
        deferral("TX", "CA", "2024-01-01"),
        deferral("NC", "NC", "2015-01-01"),
    ] {
        assert_eq!(
            reportability_with(&f, None),
            evaluate_charge(&f).reportability
        );
    }
}

/// docs/decisions.md §15: set-aside and pardon follow the jurisdiction's row. Arizona's set-aside stays a
/// conviction and is reported with its note; Michigan, Oregon, D.C. and a California applicant
/// bar it; where no row says, it is decided only when both readings agree.
#[test]
fn set_aside_and_pardon_follow_the_row() {
    let old = "2012-01-01";
    let az = evaluate_charge(&record(D::ConvictionSetAside, "AZ", Some("AZ"), old));
    assert_eq!(az.reportability, Reportability::Reportable);
    assert!(cited(&az).contains(&"AZ_SET_ASIDE_NOTATION"));
    assert!(az.reason().contains("set aside"), "{}", az.reason());
    for (court, applicant, id) in [
        ("MI", "MI", "MI_SET_ASIDE"),
        ("OR", "OR", "OR_SET_ASIDE"),
        ("DC", "DC", "DC_CHP_SEALED_EXPUNGED"),
        ("AZ", "CA", "CA_EMPLOYER_USE_LIMITS"),
    ] {
        let o = evaluate_charge(&record(D::ConvictionSetAside, court, Some(applicant), old));
        assert_eq!(o.reportability, Reportability::NotReportable, "{court}");
        assert!(cited(&o).contains(&id), "{court}: {:?}", cited(&o));
    }
    // Georgia says nothing: old, a conviction is reportable and a non-conviction is not.
    let ga = evaluate_charge(&record(D::ConvictionSetAside, "GA", Some("GA"), old));
    assert_eq!(ga.reportability, Reportability::NotEnoughInfo);
    assert_eq!(cited(&ga).first(), Some(&GEN_RECORD_STATE_UNSETTLED));
    assert!(
        ga.reason().contains("the conviction stands"),
        "{}",
        ga.reason()
    );
    // Recent, both readings are reportable.
    let recent = evaluate_charge(&record(
        D::ConvictionSetAside,
        "GA",
        Some("GA"),
        "2024-01-01",
    ));
    assert_eq!(recent.reportability, Reportability::Reportable);
    // Pardons: California and New Mexico bar them whatever the reading; Minnesota reviews.
    for (court, want) in [
        ("CA", Reportability::NotReportable),
        ("NM", Reportability::NotReportable),
        ("MN", Reportability::NotEnoughInfo),
        ("GA", Reportability::NotEnoughInfo),
    ] {
        let f = record(D::Pardoned, court, Some(court), old);
        assert_eq!(evaluate_charge(&f).reportability, want, "{court}");
        assert_eq!(reportability_with(&f, None), want, "{court}");
    }
}

/// The readings' windows are the charge's: a bare deferral entered 2019-01-01 is reportable
/// either way through its seventh year; the day after, a pending charge that old is an open
/// question and a completed one is barred, so a person decides.
#[test]
fn a_deferral_goes_to_a_person_once_its_readings_part() {
    let mut f = record(D::DeferredUnspecified, "NC", Some("NC"), "2019-01-01");
    f.as_of = day("2026-01-01");
    assert_eq!(evaluate_charge(&f).reportability, Reportability::Reportable);
    f.as_of = day("2026-01-02");
    assert_eq!(
        evaluate_charge(&f).reportability,
        Reportability::NotEnoughInfo
    );
    assert_eq!(reportability_with(&f, None), Reportability::NotEnoughInfo);
    assert_eq!(D::DeferredActive.defaults().0, K::Pending);
    assert_eq!(NaiveDate::from_ymd_opt(2026, 1, 2), Some(f.as_of));
}

/// `docs/record-states.md` is generated. Regenerate with
/// `UPDATE_RECORD_STATES_DOC=1 cargo test -p lookback-core record_states_doc`.
#[test]
fn record_states_doc_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/record-states.md");
    let want = super::record_states_markdown();
    if std::env::var_os("UPDATE_RECORD_STATES_DOC").is_some() {
        std::fs::write(&path, &want)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "docs/record-states.md differs from the rule and disposition tables; regenerate it with \
         `UPDATE_RECORD_STATES_DOC=1 cargo test -p lookback-core record_states_doc`"
    );
}
