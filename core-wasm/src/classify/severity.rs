//! Raw `offenses[].type` -> severity level and class (docs/charges.md Part B).
//!
//! Order: missing -> state short code -> global short code -> level phrase with class words.
//! A value that is none of these is `UNKNOWN` with `recognised = false`.

use std::borrow::Cow;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::lexicon::lexicon;
use super::lookup::RowsByKey;
use super::phrases::{Hits, PhraseId, PhraseIndex, PhraseIndexBuilder, RowsByPhrase};
use super::shared::Shared;
use super::tables::severity::{
    CHARGE_TEXT_LEVELS, CLASS_MARKERS, CLASS_TOKENS, CODES, INFERRED_LEVELS, JUVENILE_WORDS,
    LEVEL_PHRASES, LevelCode, ORDINALS, TRAFFIC_WORDS,
};
use super::text::{ChargeText, Words, clean, cleaned, normalize_charge_text};
use super::vocabulary::SeverityLevel;

/// One charge's severity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Severity {
    /// Level (B2).
    pub level: SeverityLevel,
    /// Class inside the level as the state writes it (`1`, `A`, `B1`, `SJF`, `GROSS`, ...).
    pub class: Option<String>,
    /// Juvenile grade (CJARS `JF`/`JM`/`JU`, or the word JUVENILE).
    pub juvenile: bool,
    /// The type said TRAFFIC / T / TR / TRD ...: a hint for `classify_traffic`, never a decision.
    pub traffic_hint: bool,
    /// False when the value was not understood (or missing).
    pub recognised: bool,
    /// The raw value was absent or empty.
    pub missing: bool,
}

impl Severity {
    fn unknown(recognised: bool, missing: bool) -> Self {
        Self {
            level: SeverityLevel::Unknown,
            class: None,
            juvenile: false,
            traffic_hint: false,
            recognised,
            missing,
        }
    }

    fn from_code(row: &LevelCode) -> Self {
        Self {
            level: row.level,
            class: row.class.map(str::to_string),
            juvenile: row.juvenile,
            traffic_hint: row.traffic,
            recognised: row.recognised,
            missing: false,
        }
    }
}

/// Classifies a raw `type` value. `jurisdiction_state` selects the B4 overrides (`I` is a felony
/// class in NC and WI; `MA` is not a grade in a Massachusetts case; ...).
pub fn classify_severity(raw_type: Option<&str>, jurisdiction_state: Option<&str>) -> Severity {
    let raw = raw_type.unwrap_or("").trim();
    if raw.is_empty() {
        return Severity::unknown(false, true);
    }
    let cleaned = cleaned(raw);
    if cleaned.is_empty() {
        // `*`, `-`: B2 lists them as explicit "unknown" values.
        return Severity::unknown(true, false);
    }
    let compact: Cow<'_, str> = if cleaned.contains(' ') {
        Cow::Owned(cleaned.split_whitespace().collect())
    } else {
        Cow::Borrowed(&cleaned)
    };
    // One look-up; its few rows are walked as often as needed.
    let found = code_rows(&compact);
    let rows = || found.clone();
    let state_row = || {
        // Only a code with state rows needs the state cleaned.
        let state = jurisdiction_state.map(clean).unwrap_or_default();
        rows().find(|r| !r.states.is_empty() && r.states.contains(&state.as_str()))
    };
    let has_state_rows = rows().any(|r| !r.states.is_empty());
    if let Some(row) = has_state_rows
        .then(state_row)
        .flatten()
        .or_else(|| rows().find(|r| r.states.is_empty()))
    {
        return Severity::from_code(row);
    }
    from_phrases(&Words::new(&cleaned))
}

