//! Reads the classifier benchmark's charges many times, for a load-independent instruction count
//! per charge: `cargo build --release -p lookback-core --example profile_classify`, then
//! `valgrind --tool=callgrind target/release/examples/profile_classify court 1001` and the same
//! with `1`; the difference divided by 1,000 rounds of ten charges is the cost of one charge
//! (stage 1's `build_offense` and the `classification` its decision shows), tables warm.
//! `court`: court-table spellings (South Dakota); `stat`: statutes as ten states write them. A
//! third argument `record` reads each round's ten charges as one record (one `ChargeReader`, as
//! stage 1 does), a fourth how many times each appears in it (a repeated charge is copied, not
//! read again; divide by rounds x ten x that); without them every charge is read on its own.

use std::hint::black_box;

use lookback_core::classify::ChargeReader;
use lookback_core::model::classification::classification;
use lookback_core::parse::record_json::{OffenseParts, build_offense};

#[path = "../benches/common/charges.rs"]
mod charges;

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "court".to_string());
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let as_record = args.next().is_some_and(|a| a == "record");
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let charges: Vec<(&str, OffenseParts<'_>)> = if set == "stat" {
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
        let mut record = ChargeReader::default();
        for (state, charge) in charges.iter().cycle().take(charges.len() * times) {
            let mut alone = ChargeReader::default();
            let reader = if as_record { &mut record } else { &mut alone };
            let offense = build_offense(black_box(charge.clone()), black_box(Some(*state)), reader);
            shown += black_box(classification(&offense)).evidence.len();
        }
    }
    println!("{set} x{rounds}: {shown} evidence lines");
}

fn parts<'a>(charge: &'a str, statute: Option<&str>, disposition: &'a str) -> OffenseParts<'a> {
    OffenseParts {
        raw_charge: charge.into(),
        statute: statute.map(str::to_string),
        disposition: Some(disposition.into()),
        offense_type: Some("MISDEMEANOR".into()),
        ..OffenseParts::default()
    }
}
