//! The law still decides: on generated records, and generated tenant dictionaries whose entries
//! name the records' charge texts, statutes and disposition strings and read them every way an
//! entry can, no charge the rules bar without the dictionary is anything but barred with it. The
//! dictionaries do change decisions (charges barred only with them, charges decided that went to
//! a person), so the property is not held by a dictionary that never reads anything.
//!
//! 256 cases; `PROPTEST_CASES=N` runs more.
#![expect(clippy::panic, reason = "tests fail loudly")]

use std::cell::Cell;

use lookback_core::api;
use lookback_core::dictionary::{ChargeKeys, DictionaryFile};
use lookback_core::input::{StageContext, evaluate_input, evaluate_kept_input};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};

const STATES: &[&str] = &["GA", "CA", "NY", "FL", "MA", "TX", "WA"];
const CHARGES: &[&str] = &[
    "SPEEDING 15 MPH OVER LIMIT",
    "FAIL TO MAINTAIN LANE",
    "DUI ALCOHOL",
    "DRIVING WHILE LICENSE SUSPENDED",
    "VIOL ANEMOMETER TOWER REGS",
    "FL TAG/REG OTTER/PLT-TRAP MTHD",
    "BURGLARY",
    "THEFT BY TAKING",
    "POSSESSION OF MARIJUANA LESS THAN 1 OZ",
    "SIMPLE ASSAULT",
    "RECKLESS DRIVING",
];
const STATUTES: &[&str] = &[
    "316.183", "316.193", "40-6-181", "16-7-1", "VC 23152", "11-7-3", "PC 459",
];
const TYPES: &[&str] = &[
    "FELONY",
    "MISDEMEANOR",
    "INFRACTION",
    "TRAFFIC",
    "",
    "M2",
    "VIOLATION",
];
const DISPOSITIONS: &[&str] = &[
    "GUILTY",
    "DISMISSED",
    "CONVICTED - RECORD SEALED",
    "EXPUNGED",
    "PENDING",
    "NOLLE PROSEQUI",
    "PARDONED",
    "DISP CODE 77Q",
    "CLOSED-PAID",
    "DEFERRED ADJUDICATION COMPLETED",
];

fn pick(pool: &'static [&'static str]) -> impl Strategy<Value = &'static str> {
    prop::sample::select(pool)
}

/// One generated charge: text, statute, type, disposition and how many years ago it closed.
fn arb_offense() -> impl Strategy<Value = Value> {
    (
        pick(CHARGES),
        prop::option::of(pick(STATUTES)),
        pick(TYPES),
        prop::option::of(pick(DISPOSITIONS)),
        1..16i32,
    )
        .prop_map(|(charge, statute, ty, disposition, years)| {
            let closed = format!("{}-03-01", 2025 - years);
            let arrested = format!("{}-01-02", 2025 - years);
            json!({"charge": charge, "statute": statute, "type": ty, "disposition": disposition,
                   "arrest_date": arrested, "charge_date": arrested, "disposition_date": closed})
        })
}

/// What an entry is made of before it is aimed at a record: its kind, which of the record's
/// charges it names (by position, wrapping), the facts it sets and where it applies (0: the
/// record's state, 1: anywhere, 2: another state).
type Seed = (
    u8,
    usize,
    Option<&'static str>,
    Option<&'static str>,
    &'static str,
    u8,
);

fn arb_seed() -> impl Strategy<Value = Seed> {
    let traffic = prop::option::of(prop::sample::select(&["minor", "serious", "none"][..]));
    let level = prop::option::of(prop::sample::select(
        &[
            "felony",
            "misdemeanor",
            "petty_offense",
            "infraction",
            "violation",
            "ordinance",
            "civil",
        ][..],
    ));
    let class = prop::sample::select(&["conviction", "non_conviction", "pending", "unknown"][..]);
    (0..4u8, any::<usize>(), traffic, level, class, 0..3u8)
}

