//! A client generated from `docs/openapi.json` by mainstream generators runs the whole corpus
//! against the real server: openapi-typescript turns the document into TypeScript
//! types, `tsc` type-checks `tests/openapi/corpus-client.ts` against them (a document that stops
//! describing the calls it makes fails here), and the compiled client calls `/auth/token` and
//! `/evaluate` through openapi-fetch. Each answer it prints is checked with the corpus checker.
//!
//! Needs `node` and `npm ci` in `tests/openapi/` (`scripts/install-openapi-tools.sh`, run by
//! `scripts/test.sh`). Without them the test says why and skips, unless
//! `LOOKBACK_REQUIRE_OPENAPI_CLIENT=1` (set by `scripts/test.sh`) makes that a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use lookback_tests::{CLIENT_KEY, TestServer, skip_unless_required, temp_dir, test_settings};
use serde_json::Value;

use crate::evaluate_http::corpus;

fn tools_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi")
}

/// Why the generated client cannot run here, if it cannot.
fn missing_prerequisite() -> Option<String> {
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node not found".to_owned());
    }
    let modules = tools_dir().join("node_modules");
    [
        "openapi-typescript",
        "openapi-fetch",
        "typescript",
        "@types/node",
    ]
    .into_iter()
    .find(|package| !modules.join(package).is_dir())
    .map(|package| format!("{package} not installed (bash scripts/install-openapi-tools.sh)"))
}

/// Runs a tool installed in `tests/openapi/node_modules/.bin`, failing with its output.
fn run_tool(tool: &str, args: &[&str]) -> Output {
    let output = Command::new(tools_dir().join("node_modules/.bin").join(tool))
        .current_dir(tools_dir())
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert!(
        output.status.success(),
        "{tool} {args:?} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_generated_from_the_document_runs_the_corpus() {
    if skip_unless_required(
        "LOOKBACK_REQUIRE_OPENAPI_CLIENT",
        "the generated-client test",
        missing_prerequisite(),
    ) {
        return;
    }
    // Generate from the checked-in document (the served one is the same: ops::openapi).
    run_tool(
        "openapi-typescript",
        &["../../docs/openapi.json", "-o", "generated/lookback.ts"],
    );
    run_tool("tsc", &["-p", "."]);

    let cases = corpus::load();
    let overlays = temp_dir("openapi-client-overlays");
    corpus::write_overlays(&cases, &overlays);
    let mut settings = test_settings();
    settings.client_rules_dir = Some(overlays.clone());
    let server = TestServer::start(settings).await.unwrap();
    let mut client = Command::new("node");
    client
        .current_dir(tools_dir())
        .arg("dist/corpus-client.js")
        .env("LOOKBACK_BASE_URL", &server.base)
        .env("LOOKBACK_API_KEY", CLIENT_KEY)
        .env("LOOKBACK_CORPUS_DIR", corpus::corpus_dir());
    let output = tokio::task::spawn_blocking(move || client.output())
        .await
        .unwrap()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the client failed: {stderr}");

    let answers: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    assert_eq!(answers.len(), cases.len(), "{stderr}");
    let mut failures = Vec::new();
    for (case, answer) in cases.iter().zip(&answers) {
        assert_eq!(answer["name"], case.name.as_str());
        let status = answer["status"].as_u64().unwrap_or(0) as u16;
        if let Err(failure) = corpus::check(case, status, &answer["body"]) {
            failures.push(failure);
        }
        // The typed field the client read is the decision's own label.
        assert_eq!(
            answer["label"], answer["body"]["data"]["decision"]["record_decision"],
            "{}",
            case.name
        );
    }
    assert!(failures.is_empty(), "{failures:#?}");
    std::fs::remove_dir_all(&overlays).ok();
}
