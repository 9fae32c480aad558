//! The engine host against hand-written WAT modules: one "obeyed" and one "violated" case for
//! each limit, and every reason a module is refused at load time.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::{
    ArtifactCache, CallError, Compiled, EMBEDDED_MODULE, EngineHost, EngineSettings, Export,
    Inserted, LoadError, LoadedModule, Registry, RegistryError, is_valid_version, selftest,
};

const AT: &str = "2026-01-01T00:00:00Z";

const INFO: &str = r#"{"abi":ABI,"engine_version":"wat-1","rules_version":"r-1","build":"test"}"#;

/// A module honouring ABI v1. `transform` echoes its input; `evaluate` runs `EVALUATE`.
const TEMPLATE: &str = include_str!("../../tests/fixtures/wat/abi-v1-template.wat");

/// The WAT text of a test module reporting `abi`, whose `lookback_evaluate` body is `evaluate`.
fn module_text(abi: u32, evaluate: &str) -> String {
    let info = INFO.replace("ABI", &abi.to_string());
    TEMPLATE
        .replace("INFO_LEN", &info.len().to_string())
        .replace("INFO", &info.replace('"', "\\\""))
        .replace("TRANSFORM", ECHO)
        .replace("EVALUATE", evaluate)
}

fn module(abi: u32, evaluate: &str) -> Vec<u8> {
    wat::parse_str(module_text(abi, evaluate)).unwrap()
}

const ECHO: &str = "(call $echo (local.get $p) (local.get $l))";
const LOOP: &str = "(loop $spin (br $spin)) unreachable";
const TRAP: &str = "unreachable";
const GROW: &str =
    "(drop (memory.grow (i32.const 2048))) (call $echo (local.get $p) (local.get $l))";
const GROW_SMALL: &str =
    "(drop (memory.grow (i32.const 16))) (call $echo (local.get $p) (local.get $l))";
const NOT_UTF8: &str = "(i64.or (i64.shl (i64.const 1024) (i64.const 32)) (i64.const 2))";
const OUT_OF_BOUNDS: &str =
    "(i64.or (i64.shl (i64.const 0xfff00000) (i64.const 32)) (i64.const 8))";

fn host(deadline_ms: u64, slots: u32) -> EngineHost {
    EngineHost::new(&EngineSettings {
        stage_deadline: Duration::from_millis(deadline_ms),
        memory_limit_mib: 64,
        max_instances: slots,
        ..EngineSettings::default()
    })
    .unwrap()
}

fn load(host: &EngineHost, bytes: Vec<u8>) -> Arc<LoadedModule> {
    Arc::new(host.load(bytes).unwrap())
}

#[tokio::test]
async fn a_good_module_loads_and_answers() {
    let host = host(1000, 4);
    let bytes = module(1, ECHO);
    let m = load(&host, bytes.clone());
    assert_eq!(m.info.engine_version, "wat-1");
    assert_eq!(m.info.rules_version, "r-1");
    assert_eq!(m.sha256, hex::encode(Sha256::digest(&bytes)));
    assert_eq!(&m.bytes[..], &bytes[..]);
    let out = host
        .call(m.clone(), Export::Transform, b"{\"x\":1}".to_vec())
        .await;
    assert_eq!(out.as_deref(), Ok("{\"x\":1}"));
    let out = host.call(m, Export::Evaluate, b"{}".to_vec()).await;
    assert_eq!(out.as_deref(), Ok("{}"));
}

#[tokio::test]
async fn the_deadline_stops_a_loop_and_the_next_call_works() {
    let host = host(100, 4);
    let m = load(&host, module(1, LOOP));
    let started = Instant::now();
    let out = host.call(m.clone(), Export::Evaluate, b"{}".to_vec()).await;
    assert_eq!(out, Err(CallError::Deadline(100)));
    assert_eq!(out.unwrap_err().to_string(), "deadline of 100 ms exceeded");
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(90) && took < Duration::from_secs(2),
        "{took:?}"
    );
    assert_eq!(
        host.call(m, Export::Transform, b"ok".to_vec())
            .await
            .as_deref(),
        Ok("ok")
    );
}

#[tokio::test]
async fn the_memory_cap_stops_a_hog_but_not_a_modest_grow() {
    let host = host(1000, 4);
    let hog = load(&host, module(1, GROW));
    let out = host
        .call(hog.clone(), Export::Evaluate, b"{}".to_vec())
        .await;
    assert_eq!(out, Err(CallError::Memory(64)));
    assert_eq!(
        out.unwrap_err().to_string(),
        "memory limit of 64 MiB exceeded"
    );
    assert_eq!(
        host.call(hog, Export::Transform, b"ok".to_vec())
            .await
            .as_deref(),
        Ok("ok")
    );
    let modest = load(&host, module(1, GROW_SMALL));
    assert_eq!(
        host.call(modest, Export::Evaluate, b"ok".to_vec())
            .await
            .as_deref(),
        Ok("ok")
    );
}

