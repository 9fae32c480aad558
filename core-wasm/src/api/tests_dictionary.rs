//! The dictionary on its own: validation and its messages, which entry reads a charge, and what
//! the engine answers with one in its context (through `api`, as the host calls it).

use serde_json::{Value, json};

use crate::api;
use crate::dictionary::*;
use crate::input::{StageContext, evaluate_input};
use crate::model::dictionary::entry;

const NOW: &str = "2025-11-06T12:00:00Z";

/// An entry with provenance, matching and setting what `fields` say.
pub(super) fn entry(id: &str, fields: Value) -> Value {
    let mut e =
        json!({"id": id, "added_by": "reviewer@example.com", "reason": "court's own abbreviation"});
    if let (Some(e), Some(fields)) = (e.as_object_mut(), fields.as_object()) {
        e.extend(fields.clone());
    }
    e
}

fn file(entries: &[Value]) -> String {
    json!({"tenant_id": "acme", "entries": entries}).to_string()
}

/// The error of parsing a one-entry file, or "accepted".
fn refusal(entries: &[Value]) -> String {
    match DictionaryFile::parse(&file(entries)) {
        Ok(_) => "accepted".to_owned(),
        Err(e) => e,
    }
}

#[test]
fn entries_are_refused_with_a_message_naming_them() {
    let cases: &[(Value, &str)] = &[
        (
            json!({"charge": "VIOL ANEMOMETER TOWER REGS", "traffic": "minor", "trafic": "x"}),
            "unknown field `trafic`",
        ),
        (json!({"traffic": "minor"}), "names nothing to match"),
        (
            json!({"charge": "SPEEDING", "statute": "316.183", "traffic": "minor"}),
            "names charge and statute to match: give exactly one",
        ),
        (
            json!({"charge": "DU", "traffic": "serious"}),
            "charge \"DU\" is too broad: it needs at least 3 letters or digits",
        ),
        (
            json!({"statute_prefix": "31.", "jurisdiction": "FL", "traffic": "minor"}),
            "statute_prefix \"31.\" is too broad",
        ),
        (
            json!({"statute_prefix": "316.", "traffic": "minor"}),
            "too broad without a jurisdiction",
        ),
        (
            json!({"charge": "SPEEDING", "jurisdiction": "Florida", "traffic": "minor"}),
            "jurisdiction \"Florida\" is not a two-letter state or territory code",
        ),
        (
            json!({"disposition": "CLOSED-PAID", "traffic": "minor"}),
            "a disposition entry sets disposition_class only",
        ),
        (
            json!({"charge": "SPEEDING", "disposition_class": "conviction"}),
            "a charge entry cannot set disposition_class",
        ),
        (json!({"charge": "SPEEDING"}), "sets nothing"),
        (
            json!({"charge": "SPEEDING", "traffic": "sometimes"}),
            "unknown variant `sometimes`",
        ),
        (
            json!({"charge": "SPEEDING", "level": "unknown"}),
            "unknown variant `unknown`",
        ),
    ];
    for (fields, needle) in cases {
        let message = refusal(&[entry("e-1", fields.clone())]);
        assert!(message.contains(needle), "{fields}: {message}");
        if !message.contains("unknown") {
            assert!(message.starts_with("entry 1 (\"e-1\"): "), "{message}");
        }
    }
    let mut anonymous = entry("e-1", json!({"charge": "SPEEDING", "traffic": "minor"}));
    anonymous["added_by"] = json!(" ");
    assert!(refusal(&[anonymous]).contains("added_by is required"));
    let mut long_reason = entry("e-1", json!({"charge": "SPEEDING", "traffic": "minor"}));
    long_reason["reason"] = json!("x".repeat(1_001));
    assert!(refusal(&[long_reason]).contains("reason is longer than 1000 bytes"));
    let mut undated = entry("e-1", json!({"charge": "SPEEDING", "traffic": "minor"}));
    undated["added_at"] = json!("Oct 1 2025");
    assert!(refusal(&[undated]).contains("added_at \"Oct 1 2025\" is not a YYYY-MM-DD date"));
    let bad_id = entry(
        "two words",
        json!({"charge": "SPEEDING", "traffic": "minor"}),
    );
    assert!(refusal(&[bad_id]).contains("id \"two words\" must be"));
}

