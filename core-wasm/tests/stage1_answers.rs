//! Stage 1's answers (`api::transform`, `api::transform_xml`) to generated request bodies, pinned
//! byte for byte: every corpus request, then bodies mutated field by field (removed, null, blank,
//! numbers, booleans, arrays, objects, padded text) and hand-written text the generator cannot
//! express (duplicate keys, escapes, number forms, nesting depth).
//!
//! They prove that rewrites of stage 1 (such as the borrowed JSON document of `parse::json`, which
//! replaced a `serde_json::Value` tree) keep every 400 message and its order, the 422 details and
//! the accepted output. Everything is stored so that a re-bless can be reviewed line by line:
//! `stage1_answers.txt` holds one line per case, a refusal verbatim; an accepted answer (a whole
//! normalised record) is either a file of its own under `stage1_answers/`, pretty-printed, or,
//! for a body mutated from another case, the members where its answer differs from that case's
//! (`as BASE, but POINTER: OLD -> NEW; ...`). After an intended change of behaviour:
//! `LOOKBACK_BLESS=1 cargo test -p lookback-core --test stage1_answers`, then read the diff.
#![expect(clippy::unwrap_used, reason = "tests fail loudly")]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use lookback_core::api;
use serde_json::{Value, json};

const TEN_CHARGES: &str = include_str!("../fixtures/ten-charges.json");
const XML_CONTEXT: &str = r#"{"now": "2025-11-06T12:00:00Z"}"#;

/// One generated body, the entry point it goes to, and the case it was made from (whose accepted
/// answer its own is stored against).
struct Case {
    label: String,
    body: Vec<u8>,
    xml_endpoint: bool,
    base: Option<String>,
}

fn case(label: impl Into<String>, body: impl Into<Vec<u8>>, xml_endpoint: bool) -> Case {
    Case {
        label: label.into(),
        body: body.into(),
        xml_endpoint,
        base: None,
    }
}

