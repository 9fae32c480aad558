//! End to end: fault containment across module versions. Each fault has an "obeyed" and a
//! "violated" case:
//! - at load time (through `POST /admin/modules`): a module with an import, with a wrong ABI, or
//!   that traps, loops, hoards memory or answers invalid JSON on the corpus is refused with its
//!   reason, and the active module keeps serving; a well-behaved module is admitted;
//! - at run time, on a version pinned with `X-Engine-Version` (the `test-faults` module, which
//!   passes the self-test and misbehaves only on `FAULT:` search ids): the faulty request gets the
//!   docs/decisions.md §3 failure answer, requests on the active version running at the same time are
//!   untouched, and the pinned version answers its next normal request.
use std::time::Duration;

use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, FAULTS_MODULE, NEXT_MODULE, Reply, TestServer, test_settings,
    valid_request, wat_module,
};
use serde_json::Value;

const ECHO: &str = "(call $echo (local.get $p) (local.get $l))";
/// Long enough that a memory hog reaches the cap first even on a loaded machine, short enough
/// that the loops stay quick.
const DEADLINE: Duration = Duration::from_millis(1000);

async fn server() -> (TestServer, String, String) {
    let mut settings = test_settings();
    settings.engine.stage_deadline = DEADLINE;
    let server = TestServer::start(settings).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    (server, admin, client)
}

async fn refused(server: &TestServer, admin: &str, bytes: Vec<u8>) -> String {
    let reply = server.upload_module(admin, bytes, "").await.unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "MODULE_REFUSED");
    reply.json["error"]["message"].as_str().unwrap().to_owned()
}

async fn assert_active_still_serves(server: &TestServer, client: &str) {
    let reply = server
        .evaluate_on(client, None, &valid_request("S-ACTIVE"))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.json["meta"]["engine"]["version"],
        env!("CARGO_PKG_VERSION")
    );
}