#[test]
fn two_entries_that_read_one_charge_differently_are_refused() {
    let minor = entry(
        "otter-minor",
        json!({"charge": "fl tag/reg  otter/plt-trap mthd", "jurisdiction": "FL", "traffic": "minor"}),
    );
    let none = entry(
        "otter-none",
        json!({"charge": "FL TAG/REG OTTER/PLT-TRAP MTHD", "jurisdiction": "FL", "traffic": "none"}),
    );
    assert_eq!(
        refusal(&[minor.clone(), none]),
        "entries 1 (\"otter-minor\") and 2 (\"otter-none\") both match charge text \
         \"FL TAG/REG OTTER/PLT-TRAP MTHD\" in FL and read it differently; keep one"
    );
    let again = entry(
        "otter-again",
        json!({"charge": "FL TAG/REG OTTER/PLT-TRAP MTHD", "jurisdiction": "fl", "traffic": "minor"}),
    );
    assert!(refusal(&[minor.clone(), again]).contains("entry 2 (\"otter-again\") repeats entry 1"));
    let same_id = entry(
        "otter-minor",
        json!({"charge": "TRAP MTHD", "traffic": "minor"}),
    );
    assert!(refusal(&[minor.clone(), same_id]).contains("have the same id"));
    // Another jurisdiction, or none, is another pattern: the order tells them apart.
    let general = entry(
        "otter-anywhere",
        json!({"charge": "FL TAG/REG OTTER/PLT-TRAP MTHD", "traffic": "none"}),
    );
    assert_eq!(refusal(&[minor, general]), "accepted");
}

#[test]
fn caps_on_count_and_size() {
    let many: Vec<Value> = (0..=MAX_ENTRIES)
        .map(|n| {
            entry(
                &format!("e{n}"),
                json!({"charge": format!("CHARGE {n}"), "traffic": "minor"}),
            )
        })
        .collect();
    assert!(refusal(&many).contains(&format!(
        "{} entries: a dictionary holds at most {MAX_ENTRIES}",
        MAX_ENTRIES + 1
    )));
    let long_reason = "x".repeat(MAX_FILE_BYTES);
    let mut big = entry("e-1", json!({"charge": "SPEEDING", "traffic": "minor"}));
    big["reason"] = json!(long_reason);
    assert!(refusal(&[big]).contains("a dictionary is at most"));
    let long = entry(
        "e-1",
        json!({"charge": "A".repeat(201), "traffic": "minor"}),
    );
    assert!(refusal(&[long]).contains("longer than 200 bytes"));
}

/// The entry a charge is read by, for an indexed dictionary of `entries`.
fn reader(entries: &[Value]) -> Dictionary {
    let parsed = DictionaryFile::parse(&file(entries)).unwrap_or_else(|e| panic!("{e}"));
    parsed.dictionary("v1").unwrap_or_else(|e| panic!("{e}"))
}

fn id_of(
    d: &Dictionary,
    charge: &str,
    statute: Option<&str>,
    state: Option<&str>,
) -> Option<String> {
    let key = statute.map(entry::statute_key);
    let at = d.charge_entry(charge, key.as_deref(), state)?;
    Some(d.entries().list[at].id.clone())
}

#[test]
fn the_entry_that_names_a_charge_most_closely_reads_it() {
    let d = reader(&[
        entry(
            "chapter",
            json!({"statute_prefix": "316.", "jurisdiction": "FL", "traffic": "minor"}),
        ),
        entry(
            "section",
            json!({"statute_prefix": "316.19", "jurisdiction": "FL", "traffic": "serious"}),
        ),
        entry(
            "exact",
            json!({"statute": "§ 316.1935", "traffic": "serious", "level": "felony"}),
        ),
        entry(
            "exact-fl",
            json!({"statute": "316.1935", "jurisdiction": "FL", "traffic": "serious"}),
        ),
        entry(
            "text",
            json!({"charge": "FLEEING OR ELUDING", "traffic": "serious"}),
        ),
        entry(
            "text-ga",
            json!({"charge": "FLEEING OR ELUDING", "jurisdiction": "GA", "traffic": "serious"}),
        ),
    ]);
    let fl = Some("FL");
    assert_eq!(
        id_of(&d, "SPEED", Some("316.183(2)"), fl).as_deref(),
        Some("chapter")
    );
    assert_eq!(
        id_of(&d, "SPEED", Some("316 . 193"), fl).as_deref(),
        Some("section")
    );
    assert_eq!(
        id_of(&d, "SPEED", Some("316.1935"), fl).as_deref(),
        Some("exact-fl")
    );
    assert_eq!(
        id_of(&d, "SPEED", Some("316.1935"), Some("AL")).as_deref(),
        Some("exact")
    );
    assert_eq!(
        id_of(&d, "FLEEING OR ELUDING", Some("316.1935"), fl).as_deref(),
        Some("text")
    );
    assert_eq!(
        id_of(&d, "FLEEING OR ELUDING", None, Some("GA")).as_deref(),
        Some("text-ga")
    );
    // A prefix names its state: a charge elsewhere, or with no state, is not its charge.
    assert_eq!(id_of(&d, "SPEED", Some("316.183"), Some("AL")), None);
    assert_eq!(id_of(&d, "SPEED", Some("316.183"), None), None);
    assert_eq!(id_of(&d, "SPEED", Some("31"), fl), None);
    assert_eq!(id_of(&d, "SPEED", None, fl), None);
}

