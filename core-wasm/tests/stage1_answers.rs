//! Stage 1's answers (`api::transform`, `api::transform_xml`) to generated request bodies, pinned
//! byte for byte in `stage1_answers.txt`: every corpus request, then bodies mutated field by field
//! (removed, null, blank, numbers, booleans, arrays, objects, padded text) and hand-written text
//! the generator cannot express (duplicate keys, escapes, number forms, nesting depth).
//!
//! The expectations were captured from the `serde_json::Value`-based stage 1, before the borrowed
//! document of `parse::json` replaced it (issue 11, item 2); they prove the switch kept every 400
//! message and its order, the 422 details and the accepted output. Refusals are stored verbatim,
//! accepted answers (whole records) as their length and FNV-1a hash. After an intended change of
//! behaviour: `LOOKBACK_BLESS=1 cargo test -p lookback-core --test stage1_answers`.
#![expect(clippy::unwrap_used, reason = "tests fail loudly")]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use lookback_core::api;
use serde_json::{Value, json};

const TEN_CHARGES: &str = include_str!("../fixtures/ten-charges.json");
const XML_CONTEXT: &str = r#"{"now": "2025-11-06T12:00:00Z"}"#;

/// One generated body and the entry point it goes to.
struct Case {
    label: String,
    body: Vec<u8>,
    xml_endpoint: bool,
}

fn case(label: impl Into<String>, body: impl Into<Vec<u8>>, xml_endpoint: bool) -> Case {
    Case {
        label: label.into(),
        body: body.into(),
        xml_endpoint,
    }
}

fn manifest_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn corpus() -> Vec<(String, Value)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(manifest_path("../tests/corpus"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let case: Value = serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, case["request"].clone())
        })
        .collect()
}

fn xml_sample(name: &str) -> String {
    std::fs::read_to_string(manifest_path(&format!("../tests/fixtures/xml/{name}"))).unwrap()
}

/// The replacements tried on every member: `None` removes it.
fn replacements(current: &Value) -> Vec<(&'static str, Option<Value>)> {
    let padded = match current {
        Value::String(s) => format!("  {s}\t"),
        _ => "text".to_string(),
    };
    vec![
        ("removed", None),
        ("null", Some(Value::Null)),
        ("empty", Some(json!(""))),
        ("blank", Some(json!(" \u{a0}\t"))),
        ("int", Some(json!(42))),
        ("negative", Some(json!(-7))),
        ("float", Some(json!(1.0))),
        ("bool", Some(json!(true))),
        ("empty-array", Some(json!([]))),
        ("array", Some(json!([1]))),
        ("object", Some(json!({}))),
        ("padded", Some(json!(padded))),
    ]
}

/// Every member under `/record` as (parent pointer, key); arrays are walked at index 0 only.
fn members(value: &Value, pointer: &str, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                out.push((pointer.to_string(), key.clone()));
                let escaped = key.replace('~', "~0").replace('/', "~1");
                members(child, &format!("{pointer}/{escaped}"), out);
            }
        }
        Value::Array(items) => {
            if let Some(first) = items.first() {
                members(first, &format!("{pointer}/0"), out);
            }
        }
        _ => {}
    }
}

/// `base` with each member under `within` replaced in turn by each of [`replacements`].
fn mutations(name: &str, base: &Value, within: &str, xml_endpoint: bool, out: &mut Vec<Case>) {
    let mut found = Vec::new();
    members(&base["record"], "/record", &mut found);
    found.retain(|(parent, key)| format!("{parent}/{key}").starts_with(within));
    for (parent, key) in found {
        let current = base.pointer(&parent).and_then(|p| p.get(&key)).unwrap();
        for (what, replacement) in replacements(current) {
            let mut body = base.clone();
            let Some(Value::Object(obj)) = body.pointer_mut(&parent) else {
                unreachable!("{parent} is an object");
            };
            match replacement {
                Some(v) => {
                    obj.insert(key.clone(), v);
                }
                None => {
                    obj.shift_remove(&key);
                }
            }
            let label = format!("{name} {parent}/{key} {what}");
            out.push(case(
                label,
                serde_json::to_vec(&body).unwrap(),
                xml_endpoint,
            ));
        }
    }
}

