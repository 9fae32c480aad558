//! End to end: no personal data where it does not belong. The real `lookback serve`
//! code path runs as a child process (this test binary re-run on [`serve_as_child`]) with
//! `RUST_LOG=trace` and JSON logs; the whole corpus, every XML fixture and a bad-input suite
//! go through it, and the child panics once with personal data in the message (as an `unwrap` on
//! a record's error could); then every log line, the panic's included, and every error body is
//! searched for every name, date of birth (three formats), SSN (three formats) and address of
//! those inputs.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lookback_tests::{CLIENT_KEY, JWT_SECRET, Reply};
use serde_json::{Value, json};

use crate::evaluate_http::corpus;

/// Set in the child's environment: the child test then serves instead of returning.
const CHILD_ENV: &str = "LOOKBACK_PRIVACY_CHILD";

/// Name, date of birth, SSN and address the child's panic carries (also searched for).
const PANIC_PERSON: [&str; 4] = [
    "Philomena Strathcarrow",
    "1958-11-04",
    "900-77-4321",
    "31 Quillsby Terrace",
];

/// The server process of [`no_personal_data_in_logs_panics_or_error_bodies`]: `lookback serve`
/// exactly as `main` runs it (the command line, then telemetry in the format it names).
#[test]
#[ignore = "the server process of privacy::no_personal_data_in_logs_panics_or_error_bodies"]
fn serve_as_child() {
    if std::env::var_os(CHILD_ENV).is_none() {
        return;
    }
    let cli = <lookback::config::Cli as clap::Parser>::parse_from([
        "lookback",
        "serve",
        "--addr",
        "127.0.0.1:0",
    ]);
    // Held while serving: dropping it would stop the log writer and leave nothing to search.
    let _log = lookback::telemetry::init(cli.log_format);
    // A panic whose message carries personal data, as an `unwrap` on a record's error could: the
    // server's own panic handling must not write it anywhere (the parent searches every line).
    let panicked = std::thread::Builder::new()
        .name("privacy-panic".to_owned())
        .spawn(|| {
            let message = format!("{} {}", PANIC_PERSON.join(" "), "in a record");
            std::panic::panic_any(message);
        })
        .map(std::thread::JoinHandle::join);
    assert!(matches!(panicked, Ok(Err(_))), "the thread did not panic");
    lookback::cli::run(cli).unwrap();
}

/// Every value a person could be found by, in every format we search for.
#[derive(Default)]
struct Needles(Vec<String>);

impl Needles {
    fn name(&mut self, text: &str) {
        for token in text.split(|c: char| !c.is_alphanumeric() && c != '\'') {
            if token.chars().count() >= 3 {
                self.0.push(token.to_lowercase());
            }
        }
    }

    fn address(&mut self, text: &str) {
        let text = text.trim();
        if text.len() >= 6 {
            self.0.push(text.to_lowercase());
        }
        if let Some(street) = text.split(',').next().filter(|s| s.trim().len() >= 6) {
            self.0.push(street.trim().to_lowercase());
        }
    }

    fn dob(&mut self, text: &str) {
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        if digits.len() != 8 {
            return;
        }
        // YYYY-MM-DD, YYYYMMDD or MM/DD/YYYY in; all three out.
        let (y, m, d) = if text.contains('/') {
            (&digits[4..8], &digits[0..2], &digits[2..4])
        } else {
            (&digits[0..4], &digits[4..6], &digits[6..8])
        };
        self.0.push(format!("{y}-{m}-{d}"));
        self.0.push(format!("{y}{m}{d}"));
        self.0.push(format!("{m}/{d}/{y}"));
    }

    fn ssn(&mut self, text: &str) {
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        if digits.len() != 9 {
            return;
        }
        let (a, b, c) = (&digits[0..3], &digits[3..5], &digits[5..9]);
        self.0.push(format!("{a}-{b}-{c}"));
        self.0.push(format!("{a} {b} {c}"));
        self.0.push(digits);
    }