/// Long forms: a level phrase, optional class words, and traffic / juvenile flags.
fn from_phrases(words: &Words<'_>) -> Severity {
    let tables = tables();
    let hits = tables.index.scan(words.as_slice());
    let juvenile = hits.has_any(&tables.juvenile);
    let mut traffic = hits.has_any(&tables.traffic);
    // Level phrases in table order, skipping those the scan did not find (a blanked word matches
    // nothing, so they cannot be in `rest` either).
    let candidates = tables.levels.candidates(&hits);
    let present = || candidates.iter().filter_map(|i| LEVEL_PHRASES.get(*i));
    let found = present().find_map(|p| words.find(p.phrase).map(|at| (p, at)));
    let Some((phrase, (start, len))) = found else {
        // Only flags ("JUVENILE", "TRAFFIC MATTER") are understood; anything else is not.
        let only_flags = words
            .as_slice()
            .iter()
            .all(|w| TRAFFIC_WORDS.contains(w) || JUVENILE_WORDS.contains(w));
        return Severity {
            juvenile,
            traffic_hint: traffic,
            ..Severity::unknown(only_flags, false)
        };
    };
    traffic |= phrase.traffic;
    let rest = words.without(start, len);
    // Two different levels ("FELONY/MISDEMEANOR", a wobbler) cannot be settled here (B2 note).
    let second = present().find(|p| p.level != SeverityLevel::Unknown && rest.has(p.phrase));
    if let Some(other) = second
        && phrase.level != SeverityLevel::Unknown
        && other.level != phrase.level
    {
        return Severity {
            juvenile,
            traffic_hint: traffic,
            ..Severity::unknown(false, false)
        };
    }
    let level = match (phrase.level, second) {
        // "CRIMINAL TRAFFIC MISDEMEANOR": the traffic phrase carries no level, the other word does.
        (SeverityLevel::Unknown, Some(other)) => other.level,
        (level, _) => level,
    };
    let class = phrase
        .class
        .map(str::to_string)
        .or_else(|| class_from_words(&rest));
    Severity {
        level,
        class,
        juvenile,
        traffic_hint: traffic,
        recognised: true,
        missing: false,
    }
}

/// "CLASS H", "LEVEL 4", "THIRD DEGREE", or a lone class token ("FELONY 1", "MISDEMEANOR A").
fn class_from_words(words: &Words<'_>) -> Option<String> {
    let list = words.as_slice();
    let next = |i: usize| list.get(i + 1).copied().unwrap_or("");
    for (i, w) in list.iter().enumerate() {
        if CLASS_MARKERS.contains(w) && CLASS_TOKENS.contains(&next(i)) {
            return Some(next(i).to_string());
        }
        if (next(i) == "DEGREE" || next(i) == "DEG")
            && let Some((_, digit)) = ORDINALS.iter().find(|(o, _)| o == w)
        {
            return Some((*digit).to_string());
        }
    }
    list.iter()
        .find(|w| CLASS_TOKENS.contains(w))
        .map(|w| (*w).to_string())
}

/// The level a charge's text gives, read in stage 1 with the rest of its text: shown when the type
/// names no level, and compared with the type's level (the `type_class` warning). Never read by
/// rules (docs/decisions.md §13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TextLevel {
    /// Stated in the text: a level phrase or a bracketed grade code (`FELONY THEFT`, `(M1)`).
    Stated {
        level: SeverityLevel,
        phrase: Shared,
    },
    /// The level of an offense graded alike essentially everywhere (robbery: felony).
    Inferred {
        level: SeverityLevel,
        family: Shared,
        word: Shared,
    },
}

impl TextLevel {
    /// The level the text states (not one inferred).
    pub fn stated(&self) -> Option<SeverityLevel> {
        match self {
            TextLevel::Stated { level, .. } => Some(*level),
            TextLevel::Inferred { .. } => None,
        }
    }
}

/// What a charge's text says of its level: the level it states, else the level of the offense
/// it names (`inferred_level`). `key_hits` is the lexicon scan of the match key.
pub(crate) fn text_level(
    text: &ChargeText<'_>,
    display: &str,
    key_hits: &Hits,
) -> Option<TextLevel> {
    if let Some((level, phrase)) = stated_level(&text.words, display) {
        return Some(TextLevel::Stated {
            level,
            phrase: phrase.into(),
        });
    }
    inferred(key_hits).map(|(level, family, word)| TextLevel::Inferred {
        level,
        family: family.into(),
        word: word.into(),
    })
}

/// Severity stated inside the charge text itself ("FELONY THEFT", "MISD POSSESSION", "(M1)"),
/// used for the `type_class` warning when it disagrees with the declared type. `None` when the
/// text says nothing, or names two different levels.
pub fn severity_from_charge_text(charge: &str) -> Option<SeverityLevel> {
    charge_text_level(charge).map(|(level, _)| level)
}

/// `severity_from_charge_text` with the first phrase or bracketed code that said it.
pub fn charge_text_level(charge: &str) -> Option<(SeverityLevel, String)> {
    let cleaned = clean(charge);
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    stated_level(&words, charge)
}

/// `charge_text_level` of the words of a charge (`clean`) and its text (for bracketed codes).
fn stated_level(words: &[&str], charge: &str) -> Option<(SeverityLevel, String)> {
    let tables = tables();
    let hits = tables.charge_index.scan(words);
    let mut levels: Vec<(SeverityLevel, String)> = Vec::new();
    if hits.has_any(&tables.charge_text) {
        let mut words = Words::from_words(words.to_vec());
        for ((phrase, level), id) in CHARGE_TEXT_LEVELS.iter().zip(&tables.charge_text) {
            // Blanking never creates a phrase: one the scan missed is never found below.
            if !hits.has(*id) {
                continue;
            }
            while let Some((start, len)) = words.find(phrase) {
                levels.push((*level, (*phrase).to_string()));
                words = words.without(start, len);
            }
        }
    }
    if charge.contains(['(', '[']) {
        levels.extend(bracketed_codes(charge));
    }
    let (first, _) = levels.first()?;
    let first = *first;
    if levels.iter().all(|(l, _)| *l == first) {
        levels.into_iter().next()
    } else {
        None
    }
}

