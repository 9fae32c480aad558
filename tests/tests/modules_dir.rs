//! End to end: `LOOKBACK_MODULES_DIR`. Modules in it load at start and when files appear; uploads
//! are saved there; the last good active module persists across restarts (`active.json`), and a
//! persisted module whose bytes changed is refused, with the service back on the base module and
//! `/health` degraded.
use std::path::Path;
use std::time::{Duration, Instant};

use lookback::Settings;
use lookback_tests::{
    ADMIN_KEY, FAULTS_MODULE, NEXT_MODULE, TestServer, temp_dir, test_settings, with_custom_section,
};
use serde_json::Value;

pub(crate) const SHIPPED: &str = env!("CARGO_PKG_VERSION");

/// The tests' settings with `dir` as the modules directory.
pub(crate) fn settings(dir: &Path) -> Settings {
    let mut settings = test_settings();
    settings.modules_dir = Some(dir.to_path_buf());
    settings
}

/// A server on the modules directory `dir`, and an admin token.
pub(crate) async fn start(dir: &Path) -> (TestServer, String) {
    let server = TestServer::start(settings(dir)).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    (server, admin)
}

/// The `rules-next` module's version.
pub(crate) fn next_version() -> String {
    format!("{SHIPPED}-rules-next")
}

/// The versions of a module listing, in load order.
pub(crate) fn versions(listing: &Value) -> Vec<String> {
    listing["modules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["version"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_active_module_persists_across_restarts_and_tampering_is_refused() {
    let dir = temp_dir("modules-persist");
    std::fs::copy(NEXT_MODULE, dir.join("next.wasm")).unwrap();

    // Loaded at start, not activated by being there.
    let (server, admin) = start(&dir).await;
    let listing = server.modules(&admin).await.unwrap().json;
    assert_eq!(versions(&listing), [SHIPPED.to_owned(), next_version()]);
    assert_eq!(listing["active"], SHIPPED);
    assert_eq!(listing["modules"][1]["source"], "dir:next.wasm");

    let path = format!("/admin/modules/{}/activate", next_version());
    let reply = server.admin_post(&admin, &path, None).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    let pointer: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("active.json")).unwrap()).unwrap();
    assert_eq!(pointer["engine_version"], next_version().as_str());
    drop(server);

    // A restart comes back on it.
    let (server, admin) = start(&dir).await;
    let listing = server.modules(&admin).await.unwrap().json;
    assert_eq!(listing["active"], next_version().as_str());
    assert!(listing["degraded"].is_null(), "{listing}");
    assert_eq!(server.health().await.unwrap().json["status"], "healthy");

    // Rolling back to the base module forgets the pointer: a restart starts on the base module.
    let reply = server
        .admin_post(&admin, "/admin/modules/rollback", None)
        .await
        .unwrap();
    assert_eq!(reply.json["active"]["version"], SHIPPED, "{}", reply.text);
    assert!(!dir.join("active.json").exists());
    let reply = server.admin_post(&admin, &path, None).await.unwrap();
    assert_eq!(reply.status, 200);
    drop(server);

    // Same version, other bytes: the pointer no longer matches and is refused.
    std::fs::write(
        dir.join("next.wasm"),
        with_custom_section(&std::fs::read(NEXT_MODULE).unwrap()),
    )
    .unwrap();
    let (server, admin) = start(&dir).await;
    let listing = server.modules(&admin).await.unwrap().json;
    assert_eq!(listing["active"], SHIPPED, "{listing}");
    let degraded = listing["degraded"].as_str().unwrap();
    assert!(
        degraded.contains("persisted active module") && degraded.contains("not the recorded"),
        "{degraded}"
    );
    let health = server.health().await.unwrap();
    assert_eq!(health.status, 200);
    assert_eq!(health.json["status"], "degraded", "{}", health.text);
    let reasons = health.json["reasons"].as_array().unwrap();
    assert!(
        reasons.contains(&"active_module_not_restored".into()),
        "{}",
        health.text
    );
    assert!(
        !health.text.contains("persisted"),
        "details stay in the admin view"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn new_files_are_loaded_while_running_and_uploads_are_saved() {
    let dir = temp_dir("modules-watch");
    let (server, admin) = start(&dir).await;

    // A module copied in (written under a hidden name, then renamed, as operators should).
    let tmp = dir.join(".faults.wasm.part");
    std::fs::copy(FAULTS_MODULE, &tmp).unwrap();
    std::fs::rename(&tmp, dir.join("faults.wasm")).unwrap();
    let faults = format!("{SHIPPED}-test-faults");
    let listing = wait_for(&server, &admin, |l| versions(l).contains(&faults)).await;
    assert_eq!(listing["active"], SHIPPED);
    assert_eq!(listing["last_load"]["ok"], true);

    // A bad file is refused and reported; the service keeps running.
    std::fs::write(dir.join("broken.wasm"), b"\0asm garbage").unwrap();
    let listing = wait_for(&server, &admin, |l| l["last_load"]["ok"] == false).await;
    assert_eq!(listing["last_load"]["source"], "dir:broken.wasm");
    assert_eq!(server.health().await.unwrap().json["status"], "degraded");

    // An upload lands in the folder (and the watcher does not load it twice).
    let reply = server
        .upload_module(&admin, std::fs::read(NEXT_MODULE).unwrap(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);
    let saved = dir.join(format!("{}.wasm", next_version()));
    assert_eq!(
        std::fs::read(&saved).unwrap(),
        std::fs::read(NEXT_MODULE).unwrap()
    );
    tokio::time::sleep(Duration::from_millis(800)).await;
    let listing = server.modules(&admin).await.unwrap().json;
    assert_eq!(versions(&listing).len(), 3, "{listing}");
    assert_eq!(listing["modules"][2]["source"], "upload");
    std::fs::remove_dir_all(&dir).ok();
}

async fn wait_for(server: &TestServer, admin: &str, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let listing = server.modules(admin).await.unwrap().json;
        if done(&listing) {
            return listing;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the watcher did not pick the file up: {listing}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
