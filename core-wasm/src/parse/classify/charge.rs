//! One charge as stage 1 reads it, each distinct charge of a record once, and the per-charge
//! `classification` extension (DECISIONS §12): what stage 1 read, and why.

use std::borrow::Cow;
use std::hash::{BuildHasher, BuildHasherDefault};
use std::ops::Range;

use crate::model::decision::{Classification, EvidenceLines};
use crate::model::evidence::Evidence;
use crate::model::record::Offense;
use crate::text_eq::bytes_eq;

use super::disposition::{Disposition, classify_disposition};
use super::lexicon::lexicon;
use super::lookup::{WordHasher, WordMap};
use super::severity::{Severity, TextLevel, classify_severity, text_level};
use super::shared::Shared;
use super::text::{ChargeText, shared_charge_text};
use super::traffic::{self, TrafficReading};
use super::vocabulary::{DispositionClass, SeverityLevel};

/// What stage 1 reads from one charge's text, statute and type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChargeRead {
    /// Display form of the text (`normalize_charge_text`), shared by the charges that read alike.
    pub charge: Shared,
    pub severity: Severity,
    pub traffic: TrafficReading,
    pub text_level: Option<TextLevel>,
    /// The type as received, shared by the charges of the record that have the same type.
    pub offense_type: Option<Shared>,
}

/// Reads one charge: the severity of its type, and its text and statute together (the text is
/// split into words once and scanned once for every table).
pub fn read_charge(
    raw_charge: &str,
    statute: Option<&str>,
    offense_type: Option<&str>,
    state: Option<&str>,
) -> ChargeRead {
    read_text(
        raw_charge,
        statute,
        state,
        (
            classify_severity(offense_type, state),
            offense_type.map(Shared::from),
        ),
    )
}

/// [`read_charge`] of a type already read: its severity and its shared text.
fn read_text(
    raw_charge: &str,
    statute: Option<&str>,
    state: Option<&str>,
    (severity, offense_type): (Severity, Option<Shared>),
) -> ChargeRead {
    let charge = shared_charge_text(raw_charge);
    let (traffic, text_level) = {
        let text = ChargeText::new(&charge);
        let hits = lexicon().index.scan(text.key());
        (
            traffic::read(&charge, &hits, statute, state, &severity),
            text_level(&text, &charge, &hits),
        )
    };
    ChargeRead {
        charge,
        severity,
        traffic,
        text_level,
        offense_type,
    }
}

/// Reads the charges of one record, each distinct charge once (issue 23): a record often repeats
/// a charge (counts of one offense, one traffic stop's tickets), its types and its dispositions.
/// A charge is the same when its text, statute, type and state are; the reading is a pure
/// function of them, so a repeated one gets the first reading again, its text shared, not
/// copied. So are its types' and dispositions' texts as received: the record keeps one copy of
/// each, shared by the charges that have it.
#[derive(Default)]
pub struct ChargeReader {
    charges: Seen<ChargeRead>,
    severities: Seen<(Severity, Option<Shared>)>,
    dispositions: Seen<(Disposition, Option<Shared>)>,
    /// Every key read so far, end to end: a key is a range of it, so keeping one allocates
    /// nothing of its own.
    keys: Vec<u8>,
}

impl ChargeReader {
    /// `read_charge`, once per distinct charge of the record.
    pub fn charge(
        &mut self,
        raw_charge: &str,
        statute: Option<&str>,
        offense_type: Option<&str>,
        state: Option<&str>,
    ) -> ChargeRead {
        let key = push_key(
            &mut self.keys,
            &[state, offense_type, statute, Some(raw_charge)],
        );
        let new = match self.charges.find(&mut self.keys, key) {
            Found::Known(read) => return read,
            found => found,
        };
        let severity = self.severity(offense_type, state);
        let read = read_text(raw_charge, statute, state, severity);
        self.charges.keep(new, read.clone());
        read
    }

    /// `classify_severity` and the type's shared text, once per distinct type and state of the
    /// record.
    fn severity(
        &mut self,
        offense_type: Option<&str>,
        state: Option<&str>,
    ) -> (Severity, Option<Shared>) {
        let key = push_key(&mut self.keys, &[state, offense_type]);
        self.severities.once(&mut self.keys, key, || {
            (
                classify_severity(offense_type, state),
                offense_type.map(Shared::from),
            )
        })
    }

    /// `classify_disposition` and the disposition's shared text (`raw` as received), once per
    /// distinct disposition and state of the record.
    pub fn disposition(
        &mut self,
        raw: Option<&str>,
        state: Option<&str>,
    ) -> (Disposition, Option<Shared>) {
        let key = push_key(&mut self.keys, &[state, raw]);
        self.dispositions.once(&mut self.keys, key, || {
            (classify_disposition(raw, state), raw.map(Shared::from))
        })
    }
}

