//! Scratch (not committed): reads `state|level|statute|text` lines, prints the traffic reading.
use lookback_core::parse::classify::{ChargeReader, classification};
use lookback_core::parse::record_json::{OffenseParts, build_offense};
use std::io::BufRead;
fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let f: Vec<&str> = line.splitn(4, '|').collect();
        if f.len() < 4 {
            continue;
        }
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
        let parts = OffenseParts {
            raw_charge: f[3].into(),
            offense_type: opt(f[1]).map(Into::into),
            statute: opt(f[2]),
            ..OffenseParts::default()
        };
        let st = (!f[0].is_empty()).then_some(f[0]);
        let o = build_offense(parts, st, &mut ChargeReader::default());
        let read = classification(&o);
        let ev = read
            .evidence
            .into_iter()
            .map(|e| e.to_string())
            .find(|e| e.starts_with("traffic."))
            .unwrap_or_default();
        println!(
            "{:8} {:?} | {} | {}",
            o.traffic.label(),
            read.severity,
            f[3],
            ev
        );
    }
}
