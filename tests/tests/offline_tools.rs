//! `lookback inspect` and `lookback diff` on real modules (the same code the server admits and
//! evaluates with).
use std::path::PathBuf;

use clap::Parser;
use lookback::config::{Cli, Command};
use lookback_tests::{NEXT_MODULE, ca_conviction_six_years_old, temp_dir, wat_module_text};
use serde_json::{Value, json};

const CACHE: &str = env!("LOOKBACK_TEST_COMPILE_CACHE");

fn parse(args: &[&str]) -> Command {
    let mut argv = vec!["lookback"];
    argv.extend_from_slice(args);
    argv.extend_from_slice(&["--compile-cache", CACHE]);
    Cli::try_parse_from(argv).unwrap().command
}

fn inspect(file: &str) -> lookback::offline::Inspection {
    let Command::Inspect(args) = parse(&["inspect", file]) else {
        unreachable!()
    };
    lookback::offline::inspection(args).unwrap()
}

#[test]
fn inspect_describes_an_admissible_module() {
    let r = inspect(NEXT_MODULE);
    assert!(r.admitted, "{r:?}");
    let info = r.info.as_ref().unwrap();
    assert_eq!(info.abi, 1);
    assert_eq!(
        info.engine_version,
        format!("{}-rules-next", env!("CARGO_PKG_VERSION"))
    );
    assert!(info.rule_count > 100);
    assert_eq!(r.sha256.len(), 64);
    assert!(r.imports.is_empty());
    assert!(
        r.exports
            .iter()
            .any(|e| e == "lookback_evaluate func (i32, i32) -> (i64)"),
        "{:?}",
        r.exports
    );
    let t = r.self_test.as_ref().unwrap();
    assert!(t.passed && t.failed == 0 && t.cases > 50, "{t:?}");
}

