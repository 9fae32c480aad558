//! End to end: the input caps (docs/decisions.md §14), each once obeyed at its default and
//! once violated, over real HTTP on the shipped module: names, aliases and addresses on the
//! identity match; charges and cases per record, XML size and XML cases on `/evaluate` and
//! `/transform-xml`; the identity match's rate limit counted in work; and the probes the issue
//! quotes (100,000 `{}` offenses, 20,000 empty offenses, an 18,000-case XML), which now get a
//! 400 or 413 instead of a 500 or a 206.

use std::path::PathBuf;

use lookback::Settings;
use lookback::limits::input::InputLimits;
use lookback_tests::{CLIENT_KEY, Reply, TestServer, test_settings, valid_request};
use serde_json::{Value, json};

async fn start(edit: impl FnOnce(&mut Settings)) -> TestServer {
    let mut settings = test_settings();
    edit(&mut settings);
    TestServer::start(settings).await.unwrap()
}

async fn post(server: &TestServer, path: &str, token: Option<&str>, body: &Value) -> Reply {
    let mut request = server.client.post(server.url(path)).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    Reply::read(request.send().await.unwrap()).await.unwrap()
}

fn person(first_name: &str, aliases: usize, addresses: usize) -> Value {
    let alias = json!({"first_name": "JON", "middle_name": "", "last_name": "SMYTH"});
    let address = json!({"street_one": "1 MAIN ST", "city": "SPRINGFIELD",
        "state_or_province": "IL", "postal_code": "62701", "country": "US",
        "address_type": "DOMESTIC", "start_date": "2019-01-01", "end_date": ""});
    json!({"first_name": first_name, "middle_name": "", "last_name": "SMITH",
        "date_of_birth": "1985-07-14", "ssn": "", "state": "IL", "annual_salary": null,
        "aliases": vec![alias; aliases], "addresses": vec![address; addresses]})
}

fn identity(verify: Value, record: Value) -> Value {
    json!({"candidate_to_verify": verify, "candidate_in_record": record})
}

/// A 400 problem-details answer whose one error names `key` and says `limit`.
fn assert_problem(reply: &Reply, key: &str, limit: usize) {
    assert_eq!(reply.status, 400, "{}", reply.text);
    assert_eq!(reply.json["status"], 400);
    let message = reply.json["errors"][key][0].as_str().unwrap_or_default();
    assert!(
        message.ends_with(&format!("over the limit of {limit}")),
        "{}",
        reply.text
    );
}

/// A 200, with the start of the answer when not.
fn assert_decided(reply: &Reply) {
    let start: String = reply.text.chars().take(600).collect();
    assert_eq!(reply.status, 200, "{start}");
}

/// A 400 in `/evaluate`'s shape naming `field` and `limit`.
fn assert_invalid(reply: &Reply, field: &str, limit: usize) {
    assert_eq!(reply.status, 400, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "INVALID_REQUEST");
    let message = reply.json["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with(field) && message.ends_with(&format!("over the limit of {limit}")),
        "{message}"
    );
}