/// Readings by key, each with its key's hash; the keys live in the reader's `keys`. A record's
/// few distinct readings are found by scanning the hashes (cheaper than a hash map at that
/// size); past `SCANNED_AT_MOST` a hash index finds them, so a long record stays linear.
struct Seen<T> {
    /// (hash, key, reading), in the order first read.
    entries: Vec<(u64, Range<usize>, T)>,
    /// Entry by hash, once there are too many to scan.
    index: Option<WordMap<u64, usize>>,
}

impl<T> Default for Seen<T> {
    fn default() -> Self {
        Self {
            // Room for a short record's distinct readings: not grown step by step.
            entries: Vec::with_capacity(SEEN_AT_ONCE),
            index: None,
        }
    }
}

/// Distinct readings of one kind a reader first makes room for.
const SEEN_AT_ONCE: usize = 16;

/// Distinct readings of one kind found by scanning, before a hash index is built.
const SCANNED_AT_MOST: usize = 32;

/// What `Seen::find` knows of a key.
enum Found<T> {
    /// Read before: the reading again (the key is dropped from `keys` again).
    Known(T),
    /// New: the key stays in `keys`, for `keep`.
    New(u64, Range<usize>),
    /// Another key with the same hash was read before (next to never): read it, keep nothing.
    Clash,
}

impl<T: Clone> Seen<T> {
    /// Looks up the key `keys[key]`, the last one pushed.
    fn find(&self, keys: &mut Vec<u8>, key: Range<usize>) -> Found<T> {
        let text = keys.get(key.clone()).unwrap_or_default();
        let hash = BuildHasherDefault::<WordHasher>::default().hash_one(text);
        let at = match &self.index {
            Some(index) => index.get(&hash).copied(),
            None => self.entries.iter().position(|(seen, ..)| *seen == hash),
        };
        let found = match at.and_then(|at| self.entries.get(at)) {
            None => return Found::New(hash, key),
            Some((_, seen, read))
                if keys
                    .get(seen.clone())
                    .is_some_and(|seen| bytes_eq(seen, text)) =>
            {
                Found::Known(read.clone())
            }
            Some(_) => Found::Clash,
        };
        keys.truncate(key.start);
        found
    }

    /// Keeps the reading of a key `find` found new.
    fn keep(&mut self, found: Found<T>, read: T) {
        let Found::New(hash, key) = found else {
            return;
        };
        self.entries.push((hash, key, read));
        let last = self.entries.len() - 1;
        match &mut self.index {
            Some(index) => {
                index.insert(hash, last);
            }
            None if self.entries.len() > SCANNED_AT_MOST => {
                let by_hash = self.entries.iter().enumerate();
                self.index = Some(by_hash.map(|(at, (hash, ..))| (*hash, at)).collect());
            }
            None => {}
        }
    }

    /// The reading of the key `keys[key]`, made by `read` the first time.
    fn once(&mut self, keys: &mut Vec<u8>, key: Range<usize>, read: impl FnOnce() -> T) -> T {
        let new = match self.find(keys, key) {
            Found::Known(known) => return known,
            found => found,
        };
        let value = read();
        self.keep(new, value.clone());
        value
    }
}

/// Bytes of keys the reader first makes room for (the keys of about ten charges).
const KEYS_AT_ONCE: usize = 1024;

/// Appends an unambiguous key of `parts` to `keys` and returns its range: each part absent (`0`)
/// or present (`1`, its length in eight bytes, its text), so no two different lists of parts
/// share a key whatever their text holds.
fn push_key(keys: &mut Vec<u8>, parts: &[Option<&str>]) -> Range<usize> {
    let need: usize = parts.iter().map(|p| 9 + p.map_or(0, str::len)).sum();
    // Room for the keys of a few charges at once, then one growth check per key.
    keys.reserve(need.max(KEYS_AT_ONCE - keys.len().min(KEYS_AT_ONCE)));
    let start = keys.len();
    for part in parts {
        match part {
            None => keys.push(0),
            Some(text) => {
                keys.push(1);
                keys.extend_from_slice(&(text.len() as u64).to_le_bytes());
                keys.extend_from_slice(text.as_bytes());
            }
        }
    }
    start..keys.len()
}

/// Severity, traffic class and disposition class of one charge, each with its evidence. The
/// severity is the declared type's; when the type names no level, the level the charge text
/// states ("(M2)", "FELONY THEFT") is shown instead, else the level of an offense graded alike
/// essentially everywhere (robbery: felony), and the evidence says so. Rules read the declared
/// type only.
pub fn classification(offense: &Offense) -> Classification<'_> {
    let (severity, severity_evidence) = severity_read(offense);
    let mut evidence = EvidenceLines::new();
    evidence.push(severity_evidence);
    if !offense.traffic_evidence.is_empty() {
        evidence.push(Evidence::Text(Cow::Borrowed(&offense.traffic_evidence)));
    }
    let disposition = &offense.disposition_class;
    evidence.push(Evidence::Framed {
        lead: disposition_lead(disposition.class),
        text: &disposition.evidence,
        quoted: false,
    });
    Classification {
        severity,
        traffic: offense.traffic.label(),
        disposition_class: disposition.class,
        evidence,
        dictionary: None,
    }
}

