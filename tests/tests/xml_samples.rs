//! The vendor XML path on the engine API (docs/decisions.md §11): every fixture of
//! `tests/fixtures/xml/` transforms and evaluates, and its `/transform-xml` record_json,
//! resubmitted, gives the very same decision tree; snapshots of full engine outputs for a few;
//! the refusals (malformed, unsupported root, DTD, entities, depth, size).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use lookback_core::api;
use lookback_core::input::{StageContext, evaluate_input};
use lookback_core::parse::xml::decode_document;
use serde_json::{Value, json};

const NOW: &str = "2025-11-20T12:00:00Z";

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join("xml")
}

struct Fixture {
    name: String,
    xml: String,
    request: Value,
}

fn fixtures() -> Vec<Fixture> {
    let dir = fixtures_dir();
    let manifest: Value = std::fs::read_to_string(dir.join("manifest.json"))
        .ok()
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or(Value::Null);
    let list = manifest["fixtures"].as_array().cloned().unwrap_or_default();
    assert!(list.len() >= 12, "the fixture manifest lists every fixture");
    list.into_iter()
        .map(|f| {
            let name = f["xml"].as_str().unwrap_or_default().to_string();
            let bytes = std::fs::read(dir.join(&name)).unwrap_or_default();
            let xml = decode_document(&bytes).unwrap_or_default();
            assert!(!xml.is_empty(), "{name} is readable");
            Fixture {
                name,
                xml,
                request: f["request"].clone(),
            }
        })
        .collect()
}

fn call_transform(record: &Value) -> Value {
    let out = api::transform(json!({ "record": record }).to_string().as_bytes());
    serde_json::from_str(&out).unwrap_or(Value::Null)
}

fn call_evaluate(transformed: &Value) -> Value {
    let input = evaluate_input(
        &StageContext::new(NOW, "xml-tests"),
        &transformed["record"].to_string(),
    );
    serde_json::from_str(&api::evaluate(input.as_bytes())).unwrap_or(Value::Null)
}

fn xml_request(f: &Fixture) -> Value {
    let mut r = f.request.clone();
    r["xml"] = json!(f.xml);
    r
}

/// The resubmit the contract describes: the same request fields, `record_json` instead of `xml`,
/// `submission_type: resubmit`, and no `cases[]` (the ids are in the record now).
fn resubmit_request(f: &Fixture, record_json: &Value) -> Value {
    let mut r = f.request.clone();
    if let Some(o) = r.as_object_mut() {
        o.remove("cases");
        o.insert("submission_type".into(), json!("resubmit"));
        o.insert("record_json".into(), record_json.clone());
    }
    r
}

fn without_date(mut decision: Value) -> Value {
    if let Some(o) = decision.as_object_mut() {
        o.remove("decision_date");
    }
    decision
}

fn transformed_ok(f: &Fixture) -> Value {
    let t = call_transform(&xml_request(f));
    assert_eq!(t["ok"], json!(true), "{}: {t}", f.name);
    t
}

#[test]
fn every_fixture_round_trips_to_the_same_decision() {
    for f in fixtures() {
        let t = transformed_ok(&f);
        let from_xml = call_evaluate(&t);
        assert_eq!(from_xml["ok"], json!(true), "{}: {from_xml}", f.name);
        let again = call_transform(&resubmit_request(&f, &t["record_json"]));
        assert_eq!(
            again["ok"],
            json!(true),
            "{}: the record_json is accepted as a resubmit: {again}",
            f.name
        );
        let from_json = call_evaluate(&again);
        assert_eq!(
            without_date(from_xml["decision"].clone()),
            without_date(from_json["decision"].clone()),
            "{}: XML and resubmitted record_json decide alike",
            f.name
        );
    }
}

