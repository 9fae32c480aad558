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