/// The entry `seed` makes for a record of `offenses` in `state` (`None`: the charge it names has
/// no statute or no disposition for its kind).
fn entry(seed: Seed, state: &str, offenses: &[Value]) -> Option<Value> {
    let (kind, at, traffic, level, class, place) = seed;
    let offense = &offenses[at % offenses.len()];
    let mut e = json!({"added_by": "generated", "reason": "property"});
    match kind {
        0 => e["charge"] = offense["charge"].clone(),
        1 => e["statute"] = json!(offense["statute"].as_str()?),
        2 => {
            let statute = offense["statute"].as_str()?;
            e["statute_prefix"] = json!(statute.get(..statute.len().min(5)).unwrap_or(statute));
        }
        _ => e["disposition"] = json!(offense["disposition"].as_str()?),
    }
    if kind == 3 {
        e["disposition_class"] = json!(class);
    } else if traffic.is_none() && level.is_none() {
        e["traffic"] = json!("minor");
    } else {
        if let Some(t) = traffic {
            e["traffic"] = json!(t);
        }
        if let Some(l) = level {
            e["level"] = json!(l);
        }
    }
    let other = if state == "GA" { "FL" } else { "GA" };
    match place {
        0 => e["jurisdiction"] = json!(state),
        // A prefix needs a state.
        1 if kind == 2 => e["jurisdiction"] = json!(state),
        1 => {}
        _ => e["jurisdiction"] = json!(other),
    }
    Some(e)
}

/// A valid dictionary file of `entries`: ids given in order, and an entry whose pattern and
/// jurisdiction an earlier one has dropped (the file would refuse the pair).
fn dictionary(entries: Vec<Value>) -> DictionaryFile {
    let mut kept: Vec<Value> = Vec::new();
    let pattern = |e: &Value| {
        let mut p = e.clone();
        for fact in [
            "traffic",
            "level",
            "disposition_class",
            "added_by",
            "reason",
            "id",
        ] {
            p.as_object_mut().map(|o| o.remove(fact));
        }
        p.to_string().to_uppercase()
    };
    for mut e in entries {
        if kept.iter().any(|k| pattern(k) == pattern(&e)) {
            continue;
        }
        e["id"] = json!(format!("e{}", kept.len() + 1));
        kept.push(e);
    }
    let file = json!({"entries": kept}).to_string();
    DictionaryFile::parse(&file).unwrap_or_else(|e| panic!("{e}: {file}"))
}

/// The kept-record path as the server runs it with a dictionary: stage 1 keeps the record, the
/// module says its charge keys, and stages 2-3 get only the entries those select.
fn evaluate_with_selected(body: &[u8], file: &DictionaryFile) -> Result<String, TestCaseError> {
    api::transform_keep(body);
    let keys: Value = serde_json::from_str(&api::charge_keys())
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let keys: ChargeKeys =
        serde_json::from_value(keys).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let index = file.dictionary(VERSION).map_err(TestCaseError::fail)?;
    let entries: Vec<String> = (keys.select(&index).into_iter())
        .map(|at| DictionaryFile::engine_entry(&file.entries[at]))
        .collect();
    let selected = format!(
        r#"{{"version":"{VERSION}","entries":[{}]}}"#,
        entries.join(",")
    );
    let context = StageContext::new(NOW, "p").with_charge_dictionary(Some(&selected));
    Ok(api::evaluate_kept(evaluate_kept_input(&context).as_bytes()))
}

const NOW: &str = "2025-11-06T12:00:00Z";
const VERSION: &str = "property";