#[test]
fn every_fixture_maps_every_charge() {
    for f in fixtures() {
        let t = transformed_ok(&f);
        let charges: usize = t["record_json"]["criminal_search_results"]
            .as_array()
            .map(|courts| {
                courts
                    .iter()
                    .flat_map(|c| {
                        c["criminal_records"]
                            .as_array()
                            .cloned()
                            .unwrap_or_default()
                    })
                    .map(|c| c["offenses"].as_array().map_or(0, Vec::len))
                    .sum()
            })
            .unwrap_or(0);
        assert!(charges > 0, "{}", f.name);
        if let Some(rows) = f.request["cases"].as_array() {
            assert_eq!(
                rows.len(),
                charges,
                "{}: one cases[] row per charge",
                f.name
            );
            let ids: Vec<&str> = t["record_json"]["criminal_search_results"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|c| c["criminal_records"].as_array().into_iter().flatten())
                .flat_map(|c| c["offenses"].as_array().into_iter().flatten())
                .filter_map(|o| o["offense_id"].as_str())
                .collect();
            let want: Vec<&str> = rows
                .iter()
                .filter_map(|r| r["offense_id"].as_str())
                .collect();
            assert_eq!(
                ids, want,
                "{}: ids follow the mapping in record order",
                f.name
            );
        }
    }
}

fn fixture(prefix: &str) -> Fixture {
    fixtures()
        .into_iter()
        .find(|f| f.name.starts_with(prefix))
        .unwrap_or(Fixture {
            name: prefix.into(),
            xml: String::new(),
            request: Value::Null,
        })
}