/// `severity.{word}: type ` for a level, one string to copy (`tests_vocabulary` spells them out).
pub(super) fn severity_lead(level: SeverityLevel) -> &'static str {
    match level {
        SeverityLevel::Felony => "severity.felony: type ",
        SeverityLevel::Misdemeanor => "severity.misdemeanor: type ",
        SeverityLevel::PettyOffense => "severity.petty_offense: type ",
        SeverityLevel::Infraction => "severity.infraction: type ",
        SeverityLevel::Violation => "severity.violation: type ",
        SeverityLevel::Ordinance => "severity.ordinance: type ",
        SeverityLevel::Civil => "severity.civil: type ",
        SeverityLevel::Unknown => "severity.unknown: type ",
    }
}

/// `disposition.{word}: ` for a class, one string to copy.
pub(super) fn disposition_lead(class: DispositionClass) -> &'static str {
    match class {
        DispositionClass::Conviction => "disposition.conviction: ",
        DispositionClass::NonConviction => "disposition.non_conviction: ",
        DispositionClass::Pending => "disposition.pending: ",
        DispositionClass::Unknown => "disposition.unknown: ",
    }
}

fn severity_read(offense: &Offense) -> (SeverityLevel, Evidence<'_>) {
    let Severity {
        level,
        recognised,
        missing,
        ..
    } = offense.severity;
    let declared = offense.offense_type.as_deref().unwrap_or("").trim();
    if level != SeverityLevel::Unknown {
        return (
            level,
            Evidence::Framed {
                lead: severity_lead(level),
                text: declared,
                quoted: true,
            },
        );
    }
    match &offense.text_level {
        Some(TextLevel::Stated { level, phrase }) => {
            return (
                *level,
                format!(
                    "severity.{}: charge text \"{phrase}\" (the type names no level)",
                    level.word()
                )
                .into(),
            );
        }
        Some(TextLevel::Inferred {
            level,
            family,
            word,
        }) => {
            return (
                *level,
                format!(
                    "severity.{}: inferred from the offense \"{word}\" ({family}; the type names \
                     no level, and the rules do not use an inferred level)",
                    level.word()
                )
                .into(),
            );
        }
        None => {}
    }
    let why = match (missing, recognised) {
        (true, _) => "no type".to_string(),
        (false, true) => format!("type \"{declared}\" names no level"),
        (false, false) => format!("type \"{declared}\" not understood"),
    };
    (level, format!("severity.unknown: {why}").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two keys with one hash (forced here: real clashes are next to never): the second is read
    /// again and not kept, the first keeps its reading, and no key is left behind.
    #[test]
    fn a_hash_clash_is_read_not_kept() {
        let mut seen: Seen<&str> = Seen::default();
        let mut keys = Vec::new();
        let first = push_key(&mut keys, &[Some("A")]);
        let Found::New(hash, range) = seen.find(&mut keys, first.clone()) else {
            panic!("a first key is new");
        };
        seen.keep(Found::New(hash, range), "first");
        let second = push_key(&mut keys, &[Some("B")]);
        let second_hash = BuildHasherDefault::<WordHasher>::default()
            .hash_one(keys.get(second.clone()).unwrap_or_default());
        // Pretend the first key hashed like the second.
        if let Some(entry) = seen.entries.first_mut() {
            entry.0 = second_hash;
        }
        assert!(matches!(seen.find(&mut keys, second), Found::Clash));
        assert_eq!(keys.len(), first.end);
        let again = push_key(&mut keys, &[Some("B")]);
        assert_eq!(seen.once(&mut keys, again, || "second"), "second");
        assert_eq!(seen.entries.len(), 1);
        assert_eq!(keys.len(), first.end);
    }

    /// Past the readings a scan looks through, the hash index finds every one of them again.
    #[test]
    fn many_readings_are_found_through_the_index() {
        let mut seen: Seen<usize> = Seen::default();
        let mut keys = Vec::new();
        let texts: Vec<String> = (0..3 * SCANNED_AT_MOST).map(|n| format!("C{n}")).collect();
        for (n, text) in texts.iter().enumerate() {
            let key = push_key(&mut keys, &[Some(text)]);
            assert_eq!(seen.once(&mut keys, key, || n), n);
        }
        assert!(seen.index.is_some());
        let kept = keys.len();
        for (n, text) in texts.iter().enumerate() {
            let key = push_key(&mut keys, &[Some(text)]);
            assert_eq!(seen.once(&mut keys, key, || usize::MAX), n);
        }
        assert_eq!(keys.len(), kept);
    }
}
