//! An empty key file is a mistake, not a configuration: refused at start (and by `lookback keys
//! check`, exit 1) like the other key mistakes; a running server whose file becomes empty keeps
//! its last good keys and says `degraded`; `lookback keys revoke` will not empty a file; and a
//! server with no usable key at all says `no_keys`.

use std::path::Path;
use std::process::{Command, Output};

use lookback::auth::Role;
use lookback::auth::keys::create_key;
use lookback_tests::{TestServer, temp_dir, test_settings};
use serde_json::json;

use super::LOOKBACK;
use crate::operator_mistakes::exchange;

fn lookback(args: &[&str]) -> Output {
    Command::new(LOOKBACK)
        .args(args)
        .env_clear()
        .output()
        .unwrap()
}

fn keys_check(file: &Path) -> Output {
    lookback(&["keys", "check", "--keys-file", &file.display().to_string()])
}

#[tokio::test]
async fn an_empty_key_file_refuses_the_start_and_keys_check() {
    let dir = temp_dir("keys-empty");
    let file = dir.join("keys.jsonl");
    // Empty, blank, or comments only: no key at all.
    for text in ["", "\n  \n", "# keys moved elsewhere\n", "[]"] {
        std::fs::write(&file, text).unwrap();
        let mut settings = test_settings();
        settings.auth.keys_file = Some(file.clone());
        let error = match TestServer::start(settings).await {
            Ok(_) => panic!("started with a key file holding {text:?}"),
            Err(error) => format!("{error:#}"),
        };
        assert!(
            error.contains(&file.display().to_string()) && error.contains("no key"),
            "{error}"
        );
        let out = keys_check(&file);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("no key"), "{stderr}");
    }
    // Obeyed: one key in it.
    std::fs::remove_file(&file).unwrap();
    create_key(&file, None, Role::Client).unwrap();
    let out = keys_check(&file);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

#[tokio::test]
async fn a_key_file_emptied_under_a_running_server_keeps_the_last_good_keys() {
    let dir = temp_dir("keys-emptied");
    let file = dir.join("keys.jsonl");
    let (key, record) = create_key(&file, None, Role::Client).unwrap();
    let mut settings = test_settings();
    settings.auth.keys_file = Some(file.clone());
    let server = TestServer::start(settings).await.unwrap();
    assert_eq!(exchange(&server, &key).await, 200);

    // `lookback keys revoke` will not remove the last key: the file would be empty (refused, exit 2).
    let out = lookback(&[
        "keys",
        "revoke",
        &record.key_id,
        "--file",
        &file.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("last key"),
        "{out:?}"
    );
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains(&record.key_id)
    );

    // Emptied anyway (a truncating deploy): the last good keys stay, and health says so.
    std::fs::write(&file, "").unwrap();
    assert_eq!(
        exchange(&server, &key).await,
        200,
        "the last good keys stay"
    );
    let health = server.health().await.unwrap();
    assert_eq!(health.json["status"], "degraded", "{}", health.text);
    assert_eq!(health.json["reasons"], json!(["keys_file_invalid"]));
}

#[tokio::test]
async fn a_server_without_any_usable_key_says_no_keys() {
    let mut settings = test_settings();
    settings.auth.api_keys.clear();
    settings.auth.admin_keys.clear();
    let server = TestServer::start(settings).await.unwrap();
    let health = server.health().await.unwrap();
    assert_eq!(health.json["status"], "degraded", "{}", health.text);
    assert_eq!(health.json["reasons"], json!(["no_keys"]));
}