#[tokio::test]
async fn identity_names_aliases_and_addresses_are_capped() {
    let server = start(|_| {}).await;
    let limits = InputLimits::default();
    let url = "/complianceEngine/identity-match";
    // Obeyed: every cap reached exactly, on both sides.
    let name = "J".repeat(limits.max_name_chars);
    let full = person(&name, limits.max_aliases, limits.max_addresses);
    let reply = post(&server, url, None, &identity(full.clone(), full)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    // Violated: one more character, alias or address.
    let long = person(&format!("{name}J"), 0, 0);
    let reply = post(&server, url, None, &identity(long, person("J", 0, 0))).await;
    assert_problem(&reply, "CandidateToVerify.FirstName", limits.max_name_chars);
    let aliases = person("J", limits.max_aliases + 1, 0);
    let reply = post(&server, url, None, &identity(person("J", 0, 0), aliases)).await;
    assert_problem(&reply, "CandidateInRecord.Aliases", limits.max_aliases);
    let addresses = person("J", 0, limits.max_addresses + 1);
    let reply = post(&server, url, None, &identity(addresses, person("J", 0, 0))).await;
    assert_problem(&reply, "CandidateToVerify.Addresses", limits.max_addresses);
    // The probe: 50,000-character names ran to the deadline and answered 500.
    let huge = person(&"J".repeat(50_000), 0, 0);
    let reply = post(&server, url, None, &identity(huge.clone(), huge)).await;
    assert_problem(&reply, "CandidateToVerify.FirstName", limits.max_name_chars);
}

#[tokio::test]
async fn identity_rate_limit_counts_comparisons() {
    // 100 comparisons a minute: one call with 9 aliases a side (10 x 10 name pairings) spends
    // them all; plain calls cost one each.
    let server = start(|s| s.transport.identity_match_per_minute = 100).await;
    let url = "/complianceEngine/identity-match";
    let plain = identity(person("JOHN", 0, 0), person("JOHN", 0, 0));
    // Obeyed: 99 units of plain calls would pass; a few do, then one costly call fits the rest.
    for _ in 0..10 {
        let reply = post(&server, url, None, &plain).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    let costly = identity(person("JOHN", 8, 0), person("JOHN", 9, 0));
    let reply = post(&server, url, None, &costly).await;
    assert_eq!(reply.status, 200, "90 units of the 90 left: {}", reply.text);
    // Violated: the budget is spent, even for a plain call, after 11 calls.
    let reply = post(&server, url, None, &plain).await;
    assert_eq!(reply.status, 429, "{}", reply.text);
    assert!(reply.header("retry-after").is_some());
}

/// One case of `charges` offenses in the shape of the reference samples.
fn case(n: usize, charges: usize) -> Value {
    let offense = |i: usize| {
        json!({"offense_id": format!("OFF-{n}-{i}"), "charge": "THEFT BY TAKING",
            "disposition": "GUILTY", "type": "Misdemeanor", "charge_date": "2017-01-03",
            "disposition_date": "2017-05-22"})
    };
    json!({"case_number": format!("17-9-{n:05}"), "jurisdiction_state": "GA",
        "file_date": "2017-01-03", "subject_name": "QUENTIN AVERY SAMPLETON",
        "sub_first_name": "QUENTIN", "sub_middle_name": "AVERY", "sub_last_name": "SAMPLETON",
        "subject_dob": "1986-02-17", "subject_ssn": "900550101",
        "subject_address": "4100 FIXTURE LN, MARIETTA, GA 30060",
        "offenses": (0..charges).map(offense).collect::<Vec<_>>()})
}

/// The valid request with its one court holding `cases`.
fn with_cases(cases: Vec<Value>) -> Value {
    let mut body = valid_request("S-CAPS");
    body["record"]["record_json"]["criminal_search_results"][0]["criminal_records"] =
        Value::Array(cases);
    body
}

#[tokio::test]
async fn charges_and_cases_per_record_are_capped() {
    let server = start(|_| {}).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let limits = InputLimits::default();
    let field = "record.record_json.criminal_search_results[].criminal_records";
    // Obeyed: the most charges a record may hold are decided in full (200, not 206 or 500).
    let charges = limits.max_charges;
    let cases_of = |n: usize, each: usize| (0..n).map(|i| case(i, each)).collect::<Vec<_>>();
    let body = with_cases(cases_of(charges / 10, 10));
    let reply = post(&server, "/evaluate", Some(&token), &body).await;
    assert_decided(&reply);
    // Obeyed: the most cases a search may hold.
    let body = with_cases(cases_of(limits.max_cases, 1));
    let reply = post(&server, "/evaluate", Some(&token), &body).await;
    assert_decided(&reply);
    // Violated: one charge more, one case more.
    let mut more = cases_of(charges / 10, 10);
    more.push(case(9999, 1));
    let reply = post(&server, "/evaluate", Some(&token), &with_cases(more)).await;
    assert_invalid(&reply, &format!("{field}[].offenses"), charges);
    let reply = post(
        &server,
        "/evaluate",
        Some(&token),
        &with_cases(cases_of(limits.max_cases + 1, 1)),
    )
    .await;
    assert_invalid(&reply, field, limits.max_cases);
    // The probes: 100,000 `{}` offenses answered 500, 20,000 empty ones 206 with a
    // 17.9 MB answer.
    for (n, offense) in [(100_000, json!({})), (20_000, json!({"offense_id": ""}))] {
        let mut one = case(1, 0);
        one["offenses"] = Value::Array(vec![offense; n]);
        let reply = post(&server, "/evaluate", Some(&token), &with_cases(vec![one])).await;
        assert_invalid(&reply, field, charges);
        assert!(reply.text.len() < 1_000, "{} bytes", reply.text.len());
    }
}

/// Reference sample 01 (Accio) with its one case replaced by `cases` copies of `case`.
fn xml_with_cases(cases: usize, case: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/xml");
    let xml = std::fs::read_to_string(dir.join("01-felony-conviction.xml")).unwrap();
    let (start, end) = (
        xml.find("<case>").unwrap(),
        xml.find("</case>").unwrap() + 7,
    );
    format!("{}{}{}", &xml[..start], case.repeat(cases), &xml[end..])
}

/// A case of one charge as vendors send it, without the optional blocks (about 400 bytes).
const SHORT_CASE: &str = "<case><case_number>17-9-90417</case_number>\
    <filing_date>20170103</filing_date><source>Cobb County Superior Court</source>\
    <defendant><name_first>QUENTIN</name_first><name_last>SAMPLETON</name_last>\
    <dob>19860217</dob><ssn>900550101</ssn></defendant><jurisdiction>Cobb</jurisdiction>\
    <jurisdiction_state>GA</jurisdiction_state><chargeinfo><charge>THEFT BY TAKING</charge>\
    <crime_type>Misdemeanor</crime_type><disposition>GUILTY</disposition>\
    <disposition_date_freeformat>05/22/2017</disposition_date_freeformat></chargeinfo></case>";

fn transform(xml: String) -> Value {
    json!({"record": {"search_id": "S-XML", "xml": xml}})
}

#[tokio::test]
async fn xml_cases_are_capped() {
    let server = start(|_| {}).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let max = InputLimits::default().max_cases;
    // Obeyed: the most cases a document may hold are mapped.
    let body = transform(xml_with_cases(max, SHORT_CASE));
    let reply = post(&server, "/transform-xml", Some(&token), &body).await;
    assert_decided(&reply);
    // Violated: one case more; and the probe, 18,000 small cases (1.4 MB, a 500 before).
    let tiny = "<case><case_number>1</case_number><chargeinfo/></case>";
    for xml in [
        xml_with_cases(max + 1, SHORT_CASE),
        xml_with_cases(18_000, tiny),
    ] {
        let reply = post(&server, "/transform-xml", Some(&token), &transform(xml)).await;
        assert_invalid(&reply, "record.xml", max);
    }
}

#[tokio::test]
async fn xml_size_is_capped() {
    let sample = xml_with_cases(1, SHORT_CASE);
    let limits = InputLimits::default();
    // Obeyed at a cap set to the document's size exactly; violated one byte over it.
    let server = start(|s| s.input_limits.max_xml_bytes = sample.len()).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let reply = post(
        &server,
        "/transform-xml",
        Some(&token),
        &transform(sample.clone()),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let over = transform(format!("{sample} "));
    let reply = post(&server, "/transform-xml", Some(&token), &over).await;
    assert_eq!(reply.status, 413, "{}", reply.text);
    let message = reply.json["error"]["message"].as_str().unwrap_or_default();
    let expected = format!(
        "record.xml: {} bytes, over the limit of {}",
        sample.len() + 1,
        sample.len()
    );
    assert_eq!(message, expected);
    // The default cap, on /evaluate: a 1 MiB + 1 document (within the 2 MiB body limit).
    let server = start(|_| {}).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    let mut body = valid_request("S-XML");
    let record = body["record"].as_object_mut().unwrap();
    record.remove("record_json");
    record.remove("submission_type");
    let padding = " ".repeat(limits.max_xml_bytes + 1 - sample.len());
    body["record"]["xml"] = json!(format!("{sample}{padding}"));
    let reply = post(&server, "/evaluate", Some(&token), &body).await;
    assert_eq!(reply.status, 413, "{}", reply.text);
}

#[tokio::test]
async fn numeric_order_fields_name_themselves() {
    let server = start(|_| {}).await;
    let token = server.token(CLIENT_KEY).await.unwrap();
    // Obeyed: numbers are taken as their text and echoed, as a numeric search_id is.
    let mut body = valid_request("S-NUM");
    body["record"]["order_id"] = json!(90_010_101);
    body["record"]["order_number"] = json!(90_010_101.1);
    let reply = post(&server, "/evaluate", Some(&token), &body).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["data"]["decision"]["order_id"], "90010101");
    assert_eq!(reply.json["data"]["decision"]["order_number"], "90010101.1");
    // Violated: another type is refused by its own name (it used to say search_id).
    body["record"]["order_id"] = json!(true);
    let reply = post(&server, "/evaluate", Some(&token), &body).await;
    assert_eq!(reply.status, 400, "{}", reply.text);
    assert_eq!(reply.json["error"]["message"], "order_id must be a string");
}
