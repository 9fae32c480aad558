//! Table phrases compiled once into an index by first word, and the phrase groups and rows the
//! readers ask it about.
//!
//! Looking each phrase up on its own costs one walk of the text per phrase, for every row of
//! every table, on every charge. A `PhraseIndex` instead walks the text once and reports every
//! phrase found (`scan`), or the earliest-listed phrase starting at one word (`first_at`), with
//! one hash look-up per word. Match semantics are `Words::find`'s: whole words, a trailing `*`
//! matches a prefix, an empty phrase never matches.

use std::collections::BTreeMap;
use std::fmt;

use smallvec::SmallVec;

use super::jagged::Jagged;
use super::lookup::WordMap;
use crate::text_eq::{starts_with, text_eq};

/// Position of a distinct phrase in its `PhraseIndex` (in order of first `intern`).
pub(crate) type PhraseId = usize;

/// One pattern word against one text word: exact, or a prefix when the pattern ends in `*`.
pub(crate) fn word_matches(word: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => !prefix.is_empty() && starts_with(word, prefix),
        None => text_eq(word, pattern),
    }
}

/// A pattern word as the table writes it, a trailing `*` and all: eight bytes where the word and
/// a flag took twelve, in every index of the warm tables (every fresh instance's memory).
#[derive(Clone, Copy)]
struct Pattern(&'static str);

impl Pattern {
    /// The prefix a `*` pattern matches (empty for `*` alone, which matches nothing).
    fn prefix(self) -> Option<&'static str> {
        self.0.strip_suffix('*')
    }

    /// The word, or the prefix without its `*`.
    fn text(self) -> &'static str {
        self.prefix().unwrap_or(self.0)
    }

    fn matches(self, word: &str) -> bool {
        match self.prefix() {
            Some(prefix) => !prefix.is_empty() && starts_with(word, prefix),
            None => text_eq(word, self.0),
        }
    }
}

/// Number of a `Group` in its index (in order of creation).
type GroupId = usize;

/// A phrase id, group number, position or row number as the compiled tables store it: an index
/// holds a few thousand phrases and groups, a table a few hundred rows, so two bytes where a
/// `usize` took four in the wasm module (eight natively), in every list the index keeps per
/// phrase and per membership, which every fresh instance copies with its memory image.
type Small = u16;

/// `n` as stored; past `Small`'s reach it would stop matching (the tests build every shipped
/// index, so they would stop here first).
fn small(n: usize) -> Small {
    debug_assert!(n <= usize::from(Small::MAX));
    Small::try_from(n).unwrap_or(Small::MAX)
}

/// Collects the distinct phrases of one or more tables; `build` makes the index.
#[derive(Default)]
pub(crate) struct PhraseIndexBuilder {
    ids: BTreeMap<&'static str, PhraseId>,
    phrases: Vec<&'static str>,
    /// (phrase, group, position in the group) of every phrase of every `Group`.
    members: Vec<(PhraseId, GroupId, usize)>,
    groups: usize,
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

