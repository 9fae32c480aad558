//! A charge's `classification` when the tenant's dictionary read it: the built-in classification
//! with the line of each fact an entry changed replaced by one naming the entry, what it matched,
//! the dictionary version and the built-in reading, and `classification.dictionary` set (a fact
//! an entry sets as the classifier read it keeps the classifier's line).

use std::borrow::Cow;
use std::fmt::Write as _;

use smallvec::SmallVec;

use crate::model::classification::classification as builtin_classification;
use crate::model::{Classification, DictionaryNote};
use crate::model::{Evidence, Offense};

use crate::model::dictionary::entry::Entry;
use crate::model::dictionary::index::Entries;

/// The built-in classification of `offense`, with the dictionary's reading shown when it read the
/// charge; `kept_bar`: the built-in reading's bar decided (`guard::settle`), which the first
/// dictionary line says.
pub fn classification(offense: &Offense, kept_bar: bool) -> Classification<'_> {
    let mut classification = builtin_classification(offense);
    let Some(read) = &offense.dictionary else {
        return classification;
    };
    let entries = &read.entries;
    let builtin = &read.builtin;
    let mut bar_note = kept_bar;
    let mut line = |entry: &Entry, at: usize, fact: String, was: String| {
        let mut text = format!("{fact}: {}", entry_words(entries, entry, at));
        let _ = write!(text, "; the built-in reading was {was}");
        if std::mem::take(&mut bar_note) {
            text.push_str(
                "; that reading bars reporting, and a dictionary never lifts a bar, so the rules \
                 decided on it",
            );
        }
        Evidence::Text(Cow::Owned(text))
    };
    let evidence = &mut classification.evidence;
    let mut ids: SmallVec<[&str; 2]> = SmallVec::new();
    if let Some((at, entry)) = read.charge.and_then(|at| Some((at, entries.list.get(at)?))) {
        ids.push(&entry.id);
        if let Some(level) = entry.level.filter(|l| l.level() != builtin.level) {
            let fact = format!("severity.{}", level.level().word());
            let was = format!("severity.{}", builtin.level.word());
            if let Some(first) = evidence.first_mut() {
                *first = line(entry, at, fact, was);
            }
        }
        if let Some(traffic) = entry.traffic.filter(|t| t.kind() != builtin.traffic) {
            let fact = format!("traffic.{}", traffic.kind().label());
            let was = format!("traffic.{}", builtin.traffic.label());
            let replaced = line(entry, at, fact, was);
            // Lines are severity, traffic (when the classifier read any), disposition.
            if offense.traffic_evidence.is_empty() {
                evidence.insert(1.min(evidence.len()), replaced);
            } else if let Some(traffic_line) = evidence.get_mut(1) {
                *traffic_line = replaced;
            }
        }
    }
    if let Some((at, entry)) = read
        .disposition
        .and_then(|at| Some((at, entries.list.get(at)?)))
    {
        ids.push(&entry.id);
        if let Some(class) =
            (entry.disposition_class).filter(|c| c.canonical() != builtin.disposition.canonical)
        {
            let fact = format!("disposition.{}", class.class().word());
            let was = format!("disposition.{}", builtin.disposition.class.word());
            if let Some(last) = evidence.last_mut() {
                *last = line(entry, at, fact, was);
            }
        }
    }
    classification.dictionary = Some(DictionaryNote {
        version: &entries.version,
        entries: ids,
    });
    classification
}

/// `dictionary entry "id" (statute prefix "316." in FL), dictionary version V`.
fn entry_words(entries: &Entries, entry: &Entry, at: usize) -> String {
    let mut out = format!("dictionary entry \"{}\"", entry.id);
    if let Some(pattern) = entries.patterns.get(at) {
        let _ = write!(out, " ({} \"{}\"", pattern.kind.words(), pattern.key);
        if let Some(state) = pattern.jurisdiction {
            let _ = write!(out, " in {state}");
        }
        out.push(')');
    }
    let _ = write!(out, ", dictionary version {}", entries.version);
    out
}
