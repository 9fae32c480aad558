//! Keyed look-ups for the classifier tables, built once in the warm tables.
//!
//! Walking a table row by row compares the key with every row (hundreds of string compares per
//! charge). These maps find the rows of one key with a single hash. The hasher is FNV-1a with a
//! fixed seed: the engine must not depend on randomness (std's default hasher seeds itself).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a (64 bit): fast on short keys such as words and codes, and deterministic.
pub(crate) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// A hash map with the fixed FNV hasher.
pub(crate) type FnvMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

/// Row numbers of a table by key, each list in table order, so "the first row that ..." keeps
/// the meaning it had when the table was walked from the top.
pub(crate) struct RowsByKey {
    rows: FnvMap<&'static str, Vec<usize>>,
}

impl RowsByKey {
    /// Indexes `keys` (one per table row, in table order).
    pub(crate) fn new(keys: impl Iterator<Item = &'static str>) -> Self {
        let mut rows: FnvMap<&'static str, Vec<usize>> = FnvMap::default();
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