    /// A new group of `phrases` (see `Group`).
    fn group(&mut self, phrases: &'static [&'static str]) -> (GroupId, Vec<PhraseId>) {
        let group = self.groups;
        self.groups += 1;
        let ids = self.intern_all(phrases);
        for (at, id) in ids.iter().enumerate() {
            self.members.push((*id, group, at));
        }
        (group, ids)
    }

    pub(crate) fn build(self) -> PhraseIndex {
        let patterns = Jagged::from_lists(
            self.phrases
                .iter()
                .map(|p| p.split(' ').filter(|w| !w.is_empty()).map(Pattern)),
        );
        // The list number of each plain first word, and (list, id) of the phrases it starts.
        let mut by_first: WordMap<&'static str, usize> = WordMap::default();
        let mut first_of: Vec<(usize, PhraseId)> = Vec::new();
        // (bucket, pattern, id) of the phrases whose first word is a prefix pattern.
        let mut prefixed: Vec<(usize, Pattern, PhraseId)> = Vec::new();
        for id in 0..patterns.len() {
            match patterns.get(id).first() {
                // `*` alone matches nothing.
                Some(first) if first.prefix().is_some_and(str::is_empty) => {}
                Some(first) if first.prefix().is_some() => {
                    let bytes = first.text().as_bytes();
                    let lead = symbol(bytes.first().copied());
                    match bytes.get(1) {
                        Some(second) => {
                            prefixed.push((bucket(lead, symbol(Some(*second))), *first, id))
                        }
                        // A one-letter prefix starts every word of its letter.
                        None => prefixed
                            .extend((0..SYMBOLS).map(|second| (bucket(lead, second), *first, id))),
                    }
                }
                Some(first) => {
                    let lists = by_first.len();
                    first_of.push((*by_first.entry(first.text()).or_insert(lists), id));
                }
                None => {} // an empty phrase never matches
            }
        }
        prefixed.sort_unstable_by_key(|(bucket, _, id)| (*bucket, *id));
        // Tables hold a few hundred prefix patterns; any past `PrefixStart`'s reach would never
        // be tried (the tests build every shipped index, so they would stop here first).
        debug_assert!(prefixed.len() <= usize::from(PrefixStart::MAX));
        prefixed.truncate(usize::from(PrefixStart::MAX));
        // Bucket `b` starts after every pattern of a lower bucket. Starts stop after the end of
        // the last bucket that holds a pattern: a bucket without both bounds is empty.
        let bounded = prefixed.last().map_or(0, |(last, _, _)| last + 2);
        let prefix_starts = (0..bounded)
            .map(|b| {
                let start = prefixed.partition_point(|(at, _, _)| *at < b);
                PrefixStart::try_from(start).unwrap_or(PrefixStart::MAX)
            })
            .collect();
        let by_prefix = prefixed.into_iter().map(|(_, p, id)| (p, id)).collect();
        let first_ids = Jagged::from_pairs(
            by_first.len(),
            first_of.into_iter().map(|(list, id)| (list, small(id))),
        );
        let mut members = self.members;
        // By phrase, then group (as they were made); a phrase listed twice in a group keeps its
        // first position.
        members.sort_by_key(|(id, group, _)| (*id, *group));
        members.dedup_by_key(|(id, group, _)| (*id, *group));
        let groups_of = Jagged::from_pairs(
            patterns.len(),
            members
                .into_iter()
                .map(|(id, group, at)| (id, (small(group), small(at)))),
        );
        let (known_words, known_prefixes) = known_pattern_words(patterns.items());
        PhraseIndex {
            patterns,
            by_first,
            first_ids,
            prefix_starts,
            by_prefix,
            groups_of,
            known_words,
            known_prefixes,
        }
    }
}

/// The compiled phrases (see the module comment).
pub(crate) struct PhraseIndex {
    /// Pattern words of each phrase, by id.
    patterns: Jagged<Pattern>,
    /// The list in `first_ids` of the phrases starting with a plain word, by that word: one hash
    /// per text word finds them.
    by_first: WordMap<&'static str, usize>,
    /// Ids of the phrases starting with each plain first word (ids ascending).
    first_ids: Jagged<Small>,
    /// (first word, id) of the phrases starting with a prefix pattern (`DISMISS*`), bucketed by
    /// their first two characters (`bucket`), ids ascending in each: a text word tries only the
    /// few patterns that start as it does. Bucket `b` is `by_prefix[prefix_starts[b]..
    /// prefix_starts[b + 1]]`, empty past the end of `prefix_starts`.
    prefix_starts: Vec<PrefixStart>,
    by_prefix: Vec<(Pattern, PhraseId)>,
    /// The groups each phrase belongs to, with its position in each.
    groups_of: Jagged<(Small, Small)>,
    /// Every plain pattern word and every prefix pattern, in any position, each sorted, as
    /// positions in `patterns.items()`: asked only of words the text reader would otherwise take
    /// for shortened ones (`knows`), so a binary search costs nothing that shows, and a list of
    /// positions is a quarter of a list of `&str` in every fresh instance's memory.
    known_words: Vec<PatternAt>,
    known_prefixes: Vec<PatternAt>,
}

/// A position in a `PhraseIndex`'s `patterns.items()` (an index holds at most a few thousand
/// pattern words).
type PatternAt = u16;

/// `known_words` and `known_prefixes` of an index whose pattern words are `items`: the distinct
/// texts of its plain and of its prefix patterns, each sorted by text.
fn known_pattern_words(items: &[Pattern]) -> (Vec<PatternAt>, Vec<PatternAt>) {
    // Past `PatternAt`'s reach a word would go unknown (the tests build every shipped index, so
    // they would stop here first).
    debug_assert!(items.len() <= usize::from(PatternAt::MAX));
    let text = |at: &PatternAt| pattern_text(items, *at);
    let (mut prefixes, mut words): (Vec<PatternAt>, Vec<PatternAt>) = (0..items.len())
        .filter_map(|at| PatternAt::try_from(at).ok())
        .partition(|at| {
            items
                .get(usize::from(*at))
                .is_some_and(|p| p.prefix().is_some())
        });
    for known in [&mut words, &mut prefixes] {
        known.sort_unstable_by_key(text);
        known.dedup_by_key(|at| text(at));
        known.shrink_to_fit();
    }
    (words, prefixes)
}

