//! Table phrases compiled once into an index by first word.
//!
//! Looking each phrase up with `Words::has` costs one scan of the text per phrase, for every row
//! of every table, on every charge. A `PhraseIndex` instead walks the text once and reports every
//! phrase found (`scan`), or the earliest-listed phrase starting at one word (`first_at`), with
//! one hash look-up per word. Match semantics are exactly `Words::find`'s: whole words, a
//! trailing `*` matches a prefix, an empty phrase never matches.

use std::collections::BTreeMap;

use super::lookup::FnvMap;

/// Position of a distinct phrase in its `PhraseIndex` (in order of first `intern`).
pub(crate) type PhraseId = usize;

/// Collects the distinct phrases of one or more tables; `build` makes the index.
#[derive(Default)]
pub(crate) struct PhraseIndexBuilder {
    ids: BTreeMap<&'static str, PhraseId>,
    phrases: Vec<&'static str>,
}

impl PhraseIndexBuilder {
    /// Id of `phrase`, added if new. The same text always gets the same id.
    pub(crate) fn intern(&mut self, phrase: &'static str) -> PhraseId {
        let next = self.phrases.len();
        let id = *self.ids.entry(phrase).or_insert(next);
        if id == next {
            self.phrases.push(phrase);
        }
        id
    }

    /// Ids of a list of phrases (one `has_any` group).
    pub(crate) fn intern_all(&mut self, phrases: &[&'static str]) -> Vec<PhraseId> {
        phrases.iter().map(|p| self.intern(p)).collect()
    }

    pub(crate) fn build(self) -> PhraseIndex {
        let patterns: Vec<Vec<&'static str>> = self
            .phrases
            .iter()
            .map(|p| p.split(' ').filter(|w| !w.is_empty()).collect())
            .collect();
        let mut by_first: FnvMap<&'static str, Vec<PhraseId>> = FnvMap::default();
        let mut by_prefix: Vec<Vec<(&'static str, PhraseId)>> = vec![Vec::new(); 256];
        for (id, pattern) in patterns.iter().enumerate() {
            match pattern.first() {
                Some(first) if first.ends_with('*') => {
                    let byte = usize::from(first.as_bytes().first().copied().unwrap_or(0));
                    if let Some(bucket) = by_prefix.get_mut(byte) {
                        bucket.push((*first, id));
                    }
                }
                Some(first) => by_first.entry(*first).or_default().push(id),
                None => {} // an empty phrase never matches
            }
        }
        PhraseIndex {
            patterns,
            by_first,
            by_prefix,
        }
    }
}

/// The compiled phrases (see the module comment).
pub(crate) struct PhraseIndex {
    /// Pattern words of each phrase, by id.
    patterns: Vec<Vec<&'static str>>,
    /// Ids of the phrases starting with a plain word, by that word (ids ascending): one hash per
    /// text word finds them.
    by_first: FnvMap<&'static str, Vec<PhraseId>>,
    /// (first word, id) of the phrases starting with a prefix pattern (`DISMISS*`), bucketed by
    /// the pattern's first byte, ids ascending: a text word tries only its own letter's bucket.
    by_prefix: Vec<Vec<(&'static str, PhraseId)>>,
}

impl PhraseIndex {
    /// Every phrase that occurs anywhere in `text` (whole words, in order).
    pub(crate) fn scan(&self, text: &[&str]) -> Hits {
        let mut found = Vec::new();
        for start in 0..text.len() {
            found.extend(self.starting_at(text, start));
        }
        found.sort_unstable();
        found.dedup();
        Hits { found }
    }

    /// The lowest id among the phrases that start at word `start`.
    pub(crate) fn first_at(&self, text: &[&str], start: usize) -> Option<PhraseId> {
        self.starting_at(text, start).min()
    }

    /// Number of phrases.
    pub(crate) fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Number of pattern words of a phrase.
    pub(crate) fn word_count(&self, id: PhraseId) -> usize {
        self.patterns.get(id).map_or(0, Vec::len)
    }

    /// Ids of the phrases that occur at word `start` (any order, no repeats).
    fn starting_at<'s>(
        &'s self,
        text: &'s [&str],
        start: usize,
    ) -> impl Iterator<Item = PhraseId> + 's {
        let word = text.get(start).copied().unwrap_or("");
        let exact = self.by_first.get(word).map_or(&[][..], Vec::as_slice);
        let byte = word.as_bytes().first().map_or(0, |b| usize::from(*b));
        let prefixed = self
            .by_prefix
            .get(byte)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter(move |(p, _)| word_matches(word, p))
            .map(|(_, id)| *id);
        exact
            .iter()
            .copied()
            .chain(prefixed)
            .filter(move |id| self.rest_matches(text, start, *id))
    }

    /// True when the words after the first of phrase `id` follow word `start` in `text`.
    fn rest_matches(&self, text: &[&str], start: usize, id: PhraseId) -> bool {
        let Some(pattern) = self.patterns.get(id) else {
            return false;
        };
        pattern
            .iter()
            .enumerate()
            .skip(1)
            .all(|(i, p)| text.get(start + i).is_some_and(|w| word_matches(w, p)))
    }
}

/// Which phrases of an index a text contains (the result of `PhraseIndex::scan`).
pub(crate) struct Hits {
    /// Ids found, ascending: a text holds few phrases, so a short sorted list beats a flag per
    /// phrase of the index (no allocation at all when nothing is found, the usual case).
    found: Vec<PhraseId>,
}

impl Hits {
    /// True when phrase `id` occurs.
    pub(crate) fn has(&self, id: PhraseId) -> bool {
        self.found.binary_search(&id).is_ok()
    }

