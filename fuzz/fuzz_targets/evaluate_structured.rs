//! Stages 2-3 on structure-aware records: `arbitrary` builds well-formed `/evaluate` bodies from
//! vocabulary the engine knows (dispositions, severities, states, name variants, dates around
//! every lookback boundary, some invalid), so inputs get past validation into identity, rules and
//! rollup. Checks: JSON out, the same answer twice (determinism), only known decisions and queues.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

#[path = "common.rs"]
mod common;

const NAMES: &[&str] = &[
    "ROBERT",
    "BOB",
    "ROB",
    "SMITH",
    "SMYTH",
    "O'NEIL",
    "ONEIL",
    "MARIA",
    "JOSÉ",
    "JOSE",
    "LI",
    "",
    "UNAVAILABLE",
    "VAN DER BERG",
    "ANNE-MARIE",
    "X",
];
const DISPOSITIONS: &[&str] = &[
    "GUILTY",
    "GUILTY PLEA",
    "CONVICTED",
    "DISMISSED",
    "NOLLE PROSEQUI",
    "ACQUITTED",
    "PENDING",
    "DEFERRED ADJUDICATION",
    "SEALED",
    "EXPUNGED",
    "PARDONED",
    "CONFINED NOT CONVICTED",
    "NOT GUILTY",
    "SET ASIDE",
    "",
    "UNKNOWN",
    "WITHHELD ADJUDICATION",
];
const TYPES: &[&str] = &[
    "FELONY",
    "MISDEMEANOR",
    "INFRACTION",
    "VIOLATION",
    "PETTY OFFENSE",
    "TRAFFIC",
    "F",
    "M",
    "",
    "UNKNOWN",
];
const CHARGES: &[&str] = &[
    "AGGRAVATED ASSAULT",
    "PETIT THEFT",
    "SPEEDING 15 OVER",
    "POSSESSION OF MARIJUANA",
    "DUI",
    "DRIVING WITH SUSPENDED LICENSE",
    "BURGLARY",
    "JUVENILE OFFENSE",
    "NO SEAT BELT",
    "",
];
const STATES: &[&str] = &[
    "CA", "NY", "TX", "GA", "MD", "KS", "KY", "PA", "IL", "WA", "MA", "HI", "PR", "GU", "DC", "ZZ",
    "",
];

#[derive(Arbitrary, Debug)]
struct Date {
    year: u8,
    month: u8,
    day: u8,
    form: u8,
}

impl Date {
    fn text(&self) -> Value {
        let (y, m, d) = (
            1990 + u32::from(self.year % 40),
            self.month % 13,
            self.day % 32,
        );
        match self.form % 8 {
            0 => Value::Null,
            1 => json!(format!("{m:02}/{d:02}/{y}")),
            2 => json!("UNAVAILABLE"),
            _ => json!(format!("{y}-{m:02}-{d:02}")),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Person {
    first: u8,
    middle: u8,
    last: u8,
    dob: Date,
    ssn: Option<u32>,
}

impl Person {
    fn name(i: u8) -> &'static str {
        NAMES[usize::from(i) % NAMES.len()]
    }
    fn ssn(&self) -> Value {
        self.ssn
            .map_or(json!(""), |n| json!(format!("{:09}", n % 1_000_000_000)))
    }
}

#[derive(Arbitrary, Debug)]
struct Offense {
    charge: u8,
    disposition: u8,
    kind: u8,
    charge_date: Date,
    disposition_date: Date,
    excluded: bool,
}

#[derive(Arbitrary, Debug)]
struct Case {
    subject: Person,
    state: u8,
    offenses: Vec<Offense>,
}

#[derive(Arbitrary, Debug)]
struct Record {
    search_date: Date,
    applicant_state: u8,
    customer_state: u8,
    salary: Option<u32>,
    candidate: Person,
    cases: Vec<Case>,
}

fn pick(list: &'static [&'static str], i: u8) -> &'static str {
    list[usize::from(i) % list.len()]
}

fn body(r: &Record) -> Value {
    let mut records = Vec::new();
    for (c, case) in r.cases.iter().take(4).enumerate() {
        let offenses: Vec<Value> = case
            .offenses
            .iter()
            .take(5)
            .enumerate()
            .map(|(o, off)| {
                json!({
            "offense_id": format!("OFF-{c}-{o}"), "charge": pick(CHARGES, off.charge),
            "disposition": pick(DISPOSITIONS, off.disposition), "type": pick(TYPES, off.kind),
            "charge_date": off.charge_date.text(), "disposition_date": off.disposition_date.text(),
            "arrest_date": null, "pending_court_date": null})
            })
            .collect();
        let s = &case.subject;
        records.push(json!({"case_number": format!("CASE-{c}"),
            "jurisdiction_state": pick(STATES, case.state),
            "sub_first_name": Person::name(s.first), "sub_middle_name": Person::name(s.middle),
            "sub_last_name": Person::name(s.last), "subject_dob": s.dob.text(),
            "subject_ssn": s.ssn(), "offenses": offenses}));
    }
    let cases: Vec<Value> = r
        .cases
        .iter()
        .take(4)
        .enumerate()
        .flat_map(|(c, case)| {
            case.offenses
                .iter()
                .take(5)
                .enumerate()
                .map(move |(o, off)| {
                    json!({
            "court_search_id": "CS-1", "offense_id": format!("OFF-{c}-{o}"),
            "is_excluded": off.excluded})
                })
        })
        .collect();
    let p = &r.candidate;
    json!({"record": {"search_id": "S-FUZZ", "search_date": r.search_date.text(),
        "applicant_state": pick(STATES, r.applicant_state),
        "customer_state": pick(STATES, r.customer_state), "submission_type": "resubmit",
        "candidate_info": {"first_name": Person::name(p.first), "middle_name": Person::name(p.middle),
            "last_name": Person::name(p.last), "date_of_birth": p.dob.text(), "ssn": p.ssn(),
            "annual_salary": r.salary},
        "cases": cases,
        "record_json": {"search": {"search_id": "S-FUZZ"}, "criminal_search_results": [{
            "court_search_id": "CS-1", "search_date": r.search_date.text(),
            "criminal_records": records}]}}})
}

fuzz_target!(|record: Record| {
    let body = body(&record).to_string();
    let transformed = common::answer(&lookback_core::api::transform(body.as_bytes()));
    common::evaluate_transformed(&transformed);
    if transformed["ok"] == true {
        let input = json!({"context": {"now": common::NOW, "correlation_id": "fuzz"},
                           "record": transformed["record"]})
        .to_string();
        let first = lookback_core::api::evaluate(input.as_bytes());
        assert_eq!(
            first,
            lookback_core::api::evaluate(input.as_bytes()),
            "not deterministic"
        );
        let out = common::answer(&first);
        for decision in collect(&out["decision"], "decision") {
            assert!(
                matches!(
                    decision.as_str(),
                    Some("REPORTABLE" | "NOT_REPORTABLE" | "MANUAL_REVIEW")
                ),
                "unknown decision {decision}"
            );
        }
    }
});

/// Every value under `key` anywhere in `v`.
fn collect<'a>(v: &'a Value, key: &str) -> Vec<&'a Value> {
    let mut out = Vec::new();
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                if k == key && child.is_string() {
                    out.push(child);
                }
                out.extend(collect(child, key));
            }
        }
        Value::Array(items) => items.iter().for_each(|i| out.extend(collect(i, key))),
        _ => {}
    }
    out
}
