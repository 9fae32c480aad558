//! The shipped module is pre-initialised (runtime/build/preinit.rs): its tables are built before its
//! first instance exists. Proven without timing: a fresh instance of the shipped module reports
//! `preinitialized: true` from `lookback_info`, which only `lookback_warm` sets, and the warm-up
//! export itself is gone; a module built without the step (the fault-injection build) reports
//! false and still exports it. Both stay zero-import. The snapshot's data segments are merged
//! into a few, none of them writing a page the snapshot leaves zero.

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

/// V8 (the reviewer page) copies every data segment into every fresh instance, with a cost per
/// segment (the pre-initialiser cuts one per run of non-zero bytes: 5,601 before the merge) and
/// per page written; wasmtime maps the image copy-on-write either way.
#[test]
fn the_shipped_module_writes_its_memory_in_few_segments_and_no_zero_page() {
    const PAGE: usize = 4096;
    let mut image = Vec::new();
    let mut written = std::collections::BTreeSet::new();
    let mut segments = 0;
    for payload in wasmparser::Parser::new(0).parse_all(EMBEDDED_MODULE) {
        let wasmparser::Payload::DataSection(reader) = payload.unwrap() else {
            continue;
        };
        for segment in reader {
            let segment = segment.unwrap();
            let wasmparser::DataKind::Active { offset_expr, .. } = segment.kind else {
                continue;
            };
            let Ok(wasmparser::Operator::I32Const { value }) =
                offset_expr.get_operators_reader().read()
            else {
                panic!("a data segment offset that is not a constant");
            };
            let start = usize::try_from(value).unwrap();
            let end = start + segment.data.len();
            segments += 1;
            image.resize(image.len().max(end), 0);
            image[start..end].copy_from_slice(segment.data);
            written.extend(start / PAGE..end.div_ceil(PAGE));
        }
    }
    assert!(
        (1..=16).contains(&segments),
        "{segments} active data segments"
    );
    let zero_pages: Vec<usize> = written
        .into_iter()
        .filter(|page| {
            image[page * PAGE..((page + 1) * PAGE).min(image.len())]
                .iter()
                .all(|b| *b == 0)
        })
        .collect();
    assert!(
        zero_pages.is_empty(),
        "segments write zero pages {zero_pages:?}"
    );
}
