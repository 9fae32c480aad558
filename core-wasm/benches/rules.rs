//! Rules evaluation per charge, and how it grows with the applicable jurisdictions: federal-only
//! (GA court), one CRA state (CA), three states (court CA, applicant NY, customer MD), three states
//! plus a local rule (a Los Angeles County court), and the same with a client overlay; and the
//! extra cost of each charge's `lookback` time facts. Before measuring, it prints how many rule
//! rows each scenario looks at, so the times can be read against the number of applicable
//! jurisdictions and rules.
#![expect(
    clippy::expect_used,
    reason = "a benchmark with a broken fixture stops"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lookback_core::model::{Case, Offense};
use lookback_core::rules::catalog::Place;
use lookback_core::rules::{ChargeFacts, ClientRules, evaluate_charge, evaluate_with, time_facts};
use serde_json::json;

fn charge(state: &str, disposition: &str) -> (Case, Offense) {
    let record = json!({
        "record": {
            "search_id": "B-1", "search_date": "2025-11-06", "order_id": "O", "order_number": "O.1",
            "submission_type": "resubmit",
            "candidate_info": {"first_name": "A", "last_name": "B", "date_of_birth": "1986-02-17"},
            "record_json": {"criminal_search_results": [{"court_search_id": "C", "search_date": "2025-11-06",
                "criminal_records": [{"case_number": "1", "jurisdiction_state": state, "file_date": "2014-12-02",
                    "subject_name": "A B", "sub_first_name": "A", "sub_last_name": "B", "subject_dob": "1986-02-17",
                    "subject_ssn": "UNAVAILABLE", "subject_address": "X",
                    "offenses": [{"offense_id": "1", "charge": "BURGLARY", "disposition": disposition, "type": "FELONY",
                        "arrest_date": "2014-12-01", "disposition_date": "2015-01-10"}]}]}]}
        }
    });
    let out: serde_json::Value = serde_json::from_str(&lookback_core::api::transform(
        record.to_string().as_bytes(),
    ))
    .unwrap_or_default();
    let search: lookback_core::model::Search =
        serde_json::from_value(out["record"].clone()).expect("transform");
    let case = search.courts[0].cases[0].clone();
    let offense = case.offenses[0].clone();
    (case, offense)
}

/// Rule rows the evaluator looks at for `f`: the federal, general and system table, the rows of
/// every applicable state, the place's local rows and the overlay's rows.
fn rows_examined(f: &ChargeFacts, client: bool) -> usize {
    let states: usize = f
        .states()
        .map(|code| lookback_core::rules::states::rules_for(code.as_str()).len())
        .sum();
    let local = f.place.map_or(0, |p| {
        lookback_core::rules::local::RULES
            .iter()
            .filter(|r| r.trigger == lookback_core::rules::catalog::Trigger::Local(p))
            .count()
    });
    let client = if client {
        lookback_core::rules::client::RULES.len()
    } else {
        0
    };
    lookback_core::rules::catalog::RULES.len() + states + local + client
}

fn bench(c: &mut Criterion) {
    let as_of = chrono::NaiveDate::from_ymd_opt(2025, 11, 6).expect("date");
    let mut group = c.benchmark_group("rules_per_charge");
    for disposition in ["GUILTY", "DISMISSED"] {
        let (ga_case, ga) = charge("GA", disposition);
        let (ca_case, ca) = charge("CA", disposition);
        let federal_only = ChargeFacts::new(as_of, &ga_case, &ga, None);
        let one_state =
            ChargeFacts::new(as_of, &ca_case, &ca, None).with_parties(Some("CA"), None, None);
        let three =
            ChargeFacts::new(as_of, &ca_case, &ca, None).with_parties(Some("NY"), Some("MD"), None);
        let three_local = ChargeFacts::new(as_of, &ca_case, &ca, None).with_parties(
            Some("NY"),
            Some("MD"),
            Some(Place::LosAngelesCounty),
        );
        let overlay = ClientRules {
            conviction_lookback_years: Some(5),
            always_review_felonies: true,
            ..ClientRules::default()
        };
        let d = disposition.to_lowercase();
        for (name, f, client) in [
            ("federal_only_GA", &federal_only, false),
            ("one_state_CA", &one_state, false),
            ("three_states_CA_NY_MD", &three, false),
            ("three_states_plus_local", &three_local, false),
            ("three_states_local_client", &three_local, true),
        ] {
            eprintln!(
                "rules_per_charge/{d}/{name}: {} states, {} rule rows examined",
                f.states().count(),
                rows_examined(f, client)
            );
        }
        group.bench_function(format!("{d}/federal_only_GA"), |b| {
            b.iter(|| evaluate_charge(black_box(&federal_only)))
        });
        group.bench_function(format!("{d}/one_state_CA"), |b| {
            b.iter(|| evaluate_charge(black_box(&one_state)))
        });
        group.bench_function(format!("{d}/three_states_CA_NY_MD"), |b| {
            b.iter(|| evaluate_charge(black_box(&three)))
        });
        group.bench_function(format!("{d}/three_states_plus_local"), |b| {
            b.iter(|| evaluate_charge(black_box(&three_local)))
        });
        group.bench_function(format!("{d}/three_states_local_client"), |b| {
            b.iter(|| evaluate_with(black_box(&three_local), Some(&overlay)))
        });
        // The extra cost of `lookback` (docs/decisions.md §12): re-evaluations at the window boundaries.
        for (name, f, client) in [
            ("federal_only_GA", &federal_only, None),
            ("one_state_CA", &one_state, None),
            ("three_states_local_client", &three_local, Some(&overlay)),
        ] {
            let now = evaluate_with(f, client);
            group.bench_function(format!("{d}/time_facts/{name}"), |b| {
                b.iter(|| time_facts(black_box(f), client, &now))
            });
        }
    }
    group.bench_function("facts_build", |b| {
        let (case, offense) = charge("CA", "GUILTY");
        b.iter(|| ChargeFacts::new(as_of, black_box(&case), black_box(&offense), None))
    });
    group.bench_function("catalog_markdown", |b| {
        b.iter(lookback_core::rules::catalog_markdown)
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
