//! The second opinion docs/decisions.md §13 allows, measured, not shipped: a logistic regression "is this
//! charge text minor traffic?" trained on the development data with each state left out, asked
//! only where the engine's reading is `none` because nothing in the text, statute or type spoke
//! (no crime word either), and only where the level is below misdemeanor or absent. It may read
//! such a charge `minor` only if, on every state left out, it reads no non-traffic row minor
//! beyond 0.2 % and no felony. The report prints what it would add at each threshold; the
//! engine carries it only if it earns its bytes (8,192 weights of two bytes in every fresh
//! instance): `docs/classify-report.md` gives the verdict.
//!
//! Features: every word, every pair of neighbouring words and every character 3- and 4-gram
//! (between boundary marks) of the engine's match key (`charge_match_key`), FNV-1a into 8,192
//! buckets. Training: stochastic gradient descent in fixed point (2^16), step 2^-6 a feature,
//! weight decay 2^-9 a pass, 12 passes in an order shuffled by xorshift64 from a fixed seed; the
//! logistic function is the integer piecewise-linear one of Amin, Curtis and Hayes-Gill. Same
//! rows in, same model out, on any machine.

use std::collections::BTreeMap;

use lookback_core::classify::charge_match_key;

use crate::Mode;
use crate::rows::{Class, Row};

const BUCKETS: usize = 8192;
const ONE: i64 = 1 << 16;
const EPOCHS: u32 = 12;
const SEED: u64 = 0x5eed_0040_0004_0001;
const STEP_SHIFT: u32 = 6;
const DECAY_SHIFT: u32 = 9;

/// The thresholds (per mille) measured.
pub const THRESHOLDS: [u32; 6] = [500, 600, 700, 800, 900, 950];

/// One row as the engine read it in one mode, for the second opinion.
pub struct Asked {
    pub state: &'static str,
    pub mode: Mode,
    pub class: Option<Class>,
    /// The row's level is a felony (whatever was sent).
    pub felony: bool,
    /// The engine's reading was a silent `none` at a level below misdemeanor or none.
    pub silent: bool,
    /// The match key of the text as sent.
    pub text: String,
}

/// FNV-1a, 32 bits.
fn fnv(kind: u8, parts: &[&[u8]]) -> usize {
    let mut hash: u32 = 0x811c_9dc5;
    for b in std::iter::once(&kind).chain(parts.iter().flat_map(|p| p.iter())) {
        hash ^= u32::from(*b);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    ((hash ^ (hash >> 15)) as usize) % BUCKETS
}

fn features(text: &str) -> Vec<usize> {
    let key = charge_match_key(text);
    let words: Vec<&str> = key.split(' ').filter(|w| !w.is_empty()).collect();
    let mut out = Vec::new();
    for (i, word) in words.iter().enumerate() {
        out.push(fnv(1, &[word.as_bytes()]));
        if let Some(before) = i.checked_sub(1).and_then(|j| words.get(j)) {
            out.push(fnv(2, &[before.as_bytes(), b" ", word.as_bytes()]));
        }
        let marked: Vec<u8> = std::iter::once(b'^')
            .chain(word.bytes())
            .chain(std::iter::once(b'$'))
            .collect();
        for (n, kind) in [(3, 3), (4, 4)] {
            for gram in marked.windows(n) {
                out.push(fnv(kind, &[gram]));
            }
        }
    }
    out
}

/// The integer logistic function, in units of `one`.
fn squash(log_odds: i64, one: i64) -> i64 {
    let a = log_odds.saturating_abs();
    let p = if a >= 5 * one {
        one
    } else if a * 3 >= 7 * one {
        a / 32 + one * 27 / 32
    } else if a >= one {
        a / 8 + one * 5 / 8
    } else {
        a / 4 + one / 2
    };
    if log_odds < 0 { one - p } else { p }
}

struct Model {
    weights: Vec<i64>,
    bias: i64,
}

impl Model {
    fn train(rows: &[(Vec<usize>, bool)]) -> Model {
        let mut weights = vec![0_i64; BUCKETS];
        let mut bias = 0_i64;
        let mut order: Vec<usize> = (0..rows.len()).collect();
        let mut rng = SEED;
        for _ in 0..EPOCHS {
            for i in (1..order.len()).rev() {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                order.swap(i, (rng % (i as u64 + 1)) as usize);
            }
            for &i in &order {
                let Some((features, minor)) = rows.get(i) else {
                    continue;
                };
                let log_odds = bias
                    + features
                        .iter()
                        .map(|&b| weights.get(b).copied().unwrap_or(0))
                        .sum::<i64>();
                let want = if *minor { ONE } else { 0 };
                let step = (want - squash(log_odds, ONE)) >> STEP_SHIFT;
                for &b in features {
                    if let Some(w) = weights.get_mut(b) {
                        *w += step;
                    }
                }
                bias += step;
            }
            for w in &mut weights {
                *w -= *w >> DECAY_SHIFT;
            }
        }
        Model { weights, bias }
    }

    /// Per mille.
    fn score(&self, features: &[usize]) -> u32 {
        let log_odds = self.bias
            + features
                .iter()
                .map(|&b| self.weights.get(b).copied().unwrap_or(0))
                .sum::<i64>();
        u32::try_from(squash(log_odds, ONE) * 1000 / ONE).unwrap_or(0)
    }
}

/// Per (state, mode, threshold): minor rows rescued, none rows read minor, felonies read minor,
/// and the rows of each.
#[derive(Default, Clone, Copy)]
pub struct Gain {
    pub minor: u32,
    pub minor_rows: u32,
    pub none: u32,
    pub none_rows: u32,
    pub felony: u32,
}

/// Trains one model per state on the other states' labelled rows (their text alone), and asks
/// it on the state's silent readings.
pub fn measure(rows: &[Row], asked: &[Asked]) -> BTreeMap<(&'static str, Mode, u32), Gain> {
    let mut states: Vec<&'static str> = rows.iter().map(|r| r.state).collect();
    states.sort_unstable();
    states.dedup();
    let mut out = BTreeMap::new();
    for state in states {
        let training: Vec<(Vec<usize>, bool)> = rows
            .iter()
            .filter(|r| r.state != state)
            .filter_map(|r| Some((features(&r.text_alone), r.class? == Class::Minor)))
            .collect();
        let model = Model::train(&training);
        for a in asked.iter().filter(|a| a.state == state) {
            let score = if a.silent {
                model.score(&features(&a.text))
            } else {
                0
            };
            for threshold in THRESHOLDS {
                let gain: &mut Gain = out.entry((state, a.mode, threshold)).or_default();
                let reads = a.silent && score >= threshold;
                match a.class {
                    Some(Class::Minor) => {
                        gain.minor_rows += 1;
                        gain.minor += u32::from(reads);
                    }
                    Some(Class::None) => {
                        gain.none_rows += 1;
                        gain.none += u32::from(reads);
                    }
                    _ => {}
                }
                gain.felony += u32::from(reads && a.felony);
            }
        }
    }
    out
}
