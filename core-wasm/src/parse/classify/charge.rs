//! One charge as stage 1 reads it, each distinct charge of a record once, and the per-charge
//! `classification` extension (DECISIONS §12): what stage 1 read, and why.

use crate::model::decision::Classification;
use crate::model::record::Offense;

use super::disposition::{Disposition, classify_disposition};
use super::lexicon::lexicon;
use super::lookup::WordMap;
use super::severity::{Severity, TextLevel, classify_severity, text_level};
use super::text::{ChargeText, normalize_charge_text};
use super::traffic::{self, TrafficReading};
use super::vocabulary::SeverityLevel;

/// What stage 1 reads from one charge's text, statute and type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChargeRead {
    /// Display form of the text (`normalize_charge_text`).
    pub charge: String,
    pub severity: Severity,
    pub traffic: TrafficReading,
    pub text_level: Option<TextLevel>,
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
        classify_severity(offense_type, state),
    )
}

fn read_text(
    raw_charge: &str,
    statute: Option<&str>,
    state: Option<&str>,
    severity: Severity,
) -> ChargeRead {
    let charge = normalize_charge_text(raw_charge);
    let (traffic, text_level) = {
        let text = ChargeText::new(&charge);
        let hits = lexicon().index.scan(&text.key);
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
    }
}

/// Reads the charges of one record, each distinct charge once (issue 23): a record often repeats
/// a charge (counts of one offense, one traffic stop's tickets), its types and its dispositions.
/// A charge is the same when its text, statute, type and state are; the reading is a pure
/// function of them, so a repeated one gets a copy of the first reading.
#[derive(Default)]
pub struct ChargeReader {
    charges: WordMap<Box<str>, ChargeRead>,
    severities: WordMap<Box<str>, Severity>,
    dispositions: WordMap<Box<str>, Disposition>,
    /// The key being looked up (reused, so a look-up allocates nothing).
    key: String,
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
        key_of(
            &mut self.key,
            &[state, offense_type, statute, Some(raw_charge)],
        );
        if let Some(read) = self.charges.get(self.key.as_str()) {
            return read.clone();
        }
        let charge_key: Box<str> = self.key.as_str().into();
        let severity = self.severity(offense_type, state);
        let read = read_text(raw_charge, statute, state, severity);
        self.charges.insert(charge_key, read.clone());
        read
    }

    /// `classify_severity`, once per distinct type and state of the record.
    fn severity(&mut self, offense_type: Option<&str>, state: Option<&str>) -> Severity {
        key_of(&mut self.key, &[state, offense_type]);
        once(&mut self.severities, &self.key, || {
            classify_severity(offense_type, state)
        })
    }

    /// `classify_disposition`, once per distinct disposition and state of the record.
    pub fn disposition(&mut self, raw: Option<&str>, state: Option<&str>) -> Disposition {
        key_of(&mut self.key, &[state, raw]);
        once(&mut self.dispositions, &self.key, || {
            classify_disposition(raw, state)
        })
    }
}

/// The reading `key` has in `seen`, made by `read` the first time.
fn once<T: Clone>(seen: &mut WordMap<Box<str>, T>, key: &str, read: impl FnOnce() -> T) -> T {
    if let Some(known) = seen.get(key) {
        return known.clone();
    }
    let value = read();
    seen.insert(key.into(), value.clone());
    value
}

/// Writes an unambiguous key of `parts` into `key`: each part absent (`-`) or its length and text
/// (`5:GUILTY`), so no two different lists of parts share a key whatever their text holds.
fn key_of(key: &mut String, parts: &[Option<&str>]) {
    key.clear();
    for part in parts {
        match part {
            None => key.push('-'),
            Some(text) => {
                push_decimal(key, text.len());
                key.push(':');
                key.push_str(text);
            }
        }
    }
}

/// The pieces of an evidence line joined (one allocation, no formatting machinery: two lines
/// of every decided charge are written here).
fn line(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for piece in pieces {
        out.push_str(piece);
    }
    out
}

/// Writes `n` in decimal (without the formatting machinery: this runs for every charge).
fn push_decimal(out: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// Severity, traffic class and disposition class of one charge, each with its evidence. The
/// severity is the declared type's; when the type names no level, the level the charge text
/// states ("(M2)", "FELONY THEFT") is shown instead, else the level of an offense graded alike
/// essentially everywhere (robbery: felony), and the evidence says so. Rules read the declared
/// type only.
pub fn classification(offense: &Offense) -> Classification {
    let (severity, severity_evidence) = severity_read(offense);
    let mut evidence = Vec::with_capacity(3);
    evidence.push(severity_evidence);
    if !offense.traffic_evidence.is_empty() {
        evidence.push(offense.traffic_evidence.clone());
    }
    let disposition = &offense.disposition_class;
    evidence.push(line(&[
        "disposition.",
        disposition.class.word(),
        ": ",
        &disposition.evidence,
    ]));
    Classification {
        severity,
        traffic: offense.traffic.label(),
        disposition_class: disposition.class,
        evidence,
    }
}

fn severity_read(offense: &Offense) -> (SeverityLevel, String) {
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
            line(&["severity.", level.word(), ": type \"", declared, "\""]),
        );
    }
    match &offense.text_level {
        Some(TextLevel::Stated { level, phrase }) => {
            return (
                *level,
                format!(
                    "severity.{}: charge text \"{phrase}\" (the type names no level)",
                    level.word()
                ),
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
                ),
            );
        }
        None => {}
    }
    let why = match (missing, recognised) {
        (true, _) => "no type".to_string(),
        (false, true) => format!("type \"{declared}\" names no level"),
        (false, false) => format!("type \"{declared}\" not understood"),
    };
    (level, format!("severity.unknown: {why}"))
}
