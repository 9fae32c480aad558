//! The text model's second opinion, left out for real (issue 21 item 2): each state is read with
//! a model trained on the other states' rows only, and the report says what that model changes
//! next to the reading without it, and where its threshold was chosen (tuning parts only).

use std::collections::BTreeMap;

use lookback_core::parse::classify::{TEXT_MODEL_BUCKETS, TextModel, TrafficKind};

use super::rows::{Class, Row};
use super::table::{THRESHOLD, training_rows};
use super::train::train;

/// The models of one state left out: trained on the other states only.
pub struct LeftOut {
    /// With the shipped threshold: what the engine would do.
    pub judged: &'static TextModel<'static>,
    /// The same weights with threshold 0: every text the tables say nothing of gets a score.
    pub scored: &'static TextModel<'static>,
}

/// One model per state, each trained without that state's rows.
pub fn left_out_models(rows: &[Row]) -> BTreeMap<&'static str, LeftOut> {
    let mut states: Vec<&'static str> = rows.iter().map(|r| r.state).collect();
    states.sort_unstable();
    states.dedup();
    states
        .into_iter()
        .map(|state| {
            let others: Vec<&Row> = rows.iter().filter(|r| r.state != state).collect();
            let trained = train(training_rows(others.iter().copied()));
            // The report runs once and keeps every model to its end: leaking them gives the
            // `'static` models the engine's reader takes.
            let weights: &'static [i16; TEXT_MODEL_BUCKETS] = Box::leak(trained.weights);
            let model =
                |threshold| &*Box::leak(Box::new(TextModel::new(weights, trained.bias, threshold)));
            (
                state,
                LeftOut {
                    judged: model(THRESHOLD),
                    scored: model(0),
                },
            )
        })
        .collect()
}

/// Readings without and with the second opinion, per (state, part, mode, class).
#[derive(Default)]
pub struct Moves {
    pub rows: u32,
    pub none: (u32, u32),
    pub unknown: (u32, u32),
    pub minor: (u32, u32),
    /// Rows read `none` without the model and `unknown` with it.
    pub none_to_unknown: u32,
}

impl Moves {
    pub fn count(&mut self, without: TrafficKind, with: TrafficKind) {
        let tally = |pair: &mut (u32, u32), kind: TrafficKind| {
            pair.0 += u32::from(without == kind);
            pair.1 += u32::from(with == kind);
        };
        self.rows += 1;
        tally(&mut self.none, TrafficKind::NotTraffic);
        tally(&mut self.unknown, TrafficKind::Unknown);
        tally(&mut self.minor, TrafficKind::MinorTraffic);
        self.none_to_unknown +=
            u32::from(without == TrafficKind::NotTraffic && with == TrafficKind::Unknown);
    }
}

/// One tuning-part row, text only, that the tables read as saying nothing: its class and the
/// score of the model trained without its state.
pub struct Silent {
    pub state: &'static str,
    pub class: Class,
    pub score: u16,
}

/// Thresholds the sweep tries (per mille).
const SWEEP: [u16; 12] = [20, 50, 100, 150, 200, 300, 400, 500, 600, 700, 800, 900];

/// The threshold sweep: per state, what each threshold would rescue of the tuning part's minor
/// rows and how many of its `none` rows it would send to a person. `rows` counts the tuning
/// part's text-only rows per (state, class).
pub fn print_sweep(silent: &[Silent], rows: &BTreeMap<(&'static str, Class), u32>) {
    println!(
        "### Choosing the threshold (tuning parts only, text only)\n\nEach state's tuning-part \
         rows scored by the model trained without that state; a threshold turns the `none` \
         readings of silent text at or above it into `unknown`. The shipped threshold is \
         {THRESHOLD}.\n"
    );
    println!("| threshold | state | minor rows read none -> unknown | none rows turned unknown |");
    println!("|---|---|---|---|");
    let mut states: Vec<&str> = rows.keys().map(|(s, _)| *s).collect();
    states.dedup();
    for threshold in SWEEP {
        for state in &states {
            let turned = |class: Class| {
                let n = silent
                    .iter()
                    .filter(|s| s.state == *state && s.class == class && s.score >= threshold)
                    .count();
                let of = rows.get(&(*state, class)).copied().unwrap_or(0);
                format!("{n} of {of} ({})", super::percent(n as u32, of))
            };
            println!(
                "| {threshold} | {state} | {} | {} |",
                turned(Class::Minor),
                turned(Class::None)
            );
        }
    }
    println!();
}

/// The before/after table of the second opinion.
pub fn print_moves(moves: &BTreeMap<(&'static str, &'static str, &'static str, Class), Moves>) {
    println!(
        "## The text model's second opinion, per state left out\n\nEach state read without the \
         model and with the model trained on the other states only (threshold {THRESHOLD}). \
         The model only turns a `none` of silent text into `unknown`: `read minor` never moves.\n"
    );
    println!(
        "| state | part | sent with | class | rows | read none | unknown (review load) | read minor | none -> unknown |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for ((state, part, mode, class), m) in moves {
        let pair = |(a, b): (u32, u32)| {
            format!(
                "{} -> {}",
                super::percent(a, m.rows),
                super::percent(b, m.rows)
            )
        };
        println!(
            "| {state} | {part} | {mode} | {} | {} | {} | {} | {} | {} |",
            class.name(),
            m.rows,
            pair(m.none),
            pair(m.unknown),
            pair(m.minor),
            m.none_to_unknown
        );
    }
    println!();
}
