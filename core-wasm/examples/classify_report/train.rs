//! Trains the text model (issue 21 item 2): logistic regression "is this charge text minor
//! traffic?" over the engine's own features (`text_model_features`), by stochastic gradient
//! descent in fixed-point integers. Same rows in, same table out, byte for byte, on any machine:
//! no floating point, a fixed visiting order from a fixed seed.

use lookback_core::parse::classify::{TEXT_MODEL_BUCKETS, WEIGHT_ONE, squash, text_model_features};

/// Passes over the rows.
pub const EPOCHS: u32 = 12;
/// Seed of the visiting order (xorshift64).
pub const SEED: u64 = 0x5eed_0021_0002_0001;
/// Fixed-point unit while training (finer than the exported `WEIGHT_ONE`).
const ONE: i64 = 1 << 16;
/// Step size 2^-6 a feature: a text has tens of features, so one step moves its log-odds by
/// about the error.
const STEP_SHIFT: u32 = 6;
/// Weight decay 2^-9 of every weight after each pass (L2), so a bucket seen in a handful of
/// rows does not carry a large weight.
const DECAY_SHIFT: u32 = 9;

/// A trained model as exported: integer weights in units of `WEIGHT_ONE`.
pub struct Trained {
    pub weights: Box<[i16; TEXT_MODEL_BUCKETS]>,
    pub bias: i32,
    pub rows: usize,
    pub minor: usize,
}

/// Trains on `(charge text, is minor traffic)` rows, in the order given.
pub fn train<'a>(rows: impl IntoIterator<Item = (&'a str, bool)>) -> Trained {
    let examples: Vec<(Vec<usize>, bool)> = rows
        .into_iter()
        .map(|(text, minor)| {
            let mut features = Vec::new();
            text_model_features(text, |b| features.push(b));
            (features, minor)
        })
        .collect();
    let mut weights = vec![0_i64; TEXT_MODEL_BUCKETS];
    let mut bias = 0_i64;
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut rng = SEED;
    for _ in 0..EPOCHS {
        shuffle(&mut order, &mut rng);
        for &i in &order {
            let Some((features, minor)) = examples.get(i) else {
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
    let export = |w: i64| w * WEIGHT_ONE / ONE;
    let mut table = Box::new([0_i16; TEXT_MODEL_BUCKETS]);
    for (slot, w) in table.iter_mut().zip(&weights) {
        *slot = i16::try_from(export(*w).clamp(i16::MIN.into(), i16::MAX.into())).unwrap_or(0);
    }
    Trained {
        weights: table,
        bias: i32::try_from(export(bias)).unwrap_or(0),
        rows: examples.len(),
        minor: examples.iter().filter(|(_, minor)| *minor).count(),
    }
}

/// Fisher-Yates with xorshift64: the same order for the same seed everywhere.
fn shuffle(order: &mut [usize], rng: &mut u64) {
    for i in (1..order.len()).rev() {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        let j = (*rng % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
}