fn issue_fields(evaluated: &Value, list: &str) -> Vec<String> {
    evaluated["validation"]["issues"][list]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| {
            format!(
                "{}:{}:{}",
                i["field"].as_str().unwrap_or(""),
                i["offense_id"].as_str().unwrap_or(""),
                i["issue"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn county_and_statewide_components_become_two_courts() {
    let t = transformed_ok(&fixture("03"));
    let courts = &t["record_json"]["criminal_search_results"];
    assert_eq!(courts.as_array().map(Vec::len), Some(2));
    assert_eq!(courts[0]["search_jurisdiction"], json!("Bexar, TX"));
    assert_eq!(courts[1]["search_jurisdiction"], json!("TX"));
    assert_eq!(
        courts[1]["criminal_records"][0]["offenses"][0]["charge"],
        json!("THEFT PROP >=$750<$2,500")
    );
    assert_eq!(
        courts[1]["criminal_records"][0]["offenses"][0]["sentence"]["prison_time"],
        json!("240 DAYS")
    );
    // No search_type in the request: the first criminal component's type is echoed.
    let d = call_evaluate(&t);
    assert_eq!(
        d["decision"]["client_search_type"],
        json!("County_criminal")
    );
}

#[test]
fn full_sentence_block_is_pivoted() {
    let t = transformed_ok(&fixture("01"));
    let s = &t["record_json"]["criminal_search_results"][0]["criminal_records"][0]["offenses"][0]["sentence"];
    assert_eq!(
        *s,
        json!({"incarceration_date": "2018-08-15", "release_date": "2020-08-14", "is_serving": false,
               "probation": "4 YEARS", "prison_time": "6 YEARS", "suspended": "4 YEARS", "restitution": "3100.00",
               "fines": "2000.00", "court_costs": "412.00", "sentence_comments": "RESTITUTION: PAYABLE THROUGH CLERK"})
    );
}

#[test]
fn every_date_form_of_fixture_12_is_normalised() {
    let t = transformed_ok(&fixture("12"));
    let case = &t["record_json"]["criminal_search_results"][0]["criminal_records"][0];
    assert_eq!(case["jurisdiction_state"], json!("MI"));
    assert_eq!(case["file_date"], json!("2020-02-18"));
    assert_eq!(case["subject_dob"], json!("1989-11-03"));
    assert_eq!(case["sub_first_name"], json!("RENÉE"));
    let o = &case["offenses"];
    assert_eq!(o[0]["arrest_date"], json!("2020-02-14"));
    assert_eq!(o[0]["charge_date"], json!("2020-02-18"));
    assert_eq!(o[0]["disposition_date"], json!("2020-10-05"));
    assert_eq!(o[0]["pending_court_date"], Value::Null, "placeholder");
    assert_eq!(
        o[0]["sentence"],
        json!({"fines": "$325", "sentence_comments": "DEFERRED SENTENCE: 6 MONTHS"})
    );
    assert_eq!(
        o[1]["arrest_date"],
        Value::Null,
        "partial 02/2020 is never padded"
    );
    assert_eq!(o[1]["charge_date"], json!("2020-02-18"));
    assert_eq!(o[1]["disposition_date"], json!("2020-10-05"));
    assert_eq!(o[2]["disposition_date"], json!("2020-10-05"));
    let d = call_evaluate(&t);
    assert!(
        issue_fields(&d, "warnings")
            .iter()
            .any(|w| w == "arrest_date:OF-77120312-02:malformed date"),
        "{d}"
    );
}

#[test]
fn hidden_charges_are_kept_counted_and_flagged_and_ids_are_synthesised() {
    let f = fixture("15");
    let t = transformed_ok(&f);
    let courts = t["record_json"]["criminal_search_results"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(courts.len(), 1, "the case without charges is dropped");
    assert_eq!(courts[0]["court_search_id"], json!("TBD"));
    let offenses = &courts[0]["criminal_records"][0]["offenses"];
    assert_eq!(offenses[0]["offense_id"], json!("FECR-118204#1"));
    assert_eq!(offenses[1]["offense_id"], json!("FECR-118204#2"));
    assert_eq!(offenses[1]["hidden"], json!(true));
    let d = call_evaluate(&t);
    let court = &d["decision"]["court_decisions"][0];
    assert_eq!(
        court["case_decisions"][0]["offenses"]
            .as_array()
            .map(Vec::len),
        Some(2),
        "hidden charge evaluated"
    );
    let warnings = issue_fields(&d, "warnings");
    assert!(
        warnings
            .iter()
            .any(|w| w == "hidden:FECR-118204#2:hidden by vendor"),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w == "chargeinfo:unknown:case without charges"),
        "{warnings:?}"
    );
    // The count gate counts the hidden charge: a two-row mapping passes, a one-row one does not.
    let mut r = xml_request(&f);
    r["cases"] = json!([{"court_search_id": "C1", "offense_id": "O1", "is_excluded": false}]);
    let t = call_transform(&r);
    assert_eq!(t["http_status"], json!(422));
    assert_eq!(t["details"]["xml_offense_count"], json!(2));
    assert_eq!(t["details"]["xml_case_count"], json!(1));
}

#[test]
fn held_for_review_is_a_warning() {
    let d = call_evaluate(&transformed_ok(&fixture("10")));
    let warnings = issue_fields(&d, "warnings");
    assert_eq!(
        warnings
            .iter()
            .filter(|w| w.starts_with("held_for_review:"))
            .count(),
        2,
        "{warnings:?}"
    );
}

#[test]
fn aliases_reach_the_record() {
    let t = transformed_ok(&fixture("09"));
    let courts = &t["record_json"]["criminal_search_results"];
    assert_eq!(
        courts[2]["criminal_records"][0]["subject_aliases"],
        json!([
            {"first_name": "FITZGERALD", "middle_name": "JAMES", "last_name": "MONTAGUE-REYES"},
            {"first_name": "FITZGERALD", "middle_name": "J", "last_name": "REYES"}
        ])
    );
    assert_eq!(
        courts[0]["criminal_records"][0]["subject_address"],
        json!("2210 DESERT WILLOW AVE, LAS VEGAS, NV 89117")
    );
    assert_eq!(
        courts[1]["criminal_records"][0]["subject_name"],
        json!("FITZGERALD MONTAGUE REYES JR")
    );
    assert_eq!(
        courts[1]["criminal_records"][0]["subject_ssn"],
        json!("UNAVAILABLE")
    );
}

#[test]
fn hrxml_and_orderxml_map_into_the_same_model() {
    let t = transformed_ok(&fixture("13"));
    let case = &t["record_json"]["criminal_search_results"][0]["criminal_records"][0];
    assert_eq!(case["subject_ssn"], json!("900-36-0313"));
    assert_eq!(
        case["subject_address"],
        json!("71 PEACHTREE PL NW, ATLANTA, GA 30309")
    );
    assert_eq!(case["offenses"][0]["charge_date"], json!("2021-01-20"));
    assert_eq!(case["offenses"][1]["disposition_date"], json!("2021-09-14"));
    assert_eq!(
        case["offenses"][0]["sentence"]["sentence_comments"],
        json!("3 YEARS PROBATION; $1,500 FINE")
    );
    let t = transformed_ok(&fixture("14"));
    let court = &t["record_json"]["criminal_search_results"][0];
    assert_eq!(court["court_search_id"], json!("TBD"));
    assert_eq!(court["search_jurisdiction"], json!("Ada, ID"));
    let case = &court["criminal_records"][0];
    assert_eq!(
        (
            &case["sub_first_name"],
            &case["sub_middle_name"],
            &case["sub_last_name"]
        ),
        (&json!("PERCIVAL"), &json!("T"), &json!("GRIMSBY"))
    );
    assert_eq!(case["offenses"][1]["offense_id"], json!("CR01-22-33019#2"));
}

#[test]
fn a_clear_search_is_automation_not_reportable() {
    let mut r = fixture("01").request;
    r.as_object_mut().map(|o| o.remove("cases"));
    r["xml"] = json!(
        "<ScreeningResults><postResults order='1' subOrder='1.1' type='County_criminal' filledStatus='filled' filledCode='clear'>\
         <county>Knox</county><state>TN</state></postResults></ScreeningResults>"
    );
    let t = call_transform(&r);
    assert_eq!(t["ok"], json!(true), "{t}");
    let d = call_evaluate(&t);
    assert_eq!(d["decision"]["court_decisions"], json!([]));
    assert_eq!(d["decision"]["search_queue"], json!("Automation"));
    assert_eq!(d["decision"]["record_decision"], json!("NOT_REPORTABLE"));
}

fn refused(xml: &str) -> (Value, Duration) {
    let mut r = fixture("01").request;
    r.as_object_mut().map(|o| o.remove("cases"));
    r["xml"] = json!(xml);
    let start = Instant::now();
    let t = call_transform(&r);
    (t, start.elapsed())
}

#[test]
fn malformed_and_unsupported_documents_get_the_spec_messages() {
    for xml in [
        "<ScreeningResults><postResults>",
        "not xml at all",
        "<ScreeningResults></Screening>",
        "<a><b></a></b>",
    ] {
        let (t, _) = refused(xml);
        assert_eq!(t["http_status"], json!(400), "{xml}");
        assert_eq!(t["message"], json!("Failed to parse XML data"), "{xml}");
    }
    for xml in [
        "<Report/>",
        "<html><body/></html>",
        "<ns:Other xmlns:ns='urn:x'/>",
    ] {
        let (t, _) = refused(xml);
        assert_eq!(
            t["message"],
            json!("Failed to parse XML data: unsupported root element"),
            "{xml}"
        );
    }
}

#[test]
fn billion_laughs_xxe_deep_and_huge_documents_are_refused_fast() {
    let mut laughs = String::from("<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">");
    for i in 1..10 {
        let prev = if i == 1 {
            "lol".to_string()
        } else {
            format!("lol{}", i - 1)
        };
        laughs.push_str(&format!(
            "<!ENTITY lol{i} \"{}\">",
            format!("&{prev};").repeat(10)
        ));
    }
    laughs.push_str("]><ScreeningResults>&lol9;</ScreeningResults>");
    let xxe = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><ScreeningResults>&x;</ScreeningResults>";
    let undeclared = "<ScreeningResults><postResults>&x;</postResults></ScreeningResults>";
    let deep = format!(
        "<ScreeningResults>{}{}</ScreeningResults>",
        "<a>".repeat(10_000),
        "</a>".repeat(10_000)
    );
    let huge = format!(
        "<ScreeningResults><county>{}</county></ScreeningResults>",
        "x".repeat(3 * 1024 * 1024)
    );
    for (label, xml) in [
        ("billion laughs", laughs.as_str()),
        ("xxe", xxe),
        ("undeclared entity", undeclared),
        ("deep", &deep),
        ("3 MB", &huge),
    ] {
        let (t, took) = refused(xml);
        assert_eq!(t["http_status"], json!(400), "{label}");
        assert_eq!(t["message"], json!("Failed to parse XML data"), "{label}");
        assert!(took < Duration::from_secs(2), "{label} took {took:?}");
    }
}

#[test]
fn snapshots_of_full_engine_outputs() {
    for prefix in ["01", "06", "13"] {
        let f = fixture(prefix);
        let t = transformed_ok(&f);
        let evaluated = call_evaluate(&t);
        let name = f.name.trim_end_matches(".xml").to_string();
        insta::assert_json_snapshot!(format!("{name}.record_json"), t["record_json"]);
        insta::assert_json_snapshot!(format!("{name}.evaluate"), evaluated);
    }
}

async fn post_transform_xml(
    server: &lookback_tests::TestServer,
    token: &str,
    record: Value,
) -> lookback_tests::Reply {
    let request = server.client.post(server.url("/transform-xml"));
    let response = request
        .bearer_auth(token)
        .json(&json!({ "record": record }));
    lookback_tests::Reply::read(response.send().await.unwrap())
        .await
        .unwrap()
}

/// `POST /transform-xml` over real HTTP on the shipped module, with the body docs/decisions.md §3 gives
/// (`{record: {search_id, xml, cases?}}`, nothing else): its record_json, resubmitted to
/// `/evaluate`, decides every fixture exactly as `/evaluate` does on the XML itself.
#[tokio::test]
async fn transform_xml_over_http_round_trips_every_fixture() {
    use lookback_tests::{CLIENT_KEY, Reply, TestServer, test_settings};
    let server = TestServer::start(test_settings()).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let decision = |reply: &Reply, what: &str| {
        assert_eq!(reply.status, 200, "{what}: {}", reply.text);
        without_date(reply.json["data"]["decision"].clone())
    };
    for f in fixtures() {
        let mut record = json!({"search_id": f.request["search_id"], "xml": f.xml});
        if let Some(cases) = f.request.get("cases") {
            record["cases"] = cases.clone();
        }
        let transformed = post_transform_xml(&server, &token, record).await;
        assert_eq!(transformed.status, 200, "{}: {}", f.name, transformed.text);
        assert_eq!(transformed.json["status"], "success", "{}", f.name);
        assert_eq!(transformed.json["search_id"], f.request["search_id"]);
        let record_json = &transformed.json["record_json"];
        let body = |r: Value| json!({ "record": r }).to_string();
        let from_xml = server
            .evaluate(&token, body(xml_request(&f)))
            .await
            .unwrap();
        let resubmitted = server
            .evaluate(&token, body(resubmit_request(&f, record_json)))
            .await
            .unwrap();
        assert_eq!(
            decision(&from_xml, &f.name),
            decision(&resubmitted, &f.name),
            "{}: XML and resubmitted record_json decide alike",
            f.name
        );
    }
}

/// What `/transform-xml` refuses, with `/evaluate`'s 400 shape: no xml, record_json instead of
/// xml, no search_id, a bad search_date, malformed XML, and an unsupported root.
#[tokio::test]
async fn transform_xml_refusals_name_the_problem() {
    use lookback_tests::{CLIENT_KEY, TestServer, test_settings};
    let server = TestServer::start(test_settings()).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let xml = fixtures().remove(0).xml;
    let cases = [
        (json!({"search_id": "S-1"}), "Missing required field: xml"),
        (
            json!({"search_id": "S-1", "record_json": {"search": {}}}),
            "record_json is not accepted by /transform-xml; send the vendor document as xml",
        ),
        (json!({"xml": xml}), "Missing required field: search_id"),
        (
            json!({"search_id": "S-1", "xml": xml, "search_date": "11/20/2025"}),
            "search_date must be in YYYY-MM-DD format",
        ),
        (
            json!({"search_id": "S-1", "xml": "<ScreeningResults><unclosed>"}),
            "Failed to parse XML data",
        ),
        (
            json!({"search_id": "S-1", "xml": "<Invoice/>"}),
            "Failed to parse XML data: unsupported root element",
        ),
    ];
    for (record, message) in cases {
        let reply = post_transform_xml(&server, &token, record).await;
        assert_eq!(reply.status, 400, "{message}: {}", reply.text);
        assert_eq!(reply.json["success"], json!(false));
        assert_eq!(reply.json["error"]["code"], "INVALID_REQUEST");
        assert!(
            reply.json["error"]["errors"]
                .as_array()
                .is_some_and(|e| e.contains(&json!(message))),
            "{message}: {}",
            reply.text
        );
    }
}
