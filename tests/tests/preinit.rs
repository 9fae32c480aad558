//! The shipped module is pre-initialised (runtime/build/preinit.rs): its tables are built before its
//! first instance exists. Proven without timing: a fresh instance of the shipped module reports
//! `preinitialized: true` from `lookback_info`, which only `lookback_warm` sets, and the warm-up
//! export itself is gone; a module built without the step (the fault-injection build) reports
//! false and still exports it. Both stay zero-import.

use lookback_runtime::EngineSettings;
use lookback_runtime::{EMBEDDED_MODULE, EngineHost};
use lookback_tests::FAULTS_MODULE;

fn host() -> EngineHost {
    EngineHost::new(&EngineSettings::default()).unwrap()
}

fn exports_warm(host: &EngineHost, bytes: &[u8]) -> bool {
    let surface = host.surface(bytes).unwrap();
    assert!(surface.imports.is_empty(), "{:?}", surface.imports);
    surface
        .exports
        .iter()
        .any(|e| e.starts_with("lookback_warm"))
}

#[test]
fn the_shipped_module_starts_with_its_tables_built() {
    let host = host();
    let module = host.load(EMBEDDED_MODULE).unwrap();
    assert!(module.info.preinitialized, "{:?}", module.info);
    assert!(!exports_warm(&host, EMBEDDED_MODULE));
}

#[test]
fn a_module_built_without_the_step_builds_them_on_first_use() {
    let host = host();
    let bytes = std::fs::read(FAULTS_MODULE).unwrap();
    let module = host.load(bytes.clone()).unwrap();
    assert!(!module.info.preinitialized, "{:?}", module.info);
    assert!(exports_warm(&host, &bytes));
}