#[test]
fn inspect_lists_the_imports_of_a_module_it_refuses() {
    let dir = temp_dir("inspect");
    let echo = "(call $echo (local.get $p) (local.get $l))";
    let text = wat_module_text("wat-import", 1, echo, echo).replacen(
        "(module",
        r#"(module (import "env" "clock" (func (result i64)))"#,
        1,
    );
    let file = dir.join("import.wasm");
    std::fs::write(&file, wat::parse_str(text).unwrap()).unwrap();
    let r = inspect(file.to_str().unwrap());
    assert!(!r.admitted);
    assert_eq!(r.imports, ["env::clock func () -> (i64)"]);
    assert!(r.refused.unwrap().contains("1 import(s)"));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn diff_lists_the_charges_a_rules_change_would_flip() {
    let dir = temp_dir("diff");
    // A corpus-style file (body under `request`, its own `now`) and a bare `/evaluate` body.
    let body = ca_conviction_six_years_old();
    std::fs::write(
        dir.join("a-corpus-style.json"),
        json!({"now": "2025-11-06T15:04:05Z", "request": body}).to_string(),
    )
    .unwrap();
    std::fs::write(dir.join("b-bare.json"), body.to_string()).unwrap();
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/state-ca.json");
    std::fs::copy(corpus, dir.join("c-unchanged.json")).unwrap();

    let Command::Diff(args) = parse(&["diff", "--to", NEXT_MODULE, dir.to_str().unwrap()]) else {
        unreachable!()
    };
    let summary = lookback::offline::diff_summary(args).await.unwrap();
    assert_eq!(summary.requests, 3);
    assert_eq!(summary.charges, 9);
    assert_eq!(summary.changed_charges, 2, "{summary:?}");
    assert_eq!(summary.changed_status, 0);
    let json: Value = serde_json::to_value(&summary).unwrap();
    for file in &json["files"].as_array().unwrap()[..2] {
        let change = &file["changes"][0];
        assert_eq!(change["offense_id"], "OFF-1");
        assert_eq!(change["charge"], "BURGLARY");
        assert_eq!(change["from"]["decision"], "REPORTABLE");
        assert_eq!(change["to"]["decision"], "NOT_REPORTABLE");
    }
    assert_eq!(json["files"][2]["changes"], json!([]));

    let table = lookback::offline::render_table(&summary);
    let row = table
        .lines()
        .find(|l| l.starts_with("a-corpus-style.json"))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(
        row.contains("OFF-1")
            && row.contains("REPORTABLE -> NOT_REPORTABLE")
            && row.contains("Auditor -> Automation"),
        "{table}"
    );
    assert!(
        table.ends_with("3 requests, 9 charges, 2 changed\n"),
        "{table}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The `lookback` program itself (`tests/src/bin/lookback-replica.rs`), for the NDJSON runs:
/// standard input, standard output and exit codes are what operators use.
fn lookback(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write as _;
    use std::process::Stdio;

    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lookback-replica"))
        .args(args)
        .args(["--compile-cache", CACHE])
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let feeder = std::thread::spawn(move || input.write_all(&bytes));
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    output
}

fn json_lines(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn evaluate_reads_ndjson_from_standard_input_and_answers_each_line_in_order() {
    use crate::evaluate_http::corpus;

    let cases = corpus::load();
    let overlays = temp_dir("ndjson-overlays");
    corpus::write_overlays(&cases, &overlays);
    // Every corpus request, then a blank line (skipped) and a line that is not JSON (400).
    let mut input = String::new();
    for case in &cases {
        input += &format!("{}\n", case.request);
    }
    input += "\n   \nnot json\n";
    let output = lookback(
        &[
            "evaluate",
            "-",
            "--client-rules-dir",
            overlays.to_str().unwrap(),
        ],
        input.as_bytes(),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Some corpus answers are 400 and 422: exit 1, as for one file.
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let results = json_lines(&output.stdout);
    assert_eq!(results.len(), cases.len() + 1, "{stderr}");
    for (case, result) in cases.iter().zip(&results) {
        let status = result["status"].as_u64().unwrap() as u16;
        corpus::check(case, status, &result["answer"]).unwrap();
    }
    let numbers: Vec<u64> = results
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (1..=cases.len() as u64)
        .chain([cases.len() as u64 + 3])
        .collect();
    assert_eq!(numbers, expected, "input order, 1-based line numbers");
    let not_json = results.last().unwrap();
    assert_eq!(not_json["status"], 400);
    assert_eq!(not_json["answer"]["success"], false);
    // Not a terminal: no bar, a plain summary line with the rate.
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
    assert!(
        stderr.contains(&format!("lookback: {} records in", cases.len() + 1))
            && stderr.contains("records/s"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&overlays).ok();
}

#[tokio::test]
async fn diff_reads_ndjson_and_reports_each_line_as_the_folder_run_does() {
    let dir = temp_dir("diff-ndjson");
    let body = ca_conviction_six_years_old();
    let corpus_case = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/state-ca.json");
    let unchanged: Value =
        serde_json::from_str(&std::fs::read_to_string(corpus_case).unwrap()).unwrap();
    let lines = [
        json!({"now": "2025-11-06T15:04:05Z", "request": body}),
        body.clone(),
        unchanged,
    ];
    let file = dir.join("requests.ndjson");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, &text).unwrap();
    for (i, line) in lines.iter().enumerate() {
        std::fs::write(dir.join(format!("{i}.json")), line.to_string()).unwrap();
    }

    let output = lookback(&["diff", "--to", NEXT_MODULE, file.to_str().unwrap()], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let reports = json_lines(&output.stdout);
    let Command::Diff(args) = parse(&["diff", "--to", NEXT_MODULE, dir.to_str().unwrap()]) else {
        unreachable!()
    };
    let folder =
        serde_json::to_value(lookback::offline::diff_summary(args).await.unwrap()).unwrap();
    assert_eq!(reports.len(), 3);
    for (n, (report, file)) in reports
        .iter()
        .zip(folder["files"].as_array().unwrap())
        .enumerate()
    {
        assert_eq!(report["line"], n + 1);
        for key in ["charges", "changes", "record_decision"] {
            assert_eq!(report[key], file[key], "line {}: {key}", n + 1);
        }
    }
    assert_eq!(reports[0]["changes"][0]["offense_id"], "OFF-1");
    assert!(
        stderr.contains("lookback: 3 requests in") && stderr.contains("2 changed"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A corpus-dictionary case's dictionary file and request.
fn dictionary_case(name: &str) -> (String, Value) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus-dictionary")
        .join(format!("{name}.json"));
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    (
        case["charge_dictionary"].to_string(),
        case["request"].clone(),
    )
}

#[tokio::test]
async fn diff_with_a_dictionary_lists_every_decision_it_would_change() {
    let dir = temp_dir("diff-dictionary");
    let (file, request) = dictionary_case("misread-minor-violations-read-minor");
    let dictionary = dir.join("acme.dictionary.json");
    std::fs::write(&dictionary, &file).unwrap();
    let version: String = {
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(file.as_bytes());
        digest
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()[..16]
            .to_owned()
    };
    let mut other = request.clone();
    other["record"]["search_id"] = json!("S-DICT-OTHER");
    let lines = [
        json!({"now": "2025-11-06T15:04:05Z", "request": request}),
        ca_conviction_six_years_old(),
        json!({"now": "2025-11-06T15:04:05Z", "request": other}),
    ];
    let ndjson = dir.join("requests.ndjson");
    std::fs::write(
        &ndjson,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();

    let output = lookback(
        &[
            "diff",
            "--dictionary",
            dictionary.to_str().unwrap(),
            ndjson.to_str().unwrap(),
        ],
        b"",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let reports = json_lines(&output.stdout);
    assert_eq!(reports.len(), 3, "{stderr}");
    for n in [0, 2] {
        let report = &reports[n];
        assert_eq!(report["from"].get("dictionary"), None);
        assert_eq!(report["to"]["dictionary"], version.as_str());
        assert_eq!(
            report["from"]["version"], report["to"]["version"],
            "one module"
        );
        let changed: Vec<&str> = (report["changes"].as_array().unwrap().iter())
            .map(|c| c["offense_id"].as_str().unwrap())
            .collect();
        assert_eq!(changed, ["OFF-1", "OFF-2"], "{report}");
        assert_eq!(report["changes"][0]["from"]["decision"], "REPORTABLE");
        assert_eq!(report["changes"][0]["to"]["decision"], "NOT_REPORTABLE");
        assert!(
            report["changes"][0]["rules_changed"]
                .to_string()
                .contains("+GEN_TRAFFIC_NONREPORT")
        );
    }
    assert_eq!(
        reports[1]["changes"],
        json!([]),
        "a record it reads nothing of"
    );
    assert!(
        stderr.contains("lookback: 3 requests in") && stderr.contains("2 changed"),
        "{stderr}"
    );

    // A folder, against the dictionary in force: the summary names both versions.
    std::fs::write(dir.join("one.json"), lines[0].to_string()).unwrap();
    let folder = dir.join("one.json");
    let Command::Diff(args) = parse(&[
        "diff",
        "--from-dictionary",
        dictionary.to_str().unwrap(),
        "--dictionary",
        dictionary.to_str().unwrap(),
        folder.to_str().unwrap(),
    ]) else {
        unreachable!()
    };
    let summary = lookback::offline::diff_summary(args).await.unwrap();
    assert_eq!(summary.from_dictionary.as_deref(), Some(version.as_str()));
    assert_eq!(
        summary.changed_charges, 0,
        "the same dictionary on both sides"
    );
    assert!(lookback::offline::render_table(&summary).contains(&format!("dictionary {version}")));

    // A dictionary the server would refuse is refused here, with the entry's fault.
    let (conflict, _) = dictionary_case("conflicting-entries-refused");
    std::fs::write(&dictionary, conflict).unwrap();
    let output = lookback(
        &[
            "diff",
            "--dictionary",
            dictionary.to_str().unwrap(),
            ndjson.to_str().unwrap(),
        ],
        b"",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("dictionary refused: entries 1 (\"tag-minor\") and 2"),
        "{stderr}"
    );
    // Neither --to nor --dictionary: nothing to compare.
    assert!(Cli::try_parse_from(["lookback", "diff", "requests.ndjson"]).is_err());
    std::fs::remove_dir_all(&dir).ok();
}