/// The text of pattern word `at` of `items` (empty past the end).
fn pattern_text(items: &[Pattern], at: PatternAt) -> &'static str {
    items.get(usize::from(at)).map_or("", |p| p.text())
}

/// Where a prefix bucket starts in `by_prefix`: up to 1,370 of them in an index (none in one
/// without prefix patterns), two bytes each rather than four, 2.7 KB less in every fresh
/// instance's memory per index.
type PrefixStart = u16;

/// Letters, digits, and one symbol for anything else (or no character).
const SYMBOLS: usize = 37;

fn symbol(byte: Option<u8>) -> usize {
    match byte {
        Some(b @ b'A'..=b'Z') => usize::from(b - b'A'),
        Some(b @ b'0'..=b'9') => 26 + usize::from(b - b'0'),
        _ => 36,
    }
}

/// The prefix bucket of a word or pattern starting with these two symbols.
fn bucket(first: usize, second: usize) -> usize {
    first * SYMBOLS + second
}

impl PhraseIndex {
    /// Every phrase that occurs anywhere in `text` (whole words, in order).
    pub(crate) fn scan(&self, text: &[&str]) -> Hits {
        // (id, 0) of each phrase found, then (group, position) of each group they are in: one
        // list, so a text with hits costs one allocation.
        let mut entries: Vec<(usize, usize)> = Vec::new();
        for start in 0..text.len() {
            self.starting_at(text, start, |id| {
                if entries.capacity() == 0 {
                    entries.reserve(8);
                }
                entries.push((id, 0));
            });
        }
        entries.sort_unstable();
        entries.dedup();
        let found = entries.len();
        let memberships = |id: usize| self.groups_of.get(id);
        let groups: usize = entries.iter().map(|(id, _)| memberships(*id).len()).sum();
        entries.reserve(groups);
        for at in 0..found {
            if let Some((id, _)) = entries.get(at).copied() {
                entries.extend(
                    memberships(id)
                        .iter()
                        .map(|(group, at)| (usize::from(*group), usize::from(*at))),
                );
            }
        }
        // By group, the earliest-listed phrase first.
        if let Some(groups) = entries.get_mut(found..) {
            groups.sort_unstable();
        }
        if entries.len() > found + 1 {
            let mut seen = 0;
            let mut last_group = None;
            entries.retain(|(group, _)| {
                seen += 1;
                if seen <= found {
                    return true;
                }
                let first = last_group != Some(*group);
                last_group = Some(*group);
                first
            });
        }
        Hits { entries, found }
    }

    /// The lowest id among the phrases that start at word `start`.
    pub(crate) fn first_at(&self, text: &[&str], start: usize) -> Option<PhraseId> {
        let mut first: Option<PhraseId> = None;
        self.starting_at(text, start, |id| {
            first = Some(first.map_or(id, |f| f.min(id)));
        });
        first
    }

    /// True when some phrase has a word that `word` matches, in any position.
    pub(crate) fn knows(&self, word: &str) -> bool {
        let items = self.patterns.items();
        let has = |known: &[PatternAt], text: &str| {
            known
                .binary_search_by(|at| pattern_text(items, *at).cmp(text))
                .is_ok()
        };
        has(&self.known_words, word)
            || (1..=word.len()).any(|end| {
                word.get(..end)
                    .is_some_and(|prefix| has(&self.known_prefixes, prefix))
            })
    }

    /// Number of pattern words of a phrase.
    pub(crate) fn word_count(&self, id: PhraseId) -> usize {
        self.patterns.get(id).len()
    }

