//! Text normalisation shared by the classifiers, and word-boundary phrase matching.
//!
//! Three forms of a string exist: the *display* form (what a person reads: whitespace collapsed,
//! upper case, punctuation kept), its *words* (letters and digits, everything else a break, so
//! `N/A`, `N A` and `N-A` are one sequence, as docs/charges.md A2 step 1 recommends) and, for a
//! charge, its *match key* (the words with `W/`, `W/O` and abbreviations spelled out). Tables are
//! always matched one whole word at a time, so `DUI` is never found inside another word. A
//! charge's words and key are read once (`ChargeText`), as slices of its display form.

use std::borrow::Cow;
use std::sync::OnceLock;

use smallvec::SmallVec;

use super::jagged::Jagged;
use super::lexicon::lexicon;
use super::phrases::{PhraseIndex, PhraseIndexBuilder, word_matches};
use super::shared::Shared;
use super::tables::text::{ABBREVIATIONS, SHORTENED_WORDS, SLASH_PREFIXES};

/// Display form of a charge text: trimmed, whitespace collapsed, upper case, punctuation kept.
pub fn normalize_charge_text(raw: &str) -> String {
    if !raw.is_ascii() {
        let upper = raw.to_uppercase();
        return upper.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    if is_display_form(raw.as_bytes()) {
        // Court text as most courts send it (upper case, single spaces): a copy.
        return raw.to_owned();
    }
    // Nearly all other court text: one pass, one allocation. The ASCII whitespace of `split_whitespace`
    // (Unicode White_Space), vertical tab included.
    let mut out: Vec<u8> = Vec::with_capacity(raw.len());
    let mut gap = false;
    for b in raw.bytes() {
        if matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r') {
            gap = true;
            continue;
        }
        if gap && !out.is_empty() {
            out.push(b' ');
        }
        gap = false;
        out.push(b.to_ascii_uppercase());
    }
    // ASCII in, ASCII out.
    String::from_utf8(out).unwrap_or_default()
}

/// [`normalize_charge_text`] as text a record's charges share: one allocation when the text
/// already is its display form (most court text).
pub(crate) fn shared_charge_text(raw: &str) -> Shared {
    if raw.is_ascii() && is_display_form(raw.as_bytes()) {
        Shared::from(raw)
    } else {
        Shared::from(normalize_charge_text(raw))
    }
}

/// True when ASCII text already is its own display form: no lower case, no whitespace but
/// single spaces between other characters.
fn is_display_form(bytes: &[u8]) -> bool {
    single_spaced(bytes, |b| {
        !b.is_ascii_whitespace() && b != b'\x0B' && !b.is_ascii_lowercase()
    })
}

/// True when `bytes` are runs of bytes that `inner` accepts, one space between runs, none at
/// either end (one pass: it runs on every charge and type).
fn single_spaced(bytes: &[u8], inner: impl Fn(u8) -> bool) -> bool {
    // A space here would be at the start or after another space.
    let mut after_space = true;
    for &b in bytes {
        if b == b' ' {
            if after_space {
                return false;
            }
            after_space = true;
        } else if inner(b) {
            after_space = false;
        } else {
            return false;
        }
    }
    !after_space || bytes.is_empty()
}

/// Matching form of a charge text: upper case, `W/` and `W/O` spelled out, punctuation to
/// spaces, whitespace collapsed, and common abbreviations expanded (`POSS` -> `POSSESSION`,
/// `DWLS` -> `DRIVING WHILE LICENSE SUSPENDED`, ...). Only used for matching, never shown.
pub fn charge_match_key(raw: &str) -> String {
    let display = normalize_charge_text(raw);
    ChargeText::new(&display).key().join(" ")
}

/// Words of a charge text kept on the stack (12 take 96 bytes in the wasm module); a longer
/// text spills to the heap.
const WORDS_ON_STACK: usize = 12;

/// One charge text read once: its words and its match key, as slices of its display form (and
/// of the abbreviation table).
pub(crate) struct ChargeText<'a> {
    /// Letters and digits of the display form (`clean`), one word each; on the stack for the
    /// dozen words a charge or statute nearly always has.
    pub(crate) words: SmallVec<[&'a str; WORDS_ON_STACK]>,
    /// The match key when it differs from `words` (most charge texts have nothing to spell
    /// out, and then the words are the key: no second list).
    spelled: Option<Vec<&'a str>>,
}

