//! The `lookback` binary: `evaluate FILE` offline, `inspect`, `keys create`, and `serve` with no
//! keys. (`inspect` and `diff` on real modules: tests/tests/offline_tools.rs.)
#![expect(clippy::unwrap_used, reason = "tests fail loudly")]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use lookback_runtime::canary::CANARY_REQUEST;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_lookback");

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lookback-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn evaluate_prints_the_envelope_and_exits_by_status() {
    let dir = temp_dir("evaluate");
    let good = dir.join("good.json");
    std::fs::write(&good, CANARY_REQUEST).unwrap();
    let out = Command::new(BIN)
        .arg("evaluate")
        .arg(&good)
        .env_remove("LOOKBACK_MODULE")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["success"], true);
    assert_eq!(envelope["data"]["status"], "success");
    assert_eq!(envelope["data"]["search_id"], "health-canary");
    assert!(envelope["data"]["decision"].is_object());
    assert_eq!(envelope["meta"]["api_version"], "1.0.0");
    assert_eq!(
        envelope["meta"]["engine"]["sha256"].as_str().map(str::len),
        Some(64)
    );

    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{}").unwrap();
    let out = Command::new(BIN)
        .arg("evaluate")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["success"], false);
    assert_eq!(envelope["error"]["code"], "INVALID_REQUEST");

    let out = Command::new(BIN)
        .arg("evaluate")
        .arg(dir.join("missing.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn keys_create_prints_the_key_once_and_stores_its_hash() {
    let dir = temp_dir("keys");
    let file = dir.join("keys.jsonl");
    let out = Command::new(BIN)
        .args([
            "keys", "create", "--tenant", "acme", "--role", "admin", "--file",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let key = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    assert!(key.starts_with("lkb_") && key.len() == 44, "{key}");
    let stored = std::fs::read_to_string(&file).unwrap();
    assert!(!stored.contains(&key));
    let record: Value = serde_json::from_str(stored.trim()).unwrap();
    assert_eq!(record["tenant"], "acme");
    assert_eq!(record["role"], "admin");
    assert_eq!(record["sha256"], hex_sha256(&key));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn serve_without_keys_prints_a_development_key_once_on_stderr() {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env_remove("LOOKBACK_API_KEYS")
        .env_remove("LOOKBACK_ADMIN_KEYS")
        .env_remove("LOOKBACK_KEYS_FILE")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let first = lines.next().unwrap().unwrap();
    let key = first.rsplit(' ').next().unwrap().to_owned();
    assert!(key.starts_with("lkb_") && key.len() == 44, "{first}");
    // Then the log lines (module loaded, listening); none repeats the key.
    for _ in 0..2 {
        let line = lines.next().unwrap().unwrap();
        assert!(!line.contains(&key), "{line}");
    }
    child.kill().ok();
    child.wait().ok();
}

fn hex_sha256(text: &str) -> String {
    lookback::auth::keys::hash_key(text)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn inspect_exits_1_with_the_reason_for_a_module_it_would_refuse() {
    let dir = temp_dir("inspect");
    let file = dir.join("not-wasm.wasm");
    std::fs::write(&file, b"not a module").unwrap();
    let out = Command::new(BIN)
        .arg("inspect")
        .arg(&file)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["admitted"], false);
    assert_eq!(report["size_bytes"], 12);
    assert!(
        report["refused"]
            .as_str()
            .unwrap()
            .starts_with("module does not compile"),
        "{report}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn rules_lists_the_catalogue_as_json_and_text() {
    let out = Command::new(BIN)
        .args(["rules", "--jurisdiction", "ca", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let listing: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        listing["rules_version"],
        lookback_core::rules::RULES_VERSION
    );
    let rows = listing["rules"].as_array().unwrap();
    let want: Vec<&str> = lookback_core::rules::all_rules()
        .into_iter()
        .filter(|r| r.jurisdiction == "CA")
        .map(|r| r.id)
        .collect();
    assert!(want.len() > 3);
    let got: Vec<&str> = rows.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(got, want);
    for r in rows {
        assert_eq!(r["jurisdiction"], "CA");
        assert!(!r["summary"].as_str().unwrap().is_empty(), "{r}");
        assert!(!r["citation"].as_str().unwrap().is_empty(), "{r}");
        assert!(
            ["high", "medium", "low"].contains(&r["confidence"].as_str().unwrap()),
            "{r}"
        );
    }

    // Text: a header, then one tab-separated row per rule of the whole catalogue.
    let out = Command::new(BIN).arg("rules").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), lookback_core::rules::all_rules().len() + 2);
    assert_eq!(lines[1], "id\tjurisdiction\tconfidence\tsummary\tcitation");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("FED_NONCONVICTION_7YR\tUS\thigh\t") && l.contains("1681c")),
        "{text}"
    );
    assert!(lines.iter().skip(2).all(|l| l.split('\t').count() == 5));

    let out = Command::new(BIN)
        .args(["rules", "--jurisdiction", "New York City", "--json"])
        .output()
        .unwrap();
    let listing: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        listing["rules"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["id"].as_str().unwrap().starts_with("LOCAL_NYC_"))
    );

    let out = Command::new(BIN)
        .args(["rules", "--jurisdiction", "ZZ"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no rules for jurisdiction \"ZZ\""));
}

#[test]
fn serve_refuses_a_bad_client_rules_overlay_from_the_environment() {
    let dir = temp_dir("client-rules");
    std::fs::write(dir.join("good.json"), r#"{"conviction_lookback_years": 7}"#).unwrap();
    std::fs::write(
        dir.join("acme.json"),
        r#"{"pending_lookback_years": 9, "never_report": ["juvenile"]}"#,
    )
    .unwrap();
    let out = Command::new(BIN)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--api-keys",
            &format!("lkb_{}", "k".repeat(40)),
        ])
        .env("LOOKBACK_CLIENT_RULES_DIR", &dir)
        .env_remove("LOOKBACK_MODULE")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("acme.json")
            && stderr.contains("pending_lookback_years 9 is longer than the federal 7-year limit"),
        "{stderr}"
    );
    assert!(!stderr.contains("listening"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A `lookback serve` child on an ephemeral port with `envs`, and its address once it listens.
fn spawn_server(envs: &[(&str, &std::ffi::OsStr)]) -> (std::process::Child, String) {
    let mut command = Command::new(BIN);
    command
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("LOOKBACK_API_KEYS", SERVE_KEY)
        .env_remove("LOOKBACK_MODULE")
        .env("LOOKBACK_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in envs {
        command.env(name, value);
    }
    let mut child = command.spawn().unwrap();
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let addr = loop {
        let line = lines.next().unwrap().unwrap();
        let event: Value = serde_json::from_str(&line).unwrap_or_default();
        if let Some(addr) = event["fields"]["addr"].as_str() {
            break addr.to_owned();
        }
    };
    // Keep draining standard error so the child never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (child, format!("http://{addr}"))
}

const SERVE_KEY: &str = "lkb_servetestkey000000000000000000000000000";

fn sigterm(child: &std::process::Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

async fn token(client: &reqwest::Client, base: &str) -> String {
    let answer: Value = client
        .post(format!("{base}/auth/token"))
        .header("X-API-Key", SERVE_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    answer["access_token"].as_str().unwrap().to_owned()
}

/// SIGTERM under load: the server stops accepting, finishes what is in flight, flushes the
/// decision log and exits 0; the log holds exactly one line per 200 answer the clients got.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_under_load_drains_and_flushes_one_log_line_per_answer() {
    let dir = temp_dir("sigterm");
    let log = dir.join("decisions.jsonl");
    let _ = std::fs::remove_file(&log);
    let (mut child, base) = spawn_server(&[("LOOKBACK_DECISION_LOG", log.as_os_str())]);
    let client = reqwest::Client::new();
    let token = token(&client, &base).await;

    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut workers = Vec::new();
    for _ in 0..8 {
        let (client, base, token, stop) =
            (client.clone(), base.clone(), token.clone(), stop.clone());
        workers.push(tokio::spawn(async move {
            let mut answered = Vec::new();
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let sent = client
                    .post(format!("{base}/evaluate"))
                    .bearer_auth(&token)
                    .header("content-type", "application/json")
                    .body(CANARY_REQUEST)
                    .send()
                    .await;
                match sent {
                    Ok(response) if response.status() == 200 => {
                        let id = response.headers()["x-correlation-id"]
                            .to_str()
                            .unwrap()
                            .to_owned();
                        // Only a body read in full counts as an answer.
                        if response.bytes().await.is_ok() {
                            answered.push(id);
                        }
                    }
                    Ok(response) => panic!("unexpected status {}", response.status()),
                    Err(_) => break, // the server stopped accepting
                }
            }
            answered
        }));
    }
    // Let load build up, then ask the server to stop while requests are in flight.
    let warmup = std::time::Instant::now();
    while warmup.elapsed() < std::time::Duration::from_secs(1) {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    sigterm(&child);
    let exited = tokio::task::spawn_blocking(move || child.wait().unwrap())
        .await
        .unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(exited.success(), "exit status {exited}");

    let mut answered = Vec::new();
    for worker in workers {
        answered.extend(worker.await.unwrap());
    }
    assert!(
        answered.len() >= 8,
        "only {} answers under load",
        answered.len()
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let mut logged: Vec<String> = text
        .lines()
        .map(|l| {
            let line: Value = serde_json::from_str(l).unwrap();
            assert_eq!(line["http_status"], 200, "{l}");
            line["correlation_id"].as_str().unwrap().to_owned()
        })
        .collect();
    logged.sort();
    answered.sort();
    assert_eq!(logged, answered, "one log line per 200 answer");
    std::fs::remove_dir_all(&dir).ok();
}

/// `LOOKBACK_DECISION_LOG=stdout`: lines on standard output (logs stay on standard error).
#[tokio::test]
async fn decision_log_to_stdout() {
    let (mut child, base) = spawn_server(&[("LOOKBACK_DECISION_LOG", "stdout".as_ref())]);
    let client = reqwest::Client::new();
    let token = token(&client, &base).await;
    let response = client
        .post(format!("{base}/evaluate"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(CANARY_REQUEST)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let id = response.headers()["x-correlation-id"]
        .to_str()
        .unwrap()
        .to_owned();
    sigterm(&child);
    let out = tokio::task::spawn_blocking(move || {
        let status = child.wait().unwrap();
        let mut stdout = String::new();
        std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut stdout).unwrap();
        (status, stdout)
    })
    .await
    .unwrap();
    assert!(out.0.success());
    let lines: Vec<Value> = out
        .1
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{}", out.1);
    assert_eq!(lines[0]["type"], "decision");
    assert_eq!(lines[0]["correlation_id"], id.as_str());
}

#[test]
fn serve_refuses_a_decision_log_it_cannot_write_naming_the_path() {
    let path = temp_dir("bad-log")
        .join("no-such-dir")
        .join("decisions.jsonl");
    let out = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--api-keys", SERVE_KEY])
        .env("LOOKBACK_DECISION_LOG", &path)
        .env_remove("LOOKBACK_MODULE")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    assert!(!stderr.contains("listening"), "{stderr}");
}

/// `lookback keys check`: the start's key checks without a start.
#[test]
fn keys_check_refuses_weak_keys_and_keys_with_two_roles() {
    let check = |client: &str, admin: &str| {
        Command::new(BIN)
            .args(["keys", "check"])
            .env("LOOKBACK_API_KEYS", client)
            .env("LOOKBACK_ADMIN_KEYS", admin)
            .env_remove("LOOKBACK_KEYS_FILE")
            .output()
            .unwrap()
    };
    // Obeyed: two strong, distinct keys.
    let admin_key = "lkb_adminchecktestkey0000000000000000000000";
    let out = check(SERVE_KEY, admin_key);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Violated: a short key, and one key in both lists; the key is never printed.
    for (client, admin, needle) in [
        ("password", admin_key, "too short"),
        (SERVE_KEY, SERVE_KEY, "LOOKBACK_ADMIN_KEYS"),
    ] {
        let out = check(client, admin);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains(needle) && !stderr.contains(client),
            "{stderr}"
        );
    }
}
