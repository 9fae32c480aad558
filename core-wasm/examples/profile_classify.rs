//! Reads the classifier benchmark's charges many times, for a load-independent instruction count
//! per charge: `cargo build --release -p lookback-core --example profile_classify`, then
//! `valgrind --tool=callgrind target/release/examples/profile_classify court 1001` and the same
//! with `1`; the difference divided by 1,000 rounds of ten charges is the cost of one charge
//! (stage 1's `build_offense` and the `classification` its decision shows), tables warm.
//! `court`: court-table spellings (South Dakota); `stat`: statutes as ten states write them.

use std::hint::black_box;

use lookback_core::parse::classify;
use lookback_core::parse::record_json::{OffenseParts, build_offense};

#[path = "../benches/common/charges.rs"]
mod charges;

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "court".to_string());
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let charges: Vec<(&str, OffenseParts)> = if set == "stat" {
        charges::STATUTE_TEXT
            .iter()
            .map(|(state, charge, statute)| (*state, parts(charge, Some(statute), "GUILTY")))
            .collect()
    } else {
        charges::COURT_TEXT
            .iter()
            .map(|(charge, statute, disposition)| ("SD", parts(charge, *statute, disposition)))
            .collect()
    };
    let mut shown = 0;
    for _ in 0..rounds {
        for (state, charge) in &charges {
            let offense = build_offense(black_box(charge.clone()), black_box(Some(*state)));
            shown += black_box(classify::classification(&offense)).evidence.len();
        }
    }
    println!("{set} x{rounds}: {shown} evidence lines");
}

fn parts(charge: &str, statute: Option<&str>, disposition: &str) -> OffenseParts {
    OffenseParts {
        raw_charge: charge.to_string(),
        statute: statute.map(str::to_string),
        disposition: Some(disposition.to_string()),
        offense_type: Some("MISDEMEANOR".to_string()),
        ..OffenseParts::default()
    }
}
