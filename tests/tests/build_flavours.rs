//! The test-only module builds are real, distinct versions: `rules-next` reports its own engine and
//! rules versions and decides differently in exactly the place it changes (California's conviction
//! lookback, 7 → 5 years), so swap, pin and diff tests exercise real modules.
use std::path::PathBuf;

use lookback_runtime::EngineSettings;
use lookback_tests::{FAULTS_MODULE, NEXT_MODULE, offenses};
use serde_json::Value;

fn settings(module: Option<&str>) -> EngineSettings {
    EngineSettings {
        module: module.map(PathBuf::from),
        compile_cache: Some(PathBuf::from(env!("LOOKBACK_TEST_COMPILE_CACHE"))),
        ..EngineSettings::default()
    }
}

fn ca_conviction_six_years_old() -> Vec<u8> {
    serde_json::to_vec(&lookback_tests::ca_conviction_six_years_old()).unwrap()
}

async fn first_charge(module: Option<&str>) -> (Value, Value) {
    let answer = lookback::cli::evaluate_offline(
        settings(module),
        &lookback::client_rules::Overlays::none(),
        ca_conviction_six_years_old(),
        Some("2025-11-06T15:04:05Z".into()),
    )
    .await
    .unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    let charge = offenses(&body["data"]["decision"])[0].clone();
    (charge, body["meta"]["engine"].clone())
}

#[tokio::test]
async fn rules_next_is_a_distinct_version_that_changes_one_rule() {
    let (shipped, shipped_engine) = first_charge(None).await;
    let (next, next_engine) = first_charge(Some(NEXT_MODULE)).await;

    assert_eq!(shipped_engine["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        next_engine["version"],
        format!("{}-rules-next", env!("CARGO_PKG_VERSION"))
    );
    let next_rules = next_engine["rules_version"].as_str().unwrap();
    assert_eq!(
        next_rules,
        format!("{}-next", shipped_engine["rules_version"].as_str().unwrap())
    );
    assert_ne!(shipped_engine["sha256"], next_engine["sha256"]);

    // Inside California's 7 years, outside the variant's 5; both cite the same stable rule id.
    assert_eq!(shipped["charge_decision"], "REPORTABLE", "{shipped}");
    assert_eq!(next["charge_decision"], "NOT_REPORTABLE", "{next}");
    for charge in [&shipped, &next] {
        let cited = charge["cited_rules"].as_array().unwrap();
        assert!(
            cited.contains(&Value::from("CA_CONVICTION_7YR")),
            "{charge}"
        );
    }
}

#[tokio::test]
async fn every_build_names_its_flavour_and_rule_count() {
    let host = lookback_runtime::EngineHost::new(&settings(None)).unwrap();
    let embedded = host.load(lookback_runtime::EMBEDDED_MODULE).unwrap();
    let faults = host.load(std::fs::read(FAULTS_MODULE).unwrap()).unwrap();
    let next = host.load(std::fs::read(NEXT_MODULE).unwrap()).unwrap();
    assert_eq!(embedded.info.build, "release");
    assert_eq!(faults.info.build, "test-faults");
    assert_eq!(next.info.build, "test-rules-next");
    let versions = [
        &embedded.info.engine_version,
        &faults.info.engine_version,
        &next.info.engine_version,
    ];
    assert!(
        versions[0] != versions[1] && versions[1] != versions[2] && versions[0] != versions[2],
        "{versions:?}"
    );
    let count = lookback_core::rules::all_rules().len();
    assert!(count > 100, "{count}");
    assert_eq!(embedded.info.rule_count, count);
    assert_eq!(next.info.rule_count, count);
}
