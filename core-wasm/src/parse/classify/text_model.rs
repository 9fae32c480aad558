//! The text model (issue 21 item 2): a second opinion on charge text the tables read as saying
//! nothing about traffic.
//!
//! A logistic regression "is this charge text minor traffic?" over hashed word unigrams, word
//! bigrams and character 3- and 4-grams of the charge's match key (`ChargeText::key`, the
//! classifier's own normalisation), trained offline on the development data
//! (`core-wasm/examples/classify_report/train.rs`) and carried as a table of integer weights
//! (`text_model_table.rs`). Integer arithmetic only: the same score natively and in wasm.
//!
//! It is only ever asked where the traffic reading would be `none` because nothing in the text,
//! statute or type spoke (`traffic::read`), and it can only turn that `none` into `unknown`: a
//! model never makes a charge less reportable on its own.

use super::text::{ChargeText, normalize_charge_text};
use super::text_model_table::{BIAS, THRESHOLD, WEIGHTS};

/// Buckets of the feature hash: the length of every weight table.
pub const TEXT_MODEL_BUCKETS: usize = 8192;

/// Fixed-point unit of the exported weights and bias: a weight of `WEIGHT_ONE` adds 1.0 to the
/// log-odds.
pub const WEIGHT_ONE: i64 = 1024;

/// A trained text model: a weight per feature bucket, a bias and the score from which its
/// opinion counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextModel<'a> {
    weights: &'a [i16; TEXT_MODEL_BUCKETS],
    bias: i32,
    /// Scores (per mille) at or above it read minor traffic.
    threshold: u16,
}

/// The model the engine ships (`text_model_table.rs`).
static SHIPPED: TextModel<'static> = TextModel::new(&WEIGHTS, BIAS, THRESHOLD);

impl<'a> TextModel<'a> {
    pub const fn new(weights: &'a [i16; TEXT_MODEL_BUCKETS], bias: i32, threshold: u16) -> Self {
        Self {
            weights,
            bias,
            threshold,
        }
    }

    /// The model production uses.
    pub fn shipped() -> &'static TextModel<'static> {
        &SHIPPED
    }

    /// The model's probability (per mille) that a charge text is minor traffic.
    pub fn score(&self, charge: &str) -> u16 {
        let display = normalize_charge_text(charge);
        self.score_key(ChargeText::new(&display).key())
    }

    /// `score` of a charge's match key.
    pub(crate) fn score_key(&self, key: &[&str]) -> u16 {
        let mut log_odds = i64::from(self.bias);
        for_each_feature(key, |bucket| {
            log_odds += i64::from(self.weights.get(bucket).copied().unwrap_or(0));
        });
        let per_mille = squash(log_odds, WEIGHT_ONE) * 1000 / WEIGHT_ONE;
        u16::try_from(per_mille).unwrap_or(0)
    }

    /// The score (per mille) when the model reads the key as minor traffic.
    pub(crate) fn reads_minor(&self, key: &[&str]) -> Option<u16> {
        let score = self.score_key(key);
        (score >= self.threshold).then_some(score)
    }

    pub fn threshold(&self) -> u16 {
        self.threshold
    }
}

/// Calls `each` with the feature bucket of every word, word pair and character 3- and 4-gram of
/// a charge text (its match key): the one definition the trainer and the engine share.
pub fn text_model_features(charge: &str, each: impl FnMut(usize)) {
    let display = normalize_charge_text(charge);
    for_each_feature(ChargeText::new(&display).key(), each);
}

/// Hash kinds, so a word and a character gram with the same letters are different features.
const WORD: u8 = 1;
const PAIR: u8 = 2;
const GRAM3: u8 = 3;
const GRAM4: u8 = 4;

fn for_each_feature(key: &[&str], mut each: impl FnMut(usize)) {
    let mut previous: Option<&str> = None;
    for word in key {
        each(bucket(Fnv::new(WORD).bytes(word.as_bytes())));
        if let Some(before) = previous {
            each(bucket(
                Fnv::new(PAIR)
                    .bytes(before.as_bytes())
                    .bytes(b" ")
                    .bytes(word.as_bytes()),
            ));
        }
        previous = Some(word);
        grams(word.as_bytes(), &mut each);
    }
}

/// Character 3- and 4-grams of a word between boundary marks (`^SPEED$`): short court
/// abbreviations share them with the words they shorten (`INTSEC`, `INTERSECTION`).
fn grams(word: &[u8], each: &mut impl FnMut(usize)) {
    let at = |i: usize| {
        if i == 0 {
            b'^'
        } else {
            word.get(i - 1).copied().unwrap_or(b'$')
        }
    };
    // Positions in the marked word, `^` at 0 and `$` at len + 1.
    let marked = word.len() + 2;
    for (n, kind) in [(3, GRAM3), (4, GRAM4)] {
        for start in 0..marked.saturating_sub(n - 1) {
            let mut hash = Fnv::new(kind);
            for i in start..start + n {
                hash = hash.bytes(&[at(i)]);
            }
            each(bucket(hash));
        }
    }
}

/// FNV-1a, 32 bits: fixed, so the trained table and the engine agree everywhere.
#[derive(Clone, Copy)]
struct Fnv(u32);

impl Fnv {
    fn new(kind: u8) -> Self {
        Fnv(0x811c_9dc5).bytes(&[kind])
    }

    fn bytes(self, bytes: &[u8]) -> Self {
        let mut hash = self.0;
        for b in bytes {
            hash ^= u32::from(*b);
            hash = hash.wrapping_mul(0x0100_0193);
        }
        Fnv(hash)
    }
}

fn bucket(hash: Fnv) -> usize {
    // The high bits folded in: FNV's low bits alone mix poorly.
    ((hash.0 ^ (hash.0 >> 15)) as usize) % TEXT_MODEL_BUCKETS
}

/// The logistic function in integers: the piecewise-linear approximation of Amin, Curtis and
/// Hayes-Gill (1997), in units of `one` (log-odds and probability alike), its middle pieces
/// meeting where their lines cross (7/3, not the paper's 2.375, where it steps down). Exact and
/// the same on every platform, so training and scoring need no floating point.
pub fn squash(log_odds: i64, one: i64) -> i64 {
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