#[tokio::test]
async fn load_time_faults_are_refused_with_their_reason_and_good_modules_admitted() {
    let (server, admin, client) = server().await;

    // Obeyed: a real module with zero imports, ABI 1 and a clean self-test is admitted.
    let reply = server
        .upload_module(&admin, std::fs::read(NEXT_MODULE).unwrap(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);

    // An import.
    let with_import = lookback_tests::wat_module_text("wat-import", 1, ECHO, ECHO).replacen(
        "(module",
        r#"(module (import "env" "clock" (func (result i64)))"#,
        1,
    );
    let with_import = wat::parse_str(with_import).unwrap();
    let reason = refused(&server, &admin, with_import).await;
    assert!(
        reason.contains("1 import(s)") && reason.contains("env::clock"),
        "{reason}"
    );

    // A wrong ABI version, and a missing export.
    let reason = refused(&server, &admin, wat_module("wat-abi2", 2, ECHO, ECHO)).await;
    assert_eq!(
        reason,
        "module reports ABI version 2; this host speaks ABI version 1"
    );
    let reason = refused(
        &server,
        &admin,
        wat::parse_str(r#"(module (memory (export "memory") 1))"#).unwrap(),
    )
    .await;
    assert_eq!(reason, "module export `lookback_free` is missing");

    // Faults during the self-test: each is caught, named, and stops the run early.
    let cases = [
        ("unreachable", "module trapped: unreachable"),
        (
            "(loop $spin (br $spin)) unreachable",
            "deadline of 1000 ms exceeded",
        ),
        (
            "(loop $grow (br_if $grow (i32.ne (memory.grow (i32.const 16)) (i32.const -1)))) unreachable",
            "memory limit of 64 MiB exceeded",
        ),
    ];
    for (transform, expected) in cases {
        let reason = refused(&server, &admin, wat_module("wat-fault", 1, transform, ECHO)).await;
        assert!(reason.starts_with("self-test failed"), "{reason}");
        assert!(reason.contains(expected), "{expected}: {reason}");
        assert!(
            reason.contains("stopped at the first engine fault"),
            "{reason}"
        );
    }
    // Invalid JSON (the echo answers with the request body, which is not the ABI's answer).
    let reason = refused(&server, &admin, wat_module("wat-json", 1, ECHO, ECHO)).await;
    assert!(
        reason.contains("invalid module output: transform answer is not the expected JSON"),
        "{reason}"
    );

    // None of it touched the service.
    assert_active_still_serves(&server, &client).await;
    let listing = server.modules(&admin).await.unwrap();
    assert_eq!(listing.json["modules"].as_array().unwrap().len(), 2);
    // Refused uploads were answered to the admin who sent them: the service is not degraded.
    let health = server.health().await.unwrap();
    assert_eq!(health.status, 200);
    assert_eq!(health.json["status"], "healthy", "{}", health.text);
}

async fn pinned_fault(server: &TestServer, client: &str, marker: &str) -> Reply {
    server
        .evaluate_on(client, Some(FAULTS_VERSION), &valid_request(marker))
        .await
        .unwrap()
}

const FAULTS_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "-test-faults");

#[tokio::test]
async fn run_time_faults_on_a_pinned_version_touch_nothing_else() {
    let (server, admin, client) = server().await;
    let reply = server
        .upload_module(&admin, std::fs::read(FAULTS_MODULE).unwrap(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);

    // Obeyed: the pinned version answers a normal request normally.
    let reply = pinned_fault(&server, &client, "S-NORMAL").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["meta"]["engine"]["version"], FAULTS_VERSION);

    let faults = [
        ("FAULT:evaluate-trap", 206, "module trapped: unreachable"),
        ("FAULT:evaluate-loop", 206, "deadline of 1000 ms exceeded"),
        ("FAULT:evaluate-oom", 206, "memory limit of 64 MiB exceeded"),
        // The stack lies below the data: running out of it steps below address 0.
        (
            "FAULT:evaluate-stack",
            206,
            "module trapped: wasm trap: out of bounds memory access",
        ),
        (
            "FAULT:evaluate-garbage",
            206,
            "invalid module output: evaluate answer is not the expected JSON",
        ),
        ("FAULT:transform-trap", 500, "module trapped: unreachable"),
        ("FAULT:transform-loop", 500, "deadline of 1000 ms exceeded"),
        (
            "FAULT:transform-oom",
            500,
            "memory limit of 64 MiB exceeded",
        ),
        (
            "FAULT:transform-stack",
            500,
            "module trapped: wasm trap: out of bounds memory access",
        ),
        (
            "FAULT:transform-garbage",
            500,
            "invalid module output: transform answer is not the expected JSON",
        ),
    ];
    for (marker, status, reason) in faults {
        // The fault and four requests on the active version, at the same time.
        let normal = valid_request("S-ACTIVE");
        let (faulty, a, b, c, d) = tokio::join!(
            pinned_fault(&server, &client, marker),
            server.evaluate_on(&client, None, &normal),
            server.evaluate_on(&client, None, &normal),
            server.evaluate_on(&client, None, &normal),
            server.evaluate_on(&client, None, &normal),
        );
        assert_eq!(faulty.status, status, "{marker}: {}", faulty.text);
        assert_eq!(faulty.json["meta"]["engine"]["version"], FAULTS_VERSION);
        let stage = if status == 206 {
            "compliance_engine"
        } else {
            "xml_transformer"
        };
        assert_eq!(
            faulty.json["data"]["degradation"][stage]["error"],
            Value::from(reason),
            "{marker}: {}",
            faulty.text
        );
        for reply in [a, b, c, d] {
            let reply = reply.unwrap();
            assert_eq!(reply.status, 200, "{marker}: {}", reply.text);
            assert_eq!(reply.json["data"]["status"], "success");
            assert_eq!(
                reply.json["meta"]["engine"]["version"],
                env!("CARGO_PKG_VERSION")
            );
        }
        // The pinned version is still usable afterwards.
        let reply = pinned_fault(&server, &client, "S-AFTER").await;
        assert_eq!(reply.status, 200, "after {marker}: {}", reply.text);
    }
    let health = server.health().await.unwrap();
    assert_eq!(health.json["status"], "healthy", "{}", health.text);
}