/// Text the generator cannot write: duplicate keys, escapes, number forms, depth, broken JSON.
fn handwritten(out: &mut Vec<Case>) {
    let edits: &[(&str, &str, &str)] = &[
        (
            "duplicate-valid-last",
            r#""search_id": "BENCH-10""#,
            r#""search_id": null, "search_id": "BENCH-10""#,
        ),
        (
            "duplicate-invalid-last",
            r#""search_id": "BENCH-10""#,
            r#""search_id": "BENCH-10", "search_id": 12.5"#,
        ),
        (
            "duplicate-order-in-record-json",
            r#""charge": "AGGRAVATED ASSAULT","#,
            r#""charge": "X", "extra": 1, "charge": "AGGRAVATED ASSAULT", "extra": [2],"#,
        ),
        (
            "duplicate-record",
            r#""record": {"#,
            r#""record": 1, "record": {"#,
        ),
        (
            "duplicate-record-json",
            r#""record_json": {"#,
            r#""record_json": "no", "record_json": {"#,
        ),
        (
            "escaped-values",
            r#""charge": "AGGRAVATED ASSAULT","#,
            r#""charge": "AGGRAVATED\u0020ASSAULT\n\"X\"","#,
        ),
        (
            "escaped-id",
            r#""search_id": "BENCH-10""#,
            r#""search_id": "BENCH\u002d10 \ud83d\ude00""#,
        ),
        (
            "escaped-key",
            r#""search_id": "BENCH-10""#,
            r#""search\u005fid": "BENCH-10""#,
        ),
        (
            "escaped-blank",
            r#""order_id": "O-1""#,
            r#""order_id": "\u00a0\u2003""#,
        ),
        (
            "lone-surrogate",
            r#""order_id": "O-1""#,
            r#""order_id": "\ud800""#,
        ),
        (
            "salary-1e400",
            r#""first_name": "Quentin","#,
            r#""first_name": "Quentin", "annual_salary": 1e400,"#,
        ),
        (
            "salary-float",
            r#""first_name": "Quentin","#,
            r#""first_name": "Quentin", "annual_salary": 1.0,"#,
        ),
        (
            "salary-exponent",
            r#""first_name": "Quentin","#,
            r#""first_name": "Quentin", "annual_salary": 1E2,"#,
        ),
        (
            "salary-negative-zero",
            r#""first_name": "Quentin","#,
            r#""first_name": "Quentin", "annual_salary": -0,"#,
        ),
        (
            "salary-u64-max",
            r#""first_name": "Quentin","#,
            r#""first_name": "Quentin", "annual_salary": 18446744073709551615,"#,
        ),
        (
            "salary-beyond-u64",
            r#""first_name": "Quentin","#,
            r#""first_name": "Quentin", "annual_salary": 18446744073709551616,"#,
        ),
        (
            "id-float",
            r#""search_id": "BENCH-10""#,
            r#""search_id": 1.5e3"#,
        ),
        (
            "id-negative-zero",
            r#""search_id": "BENCH-10""#,
            r#""search_id": -0"#,
        ),
        (
            "id-i64-min",
            r#""search_id": "BENCH-10""#,
            r#""search_id": -9223372036854775808"#,
        ),
        (
            "offense-id-tenth",
            r#""offense_id": "OFF-1""#,
            r#""offense_id": 0.1"#,
        ),
        (
            "date-as-number",
            r#""file_date": "2015-03-02""#,
            r#""file_date": 20150302"#,
        ),
        (
            "charge-date-as-number",
            r#""charge_date": "2011-03-01""#,
            r#""charge_date": 2011"#,
        ),
    ];
    for (label, from, to) in edits {
        assert!(
            TEN_CHARGES.contains(from),
            "{label}: {from} not in the fixture"
        );
        out.push(case(*label, TEN_CHARGES.replacen(from, to, 1), false));
    }
    out.push(case("ten-charges", TEN_CHARGES, false));
    out.push(case(
        "trailing-characters",
        format!("{TEN_CHARGES} x"),
        false,
    ));
    out.push(case(
        "byte-order-mark",
        format!("\u{feff}{TEN_CHARGES}"),
        false,
    ));
    out.push(case(
        "not-utf8",
        [TEN_CHARGES.as_bytes(), b"\xff"].concat(),
        false,
    ));
    // Nesting around serde_json's recursion limit, inside record_json (three levels down).
    for depth in [124, 125, 126, 127, 128] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let body = TEN_CHARGES.replacen(
            r#""criminal_search_results": ["#,
            &format!(r#""deep": {deep}, "criminal_search_results": ["#),
            1,
        );
        out.push(case(format!("nesting-{depth}"), body, false));
    }
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let corpus = corpus();
    for (name, request) in &corpus {
        out.push(case(
            name.clone(),
            serde_json::to_vec(request).unwrap(),
            false,
        ));
    }
    let ten: Value = serde_json::from_str(TEN_CHARGES).unwrap();
    for (what, replacement) in replacements(&ten["record"]) {
        let body = replacement.map_or_else(|| json!({}), |r| json!({ "record": r }));
        out.push(case(format!("record {what}"), body.to_string(), false));
    }
    mutations("ten-charges", &ten, "/record", false, &mut out);
    // Its record is ten-charges' shape; only its cases[] mapping is new.
    let with_cases = corpus
        .iter()
        .find(|(name, _)| name == "exclusions-keep-rollups")
        .map(|(_, r)| r.clone())
        .unwrap();
    mutations(
        "exclusions-keep-rollups",
        &with_cases,
        "/record/cases",
        false,
        &mut out,
    );
    let evaluate_xml = json!({"record": {"search_id": "S-X", "search_date": "2025-11-06",
        "order_id": "O", "order_number": "O.1", "applicant_state": "CA",
        "candidate_info": {"first_name": "A", "last_name": "B", "date_of_birth": "1990-01-02"},
        "xml": xml_sample("01-felony-conviction.xml")}});
    mutations("evaluate-xml", &evaluate_xml, "/record", false, &mut out);
    let transform_xml = json!({"record": {"search_id": "S-X", "search_date": "2025-11-06",
        "xml": xml_sample("15-hidden-charge-no-mapping.xml"),
        "cases": [{"court_search_id": "C-1", "offense_id": "X-1", "is_excluded": false}]}});
    mutations("transform-xml", &transform_xml, "/record", true, &mut out);
    handwritten(&mut out);
    out
}

