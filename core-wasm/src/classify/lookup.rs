//! Keyed look-ups for the classifier tables, built once in the warm tables.
//!
//! Walking a table row by row compares the key with every row (hundreds of string compares per
//! charge). These maps find the rows of one key with a single hash. The hasher has a fixed seed:
//! the engine must not depend on randomness (std's default hasher seeds itself).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fixed-seed hash for short keys such as words and codes (the multiply-rotate of rustc's
/// `FxHasher`, eight bytes at a time): fast, and deterministic.
pub(crate) struct WordHasher(u64);

impl Default for WordHasher {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in chunks.by_ref() {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            if let Some(head) = word.get_mut(..rest.len()) {
                head.copy_from_slice(rest);
            }
            // The length tells `AB` from `AB\0`.
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 56));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }
}

/// A hash map with the fixed `WordHasher`.
pub(crate) type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// Row numbers of a table by key, each list in table order, so "the first row that ..." keeps
/// the meaning it had when the table was walked from the top.
pub(crate) struct RowsByKey {
    rows: WordMap<&'static str, Vec<usize>>,
}

impl RowsByKey {
    /// Indexes `keys` (one per table row, in table order).
    pub(crate) fn new(keys: impl Iterator<Item = &'static str>) -> Self {
        let mut rows: WordMap<&'static str, Vec<usize>> = WordMap::default();
        for (row, key) in keys.enumerate() {
            rows.entry(key).or_default().push(row);
        }
        Self { rows }
    }

    /// The rows whose key is `key`, in table order (none when no row has it).
    pub(crate) fn get(&self, key: &str) -> &[usize] {
        self.rows.get(key).map_or(&[], Vec::as_slice)
    }
}
