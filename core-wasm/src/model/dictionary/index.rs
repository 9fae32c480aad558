//! A validated dictionary, indexed by what its entries match, and the one question it answers:
//! which entry reads this charge (or this disposition string)?
//!
//! An entry beats the others that match the same charge by how closely it names it: its charge
//! text, then its exact statute, then its longest statute prefix; at each step one that names
//! the case's jurisdiction beats one that does not. Two entries the order cannot tell apart
//! (the same kind, the same normalised pattern, the same jurisdiction) are refused.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Deserialize;
use smallvec::SmallVec;

use super::entry::{Entry, Kind, MIN_PATTERN_ALNUM, Pattern};

/// Most entries a dictionary may hold.
pub const MAX_ENTRIES: usize = 2000;
/// Longest dictionary version, in bytes.
pub const MAX_VERSION_BYTES: usize = 64;

/// The dictionary as `context.charge_dictionary` carries it: its version (the host's digest of
/// the file) and its entries.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DictionaryInput {
    pub version: String,
    pub entries: Vec<Entry>,
}

/// The entries and the version they belong to, shared by every charge they read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entries {
    pub version: String,
    pub list: Vec<Entry>,
    /// Each entry's pattern, in the same order.
    pub patterns: Vec<Pattern>,
}

/// A validated, indexed dictionary.
#[derive(Debug, Clone)]
pub struct Dictionary {
    entries: Arc<Entries>,
    charges: BTreeMap<String, Slot>,
    statutes: BTreeMap<String, Slot>,
    prefixes: BTreeMap<String, Slot>,
    dispositions: BTreeMap<String, Slot>,
}

