//! The law still decides: a dictionary can bar a charge (minor traffic), but what the rules bar
//! on the built-in reading stays barred, and the evidence says why. (The property over generated
//! records and dictionaries is `tests/dictionary_law.rs`.)

use serde_json::{Value, json};

use super::tests_dictionary::{body, charges, decide, engine_form, entry, offense};

/// The first charge's decision, without and with a dictionary of `entries`.
fn both(record: &[u8], entries: &[Value]) -> (Value, Value) {
    let dictionary = engine_form(entries, "law-v1");
    let first = |answer: Value| charges(&answer).first().cloned().unwrap_or_default();
    (
        first(decide(record, None)),
        first(decide(record, Some(&dictionary))),
    )
}

fn evidence(charge: &Value) -> String {
    charge["classification"]["evidence"].to_string()
}

#[test]
fn a_sealed_record_stays_sealed_whatever_the_dictionary_calls_its_disposition() {
    let sealed = "CONVICTED - RECORD SEALED";
    let record = body(
        "GA",
        vec![offense("OFF-1", "BURGLARY", None, "FELONY", sealed)],
    );
    let (without, with) = both(
        &record,
        &[entry(
            "unseal",
            json!({"disposition": sealed, "disposition_class": "conviction"}),
        )],
    );
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
    let speeding = "SPEEDING 15 MPH OVER LIMIT";
    let record = body(
        "GA",
        vec![offense("OFF-1", speeding, None, "MISDEMEANOR", "GUILTY")],
    );
    let (without, with) = both(
        &record,
        &[entry(
            "speed-serious",
            json!({"charge": speeding, "traffic": "serious"}),
        )],
    );
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
    let code = "DISP CODE 77Q";
    let record = body(
        "GA",
        vec![offense("OFF-1", "BURGLARY", None, "FELONY", code)],
    );
    let (without, with) = both(
        &record,
        &[entry(
            "77q",
            json!({"disposition": code, "jurisdiction": "GA", "disposition_class": "conviction"}),
        )],
    );
    assert_eq!(without["charge_decision"], "MANUAL_REVIEW", "{without}");
    assert_eq!(with["charge_decision"], "REPORTABLE", "{with}");
    assert!(!evidence(&with).contains("never lifts a bar"));
}
