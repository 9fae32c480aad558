//! Admin writes that cannot be persisted (the modules folder read-only or full) answer 507 naming
//! the folder and change nothing in memory, so a restart agrees with every answer given; a
//! read-only folder at start is said (`degraded`, `modules_dir_unwritable`); temporary files a
//! killed upload left are removed at the next start; and with `LOOKBACK_FAIL_CLOSED=1` a replica
//! that could not restore its persisted active module answers 503 on `/health`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use lookback_tests::{ADMIN_KEY, FAULTS_MODULE, NEXT_MODULE, Reply, TestServer, temp_dir};
use serde_json::{Value, json};

use super::{Mount, eventually, start_child, tmpfs_or_skip};
use crate::modules_dir::{SHIPPED, next_version, settings, start, versions};

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Another real module, of its own version (the fault-injection build): admitted by every check.
fn faults_module() -> Vec<u8> {
    std::fs::read(FAULTS_MODULE).unwrap()
}

fn faults_version() -> String {
    format!("{SHIPPED}-test-faults")
}

/// The refusal of a write that could not be persisted: 507, naming `dir`, valid against the
/// document.
fn assert_not_persisted(reply: &Reply, method: &str, path: &str, dir: &Path) {
    assert_eq!(reply.status, 507, "{}", reply.text);
    assert_eq!(
        reply.json["error"]["code"], "NOT_PERSISTED",
        "{}",
        reply.text
    );
    let message = reply.json["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(&dir.display().to_string()), "{message}");
    crate::ops::openapi::check_answer(method, path, reply);
}

/// An upload with `?activate=true` into `dir`, which cannot keep it: 507, the module not loaded,
/// the base module still active.
async fn assert_upload_not_persisted(server: &TestServer, admin: &str, dir: &Path) {
    let reply = server
        .upload_module(admin, faults_module(), "?activate=true")
        .await
        .unwrap();
    assert_not_persisted(&reply, "post", "/admin/modules", dir);
    let listing = server.modules(admin).await.unwrap().json;
    assert!(!versions(&listing).contains(&faults_version()));
    assert_eq!(listing["active"], SHIPPED);
}

async fn active(server: &TestServer, admin: &str) -> Value {
    server.modules(admin).await.unwrap().json["active"].clone()
}

/// A folder holding the next module that nobody may write: a read-only tmpfs as root (root
/// writes through permissions), a folder without write permission otherwise.
fn read_only_dir_with_next() -> Option<(PathBuf, Option<Mount>)> {
    if !is_root() {
        let dir = temp_dir("modules-ro");
        std::fs::copy(NEXT_MODULE, dir.join("next.wasm")).unwrap();
        let status = Command::new("chmod")
            .arg("0555")
            .arg(&dir)
            .status()
            .unwrap();
        assert!(status.success());
        return Some((dir, None));
    }
    let mount = tmpfs_or_skip(
        "modules-ro",
        64 << 20,
        "a_read_only_modules_dir_is_said_at_start_and_refuses_admin_writes",
    )?;
    std::fs::copy(NEXT_MODULE, mount.path().join("next.wasm")).unwrap();
    mount.remount_read_only();
    Some((mount.path().to_path_buf(), Some(mount)))
}

#[tokio::test]
async fn a_read_only_modules_dir_is_said_at_start_and_refuses_admin_writes() {
    let Some((dir, _mount)) = read_only_dir_with_next() else {
        return;
    };
    let (server, admin) = start(&dir).await;
    // Said at start: the module in it loaded, and health names the problem by code.
    let listing = server.modules(&admin).await.unwrap().json;
    assert_eq!(versions(&listing), [SHIPPED.to_owned(), next_version()]);
    let health = server.health().await.unwrap();
    assert_eq!(health.json["status"], "degraded", "{}", health.text);
    assert_eq!(health.json["reasons"], json!(["modules_dir_unwritable"]));
    let detail = listing["degraded"].as_str().unwrap_or_default();
    assert!(detail.contains(&dir.display().to_string()), "{detail}");

    // An activation cannot be persisted: 507, and the active module stays.
    let path = format!("/admin/modules/{}/activate", next_version());
    let reply = server.admin_post(&admin, &path, None).await.unwrap();
    assert_not_persisted(&reply, "post", "/admin/modules/{version}/activate", &dir);
    assert_eq!(active(&server, &admin).await, SHIPPED);

    // Nor an upload: 507, and the module is not loaded.
    assert_upload_not_persisted(&server, &admin, &dir).await;
}

#[tokio::test]
async fn a_full_modules_dir_refuses_uploads_and_activations_and_a_restart_agrees() {
    let Some(mount) = tmpfs_or_skip(
        "modules-full",
        64 << 20,
        "a_full_modules_dir_refuses_uploads_and_activations_and_a_restart_agrees",
    ) else {
        return;
    };
    let dir = mount.path().to_path_buf();
    let (server, admin) = start(&dir).await;
    let reply = server
        .upload_module(&admin, std::fs::read(NEXT_MODULE).unwrap(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);

    // The disk fills up. Neither an activation nor an upload is acknowledged.
    mount.fill(0);
    let path = format!("/admin/modules/{}/activate", next_version());
    let reply = server.admin_post(&admin, &path, None).await.unwrap();
    assert_not_persisted(&reply, "post", "/admin/modules/{version}/activate", &dir);
    assert_upload_not_persisted(&server, &admin, &dir).await;
    let health = server.health().await.unwrap();
    assert_eq!(health.json["reasons"], json!(["modules_dir_unwritable"]));
    // No temporary file is left behind by the failed writes.
    let hidden: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");
    server.shut_down().await.unwrap();

    // A restart comes back where the answers said: the base module active.
    let (server, admin) = start(&dir).await;
    assert_eq!(active(&server, &admin).await, SHIPPED);

    // Space again: the activation is acknowledged, health recovers, and a restart keeps it.
    mount.free();
    let reply = server.admin_post(&admin, &path, None).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(server.health().await.unwrap().json["status"], "healthy");
    server.shut_down().await.unwrap();
    let (server, admin) = start(&dir).await;
    assert_eq!(active(&server, &admin).await, next_version().as_str());
}

/// The `*.tmp` files in `dirs`.
fn temporaries(dirs: &[&Path]) -> Vec<PathBuf> {
    dirs.iter()
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten())
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".tmp"))
        .collect()
}

