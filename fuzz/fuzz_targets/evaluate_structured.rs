//! Stages 2-3 on structure-aware records: `arbitrary` builds `/evaluate` bodies that pass
//! validation (valid ISO dates around every lookback boundary, known states, dispositions and
//! types from the vocabulary, one or two courts, an optional `cases[]` mapping that fits the
//! count gate, a client overlay), with a small share of missing, sentinel or malformed values, so
//! inputs reach identity, rules and rollup. Checks: JSON out, the same answer twice
//! (determinism), only known decisions.
#![no_main]

use arbitrary::Arbitrary;
use chrono::{Duration, Months, NaiveDate};
use libfuzzer_sys::fuzz_target;
use lookback_core::input::{StageContext, evaluate_input};
use serde_json::{Value, json};

use lookback_fuzz::common;

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

/// A date relative to the search date: mostly a valid ISO date `ago` days before it (or exactly
/// 5, 7 or 10 years before it, give or take a day: the lookback boundaries), sometimes missing,
/// a sentinel or malformed, so validation and the missing-value paths are reached too.
#[derive(Arbitrary, Debug)]
struct Date {
    ago: u16,
    form: u8,
}

impl Date {
    fn text(&self, search: NaiveDate) -> Value {
        let years = |n: u32| search.checked_sub_months(Months::new(12 * n));
        let iso = |d: Option<NaiveDate>| d.map_or(Value::Null, |d| json!(d.to_string()));
        let around = |n: u32, shift: i64| iso(years(n).map(|d| d + Duration::days(shift)));
        match self.form % 32 {
            0 => Value::Null,
            1 => json!("UNAVAILABLE"),
            2 => json!(format!("{:02}/01/2019", self.ago % 13)),
            3 => around(7, 0),
            4 => around(7, -1),
            5 => around(7, 1),
            6 => around(5, -1),
            7 => around(10, -1),
            8 => iso(Some(search + Duration::days(i64::from(self.ago % 60)))),
            _ => iso(Some(search - Duration::days(i64::from(self.ago % 7300)))),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Person {
    first: u8,
    middle: u8,
    last: u8,
    /// Days before 1990-01-01; `dob_form` 0 makes it a sentinel, 1 a partial date.
    dob: u16,
    dob_form: u8,
    ssn: Option<u32>,
}

impl Person {
    fn name(i: u8) -> &'static str {
        NAMES[usize::from(i) % NAMES.len()]
    }
    fn dob(&self) -> Value {
        let base = NaiveDate::from_ymd_opt(1990, 1, 1).unwrap_or_default();
        let date = base - Duration::days(i64::from(self.dob % 12_000));
        match self.dob_form % 16 {
            0 => json!("UNAVAILABLE"),
            1 => json!(format!(
                "{}-00",
                date.to_string().get(..7).unwrap_or_default()
            )),
            _ => json!(date.to_string()),
        }
    }
    fn ssn(&self) -> Value {
        self.ssn.map_or(json!("UNAVAILABLE"), |n| {
            let n = n % 1_000_000_000;
            json!(format!(
                "{:03}-{:02}-{:04}",
                n / 1_000_000,
                n / 10_000 % 100,
                n % 10_000
            ))
        })
    }
}

#[derive(Arbitrary, Debug)]
struct Offense {
    charge: u8,
    disposition: u8,
    kind: u8,
    charge_date: Date,
    disposition_date: Date,
    arrest_date: Option<Date>,
    release_date: Option<Date>,
    serving: Option<bool>,
    excluded: bool,
}

#[derive(Arbitrary, Debug)]
struct Case {
    subject: Person,
    /// The candidate's own name, DOB and SSN on this case (most records are about them).
    same_person: bool,
    state: u8,
    file_date: Date,
    first: Offense,
    more: Vec<Offense>,
}

#[derive(Arbitrary, Debug)]
struct Record {
    /// Days after 2015-01-01.
    search_day: u16,
    bad_search_date: u8,
    applicant_state: Option<u8>,
    customer_state: Option<u8>,
    jurisdiction: u8,
    salary: Option<u32>,
    candidate: Person,
    first: Case,
    more: Vec<Case>,
    /// Where the second court starts (cases before it in the first court).
    split: u8,
    mapped: bool,
    overlay: u8,
}

fn pick(list: &'static [&'static str], i: u8) -> &'static str {
    list[usize::from(i) % list.len()]
}

const JURISDICTIONS: &[&str] = &[
    "COBB, GA",
    "NEW YORK, NY",
    "SAN FRANCISCO, CA",
    "LOS ANGELES, CA",
    "PHILADELPHIA, PA",
    "STATEWIDE",
];

