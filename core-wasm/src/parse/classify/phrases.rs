//! Table phrases compiled once into an index by first word.
//!
//! Looking each phrase up with `Words::has` costs one scan of the text per phrase, for every row
//! of every table, on every charge. A `PhraseIndex` instead walks the text once and reports every
//! phrase found (`scan`), or the earliest-listed phrase starting at one word (`first_at`). Match
//! semantics are exactly `Words::find`'s: whole words, a trailing `*` matches a prefix, an empty
//! phrase never matches.

use std::collections::BTreeMap;

use super::text::{Words, word_matches};

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
        let mut by_first = Vec::new();
        let mut by_prefix = Vec::new();
        for (id, pattern) in patterns.iter().enumerate() {
            match pattern.first() {
                Some(first) if first.ends_with('*') => by_prefix.push((*first, id)),
                Some(first) => by_first.push((*first, id)),
                None => {} // an empty phrase never matches
            }
        }
        by_first.sort_unstable();
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
    /// (first word, id) for phrases starting with a plain word, sorted: one binary search per
    /// text word finds them.
    by_first: Vec<(&'static str, PhraseId)>,
    /// (first word, id) for phrases starting with a prefix pattern (`DISMISS*`), in id order.
    /// Few, so tried at every text word.
    by_prefix: Vec<(&'static str, PhraseId)>,
}

impl PhraseIndex {
    /// Every phrase that occurs anywhere in `words`.
    pub(crate) fn scan(&self, words: &Words<'_>) -> Hits {
        let mut found = vec![false; self.patterns.len()];
        let mut none = true;
        let text = words.as_slice();
        for start in 0..text.len() {
            for id in self.starting_at(text, start) {
                if let Some(slot) = found.get_mut(id) {
                    *slot = true;
                    none = false;
                }
            }
        }
        Hits { found, none }
    }

    /// The lowest id among the phrases that start at word `start`.
    pub(crate) fn first_at(&self, text: &[&str], start: usize) -> Option<PhraseId> {
        self.starting_at(text, start).min()
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
        let from = self.by_first.partition_point(|(w, _)| *w < word);
        let exact = self
            .by_first
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .take_while(move |(w, _)| *w == word);
        // A prefix pattern shares its first byte with the word: one byte compare skips most of
        // them before the string compare (the traffic families hold over a hundred).
        let first = word.as_bytes().first();
        let prefixed = self
            .by_prefix
            .iter()
            .filter(move |(p, _)| p.as_bytes().first() == first && word_matches(word, p));
        exact
            .chain(prefixed)
            .map(|(_, id)| *id)
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
    found: Vec<bool>,
    /// Nothing found: the usual case for the traffic tables, whose rows need not be walked then.
    none: bool,
}

impl Hits {
    /// True when phrase `id` occurs.
    pub(crate) fn has(&self, id: PhraseId) -> bool {
        self.found.get(id).copied().unwrap_or(false)
    }

    /// True when any of the phrases occurs (`Words::has_any`).
    pub(crate) fn has_any(&self, ids: &[PhraseId]) -> bool {
        ids.iter().any(|id| self.has(*id))
    }

    /// True when at least one phrase occurs.
    pub(crate) fn any(&self) -> bool {
        !self.none
    }
}