impl<'a> ChargeText<'a> {
    /// Reads a display form (`normalize_charge_text`).
    pub(crate) fn new(display: &'a str) -> Self {
        if display.is_empty() {
            // No statute, say: nothing to read, nothing to allocate.
            return Self {
                words: SmallVec::new(),
                spelled: None,
            };
        }
        let mut words = SmallVec::new();
        push_words(display, &mut words);
        let spelled = if has_slash_prefix(display) {
            let spelled = spell_slash_prefixes(display);
            Some(expand_abbreviations(&spelled).unwrap_or(spelled))
        } else {
            expand_abbreviations(&words)
        };
        Self { words, spelled }
    }

    /// The match key (`charge_match_key`), one word each.
    pub(crate) fn key(&self) -> &[&'a str] {
        self.spelled.as_deref().unwrap_or(&self.words)
    }
}

/// Pushes the letter-and-digit runs of `text` (already upper case) onto `out`.
pub(crate) fn push_words<'a>(text: &'a str, out: &mut impl Extend<&'a str>) {
    if text.is_ascii() {
        let bytes = text.as_bytes();
        let mut start = None;
        for (i, b) in bytes.iter().enumerate() {
            match (b.is_ascii_alphanumeric(), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    out.extend(text.get(s..i));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            out.extend(text.get(s..));
        }
        return;
    }
    out.extend(
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty()),
    );
}

/// True when a word of the display form starts with `W/` (the rare text that needs spelling).
fn has_slash_prefix(display: &str) -> bool {
    display.contains("W/") && display.split(' ').any(|w| w.starts_with("W/"))
}

/// The words of a display form with `W/O` and `W/` spelled out where they start a word: `W/O` ->
/// `WITHOUT` when no letter follows (`W/OTHER` is `WITH OTHER`), `W/` -> `WITH`.
fn spell_slash_prefixes(display: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in display.split(' ') {
        let mut rest = word;
        for (prefix, long) in SLASH_PREFIXES {
            if let Some(after) = word.strip_prefix(prefix) {
                let boundary =
                    after.chars().next().is_none_or(|c| !c.is_alphabetic()) || *prefix == "W/";
                if boundary {
                    out.push(*long);
                    rest = after;
                    break;
                }
            }
        }
        push_words(rest, &mut out);
    }
    out
}

/// The match key of a charge's words: numbers cut from the units written against them, then
/// abbreviations spelled out (the first listed abbreviation that starts at a word wins, as in
/// the table), then a word no table knows read as the vehicle-law word it shortens. `None` when
/// that changes nothing: the words are their own key.
fn expand_abbreviations<'a>(words: &[&'a str]) -> Option<Vec<&'a str>> {
    if words.iter().any(|w| unit_at(w).is_some()) {
        let split = split_units(words);
        return Some(spell_out(&split).unwrap_or(split));
    }
    spell_out(words)
}

/// `expand_abbreviations` of words without units: `None` until a word changes, so a text with
/// nothing to spell out allocates nothing.
fn spell_out<'a>(words: &[&'a str]) -> Option<Vec<&'a str>> {
    let abbreviations = abbreviations();
    let mut out: Option<Vec<&'a str>> = None;
    let mut at = 0;
    while let Some(word) = words.get(at).copied() {
        let abbreviation = abbreviations.index.first_at(words, at);
        let short = match abbreviation {
            Some(_) => None,
            None => shortened(word),
        };
        if abbreviation.is_none() && short.is_none() {
            if let Some(out) = out.as_mut() {
                out.push(word);
            }
            at += 1;
            continue;
        }
        // The first change: the words before it are the key's so far.
        let out = out.get_or_insert_with(|| {
            let mut out = Vec::with_capacity(words.len() + 4);
            out.extend_from_slice(words.get(..at).unwrap_or_default());
            out
        });
        match abbreviation {
            Some(id) => {
                if id < abbreviations.expansions.len() {
                    out.extend(abbreviations.expansions.get(id).iter().copied());
                } else {
                    out.push(word);
                }
                at += abbreviations.index.word_count(id).max(1);
            }
            None => {
                out.push(short.unwrap_or(word));
                at += 1;
            }
        }
    }
    out
}

/// Where the letters of a number's unit start (`55MPH` -> 2), unless they are an ordinal
/// (`1ST`, `22ND`) or there are none.
fn unit_at(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    if !bytes.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let at = bytes.iter().position(|b| !b.is_ascii_digit())?;
    let unit = word.get(at..)?;
    let ordinal = matches!(unit, "ST" | "ND" | "RD" | "TH");
    (!ordinal && unit.bytes().all(|b| b.is_ascii_uppercase())).then_some(at)
}

