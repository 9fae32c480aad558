//! The law still decides: a dictionary can bar a charge (minor traffic), but what the rules bar
//! on the built-in reading stays barred, and the evidence says why. (The property over generated
//! records and dictionaries is `tests/dictionary_law.rs`.)

use serde_json::{Value, json};

use super::*;
use crate::api;
use crate::input::{StageContext, evaluate_input};

fn body(offenses: Value) -> Vec<u8> {
    json!({"record": {
        "search_id": "S-LAW", "search_date": "2025-11-06", "order_id": "O", "order_number": "O.1",
        "submission_type": "resubmit",
        "candidate_info": {"first_name": "QUENTIN", "last_name": "SAMPLETON", "date_of_birth": "1986-02-17",
                           "ssn": "512-34-7788", "address": "4100 FIXTURE LN, MARIETTA, GA 30060"},
        "record_json": {"criminal_search_results": [{
            "court_search_id": "CS-1", "search_date": "2025-11-06", "search_jurisdiction": "STATEWIDE, GA",
            "criminal_records": [{
                "case_number": "C-1", "jurisdiction_state": "GA", "file_date": "2024-01-05",
                "subject_name": "QUENTIN SAMPLETON", "sub_first_name": "QUENTIN", "sub_last_name": "SAMPLETON",
                "subject_dob": "1986-02-17", "subject_ssn": "512-34-7788",
                "subject_address": "4100 FIXTURE LN, MARIETTA, GA 30060", "offenses": offenses
            }]
        }]}
    }})
    .to_string()
    .into_bytes()
}

fn dictionary(entries: Value) -> String {
    let file = json!({"entries": entries}).to_string();
    let parsed = DictionaryFile::parse(&file).unwrap_or_else(|e| panic!("{e}"));
    parsed.engine_input("law-v1")
}

/// The first charge's decision, with and without `dictionary`.
fn both(body: &[u8], dictionary: &str) -> (Value, Value) {
    let transformed: Value = serde_json::from_str(&api::transform(body)).unwrap_or_default();
    let decide = |d: Option<&str>| -> Value {
        let context = StageContext::new("2025-11-06T12:00:00Z", "c").with_charge_dictionary(d);
        let input = evaluate_input(&context, &transformed["record"].to_string());
        let out: Value = serde_json::from_str(&api::evaluate(input.as_bytes())).unwrap_or_default();
        out["decision"]["court_decisions"][0]["case_decisions"][0]["offenses"][0].clone()
    };
    (decide(None), decide(Some(dictionary)))
}

fn evidence(charge: &Value) -> String {
    charge["classification"]["evidence"].to_string()
}

#[test]
fn a_sealed_record_stays_sealed_whatever_the_dictionary_calls_its_disposition() {
    let record = body(
        json!([{"offense_id": "OFF-1", "charge": "BURGLARY", "type": "FELONY",
        "disposition": "CONVICTED - RECORD SEALED", "charge_date": "2024-01-02",
        "disposition_date": "2024-03-01"}]),
    );
    let d = dictionary(
        json!([{"id": "unseal", "disposition": "CONVICTED - RECORD SEALED",
        "disposition_class": "conviction", "added_by": "r", "reason": "we think it is a conviction"}]),
    );
    let (without, with) = both(&record, &d);
    assert_eq!(without["charge_decision"], "NOT_REPORTABLE", "{without}");
    assert_eq!(with["charge_decision"], "NOT_REPORTABLE", "{with}");
    assert_eq!(with["routing"]["reportability"], "Not Reportable");
    assert_eq!(with["cited_rules"], without["cited_rules"]);
    // The reading is shown as the tenant corrected it, and why it did not decide.
    assert_eq!(with["classification"]["disposition_class"], "CONVICTION");
    let lines = evidence(&with);
    assert!(
        lines.contains("disposition.conviction: dictionary entry \\\"unseal\\\""),
        "{lines}"
    );
    assert!(lines.contains("a dictionary never lifts a bar"), "{lines}");
}

#[test]
fn a_minor_violation_read_serious_stays_barred() {
    let record = body(
        json!([{"offense_id": "OFF-1", "charge": "SPEEDING 15 MPH OVER LIMIT",
        "type": "MISDEMEANOR", "disposition": "GUILTY", "charge_date": "2024-01-02",
        "disposition_date": "2024-03-01"}]),
    );
    let d = dictionary(
        json!([{"id": "speed-serious", "charge": "SPEEDING 15 MPH OVER LIMIT",
        "traffic": "serious", "added_by": "r", "reason": "treat speeding as serious"}]),
    );
    let (without, with) = both(&record, &d);
    assert_eq!(without["classification"]["traffic"], "minor", "{without}");
    assert_eq!(without["charge_decision"], "NOT_REPORTABLE");
    assert_eq!(with["charge_decision"], "NOT_REPORTABLE", "{with}");
    assert_eq!(with["classification"]["traffic"], "serious");
    assert!(
        evidence(&with)
            .contains("the built-in reading was traffic.minor; that reading bars reporting")
    );
}

#[test]
fn a_dictionary_decides_what_the_built_in_reading_left_to_a_person() {
    // An unreadable disposition goes to a person; the tenant's reading of it decides instead.
    let record = body(
        json!([{"offense_id": "OFF-1", "charge": "BURGLARY", "type": "FELONY",
        "disposition": "DISP CODE 77Q", "charge_date": "2024-01-02", "disposition_date": "2024-03-01"}]),
    );
    let d = dictionary(
        json!([{"id": "77q", "disposition": "DISP CODE 77Q", "jurisdiction": "GA",
        "disposition_class": "conviction", "added_by": "r", "reason": "the county's code for guilty"}]),
    );
    let (without, with) = both(&record, &d);
    assert_eq!(without["charge_decision"], "MANUAL_REVIEW", "{without}");
    assert_eq!(with["charge_decision"], "REPORTABLE", "{with}");
    assert!(!evidence(&with).contains("never lifts a bar"));
}