#[tokio::test]
async fn a_trap_is_contained() {
    let host = host(1000, 4);
    let m = load(&host, module(1, TRAP));
    let out = host.call(m.clone(), Export::Evaluate, b"{}".to_vec()).await;
    assert_eq!(out.unwrap_err().to_string(), "module trapped: unreachable");
    assert_eq!(
        host.call(m, Export::Transform, b"ok".to_vec())
            .await
            .as_deref(),
        Ok("ok")
    );
}

#[tokio::test]
async fn invalid_output_is_reported() {
    let host = host(1000, 4);
    let m = load(&host, module(1, NOT_UTF8));
    let out = host.call(m, Export::Evaluate, b"{}".to_vec()).await;
    assert_eq!(out, Err(CallError::InvalidOutput("result is not UTF-8")));
    let m = load(&host, module(1, OUT_OF_BOUNDS));
    let out = host.call(m, Export::Evaluate, b"{}".to_vec()).await;
    assert_eq!(
        out,
        Err(CallError::InvalidOutput(
            "result outside the module's memory"
        ))
    );
}

#[tokio::test]
async fn more_calls_than_slots_wait_instead_of_failing() {
    let host = host(50, 2);
    let m = load(&host, module(1, LOOP));
    let calls: Vec<_> = (0..6)
        .map(|_| {
            let (host, m) = (host.clone(), m.clone());
            tokio::spawn(async move { host.call(m, Export::Evaluate, b"{}".to_vec()).await })
        })
        .collect();
    for call in calls {
        assert_eq!(call.await.unwrap(), Err(CallError::Deadline(50)));
    }
}