/// A case made from `base`'s body.
fn derived(
    label: impl Into<String>,
    body: impl Into<Vec<u8>>,
    xml_endpoint: bool,
    base: &str,
) -> Case {
    Case {
        base: Some(base.to_string()),
        ..case(label, body, xml_endpoint)
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
            out.push(derived(
                label,
                serde_json::to_vec(&body).unwrap(),
                xml_endpoint,
                name,
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
        out.push(derived(
            *label,
            TEN_CHARGES.replacen(from, to, 1),
            false,
            "ten-charges",
        ));
    }
    out.push(case("ten-charges", TEN_CHARGES, false));
    out.push(derived(
        "trailing-characters",
        format!("{TEN_CHARGES} x"),
        false,
        "ten-charges",
    ));
    out.push(derived(
        "byte-order-mark",
        format!("\u{feff}{TEN_CHARGES}"),
        false,
        "ten-charges",
    ));
    out.push(derived(
        "not-utf8",
        [TEN_CHARGES.as_bytes(), b"\xff"].concat(),
        false,
        "ten-charges",
    ));
    // Nesting around serde_json's recursion limit, inside record_json (three levels down).
    for depth in [124, 125, 126, 127, 128] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let body = TEN_CHARGES.replacen(
            r#""criminal_search_results": ["#,
            &format!(r#""deep": {deep}, "criminal_search_results": ["#),
            1,
        );
        out.push(derived(
            format!("nesting-{depth}"),
            body,
            false,
            "ten-charges",
        ));
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
    out.push(case("evaluate-xml", evaluate_xml.to_string(), false));
    mutations("evaluate-xml", &evaluate_xml, "/record", false, &mut out);
    let transform_xml = json!({"record": {"search_id": "S-X", "search_date": "2025-11-06",
        "xml": xml_sample("15-hidden-charge-no-mapping.xml"),
        "cases": [{"court_search_id": "C-1", "offense_id": "X-1", "is_excluded": false}]}});
    out.push(case("transform-xml", transform_xml.to_string(), true));
    mutations("transform-xml", &transform_xml, "/record", true, &mut out);
    handwritten(&mut out);
    out
}

/// Stage 1's answer to a case, as the engine wrote it.
fn answer(case: &Case) -> String {
    if case.xml_endpoint {
        let input = [XML_CONTEXT.as_bytes(), b"\n", &case.body].concat();
        api::transform_xml(&input)
    } else {
        let text = api::transform(&case.body);
        check_kept_path(case, &text);
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

/// An accepted answer read back, after checking that it is exactly serde_json's compact writing
/// of its value: then the value (with its key order) pins the bytes.
fn accepted(label: &str, text: &str) -> Option<Value> {
    if !text.starts_with(r#"{"ok":true"#) {
        return None;
    }
    let value: Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        serde_json::to_string(&value).unwrap(),
        text,
        "{label}: the accepted answer is not serde_json's own writing of its value"
    );
    Some(value)
}

/// Where `got` differs from `base`, one `POINTER: OLD -> NEW` (or `added NEW`, `removed OLD`) a
/// member or item; an object whose keys differ in name or order also lists its new keys in order,
/// so the differences and `base` together give `got` exactly.
fn differences(base: &Value, got: &Value, pointer: &str, out: &mut Vec<String>) {
    let at = |key: &str| format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
    match (base, got) {
        (Value::Object(b), Value::Object(g)) => {
            if !b.keys().eq(g.keys()) {
                let keys: Vec<&String> = g.keys().collect();
                out.push(format!("{pointer} keys: {keys:?}"));
            }
            for (key, gv) in g {
                match b.get(key) {
                    Some(bv) => differences(bv, gv, &at(key), out),
                    None => out.push(format!("{}: added {gv}", at(key))),
                }
            }
            for (key, bv) in b.iter().filter(|(key, _)| !g.contains_key(*key)) {
                out.push(format!("{}: removed {bv}", at(key)));
            }
        }
        (Value::Array(b), Value::Array(g)) => {
            for (i, (bv, gv)) in b.iter().zip(g).enumerate() {
                differences(bv, gv, &format!("{pointer}/{i}"), out);
            }
            for (i, gv) in g.iter().enumerate().skip(b.len()) {
                out.push(format!("{pointer}/{i}: added {gv}"));
            }
            for (i, bv) in b.iter().enumerate().skip(g.len()) {
                out.push(format!("{pointer}/{i}: removed {bv}"));
            }
        }
        _ if base == got => {}
        _ => out.push(format!("{pointer}: {base} -> {got}")),
    }
}

/// The file an accepted answer stored whole is kept in (the label, made safe as a file name).
fn answer_file(label: &str) -> String {
    let safe: String = label
        .chars()
        .map(|c| match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '_' => c,
            _ => '_',
        })
        .collect();
    format!("stage1_answers/{safe}.json")
}

/// Every case's pinned line, and the answers stored whole as (file, pretty text).
fn pins() -> (String, Vec<(String, String)>) {
    let cases = cases();
    let answers: Vec<String> = cases.iter().map(answer).collect();
    let values: Vec<Option<Value>> = cases
        .iter()
        .zip(&answers)
        .map(|(case, text)| accepted(&case.label, text))
        .collect();
    let by_label = |label: &str| {
        let at = cases.iter().position(|c| c.label == label).unwrap();
        values[at].as_ref()
    };
    let mut lines = String::new();
    let mut whole = Vec::new();
    for ((case, text), value) in cases.iter().zip(&answers).zip(&values) {
        assert!(!case.label.contains('\t') && !text.contains('\n'));
        let Some(value) = value else {
            writeln!(lines, "{}\t{text}", case.label).unwrap();
            continue;
        };
        let base = case
            .base
            .as_deref()
            .and_then(|b| by_label(b).map(|v| (b, v)));
        let pinned = match base {
            Some((name, base)) => {
                let mut changed = Vec::new();
                differences(base, value, "", &mut changed);
                if changed.is_empty() {
                    format!("accepted as {name}")
                } else {
                    format!("accepted as {name}, but {}", changed.join("; "))
                }
            }
            None => {
                let file = answer_file(&case.label);
                assert!(
                    whole.iter().all(|(f, _)| *f != file),
                    "{file}: two cases share it"
                );
                whole.push((
                    file.clone(),
                    serde_json::to_string_pretty(value).unwrap() + "\n",
                ));
                format!("accepted {file}")
            }
        };
        writeln!(lines, "{}\t{pinned}", case.label).unwrap();
    }
    (lines, whole)
}

#[test]
fn stage1_answers_are_unchanged() {
    let (actual, whole) = pins();
    let path = manifest_path("tests/stage1_answers.txt");
    let folder = manifest_path("tests/stage1_answers");
    if std::env::var_os("LOOKBACK_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
        if folder.exists() {
            std::fs::remove_dir_all(&folder).unwrap();
        }
        std::fs::create_dir_all(&folder).unwrap();
        for (file, text) in &whole {
            std::fs::write(manifest_path(&format!("tests/{file}")), text).unwrap();
        }
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    let mut differences = Vec::new();
    for (line, (want, got)) in expected.lines().zip(actual.lines()).enumerate() {
        if want != got {
            differences.push(format!("line {}:\n  want {want}\n  got  {got}", line + 1));
        }
    }
    for (file, text) in &whole {
        let stored =
            std::fs::read_to_string(manifest_path(&format!("tests/{file}"))).unwrap_or_default();
        if stored != *text {
            differences.push(format!("{file} differs from the answer"));
        }
    }
    let stored_files = std::fs::read_dir(&folder).map_or(0, Iterator::count);
    assert_eq!(
        stored_files,
        whole.len(),
        "tests/stage1_answers/ holds files no case writes (re-bless)"
    );
    assert_eq!(
        expected.lines().count(),
        actual.lines().count(),
        "case count changed"
    );
    assert!(
        differences.is_empty(),
        "{} answers changed (LOOKBACK_BLESS=1 rewrites them; review the diff):\n{}",
        differences.len(),
        differences[..differences.len().min(20)].join("\n")
    );
}