    /// True when any of the phrases occurs (`Words::has_any`).
    pub(crate) fn has_any(&self, ids: &[PhraseId]) -> bool {
        ids.iter().any(|id| self.has(*id))
    }

    /// The ids found, ascending.
    pub(crate) fn ids(&self) -> &[PhraseId] {
        &self.found
    }

    /// True when at least one phrase occurs.
    pub(crate) fn any(&self) -> bool {
        !self.found.is_empty()
    }
}

/// Which table rows a found phrase can fire, so a table is not walked row by row when only a
/// few of its phrases occur. Each row names its trigger phrases (a row can only fire when one
/// of them occurs); a row with none is tried on every text.
pub(crate) struct RowsByPhrase {
    by_phrase: Vec<Vec<usize>>,
    always: Vec<usize>,
}

impl RowsByPhrase {
    /// `triggers` holds, per row in table order, the phrases of which one must occur.
    pub(crate) fn new<'a>(triggers: impl Iterator<Item = &'a [PhraseId]>) -> Self {
        let mut by_phrase: Vec<Vec<usize>> = Vec::new();
        let mut always = Vec::new();
        for (row, ids) in triggers.enumerate() {
            if ids.is_empty() {
                always.push(row);
            }
            for id in ids {
                if by_phrase.len() <= *id {
                    by_phrase.resize_with(id + 1, Vec::new);
                }
                if let Some(rows) = by_phrase.get_mut(*id) {
                    rows.push(row);
                }
            }
        }
        Self { by_phrase, always }
    }

    /// The rows that may fire on a text with these hits, ascending (table order).
    pub(crate) fn candidates(&self, hits: &Hits) -> Vec<usize> {
        let mut rows = self.always.clone();
        for id in &hits.found {
            rows.extend(self.by_phrase.get(*id).map_or(&[][..], Vec::as_slice));
        }
        rows.sort_unstable();
        rows.dedup();
        rows
    }
}

/// One pattern word against one text word: exact, or a prefix when the pattern ends in `*`.
pub(crate) fn word_matches(word: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => !prefix.is_empty() && word.starts_with(prefix),
        None => word == pattern,
    }
}