#[tokio::test]
async fn temporary_files_of_an_upload_killed_mid_write_are_removed_at_the_next_start() {
    // Killed while the upload's compiled artifact or its module copy is being written: a fresh
    // compile cache, so the upload compiles and writes a 2 MB artifact through a temporary file.
    let mut left = Vec::new();
    let (mut modules, mut cache) = (PathBuf::new(), PathBuf::new());
    for attempt in 0..5 {
        modules = temp_dir(&format!("killed-upload-modules-{attempt}"));
        cache = temp_dir(&format!("killed-upload-cache-{attempt}"));
        let envs = [
            ("LOOKBACK_MODULES_DIR", modules.as_os_str()),
            ("LOOKBACK_COMPILE_CACHE", cache.as_os_str()),
        ];
        let server = start_child("killed-upload", &envs);
        let admin = server.token(ADMIN_KEY).await.unwrap();
        let bytes = std::fs::read(NEXT_MODULE).unwrap();
        let url = server.url("/admin/modules");
        let http = server.client().clone();
        let upload = tokio::spawn(async move {
            http.post(url)
                .bearer_auth(admin)
                .header("content-type", "application/wasm")
                .body(bytes)
                .send()
                .await
        });
        // The file event: a temporary file appears. Kill at once.
        let dirs = [modules.as_path(), cache.as_path()];
        let seen = eventually(Duration::from_secs(120), || {
            !temporaries(&dirs).is_empty() || upload.is_finished()
        })
        .await;
        drop(server);
        let _ = upload.await;
        left = temporaries(&dirs);
        if seen && !left.is_empty() {
            break;
        }
    }
    assert!(
        !left.is_empty(),
        "no kill landed while a temporary file existed"
    );

    let envs = [
        ("LOOKBACK_MODULES_DIR", modules.as_os_str()),
        ("LOOKBACK_COMPILE_CACHE", cache.as_os_str()),
    ];
    let server = start_child("killed-upload-restart", &envs);
    let dirs = [modules.as_path(), cache.as_path()];
    assert_eq!(temporaries(&dirs), Vec::<PathBuf>::new());
    let log = server.log_text();
    let removed: u64 = log
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|l| {
            l["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("temporary files"))
        })
        .filter_map(|l| l["fields"]["removed"].as_u64())
        .sum();
    assert_eq!(removed, left.len() as u64, "{log}");
}

#[tokio::test]
async fn fail_closed_takes_a_replica_that_lost_its_active_module_out_of_rotation() {
    let dir = temp_dir("fail-closed-pointer");
    // A persisted pointer to a module no longer there.
    std::fs::write(
        dir.join("active.json"),
        r#"{"engine_version":"gone-1","sha256":"00"}"#,
    )
    .unwrap();
    // Without fail-closed: served on the base module, degraded, still 200.
    let (server, _) = start(&dir).await;
    let health = server.health().await.unwrap();
    assert_eq!(health.status, 200);
    assert_eq!(
        health.json["reasons"],
        json!(["active_module_not_restored"])
    );
    drop(server);

    let mut settings = settings(&dir);
    settings.fail_closed = true;
    let server = TestServer::start(settings).await.unwrap();
    let health = server.health().await.unwrap();
    assert_eq!(health.status, 503, "{}", health.text);
    assert_eq!(health.json["status"], "unhealthy");
    assert_eq!(
        health.json["reasons"],
        json!(["active_module_not_restored"])
    );
    crate::ops::openapi::check_answer("get", "/health", &health);
    // The engine itself works: the booleans say so.
    assert_eq!(health.json["services"]["compliance_engine"], true);
}