/// The entries of one pattern: at most one without a jurisdiction, at most one per jurisdiction.
#[derive(Debug, Clone, Default)]
struct Slot {
    general: Option<usize>,
    by_state: SmallVec<[(&'static str, usize); 1]>,
}

impl Slot {
    /// The entry for a charge in `state`: the state's own, else the general one.
    fn for_state(&self, state: Option<&str>) -> Option<usize> {
        let own = state.and_then(|state| {
            (self.by_state.iter())
                .find(|(code, _)| *code == state)
                .map(|(_, at)| *at)
        });
        own.or(self.general)
    }

    /// The entry for `state` exactly (`None`: the general one).
    fn exactly(&self, state: Option<&str>) -> Option<usize> {
        match state {
            None => self.general,
            Some(state) => (self.by_state.iter())
                .find(|(code, _)| *code == state)
                .map(|(_, at)| *at),
        }
    }
}

impl Dictionary {
    /// Validates `input` and indexes it. `provenance`: entries must say who added them and why
    /// (the file's rule; the host leaves both out of the engine's copy).
    pub fn new(input: DictionaryInput, provenance: bool) -> Result<Dictionary, String> {
        let DictionaryInput { version, entries } = input;
        if version.is_empty() || version.len() > MAX_VERSION_BYTES {
            return Err(format!("version must be 1 to {MAX_VERSION_BYTES} bytes"));
        }
        if entries.len() > MAX_ENTRIES {
            return Err(format!(
                "{} entries: a dictionary holds at most {MAX_ENTRIES}",
                entries.len()
            ));
        }
        let mut dictionary = Dictionary {
            entries: Arc::new(Entries {
                version: String::new(),
                list: Vec::new(),
                patterns: Vec::new(),
            }),
            charges: BTreeMap::new(),
            statutes: BTreeMap::new(),
            prefixes: BTreeMap::new(),
            dispositions: BTreeMap::new(),
        };
        let mut patterns = Vec::with_capacity(entries.len());
        let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
        for (at, entry) in entries.iter().enumerate() {
            let named = |message: String| format!("entry {} ({:?}): {message}", at + 1, entry.id);
            let pattern = entry.validate(provenance).map_err(named)?;
            if let Some(first) = ids.insert(&entry.id, at) {
                return Err(format!(
                    "entries {} and {} have the same id {:?}",
                    first + 1,
                    at + 1,
                    entry.id
                ));
            }
            dictionary.insert(&entries, at, &pattern)?;
            patterns.push(pattern);
        }
        dictionary.entries = Arc::new(Entries {
            version,
            list: entries,
            patterns,
        });
        Ok(dictionary)
    }

    /// Indexes entry `at`; refuses it when another entry has its pattern and jurisdiction.
    fn insert(&mut self, entries: &[Entry], at: usize, pattern: &Pattern) -> Result<(), String> {
        let map = match pattern.kind {
            Kind::Charge => &mut self.charges,
            Kind::Statute => &mut self.statutes,
            Kind::StatutePrefix => &mut self.prefixes,
            Kind::Disposition => &mut self.dispositions,
        };
        let slot = map.entry(pattern.key.clone()).or_default();
        if let Some(earlier) = slot.exactly(pattern.jurisdiction) {
            let (first, second) = (&entries[earlier], &entries[at]);
            let place = pattern
                .jurisdiction
                .map(|j| format!(" in {j}"))
                .unwrap_or_default();
            let what = format!("{} \"{}\"{place}", pattern.kind.words(), pattern.key);
            return Err(if first.sets_the_same_as(second) {
                format!(
                    "entry {} ({:?}) repeats entry {} ({:?}): both match {what}",
                    at + 1,
                    second.id,
                    earlier + 1,
                    first.id
                )
            } else {
                format!(
                    "entries {} ({:?}) and {} ({:?}) both match {what} and read it differently; keep one",
                    earlier + 1,
                    first.id,
                    at + 1,
                    second.id
                )
            });
        }
        match pattern.jurisdiction {
            None => slot.general = Some(at),
            Some(state) => slot.by_state.push((state, at)),
        }
        Ok(())
    }

    /// The entries and version, shared.
    pub fn entries(&self) -> &Arc<Entries> {
        &self.entries
    }

    /// Whether any entry matches statutes (else a charge's statute need not be read).
    pub fn has_statutes(&self) -> bool {
        !self.statutes.is_empty() || !self.prefixes.is_empty()
    }

    /// Whether any entry matches disposition strings.
    pub fn has_dispositions(&self) -> bool {
        !self.dispositions.is_empty()
    }

    /// The entry that reads a charge: its display text (`Offense::charge`), its statute's key
    /// (`statute_key`) and its case's state.
    pub fn charge_entry(
        &self,
        charge: &str,
        statute: Option<&str>,
        state: Option<&str>,
    ) -> Option<usize> {
        if let Some(at) = self.charges.get(charge).and_then(|s| s.for_state(state)) {
            return Some(at);
        }
        let statute = statute?;
        if let Some(at) = self.statutes.get(statute).and_then(|s| s.for_state(state)) {
            return Some(at);
        }
        if self.prefixes.is_empty() {
            return None;
        }
        // Longest prefix first: the closer an entry names the section, the more it knows.
        let ends = statute.char_indices().map(|(at, c)| at + c.len_utf8());
        let mut ends: SmallVec<[usize; 32]> = ends.collect();
        ends.reverse();
        ends.into_iter()
            .filter_map(|end| statute.get(..end))
            .filter(|prefix| {
                prefix.chars().filter(|c| c.is_alphanumeric()).count() >= MIN_PATTERN_ALNUM
            })
            .find_map(|prefix| self.prefixes.get(prefix).and_then(|s| s.for_state(state)))
    }

    /// The entry that reads a disposition string (normalised as a charge text).
    pub fn disposition_entry(&self, disposition: &str, state: Option<&str>) -> Option<usize> {
        self.dispositions
            .get(disposition)
            .and_then(|s| s.for_state(state))
    }
}

impl Entry {
    /// Whether two entries set the same facts.
    fn sets_the_same_as(&self, other: &Entry) -> bool {
        (self.traffic, self.level, self.disposition_class)
            == (other.traffic, other.level, other.disposition_class)
    }
}