    /// Sorts a field by its name (JSON key or XML element, any case).
    fn field(&mut self, key: &str, value: &str) {
        let key = key.rsplit(':').next().unwrap_or(key).to_lowercase();
        match key.as_str() {
            "first_name" | "middle_name" | "last_name" | "sub_first_name" | "sub_middle_name"
            | "sub_last_name" | "subject_name" | "name_first" | "name_middle" | "name_last"
            | "firstname" | "middlename" | "lastname" | "givenname" | "familyname"
            | "formattedname" | "defendantname" => self.name(value),
            "date_of_birth" | "dob" | "subject_dob" | "dateofbirth" | "birthdate" => {
                self.dob(value);
            }
            "ssn" | "subject_ssn" | "governmentid" => self.ssn(value),
            "address" | "subject_address" | "addressline" | "street" => self.address(value),
            _ => {}
        }
    }

    fn json(&mut self, value: &Value) {
        match value {
            Value::Object(map) => {
                for (key, value) in map {
                    match value {
                        Value::String(text) => self.field(key, text),
                        other => self.json(other),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|v| self.json(v)),
            _ => {}
        }
    }

    /// Every `<tag ...>text</` of a document.
    fn xml(&mut self, xml: &str) {
        let mut rest = xml;
        while let Some(open) = rest.find('<') {
            rest = &rest[open + 1..];
            let Some(close) = rest.find('>') else { break };
            let tag = rest[..close].split_whitespace().next().unwrap_or_default();
            let after = &rest[close + 1..];
            if let Some(end) = after.find('<')
                && !tag.starts_with(['/', '?', '!'])
                && after[end..].starts_with("</")
            {
                self.field(tag, &after[..end]);
            }
        }
    }

    /// The needles found in `haystack` as whole words.
    fn hits<'a>(&'a self, haystack: &str) -> Vec<&'a str> {
        let haystack = haystack.to_lowercase();
        self.0
            .iter()
            .filter(|needle| contains_word(&haystack, needle))
            .map(String::as_str)
            .collect()
    }
}

fn contains_word(haystack: &str, needle: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    haystack.match_indices(needle).any(|(at, _)| {
        !word(haystack[..at].chars().next_back())
            && !word(haystack[at + needle.len()..].chars().next())
    })
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/xml")
}

/// `(path, body)` of every request the test sends, and the needles they carry.
fn requests() -> (Vec<(&'static str, Vec<u8>)>, Needles) {
    let mut needles = Needles::default();
    let mut requests = Vec::new();
    for case in corpus::load() {
        needles.json(&case.request);
        requests.push(("/evaluate", case.request.to_string().into_bytes()));
    }
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures_dir().join("manifest.json")).unwrap(),
    )
    .unwrap();
    for fixture in manifest["fixtures"].as_array().unwrap() {
        let name = fixture["xml"].as_str().unwrap();
        // One fixture is Latin-1: read as the server would get it inside JSON.
        let xml = String::from_utf8_lossy(&std::fs::read(fixtures_dir().join(name)).unwrap())
            .into_owned();
        needles.xml(&xml);
        needles.json(&fixture["request"]);
        let mut record = fixture["request"].clone();
        record["xml"] = json!(xml);
        requests.push((
            "/evaluate",
            json!({"record": record}).to_string().into_bytes(),
        ));
        let transform = json!({"record": {"search_id": record["search_id"], "xml": xml}});
        requests.push(("/transform-xml", transform.to_string().into_bytes()));
        // The same document cut short, and under a root nobody supports.
        let cut = &xml[..xml.len() * 2 / 3];
        let broken = json!({"record": {"search_id": "S-CUT", "xml": cut}});
        requests.push(("/transform-xml", broken.to_string().into_bytes()));
        let foreign = xml.replace("ScreeningResults", "Invoice");
        let foreign = json!({"record": {"search_id": "S-ROOT", "xml": foreign}});
        requests.push(("/transform-xml", foreign.to_string().into_bytes()));
    }
    for (path, body) in bad_inputs() {
        needles.json(&serde_json::from_str(&body).unwrap_or(Value::Null));
        requests.push((path, body.into_bytes()));
    }
    needles.name(PANIC_PERSON[0]);
    needles.dob(PANIC_PERSON[1]);
    needles.ssn(PANIC_PERSON[2]);
    needles.address(PANIC_PERSON[3]);
    needles.name("Zebediah Quarrington");
    needles.dob("1961-03-29");
    needles.ssn("900-55-1234");
    needles.address("77 Hollowmere Crescent");
    needles.0.sort();
    needles.0.dedup();
    (requests, needles)
}