/// The `CODES` rows whose code is `code`, in table order.
fn code_rows(code: &str) -> impl Iterator<Item = &'static LevelCode> + Clone {
    tables()
        .codes
        .get(code)
        .iter()
        .filter_map(|i| CODES.get(*i))
}

/// The level of an offense graded alike essentially everywhere (`INFERRED_LEVELS`), with the
/// family's name and the word that named it; `None` when no family is named, a family's
/// `unless` word or a `NOT_INFERRED_BESIDE` word stands beside it, or two families disagree.
/// Only ever shown (with evidence that says so): the rules read the declared type.
pub fn inferred_level(charge: &str) -> Option<(SeverityLevel, &'static str, &'static str)> {
    let display = normalize_charge_text(charge);
    let text = ChargeText::new(&display);
    inferred(&lexicon().index.scan(text.key()))
}

/// `inferred_level` from the lexicon scan of a charge's match key.
fn inferred(hits: &Hits) -> Option<(SeverityLevel, &'static str, &'static str)> {
    let lexicon = lexicon();
    if !hits.any() || lexicon.not_inferred.any(hits) {
        return None;
    }
    let mut found = INFERRED_LEVELS
        .iter()
        .zip(&lexicon.inferred)
        .filter(|(_, (_, unless))| !unless.any(hits))
        .filter_map(|(family, (words, _))| Some((family.level, family.name, words.first(hits)?)));
    let first = found.next()?;
    found.all(|(level, _, _)| level == first.0).then_some(first)
}

/// The severity phrase tables as ids of one index, and `CODES` by code, compiled once.
struct Tables {
    codes: RowsByKey,
    index: PhraseIndex,
    juvenile: Vec<PhraseId>,
    traffic: Vec<PhraseId>,
    /// `LEVEL_PHRASES` rows by their phrase.
    levels: RowsByPhrase,
    /// `CHARGE_TEXT_LEVELS` as ids of their own index (a charge's words are scanned for these
    /// alone), same order.
    charge_index: PhraseIndex,
    charge_text: Vec<PhraseId>,
}

fn tables() -> &'static Tables {
    static COMPILED: OnceLock<Tables> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut builder = PhraseIndexBuilder::default();
        let juvenile = builder.intern_all(JUVENILE_WORDS);
        let traffic = builder.intern_all(TRAFFIC_WORDS);
        let level_ids: Vec<PhraseId> = LEVEL_PHRASES
            .iter()
            .map(|p| builder.intern(p.phrase))
            .collect();
        let levels = RowsByPhrase::new(level_ids.iter().map(std::slice::from_ref));
        let mut charge_builder = PhraseIndexBuilder::default();
        let charge_text = CHARGE_TEXT_LEVELS
            .iter()
            .map(|(p, _)| charge_builder.intern(p))
            .collect();
        Tables {
            codes: RowsByKey::new(CODES.iter().map(|r| r.code)),
            index: builder.build(),
            juvenile,
            traffic,
            levels,
            charge_index: charge_builder.build(),
            charge_text,
        }
    })
}

/// Grade codes written in brackets inside a charge, e.g. "RETAIL THEFT (M1)". Only codes that
/// cannot be ordinary words are read: at least two characters, and a real level.
fn bracketed_codes(charge: &str) -> Vec<(SeverityLevel, String)> {
    let mut out = Vec::new();
    let mut rest = charge;
    while let Some(open) = rest.find(['(', '[']) {
        let after = rest.get(open + 1..).unwrap_or("");
        let Some(close) = after.find([')', ']']) else {
            break;
        };
        let inner: String = clean(after.get(..close).unwrap_or(""))
            .split_whitespace()
            .collect();
        let global = code_rows(&inner).find(|r| r.states.is_empty());
        if let Some(row) = global {
            // `MA` and `MI` in brackets are more likely state codes than grades (B3 caveat).
            let grade_like = (inner.chars().count() >= 2 || inner == "F" || inner == "M")
                && inner != "MA"
                && inner != "MI";
            if grade_like && row.level != SeverityLevel::Unknown && row.recognised {
                out.push((row.level, format!("({inner})")));
            }
        }
        rest = after.get(close + 1..).unwrap_or("");
    }
    out
}