#[test]
fn modules_that_break_the_abi_are_refused() {
    let host = host(1000, 2);
    let refuse = |bytes: Vec<u8>| host.load(bytes).unwrap_err().to_string();

    assert!(refuse(b"not wasm".to_vec()).starts_with("module does not compile"));
    assert_eq!(
        refuse(module(2, ECHO)),
        "module reports ABI version 2; this host speaks ABI version 1"
    );

    let with_import = module_text(1, ECHO).replacen(
        "(module",
        r#"(module (import "env" "clock" (func (result i64)))"#,
        1,
    );
    let msg = refuse(wat::parse_str(with_import).unwrap());
    assert!(
        msg.contains("1 import(s)") && msg.contains("env::clock"),
        "{msg}"
    );

    let missing = wat::parse_str(r#"(module (memory (export "memory") 1))"#).unwrap();
    assert_eq!(refuse(missing), "module export `lookback_free` is missing");

    let wrong = module_text(1, ECHO).replace(
        r#"(export "lookback_evaluate")"#,
        r#"(export "lookback_evaluate_old")"#,
    );
    let wrong = wrong.replacen(
        "(module",
        r#"(module (func (export "lookback_evaluate") (param i32) (result i32) local.get 0)"#,
        1,
    );
    let msg = refuse(wat::parse_str(wrong).unwrap());
    assert!(
        msg.starts_with("module export `lookback_evaluate` has signature"),
        "{msg}"
    );

    let bad_info = wat::parse_str(module_text(1, ECHO).replace("wat-1", "wat-1\\00\\ff"));
    if let Ok(bytes) = bad_info {
        assert!(refuse(bytes).starts_with("lookback_info failed"));
    }
}

fn host_with_cache(dir: &std::path::Path) -> EngineHost {
    EngineHost::new(&EngineSettings {
        compile_cache: Some(dir.to_path_buf()),
        ..EngineSettings::default()
    })
    .unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "lookback-engine-{name}-{}-{}",
        std::process::id(),
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_embedded_module_passes_its_self_test_and_is_admitted() {
    let host = host(2000, 2);
    let module = host.admit(EMBEDDED_MODULE, None).unwrap();
    let report = module.self_test.unwrap();
    assert!(report.passed, "{report:?}");
    assert_eq!(report.cases, selftest::corpus().len());
    assert_eq!(report.decisions_differ, 0, "{report:?}");
    // With the export, the self-test refused any corpus answer whose spans the host could not
    // splice at (`EvaluateAnswer::check_spans`): the shipped module takes the fast path.
    assert!(module.exports.answer_spans.is_some());
}

#[test]
fn a_wrong_expected_digest_is_refused_before_compiling() {
    let host = host(1000, 2);
    let err = host
        .admit(b"not even wasm".to_vec(), Some(&"0".repeat(64)))
        .unwrap_err();
    assert!(matches!(err, LoadError::Digest { .. }), "{err}");
    let bytes = module(1, ECHO);
    let sha = hex::encode(Sha256::digest(&bytes));
    // The right digest passes that check; the echo module then fails the self-test.
    let err = host.admit(bytes, Some(&sha.to_uppercase())).unwrap_err();
    assert!(err.to_string().starts_with("self-test failed"), "{err}");
}

#[test]
fn the_compile_cache_serves_a_verified_artifact_and_rebuilds_a_tampered_one() {
    let dir = temp_dir("cache");
    let host = host_with_cache(&dir);
    let bytes = module(1, ECHO);
    assert_eq!(host.load(bytes.clone()).unwrap().compiled, Compiled::Fresh);
    assert_eq!(
        host.load(bytes.clone()).unwrap().compiled,
        Compiled::FromCache
    );

    let sha = hex::encode(Sha256::digest(&bytes));
    let artifact = ArtifactCache::new(&dir, host.engine())
        .unwrap()
        .artifact_path(&sha);
    let mut tampered = std::fs::read(&artifact).unwrap();
    let last = tampered.len() - 1;
    tampered[last] ^= 0xff;
    std::fs::write(&artifact, tampered).unwrap();
    let reloaded = host.load(bytes.clone()).unwrap();
    assert_eq!(
        reloaded.compiled,
        Compiled::Fresh,
        "a tampered artifact is never used"
    );
    assert_eq!(host.load(bytes).unwrap().compiled, Compiled::FromCache);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_version_that_cannot_name_a_module_is_refused() {
    let host = host(1000, 2);
    let text = module_text(1, ECHO).replace("wat-1", "wat/1");
    let err = host.load(wat::parse_str(text).unwrap()).unwrap_err();
    assert!(matches!(err, LoadError::Version(_)), "{err}");
    assert!(is_valid_version("0.1.0-rules-next"));
    assert!(!is_valid_version("a b") && !is_valid_version(""));
}

#[test]
fn the_registry_admits_only_self_tested_modules_and_keeps_one_build_per_version() {
    let host = host(2000, 2);
    let base = host.admit(EMBEDDED_MODULE, None).unwrap();
    let registry = Registry::new(base, "embedded", AT);
    let untested = host.load(EMBEDDED_MODULE).unwrap();
    assert!(matches!(
        registry.insert(untested, "test", AT),
        Err(RegistryError::NotSelfTested(_))
    ));
    let again = host.admit(EMBEDDED_MODULE, None).unwrap();
    assert!(matches!(
        registry.insert(again, "test", AT),
        Ok(Inserted::AlreadyLoaded(_))
    ));
    let mut other_bytes = EMBEDDED_MODULE.to_vec();
    // A custom section: the same module and version, other bytes.
    other_bytes.extend_from_slice(&[0, 4, 3, b'x', b'y', b'z']);
    let other = host.admit(other_bytes, None).unwrap();
    assert!(matches!(
        registry.insert(other, "test", AT),
        Err(RegistryError::VersionTaken { .. })
    ));
    assert_eq!(registry.rollback(AT).unwrap_err(), RegistryError::NoHistory);
    assert_eq!(
        registry.rollback_target().unwrap_err(),
        RegistryError::NoHistory
    );
    assert!(registry.activate("nope", AT).is_err());
}

#[tokio::test]
async fn the_canary_passes_on_the_shipped_module_and_tells_a_broken_one() {
    let host = host(2000, 2);
    let shipped = Arc::new(host.admit(EMBEDDED_MODULE, None).unwrap());
    let result = crate::canary::run(&host, shipped, AT).await;
    assert!(result.transform && result.evaluate, "{result:?}");
    // A module whose stage 1 echoes its input does not answer the ABI's JSON.
    let echo = load(&host, module(1, ECHO));
    let result = crate::canary::run(&host, echo, AT).await;
    assert!(!result.transform && !result.evaluate, "{result:?}");
}

#[test]
fn keeping_more_memory_resident_than_an_instance_may_have_is_refused_at_start() {
    let settings = |keep_resident_mib| EngineSettings {
        memory_limit_mib: 16,
        keep_resident_mib,
        ..EngineSettings::default()
    };
    let Err(err) = EngineHost::new(&settings(17)) else {
        panic!("a keep-resident setting above the memory cap was accepted");
    };
    assert_eq!(
        err.to_string(),
        "keep-resident memory of 17 MiB exceeds the instance memory cap of 16 MiB"
    );
    let host = EngineHost::new(&settings(16)).unwrap();
    let module = host.admit(EMBEDDED_MODULE, None).unwrap();
    assert!(module.self_test.unwrap().passed);
}
