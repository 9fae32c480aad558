//! Text normalisation shared by the classifiers, and word-boundary phrase matching.
//!
//! Two forms of a string exist: the *display* form (what a person reads: whitespace collapsed,
//! upper case, punctuation kept) and the *match key* (punctuation to spaces, so `N/A`, `N A` and
//! `N-A` hit one key, as DISPOSITIONS.md A2 step 1 recommends). Tables are always matched against
//! match keys, one whole word at a time, so `DUI` is never found inside another word.

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
    let mut out: Vec<&str> = Vec::with_capacity(words.len() + 4);
    let mut rest: &[&str] = &words;
    while let Some((first, tail)) = rest.split_first() {
        match ABBREVIATIONS
            .iter()
            .find(|(short, _)| starts_with_words(rest, short))
        {
            Some((short, long)) => {
                out.push(long);
                let used = short.split_whitespace().count().max(1);
                rest = rest.get(used..).unwrap_or(&[]);
            }
            None => {
                out.push(first);
                rest = tail;
            }
        }
    }
    out.join(" ")
}

/// A2 step 1: upper case, every character that is not a letter or digit becomes a space,
/// spaces collapsed.
pub(crate) fn clean(raw: &str) -> String {
    let mapped: String = raw
        .chars()
        .flat_map(char::to_uppercase)
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    mapped.split_whitespace().collect::<Vec<_>>().join(" ")
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

fn starts_with_words(words: &[&str], phrase: &str) -> bool {
    let mut n = 0usize;
    for (i, p) in phrase.split_whitespace().enumerate() {
        match words.get(i) {
            Some(w) if word_matches(w, p) => n += 1,
            _ => return false,
        }
    }
    n > 0
}

/// One pattern word against one text word: exact, or a prefix when the pattern ends in `*`.
fn word_matches(word: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => !prefix.is_empty() && word.starts_with(prefix),
        None => word == pattern,
    }
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

    /// Start and length of the first occurrence of `phrase`.
    pub(crate) fn find(&self, phrase: &str) -> Option<(usize, usize)> {
        let pattern: Vec<&str> = phrase.split_whitespace().collect();
        if pattern.is_empty() || pattern.len() > self.words.len() {
            return None;
        }
        self.words
            .windows(pattern.len())
            .position(|win| win.iter().zip(&pattern).all(|(w, p)| word_matches(w, p)))
            .map(|start| (start, pattern.len()))
    }

    /// True when any of `phrases` occurs.
    pub(crate) fn has_any(&self, phrases: &[&str]) -> bool {
        phrases.iter().any(|p| self.has(p))
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