/// 64-bit FNV-1a: a stable digest of an accepted answer.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What a case pins: a refusal verbatim, an accepted answer by length and hash.
fn answer(case: &Case) -> String {
    let text = if case.xml_endpoint {
        let input = [XML_CONTEXT.as_bytes(), b"\n", &case.body].concat();
        api::transform_xml(&input)
    } else {
        let text = api::transform(&case.body);
        check_kept_path(case, &text);
        text
    };
    if text.starts_with(r#"{"ok":true"#) {
        format!("accepted len={} fnv={:016x}", text.len(), fnv1a(&text))
    } else {
        text
    }
}

/// The server's path (`transform_keep`) refuses exactly as `transform` does, and accepts alike.
fn check_kept_path(case: &Case, transformed: &str) {
    let kept = api::transform_keep(&case.body);
    if transformed.starts_with(r#"{"ok":true"#) {
        assert!(kept.starts_with(r#"{"ok":true"#), "{}: {kept}", case.label);
    } else {
        assert_eq!(&kept, transformed, "{}", case.label);
    }
}

#[test]
fn stage1_answers_are_unchanged() {
    let mut actual = String::new();
    for case in cases() {
        let answer = answer(&case);
        assert!(!case.label.contains('\t') && !answer.contains('\n'));
        writeln!(actual, "{}\t{answer}", case.label).unwrap();
    }
    let path = manifest_path("tests/stage1_answers.txt");
    if std::env::var_os("LOOKBACK_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    let mut differences = Vec::new();
    for (line, (want, got)) in expected.lines().zip(actual.lines()).enumerate() {
        if want != got {
            differences.push(format!("line {}:\n  want {want}\n  got  {got}", line + 1));
        }
    }
    assert_eq!(
        expected.lines().count(),
        actual.lines().count(),
        "case count changed"
    );
    assert!(
        differences.is_empty(),
        "{} answers changed:\n{}",
        differences.len(),
        differences[..differences.len().min(20)].join("\n")
    );
}
