//! Raw `offenses[].type` -> severity level and class (DISPOSITIONS.md Part B).
//!
//! Order: missing -> state short code -> global short code -> level phrase with class words.
//! A value that is none of these is `UNKNOWN` with `recognised = false`.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::lookup::RowsByKey;
use super::phrases::{PhraseId, PhraseIndex, PhraseIndexBuilder};
use super::severity_table::{
    CHARGE_TEXT_LEVELS, CLASS_MARKERS, CLASS_TOKENS, CODES, INFERRED_LEVELS, JUVENILE_WORDS,
    LEVEL_PHRASES, LevelCode, NOT_INFERRED_BESIDE, ORDINALS, TRAFFIC_WORDS,
};
use super::text::{Words, charge_match_key, clean};
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
    let cleaned = clean(raw);
    if cleaned.is_empty() {
        // `*`, `-`: B2 lists them as explicit "unknown" values.
        return Severity::unknown(true, false);
    }
    let state = jurisdiction_state.map(clean).unwrap_or_default();
    let compact: String = cleaned.split_whitespace().collect();
    let rows = || code_rows(&compact);
    if let Some(row) = rows()
        .find(|r| !r.states.is_empty() && r.states.contains(&state.as_str()))
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
    let present = || {
        LEVEL_PHRASES
            .iter()
            .zip(&tables.levels)
            .filter(|(_, id)| hits.has(**id))
            .map(|(p, _)| p)
    };
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

/// Severity stated inside the charge text itself ("FELONY THEFT", "MISD POSSESSION", "(M1)"),
/// used for the `type_class` warning when it disagrees with the declared type. `None` when the
/// text says nothing, or names two different levels.
pub fn severity_from_charge_text(charge: &str) -> Option<SeverityLevel> {
    charge_text_level(charge).map(|(level, _)| level)
}

/// `severity_from_charge_text` with the first phrase or bracketed code that said it.
pub fn charge_text_level(charge: &str) -> Option<(SeverityLevel, String)> {
    let cleaned = clean(charge);
    let mut words = Words::new(&cleaned);
    let tables = tables();
    let hits = tables.index.scan(words.as_slice());
    let mut levels: Vec<(SeverityLevel, String)> = Vec::new();
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
    levels.extend(bracketed_codes(charge));
    let (first, _) = levels.first()?;
    let first = *first;
    if levels.iter().all(|(l, _)| *l == first) {
        levels.into_iter().next()
    } else {
        None
    }
}

/// The `CODES` rows whose code is `code`, in table order.
fn code_rows(code: &str) -> impl Iterator<Item = &'static LevelCode> {
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
    let key = charge_match_key(charge);
    let tables = tables();
    let hits = tables.index.scan(Words::new(&key).as_slice());
    if !hits.any() || hits.has_any(&tables.not_inferred) {
        return None;
    }
    let mut found = INFERRED_LEVELS
        .iter()
        .zip(&tables.inferred)
        .filter(|(_, (_, unless))| !hits.has_any(unless))
        .filter_map(|(family, (words, _))| {
            let word = words
                .iter()
                .zip(family.words)
                .find(|(id, _)| hits.has(**id))?
                .1;
            Some((family.level, family.name, *word))
        });
    let first = found.next()?;
    found.all(|(level, _, _)| level == first.0).then_some(first)
}

/// The severity phrase tables as ids of one index, and `CODES` by code, compiled once.
struct Tables {
    codes: RowsByKey,
    index: PhraseIndex,
    juvenile: Vec<PhraseId>,
    traffic: Vec<PhraseId>,
    /// Same order as `LEVEL_PHRASES`.
    levels: Vec<PhraseId>,
    /// Same order as `CHARGE_TEXT_LEVELS`.
    charge_text: Vec<PhraseId>,
    /// (words, unless) of each `INFERRED_LEVELS` row, same order.
    inferred: Vec<(Vec<PhraseId>, Vec<PhraseId>)>,
    not_inferred: Vec<PhraseId>,
}

fn tables() -> &'static Tables {
    static COMPILED: OnceLock<Tables> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut builder = PhraseIndexBuilder::default();
        let juvenile = builder.intern_all(JUVENILE_WORDS);
        let traffic = builder.intern_all(TRAFFIC_WORDS);
        let levels = LEVEL_PHRASES
            .iter()
            .map(|p| builder.intern(p.phrase))
            .collect();
        let charge_text = CHARGE_TEXT_LEVELS
            .iter()
            .map(|(p, _)| builder.intern(p))
            .collect();
        let inferred = INFERRED_LEVELS
            .iter()
            .map(|f| (builder.intern_all(f.words), builder.intern_all(f.unless)))
            .collect();
        let not_inferred = builder.intern_all(NOT_INFERRED_BESIDE);
        Tables {
            inferred,
            not_inferred,
            codes: RowsByKey::new(CODES.iter().map(|r| r.code)),
            index: builder.build(),
            juvenile,
            traffic,
            levels,
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