fn body(state: &str, offenses: &[Value]) -> Vec<u8> {
    let offenses: Vec<Value> = (offenses.iter().enumerate())
        .map(|(n, o)| {
            let mut o = o.clone();
            o["offense_id"] = json!(format!("OFF-{}", n + 1));
            o
        })
        .collect();
    json!({"record": {
        "search_id": "S-PROP", "search_date": "2025-11-06", "order_id": "O", "order_number": "O.1",
        "submission_type": "resubmit", "applicant_state": state,
        "candidate_info": {"first_name": "QUENTIN", "last_name": "SAMPLETON", "date_of_birth": "1986-02-17",
                           "ssn": "512-34-7788", "address": "4100 FIXTURE LN, MARIETTA, GA 30060"},
        "record_json": {"criminal_search_results": [{
            "court_search_id": "CS-1", "search_date": "2025-11-06",
            "search_jurisdiction": format!("STATEWIDE, {state}"),
            "criminal_records": [{
                "case_number": "C-1", "jurisdiction_state": state, "file_date": "2010-01-05",
                "subject_name": "QUENTIN SAMPLETON", "sub_first_name": "QUENTIN", "sub_last_name": "SAMPLETON",
                "subject_dob": "1986-02-17", "subject_ssn": "512-34-7788",
                "subject_address": "4100 FIXTURE LN, MARIETTA, GA 30060", "offenses": offenses
            }]
        }]}
    }})
    .to_string()
    .into_bytes()
}

/// Stages 2-3's answer for `body` with `dictionary` (the engine's form) in the context.
fn evaluate(body: &[u8], dictionary: Option<&str>) -> Result<String, TestCaseError> {
    let transformed: Value = serde_json::from_str(&api::transform(body))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&transformed["ok"], &json!(true), "{}", transformed);
    let context = StageContext::new(NOW, "p").with_charge_dictionary(dictionary);
    let input = evaluate_input(&context, &transformed["record"].to_string());
    Ok(api::evaluate(input.as_bytes()))
}

/// Every charge's decision of an answer.
fn charges(answer: &str) -> Result<Vec<Value>, TestCaseError> {
    let out: Value =
        serde_json::from_str(answer).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&out["ok"], &json!(true), "{}", out);
    let offenses = &out["decision"]["court_decisions"][0]["case_decisions"][0]["offenses"];
    Ok(offenses.as_array().cloned().unwrap_or_default())
}

#[test]
fn a_dictionary_never_makes_a_barred_charge_reportable() {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    let mut runner = TestRunner::new(Config {
        cases,
        ..Config::default()
    });
    let (read, newly_barred, decided, kept) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let strategy = (
        pick(STATES),
        prop::collection::vec(arb_offense(), 1..7),
        prop::collection::vec(arb_seed(), 1..8),
    );
    let result = runner.run(&strategy, |(state, offenses, seeds)| {
        let record = body(state, &offenses);
        let entries = seeds
            .into_iter()
            .filter_map(|seed| entry(seed, state, &offenses));
        let file = dictionary(entries.collect());
        let dictionary = file.engine_input(VERSION);
        let whole = evaluate(&record, Some(&dictionary))?;
        prop_assert_eq!(&evaluate_with_selected(&record, &file)?, &whole);
        let without = charges(&evaluate(&record, None)?)?;
        let with = charges(&whole)?;
        prop_assert_eq!(without.len(), with.len());
        for (a, b) in without.iter().zip(&with) {
            let barred = |c: &Value| c["routing"]["reportability"] == "Not Reportable";
            if barred(a) {
                prop_assert!(
                    barred(b),
                    "barred without the dictionary, not with it:\n{}\n{}\n{}",
                    a,
                    b,
                    dictionary
                );
                prop_assert_ne!(&b["charge_decision"], &json!("REPORTABLE"));
                if b["classification"]["evidence"]
                    .to_string()
                    .contains("never lifts a bar")
                {
                    kept.set(kept.get() + 1);
                }
            } else if barred(b) {
                newly_barred.set(newly_barred.get() + 1);
            }
            if b["classification"].get("dictionary").is_some() {
                read.set(read.get() + 1);
                if a["routing"]["reportability"] == "Not Enough Info"
                    && b["routing"]["reportability"] != "Not Enough Info"
                {
                    decided.set(decided.get() + 1);
                }
            }
        }
        Ok(())
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    println!(
        "charges read by a dictionary: {}; barred only with it: {}; decided with it, a person's without: {}; bars kept: {}",
        read.get(),
        newly_barred.get(),
        decided.get(),
        kept.get()
    );
    assert!(read.get() > 100 && newly_barred.get() > 0 && decided.get() > 0 && kept.get() > 0);
}
