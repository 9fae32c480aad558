//! The fixed tuning / held-back split of the development data, per state: what is tuned on a
//! state's misses is also scored on rows of it that were never looked at.
//!
//! A row's part depends only on its text: FNV-1a (64 bit) of the text, upper case with whitespace
//! collapsed, modulo 10; 0, 1 and 2 are held back (about 30 %), the rest is for tuning. The same
//! text therefore always lands in the same part, in every file and with any degree, so a charge
//! seen while tuning is never scored as unseen. Changing this function invalidates every figure
//! reported with it: do not.

/// Which part of the development data a row belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Rules may be tuned while looking at these rows and their misses.
    Tuning,
    /// Only ever scored; their misses are never printed.
    HeldBack,
}

/// The part of one row, from its charge or disposition text.
pub fn part_of(text: &str) -> Part {
    let key = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase();
    if fnv1a(key.as_bytes()) % 10 < 3 {
        Part::HeldBack
    } else {
        Part::Tuning
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