// ---- through the engine ---------------------------------------------------------------------

/// A GA record of `offenses` (each `{charge, statute?, type, disposition, dates}`).
pub(super) fn body(state: &str, offenses: Vec<Value>) -> Vec<u8> {
    json!({"record": {
        "search_id": "S-DICT", "search_date": "2025-11-06", "order_id": "O", "order_number": "O.1",
        "submission_type": "resubmit",
        "candidate_info": {"first_name": "QUENTIN", "last_name": "SAMPLETON", "date_of_birth": "1986-02-17"},
        "record_json": {"criminal_search_results": [{
            "court_search_id": "CS-1", "search_date": "2025-11-06",
            "search_jurisdiction": format!("STATEWIDE, {state}"),
            "criminal_records": [{
                "case_number": "C-1", "jurisdiction_state": state, "file_date": "2024-01-05",
                "subject_name": "QUENTIN SAMPLETON", "sub_first_name": "QUENTIN", "sub_last_name": "SAMPLETON",
                "subject_dob": "1986-02-17", "subject_ssn": "512-34-7788", "subject_address": "4100 FIXTURE LN, MARIETTA, GA 30060",
                "offenses": offenses
            }]
        }]}
    }})
    .to_string()
    .into_bytes()
}

pub(super) fn offense(
    id: &str,
    charge: &str,
    statute: Option<&str>,
    ty: &str,
    disposition: &str,
) -> Value {
    json!({"offense_id": id, "charge": charge, "statute": statute, "type": ty, "disposition": disposition,
           "charge_date": "2024-01-02", "disposition_date": "2024-03-01", "arrest_date": "2024-01-02"})
}

/// Stages 2-3's answer for `body` with `dictionary` (the engine's form) in the context.
pub(super) fn decide(body: &[u8], dictionary: Option<&str>) -> Value {
    let transformed: Value = serde_json::from_str(&api::transform(body)).unwrap_or_default();
    assert_eq!(transformed["ok"], true, "{transformed}");
    let context = StageContext::new(NOW, "c-1").with_charge_dictionary(dictionary);
    let input = evaluate_input(&context, &transformed["record"].to_string());
    serde_json::from_str(&api::evaluate(input.as_bytes())).unwrap_or_default()
}

pub(super) fn charges(answer: &Value) -> Vec<Value> {
    let cases = answer["decision"]["court_decisions"][0]["case_decisions"][0]["offenses"].clone();
    cases.as_array().cloned().unwrap_or_default()
}

/// The engine's form of a file of `entries` under `version`.
pub(super) fn engine_form(entries: &[Value], version: &str) -> String {
    let parsed = DictionaryFile::parse(&file(entries)).unwrap_or_else(|e| panic!("{e}"));
    parsed.engine_input(version)
}

