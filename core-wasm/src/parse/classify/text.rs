//! Text normalisation shared by the classifiers, and word-boundary phrase matching.
//!
//! Two forms of a string exist: the *display* form (what a person reads: whitespace collapsed,
//! upper case, punctuation kept) and the *match key* (punctuation to spaces, so `N/A`, `N A` and
//! `N-A` hit one key, as DISPOSITIONS.md A2 step 1 recommends). Tables are always matched against
//! match keys, one whole word at a time, so `DUI` is never found inside another word.

use std::sync::OnceLock;

use super::phrases::{PhraseId, PhraseIndex, PhraseIndexBuilder, word_matches};
use super::text_table::{ABBREVIATIONS, SLASH_PREFIXES};

/// Display form of a charge text: trimmed, whitespace collapsed, upper case, punctuation kept.
pub fn normalize_charge_text(raw: &str) -> String {
    let upper = raw.to_uppercase();
    upper.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Matching form of a charge text: upper case, `W/` and `W/O` spelled out, punctuation to
/// spaces, whitespace collapsed, and common abbreviations expanded (`POSS` -> `POSSESSION`,
/// `DWLS` -> `DRIVING WHILE LICENSE SUSPENDED`, ...). Only used for matching, never shown.
pub fn charge_match_key(raw: &str) -> String {
    let upper = raw.to_uppercase();
    // Slash abbreviations must be read before punctuation becomes a space, else `W/O` is `W O`.
    let mut spelled = String::with_capacity(upper.len() + 8);
    for word in upper.split_whitespace() {
        if !spelled.is_empty() {
            spelled.push(' ');
        }
        spelled.push_str(&expand_slash_prefix(word));
    }
    let cleaned = clean(&spelled);
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let abbreviations = abbreviations();
    let mut out: Vec<&str> = Vec::with_capacity(words.len() + 4);
    let mut at = 0;
    while let Some(word) = words.get(at) {
        // The first listed abbreviation that starts here wins, as in the table.
        match abbreviations.index.first_at(&words, at) {
            Some(id) => {
                out.push(abbreviations.expansions.get(id).copied().unwrap_or(word));
                at += abbreviations.index.word_count(id).max(1);
            }
            None => {
                out.push(word);
                at += 1;
            }
        }
    }
    out.join(" ")
}

/// `ABBREVIATIONS` compiled once: the short forms as an index, the expansion of each.
struct Abbreviations {
    index: PhraseIndex,
    /// Expansion by phrase id (a repeated short form keeps its first row, the one that wins).
    expansions: Vec<&'static str>,
}

fn abbreviations() -> &'static Abbreviations {
    static COMPILED: OnceLock<Abbreviations> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut builder = PhraseIndexBuilder::default();
        let mut expansions: Vec<&'static str> = Vec::with_capacity(ABBREVIATIONS.len());
        for (short, long) in ABBREVIATIONS {
            let id: PhraseId = builder.intern(short);
            if id == expansions.len() {
                expansions.push(long);
            }
        }
        Abbreviations {
            index: builder.build(),
            expansions,
        }
    })
}

/// A2 step 1: upper case, every character that is not a letter or digit becomes a space,
/// spaces collapsed.
pub(crate) fn clean(raw: &str) -> String {
    // One pass, one allocation: it runs on every disposition, type and statute.
    if raw.is_ascii() {
        clean_ascii(raw)
    } else {
        clean_chars(raw)
    }
}

/// `clean` for any text, character by character.
pub(crate) fn clean_chars(raw: &str) -> String {
    collapse(raw.chars().flat_map(char::to_uppercase), raw.len())
}

/// `clean` for ASCII text (nearly all court text), byte by byte: the same result without
/// decoding characters or the Unicode case tables.
pub(crate) fn clean_ascii(raw: &str) -> String {
    collapse(
        raw.bytes().map(|b| char::from(b.to_ascii_uppercase())),
        raw.len(),
    )
}

/// Upper-case characters -> letters and digits, each other run one space, none at the ends.
fn collapse(upper: impl Iterator<Item = char>, capacity: usize) -> String {
    let mut out = String::with_capacity(capacity);
    let mut gap = false;
    for c in upper {
        if !c.is_alphanumeric() {
            gap = true;
            continue;
        }
        if gap && !out.is_empty() {
            out.push(' ');
        }
        gap = false;
        out.push(c);
    }
    out
}

/// `W/O` -> `WITHOUT`, `W/` -> `WITH` at the start of a whitespace-separated word.
fn expand_slash_prefix(word: &str) -> String {
    for (prefix, long) in SLASH_PREFIXES {
        if let Some(rest) = word.strip_prefix(prefix) {
            // `W/OTHER` is not `WITHOUT THER`: only expand when the prefix stands alone or is
            // followed by a non-letter.
            let boundary =
                rest.chars().next().is_none_or(|c| !c.is_alphabetic()) || *prefix == "W/";
            if boundary {
                return if rest.is_empty() {
                    (*long).to_string()
                } else {
                    format!("{long} {rest}")
                };
            }
        }
    }
    word.to_string()
}

/// A cleaned string split into words, ready for phrase look-ups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Words<'a> {
    words: Vec<&'a str>,
}

impl<'a> Words<'a> {
    /// Splits an already cleaned (or match-key) string.
    pub(crate) fn new(cleaned: &'a str) -> Self {
        Self {
            words: cleaned.split_whitespace().collect(),
        }
    }

    /// True when `phrase` (space-separated pattern words, `*` suffix = prefix) occurs as a run of
    /// whole words. An empty phrase never matches.
    pub(crate) fn has(&self, phrase: &str) -> bool {
        self.find(phrase).is_some()
    }

    /// Start and length of the first occurrence of `phrase`. Allocation-free and cheap on a miss
    /// (one comparison per word for the phrase's first word): it runs for every table row on
    /// every charge.
    pub(crate) fn find(&self, phrase: &str) -> Option<(usize, usize)> {
        let mut pattern = phrase.split(' ').filter(|p| !p.is_empty());
        let first = pattern.next()?;
        let len = 1 + pattern.count();
        if len > self.words.len() {
            return None;
        }
        let last_start = self.words.len() - len;
        self.words
            .iter()
            .take(last_start + 1)
            .enumerate()
            .filter(|(_, w)| word_matches(w, first))
            .map(|(start, _)| start)
            .find(|&start| {
                let window = self.words.get(start + 1..).unwrap_or(&[]);
                phrase
                    .split(' ')
                    .filter(|p| !p.is_empty())
                    .skip(1)
                    .zip(window)
                    .all(|(p, w)| word_matches(w, p))
            })
            .map(|start| (start, len))
    }

    /// The words themselves.
    pub(crate) fn as_slice(&self) -> &[&'a str] {
        &self.words
    }

    /// A copy with the words of `[start, start + len)` blanked out, so a second look-up does not
    /// see a phrase that was already used.
    pub(crate) fn without(&self, start: usize, len: usize) -> Words<'a> {
        let words = self
            .words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                if i >= start && i < start + len {
                    ""
                } else {
                    *w
                }
            })
            .collect();
        Words { words }
    }
}