    /// Calls `found` with each phrase that occurs at word `start` (any order, no repeats).
    fn starting_at(&self, text: &[&str], start: usize, mut found: impl FnMut(PhraseId)) {
        let Some(word) = text.get(start).copied() else {
            return;
        };
        if let Some(list) = self.by_first.get(word) {
            for id in self.first_ids.get(*list) {
                let id = usize::from(*id);
                if self.rest_matches(text, start, id) {
                    found(id);
                }
            }
        }
        let bytes = word.as_bytes();
        let b = bucket(
            symbol(bytes.first().copied()),
            symbol(bytes.get(1).copied()),
        );
        let range = match (self.prefix_starts.get(b), self.prefix_starts.get(b + 1)) {
            (Some(from), Some(to)) => usize::from(*from)..usize::from(*to),
            _ => 0..0,
        };
        for (pattern, id) in self.by_prefix.get(range).unwrap_or_default() {
            if pattern.matches(word) && self.rest_matches(text, start, *id) {
                found(*id);
            }
        }
    }

    /// True when the words after the first of phrase `id` follow word `start` in `text`.
    fn rest_matches(&self, text: &[&str], start: usize, id: PhraseId) -> bool {
        self.patterns
            .get(id)
            .iter()
            .enumerate()
            .skip(1)
            .all(|(i, p)| text.get(start + i).is_some_and(|w| p.matches(w)))
    }
}

/// Which phrases of an index a text contains (the result of `PhraseIndex::scan`).
pub(crate) struct Hits {
    /// `(id, 0)` of each phrase found, ascending by id (a text holds few phrases, so a short
    /// sorted list beats a flag per phrase of the index; no allocation at all when nothing is
    /// found, the usual case), then `(group, position of its earliest-listed phrase found)`,
    /// by group.
    entries: Vec<(usize, usize)>,
    /// How many of `entries` are phrases found.
    found: usize,
}

impl Hits {
    /// `(id, 0)` of the phrases found, ascending.
    fn found(&self) -> &[(PhraseId, usize)] {
        self.entries.get(..self.found).unwrap_or_default()
    }

    /// `(group, position)` of the groups found, by group.
    fn groups(&self) -> &[(GroupId, usize)] {
        self.entries.get(self.found..).unwrap_or_default()
    }

    /// True when phrase `id` occurs.
    pub(crate) fn has(&self, id: PhraseId) -> bool {
        self.found()
            .binary_search_by_key(&id, |(found, _)| *found)
            .is_ok()
    }

    /// True when any of the phrases occurs (`Words::has_any`).
    pub(crate) fn has_any(&self, ids: &[PhraseId]) -> bool {
        ids.iter().any(|id| self.has(*id))
    }

    /// The ids found, ascending.
    pub(crate) fn ids(&self) -> impl Iterator<Item = PhraseId> + '_ {
        self.found().iter().map(|(id, _)| *id)
    }

    /// True when at least one phrase occurs.
    pub(crate) fn any(&self) -> bool {
        self.found > 0
    }

    /// Position of the earliest-listed phrase of a group that occurs.
    fn in_group(&self, group: GroupId) -> Option<usize> {
        let groups = self.groups();
        let at = groups.binary_search_by_key(&group, |(g, _)| *g).ok()?;
        groups.get(at).map(|(_, position)| *position)
    }
}

/// Candidate rows kept on the stack: a charge's text hits a handful of rows (16 take 64 bytes
/// in the wasm module, 128 natively); more spill to the heap.
pub(crate) const CANDIDATES_ON_STACK: usize = 16;

/// Which table rows a found phrase can fire, so a table is not walked row by row when only a
/// few of its phrases occur. Each row names its trigger phrases (a row can only fire when one
/// of them occurs); a row with none is tried on every text.
pub(crate) struct RowsByPhrase {
    by_phrase: Jagged<Small>,
    always: Vec<Small>,
}