/// The words with every number cut from its unit (`55MPH` -> `55`, `MPH`).
fn split_units<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::with_capacity(words.len() + 2);
    for word in words {
        match unit_at(word).and_then(|at| Some((word.get(..at)?, word.get(at..)?))) {
            Some((number, unit)) => out.extend([number, unit]),
            None => out.push(word),
        }
    }
    out
}

/// The one `SHORTENED_WORDS` entry a word shortens (`VEHICL`, `TRAFIC`, `INTERSCTN` ->
/// `INTERSECTION`), when no table knows the word as written: same first letter, the word's
/// letters in order, every letter left out before its last one a vowel or a doubled letter, and
/// less than a third of the entry cut off at its end. At least five letters; a word two entries
/// fit is left as written, unless one entry is the start of the others.
fn shortened(word: &str) -> Option<&'static str> {
    if word.len() < 5 || !word.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let mut found: Option<&'static str> = None;
    for long in shortened_words_from(word).filter(|l| shortens(word, l)) {
        found = match found {
            None => Some(long),
            Some(f) if long.starts_with(f) => Some(f),
            Some(f) if f.starts_with(long) => Some(long),
            Some(_) => return None,
        };
    }
    found.filter(|_| !lexicon().index.knows(word))
}

/// The `SHORTENED_WORDS` entries that start with the first letter of `word` (an upper-case
/// word), in table order: a word is only ever tried against the few it could shorten.
fn shortened_words_from(word: &str) -> impl Iterator<Item = &'static str> {
    static BY_LETTER: OnceLock<Vec<Vec<&'static str>>> = OnceLock::new();
    let by_letter = BY_LETTER.get_or_init(|| {
        let mut by_letter = vec![Vec::new(); 26];
        for long in SHORTENED_WORDS {
            let letter = long.bytes().next().and_then(|b| b.checked_sub(b'A'));
            if let Some(entries) = letter.and_then(|l| by_letter.get_mut(usize::from(l))) {
                entries.push(*long);
            }
        }
        by_letter
    });
    let letter = word.bytes().next().and_then(|b| b.checked_sub(b'A'));
    letter
        .and_then(|l| by_letter.get(usize::from(l)))
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .copied()
}

/// See `shortened`.
fn shortens(short: &str, long: &str) -> bool {
    let (s, l) = (short.as_bytes(), long.as_bytes());
    if s.len() >= l.len() || s.first() != l.first() {
        return false;
    }
    let mut j = 0;
    for (i, c) in s.iter().enumerate() {
        loop {
            let Some(at) = l.get(j) else {
                return false;
            };
            j += 1;
            if at == c {
                break;
            }
            let vowel = matches!(at, b'A' | b'E' | b'I' | b'O' | b'U');
            let doubled = j >= 2 && l.get(j - 2) == Some(at);
            if i == 0 || !(vowel || doubled) {
                return false;
            }
        }
    }
    3 * (l.len() - j) < l.len()
}

/// `ABBREVIATIONS` compiled once: the short forms as an index, the words of each expansion.
struct Abbreviations {
    index: PhraseIndex,
    /// Expansion words by phrase id (a repeated short form keeps its first row, the one that
    /// wins).
    expansions: Jagged<&'static str>,
}

fn abbreviations() -> &'static Abbreviations {
    static COMPILED: OnceLock<Abbreviations> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut builder = PhraseIndexBuilder::default();
        let mut kept = 0;
        let expansions = Jagged::from_lists(ABBREVIATIONS.iter().filter_map(|(short, long)| {
            let new = builder.intern(short) == kept;
            kept += usize::from(new);
            new.then(|| long.split_whitespace())
        }));
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

/// `clean`, borrowed when the text already is as `clean` writes it (nearly every `type`:
/// `FELONY`, `MISDEMEANOR`).
pub(crate) fn cleaned(raw: &str) -> Cow<'_, str> {
    if single_spaced(raw.as_bytes(), |b| {
        b.is_ascii_uppercase() || b.is_ascii_digit()
    }) {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(clean(raw))
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

    /// Words already split.
    pub(crate) fn from_words(words: Vec<&'a str>) -> Self {
        Self { words }
    }

    /// True when `phrase` (space-separated pattern words, `*` suffix = prefix) occurs as a run of
    /// whole words. An empty phrase never matches.
    pub(crate) fn has(&self, phrase: &str) -> bool {
        self.find(phrase).is_some()
    }

    /// Start and length of the first occurrence of `phrase`. Allocation-free and cheap on a miss
    /// (one comparison per word for the phrase's first word).
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