#[test]
fn an_entry_beats_the_built_in_reading_and_the_evidence_names_it() {
    let text = "VIOL ANEMOMETER TOWER REGS";
    let record = body(
        "GA",
        vec![
            offense("OFF-1", text, None, "MISDEMEANOR", "GUILTY"),
            offense("OFF-2", "BURGLARY", None, "FELONY", "CLOSED-PAID"),
        ],
    );
    let without = decide(&record, None);
    let before = charges(&without);
    assert_eq!(before[0]["charge_decision"], "REPORTABLE", "{without}");
    assert!(before[0]["classification"].get("dictionary").is_none());

    let dictionary = engine_form(
        &[
            entry(
                "anemometer",
                json!({"charge": "viol anemometer tower regs", "traffic": "minor", "level": "infraction"}),
            ),
            entry(
                "closed-paid",
                json!({"disposition": "closed-paid", "jurisdiction": "GA", "disposition_class": "conviction"}),
            ),
        ],
        "3f2a9c0d1e2b4a5c",
    );
    assert!(
        !dictionary.contains("added_by") && !dictionary.contains("reason"),
        "{dictionary}"
    );
    let with = decide(&record, Some(&dictionary));
    assert_eq!(with["ok"], true, "{with}");
    let after = charges(&with);
    let read = &after[0]["classification"];
    assert_eq!(after[0]["charge_decision"], "NOT_REPORTABLE", "{with}");
    assert_eq!(read["traffic"], "minor");
    assert_eq!(read["severity"], "INFRACTION");
    assert_eq!(
        read["dictionary"],
        json!({"version": "3f2a9c0d1e2b4a5c", "entries": ["anemometer"]})
    );
    let evidence: Vec<&str> = read["evidence"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    assert!(evidence.contains(&"traffic.minor: dictionary entry \"anemometer\" (charge text \"VIOL ANEMOMETER TOWER REGS\"), dictionary version 3f2a9c0d1e2b4a5c; the built-in reading was traffic.none"), "{evidence:?}");
    assert!(
        evidence
            .iter()
            .any(|l| l.starts_with("severity.infraction: dictionary entry \"anemometer\"")),
        "{evidence:?}"
    );

    // The disposition string the classifier did not understand is a conviction for this tenant:
    // no more "unrecognised disposition" error for it.
    let burglary = &after[1]["classification"];
    assert_eq!(before[1]["classification"]["disposition_class"], "UNKNOWN");
    assert_eq!(burglary["disposition_class"], "CONVICTION");
    assert_eq!(burglary["dictionary"]["entries"], json!(["closed-paid"]));
    let unrecognised = |answer: &Value| answer.to_string().contains("unrecognised disposition");
    assert!(unrecognised(&without) && !unrecognised(&with));
    assert_eq!(after[1]["charge_decision"], "REPORTABLE");
}

#[test]
fn a_dictionary_that_reads_nothing_changes_nothing() {
    let record = body(
        "GA",
        vec![offense(
            "OFF-1",
            "BURGLARY",
            Some("16-7-1"),
            "FELONY",
            "GUILTY",
        )],
    );
    let dictionary = engine_form(
        &[entry(
            "elsewhere",
            json!({"statute": "16-7-1", "jurisdiction": "FL", "level": "misdemeanor"}),
        )],
        "v",
    );
    let (without, with) = (decide(&record, None), decide(&record, Some(&dictionary)));
    assert_eq!(with, without);
}

#[test]
fn a_bad_dictionary_in_the_context_is_an_error_never_ignored() {
    let record = body(
        "GA",
        vec![offense("OFF-1", "BURGLARY", None, "FELONY", "GUILTY")],
    );
    for (dictionary, needle) in [
        (
            r#"{"version": "v", "entries": [{"id": "a", "charge": "X", "traffic": "minor"}]}"#,
            "too broad",
        ),
        (
            r#"{"version": "", "entries": []}"#,
            "version must be 1 to 64 bytes",
        ),
        (
            r#"{"version": "v", "entries": [], "extra": 1}"#,
            "unknown field `extra`",
        ),
    ] {
        let answer = decide(&record, Some(dictionary));
        assert_eq!(answer["ok"], false, "{answer}");
        let message = answer["message"].as_str().unwrap_or_default();
        assert!(message.contains(needle), "{message}");
    }
}

/// With a dictionary, the answer is written as serde_json writes it, and the kept-record path
/// answers exactly as the ABI v1 pair (the dictionary travels in the context of both).
#[test]
fn dictionary_answers_are_the_same_on_every_path() {
    let record = body(
        "GA",
        vec![
            offense(
                "OFF-1",
                "VIOL ANEMOMETER TOWER REGS",
                Some("§ 12-1-2"),
                "",
                "CLOSED-PAID",
            ),
            offense("OFF-2", "BURGLARY \"2ND\" \\ Ü", None, "FELONY", "GUILTY"),
        ],
    );
    let dictionary = engine_form(
        &[
            entry(
                "tower",
                json!({"statute": "12-1-2", "jurisdiction": "GA", "traffic": "minor"}),
            ),
            entry(
                "paid-q",
                json!({"disposition": "CLOSED-PAID", "disposition_class": "non_conviction"}),
            ),
            entry(
                "burglary",
                json!({"charge": "BURGLARY \"2ND\" \\ Ü", "level": "misdemeanor"}),
            ),
        ],
        "v\"1",
    );
    let transformed: Value = serde_json::from_str(&api::transform(&record)).unwrap_or_default();
    let context = StageContext::new(NOW, "c-1").with_charge_dictionary(Some(&dictionary));
    let input = evaluate_input(&context, &transformed["record"].to_string());
    let ours = api::evaluate(input.as_bytes());
    let theirs = crate::writer::reference::with_serde_json(|| api::evaluate(input.as_bytes()));
    assert_eq!(ours, theirs);
    assert_eq!(
        ours.matches(r#""dictionary":{"version":"v\"1""#).count(),
        2,
        "{ours}"
    );
    api::transform_keep(&record);
    let kept = crate::input::evaluate_kept_input(&context);
    assert_eq!(api::evaluate_kept(kept.as_bytes()), ours);
}