impl RowsByPhrase {
    /// `triggers` holds, per row in table order, the phrases of which one must occur.
    pub(crate) fn new<'a>(triggers: impl Iterator<Item = &'a [PhraseId]>) -> Self {
        // (phrase, row), rows ascending.
        let mut pairs: Vec<(PhraseId, Small)> = Vec::new();
        let mut always = Vec::new();
        for (row, ids) in triggers.enumerate() {
            if ids.is_empty() {
                always.push(small(row));
            }
            pairs.extend(ids.iter().map(|id| (*id, small(row))));
        }
        let phrases = pairs.iter().map(|(id, _)| id + 1).max().unwrap_or(0);
        always.shrink_to_fit();
        Self {
            by_phrase: Jagged::from_pairs(phrases, pairs),
            always,
        }
    }

    /// The rows that may fire on a text with these hits, ascending (table order); on the stack
    /// for the few rows a text nearly always has (asked once or twice a charge).
    pub(crate) fn candidates(&self, hits: &Hits) -> SmallVec<[usize; CANDIDATES_ON_STACK]> {
        let of = |id: &PhraseId| self.by_phrase.get(*id);
        // Sized once: no growth while the rows are gathered.
        let mut rows = SmallVec::with_capacity(
            self.always.len() + hits.ids().map(|id| of(&id).len()).sum::<usize>(),
        );
        rows.extend(self.always.iter().map(|row| usize::from(*row)));
        for id in hits.ids() {
            rows.extend(of(&id).iter().map(|row| usize::from(*row)));
        }
        rows.sort_unstable();
        rows.dedup();
        rows
    }

    /// The first row, in table order, among the candidates of these hits that `fires`.
    pub(crate) fn first(&self, hits: &Hits, mut fires: impl FnMut(usize) -> bool) -> Option<usize> {
        let mut best: Option<usize> = None;
        let mut consider = |row: usize| {
            if best.is_none_or(|b| row < b) && fires(row) {
                best = Some(row);
            }
        };
        for row in &self.always {
            consider(usize::from(*row));
        }
        for id in hits.ids() {
            for row in self.by_phrase.get(id) {
                consider(usize::from(*row));
            }
        }
        best
    }
}

/// A list of phrases as ids of an index, with the phrases for evidence. The index knows the
/// groups of each phrase, so asking a group about a text costs one look-up in the text's few
/// hits, not one per phrase listed.
pub(crate) struct Group {
    group: GroupId,
    pub(crate) phrases: &'static [&'static str],
    /// (id, position of its first listing), by id.
    by_id: Vec<(Small, Small)>,
}

impl Group {
    pub(crate) fn new(builder: &mut PhraseIndexBuilder, phrases: &'static [&'static str]) -> Self {
        let (group, ids) = builder.group(phrases);
        let mut by_id: Vec<(Small, Small)> = ids
            .iter()
            .enumerate()
            .map(|(at, id)| (small(*id), small(at)))
            .collect();
        by_id.sort_unstable();
        by_id.dedup_by_key(|(id, _)| *id);
        by_id.shrink_to_fit();
        Self {
            group,
            phrases,
            by_id,
        }
    }

    /// The first listed phrase the text contains.
    pub(crate) fn first(&self, hits: &Hits) -> Option<&'static str> {
        self.phrases.get(hits.in_group(self.group)?).copied()
    }

    /// True when the text contains any of the phrases.
    pub(crate) fn any(&self, hits: &Hits) -> bool {
        hits.in_group(self.group).is_some()
    }

    /// Position in the list of the phrase `id` (its first), if listed.
    pub(crate) fn position(&self, id: PhraseId) -> Option<usize> {
        let id = Small::try_from(id).ok()?;
        let at = self.by_id.binary_search_by_key(&id, |(id, _)| *id).ok()?;
        self.by_id
            .get(at)
            .map(|(_, position)| usize::from(*position))
    }

    /// True when the list is empty.
    pub(crate) fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

/// Rows of phrases that must all occur, with the phrases for evidence.
pub(crate) struct Rows {
    rows: Jagged<Small>,
    /// Rows by their first phrase.
    by_first: RowsByPhrase,
    table: &'static [&'static [&'static str]],
}

impl Rows {
    pub(crate) fn new(
        builder: &mut PhraseIndexBuilder,
        table: &'static [&'static [&'static str]],
    ) -> Self {
        let ids: Vec<Vec<PhraseId>> = table.iter().map(|row| builder.intern_all(row)).collect();
        let by_first = RowsByPhrase::new(ids.iter().map(|row| row.get(..1).unwrap_or(&[])));
        let rows = Jagged::from_lists(
            ids.iter()
                .map(|row| row.iter().map(|id| small(*id)).collect::<Vec<_>>()),
        );
        Self {
            rows,
            by_first,
            table,
        }
    }

    /// The first row whose phrases all occur; it shows as its phrases joined with ` + `.
    pub(crate) fn first_row(&self, hits: &Hits) -> Option<Row> {
        if !hits.any() {
            return None;
        }
        let i = self.by_first.first(hits, |i| {
            let row = self.rows.get(i);
            !row.is_empty() && row.iter().all(|id| hits.has(usize::from(*id)))
        })?;
        self.table.get(i).map(|phrases| Row(phrases))
    }
}

/// A table row as evidence shows it: its phrases joined with ` + `.
#[derive(Clone, Copy)]
pub(crate) struct Row(pub(crate) &'static [&'static str]);

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, phrase) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            f.write_str(phrase)?;
        }
        Ok(())
    }
}