fn overlay(i: u8) -> Value {
    match i % 8 {
        0 => json!({"always_review_felonies": true}),
        1 => json!({"never_report": ["pending", "non_conviction"]}),
        2 => json!({"conviction_lookback_years": 7}),
        3 => json!({"non_conviction_lookback_years": 3, "never_report": ["marijuana"]}),
        _ => Value::Null,
    }
}

fn offense(id: String, off: &Offense, search: NaiveDate) -> Value {
    let mut o = json!({
        "offense_id": id, "charge": pick(CHARGES, off.charge),
        "disposition": pick(DISPOSITIONS, off.disposition), "type": pick(TYPES, off.kind),
        "charge_date": off.charge_date.text(search),
        "disposition_date": off.disposition_date.text(search),
        "arrest_date": off.arrest_date.as_ref().map_or(Value::Null, |d| d.text(search)),
        "pending_court_date": null});
    if off.release_date.is_some() || off.serving.is_some() {
        o["sentence"] = json!({
            "release_date": off.release_date.as_ref().map_or(Value::Null, |d| d.text(search)),
            "is_serving": off.serving});
    }
    o
}

/// The `/evaluate` body and its context's client rules.
fn body(r: &Record) -> (Value, Value) {
    let base = NaiveDate::from_ymd_opt(2015, 1, 1).unwrap_or_default();
    let search = base + Duration::days(i64::from(r.search_day % 5000));
    let search_date = match r.bad_search_date % 32 {
        0 => json!("11/06/2025"),
        1 => Value::Null,
        _ => json!(search.to_string()),
    };
    let p = &r.candidate;
    let cases: Vec<&Case> = std::iter::once(&r.first)
        .chain(r.more.iter().take(5))
        .collect();
    let split = 1 + usize::from(r.split) % cases.len().max(1);
    let mut courts: Vec<Value> = Vec::new();
    let mut rows: Vec<Value> = Vec::new();
    for (k, group) in [&cases[..split], &cases[split..]].iter().enumerate() {
        if group.is_empty() {
            continue;
        }
        let records: Vec<Value> = group
            .iter()
            .enumerate()
            .map(|(c, case)| {
                let c = k * 10 + c;
                let s = if case.same_person { p } else { &case.subject };
                let offenses: Vec<Value> = std::iter::once(&case.first)
                    .chain(case.more.iter().take(4))
                    .enumerate()
                    .map(|(o, off)| {
                        rows.push(json!({"court_search_id": format!("MAP-{c}"),
                            "offense_id": format!("M-{c}-{o}"), "is_excluded": off.excluded}));
                        offense(format!("OFF-{c}-{o}"), off, search)
                    })
                    .collect();
                let (first, last) = (Person::name(s.first), Person::name(s.last));
                json!({"case_number": format!("CASE-{c}"),
                    "jurisdiction_state": pick(STATES, case.state),
                    "file_date": case.file_date.text(search),
                    "subject_name": format!("{first} {last}"),
                    "sub_first_name": first, "sub_middle_name": Person::name(s.middle),
                    "sub_last_name": last, "subject_dob": s.dob(), "subject_ssn": s.ssn(),
                    "subject_address": "UNAVAILABLE", "offenses": offenses})
            })
            .collect();
        courts.push(
            json!({"court_search_id": format!("CS-{k}"), "search_date": search_date,
            "search_jurisdiction": pick(JURISDICTIONS, r.jurisdiction.wrapping_add(k as u8)),
            "criminal_records": records}),
        );
    }
    let mut record = json!({"search_id": "S-FUZZ", "search_date": search_date,
        "order_id": "ORD-1", "order_number": "ORD-1.1", "submission_type": "resubmit",
        "candidate_info": {"first_name": Person::name(p.first), "middle_name": Person::name(p.middle),
            "last_name": Person::name(p.last), "date_of_birth": p.dob(), "ssn": p.ssn(),
            "annual_salary": r.salary},
        "record_json": {"search": {"search_id": "S-FUZZ"}, "criminal_search_results": courts}});
    if let Some(state) = r.applicant_state {
        record["applicant_state"] = json!(pick(STATES, state));
    }
    if let Some(state) = r.customer_state {
        record["customer_state"] = json!(pick(STATES, state));
    }
    if r.mapped {
        record["cases"] = json!(rows);
    }
    (json!({ "record": record }), overlay(r.overlay))
}

fuzz_target!(|record: Record| {
    let (body, client_rules) = body(&record);
    let transformed = common::answer(&lookback_core::api::transform(body.to_string().as_bytes()));
    common::evaluate_transformed(&transformed);
    if transformed["ok"] == true {
        let client_rules = client_rules.to_string();
        let context = StageContext::new(common::NOW, "fuzz").with_client_rules(Some(&client_rules));
        let input = evaluate_input(&context, &transformed["record"].to_string());
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