/// Bodies that are wrong in every way we know of, carrying personal data where a careless error
/// message would echo it.
fn bad_inputs() -> Vec<(&'static str, String)> {
    let person = json!({"first_name": "Zebediah", "middle_name": "", "last_name": "Quarrington",
        "date_of_birth": "1961-03-29", "ssn": "900-55-1234", "address": "77 Hollowmere Crescent"});
    let mut bad_dob = person.clone();
    bad_dob["date_of_birth"] = json!("03/29/1961");
    let mut bad_ssn = person.clone();
    bad_ssn["ssn"] = json!("900-55-1234-Zebediah");
    let record = |candidate: &Value| {
        json!({"record": {"search_id": "S-BAD", "search_date": "2025-01-01",
            "candidate_info": candidate,
            "record_json": {"search": {"search_id": "S-BAD"}, "criminal_search_results": [{
                "court_search_id": "CS-1", "criminal_records": [{"case_number": "Zebediah",
                "subject_name": "Zebediah Quarrington", "subject_dob": "1961-03-29x",
                "subject_ssn": "900551234", "offenses": [{"charge": 5}]}]}]}}})
        .to_string()
    };
    let identity = |a: &Value, b: &Value| {
        json!({"candidate_to_verify": a, "candidate_in_record": b}).to_string()
    };
    let xml = |body: &str| json!({"record": {"search_id": "S-XML", "xml": body}}).to_string();
    vec![
        ("/evaluate", record(&bad_dob)),
        ("/evaluate", record(&bad_ssn)),
        (
            "/evaluate",
            record(&json!("Zebediah Quarrington 1961-03-29")),
        ),
        (
            "/evaluate",
            r#"{"record": {"candidate_info": {"first_name": "Zebediah"#.into(),
        ),
        (
            "/evaluate",
            r#"{"record": {"search_id": "Zebediah Quarrington 900-55-1234"}}"#.into(),
        ),
        (
            "/evaluate",
            format!(r#"{{"record": {}}}"#, json!("77 Hollowmere Crescent")),
        ),
        (
            "/complianceEngine/identity-match",
            identity(&bad_dob, &person),
        ),
        (
            "/complianceEngine/identity-match",
            identity(&bad_ssn, &json!("Zebediah")),
        ),
        (
            "/complianceEngine/identity-match",
            r#"{"candidate_to_verify": {"first_name": "Zebediah"#.into(),
        ),
        (
            "/complianceEngine/identity-match",
            json!({"candidateToVerify": person}).to_string(),
        ),
        (
            "/transform-xml",
            xml("<ScreeningResults><name_first>Zebediah</name_last>"),
        ),
        (
            "/transform-xml",
            xml("<Quarrington><dob>1961-03-29</dob></Quarrington>"),
        ),
        (
            "/transform-xml",
            xml("<ScreeningResults><ssn>900-55-1234</ssn>&Zebediah;</ScreeningResults>"),
        ),
        (
            "/transform-xml",
            xml("<!DOCTYPE x [<!ENTITY a \"Zebediah\">]><ScreeningResults>&a;</ScreeningResults>"),
        ),
        (
            "/transform-xml",
            json!({"record": {"search_id": "S-1", "xml": 5, "address": "77 Hollowmere Crescent"}})
                .to_string(),
        ),
    ]
}

#[tokio::test]
async fn no_personal_data_in_logs_panics_or_error_bodies() {
    let (requests, needles) = requests();
    assert!(needles.0.len() > 100, "needles: {}", needles.0.len());
    let overlays = lookback_tests::temp_dir("privacy-overlays");
    corpus::write_overlays(&corpus::load(), &overlays);

    let mut child = StopOnDrop(
        Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "privacy::serve_as_child",
                "--ignored",
                "--nocapture",
            ])
            .env(CHILD_ENV, "1")
            .env("RUST_LOG", "trace")
            .env("LOOKBACK_LOG_FORMAT", "json")
            .env("LOOKBACK_API_KEYS", CLIENT_KEY)
            .env("LOOKBACK_JWT_SECRET", JWT_SECRET)
            .env(
                "LOOKBACK_COMPILE_CACHE",
                env!("LOOKBACK_TEST_COMPILE_CACHE"),
            )
            .env("LOOKBACK_CLIENT_RULES_DIR", &overlays)
            .env("LOOKBACK_IDENTITY_MATCH_PER_MINUTE", "0")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let lines = Arc::new(Mutex::new(Vec::<String>::new()));
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let stderr = child.0.stderr.take().unwrap();
    let reader = {
        let lines = lines.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(log) = serde_json::from_str::<Value>(&line)
                    && log["fields"]["message"] == "listening"
                {
                    addr_tx
                        .send(log["fields"]["addr"].as_str().map(str::to_owned))
                        .ok();
                }
                lines.lock().unwrap().push(line);
            }
        })
    };
    let addr = tokio::task::spawn_blocking(move || addr_rx.recv_timeout(Duration::from_secs(120)))
        .await
        .unwrap()
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("the server did not start: {:?}", lines.lock().unwrap()));

    let client = reqwest::Client::new();
    let base = format!("http://{addr}");
    let token = lookback_tests::token_at(&client, &base, CLIENT_KEY)
        .await
        .unwrap();
    let mut errors = Vec::new();
    for (path, body) in &requests {
        for content_type in ["application/json", "text/plain"] {
            let response = client
                .post(format!("{base}{path}"))
                .bearer_auth(&token)
                .header("content-type", content_type)
                .header("x-correlation-id", "Zebediah Quarrington")
                .body(body.clone())
                .send()
                .await
                .unwrap();
            let reply = Reply::read(response).await.unwrap();
            assert!(
                reply.status < 500,
                "{path}: {} {}",
                reply.status,
                reply.text
            );
            if reply.status >= 400 {
                errors.push(reply.text);
            } else if let Some(data_errors) = reply.json["data"].get("errors") {
                errors.push(data_errors.to_string());
            }
        }
    }
    drop(child);
    reader.join().unwrap();

    let lines = lines.lock().unwrap();
    assert!(
        lines.len() > requests.len(),
        "trace logs: {} lines",
        lines.len()
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("privacy-panic") && l.contains("panicked")),
        "the child's panic was not logged"
    );
    let mut leaks: Vec<String> = Vec::new();
    for (what, text) in lines
        .iter()
        .map(|l| ("log", l))
        .chain(errors.iter().map(|e| ("error body", e)))
    {
        let hits = needles.hits(text);
        if !hits.is_empty() {
            leaks.push(format!("{what} has {hits:?}: {}", truncate(text)));
        }
    }
    println!(
        "privacy: {} requests, {} log lines, {} error bodies, {} needles, {} hits",
        requests.len() * 2,
        lines.len(),
        errors.len(),
        needles.0.len(),
        leaks.len()
    );
    assert!(
        leaks.is_empty(),
        "{} leaks:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}

/// The server process, stopped however the test ends (a failed assertion included), so no
/// server outlives its test.
struct StopOnDrop(std::process::Child);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

fn truncate(text: &str) -> String {
    text.chars().take(400).collect()
}
