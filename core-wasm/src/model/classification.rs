//! What stage 1 read a charge as, shown to clients in `classification`: the level, traffic class
//! and disposition class, each with the evidence that decided it.

use std::borrow::Cow;

use serde::Serialize;
use smallvec::SmallVec;

use crate::classify::{DispositionClass, Severity, SeverityLevel, TextLevel};

use super::{Evidence, Offense};

/// docs/decisions.md §12 `classification`: severity, traffic class and disposition class of a charge as
/// stage 1 read them, with the table entries (lexicon phrase, family, statute, type code,
/// disposition rule) that decided each.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Classification<'s> {
    pub severity: SeverityLevel,
    /// `minor`, `serious`, `none` or `unknown`.
    pub traffic: &'static str,
    pub disposition_class: DispositionClass,
    /// Lines borrow what the record already holds (the traffic evidence, the type, the
    /// disposition's reading); at most three, kept in place (a vector was an allocation a
    /// charge).
    #[serde(serialize_with = "evidence_lines")]
    pub evidence: EvidenceLines<'s>,
    /// The tenant's charge dictionary, when one of its entries read the charge (absent
    /// otherwise): its version and the entries, as the evidence lines name them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<DictionaryNote<'s>>,
}

/// `classification.dictionary`: which dictionary read a charge, and with which entries.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DictionaryNote<'s> {
    pub version: &'s str,
    /// The entry that read the charge text or statute, then the one that read the disposition.
    #[serde(serialize_with = "entry_ids")]
    pub entries: SmallVec<[&'s str; 2]>,
}

/// Entry ids as a JSON array.
fn entry_ids<S: serde::Serializer>(ids: &SmallVec<[&str; 2]>, s: S) -> Result<S::Ok, S::Error> {
    ids.as_slice().serialize(s)
}

/// A charge's evidence lines: severity, traffic (when read), disposition.
pub type EvidenceLines<'s> = SmallVec<[Evidence<'s>; 3]>;

/// Evidence lines as a JSON array, as a vector of them serialises.
fn evidence_lines<S: serde::Serializer>(
    lines: &EvidenceLines<'_>,
    s: S,
) -> Result<S::Ok, S::Error> {
    lines.as_slice().serialize(s)
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

/// `severity.{word}: type ` for a level, one string to copy (the tests below spell them out).
pub(crate) fn severity_lead(level: SeverityLevel) -> &'static str {
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
pub(crate) fn disposition_lead(class: DispositionClass) -> &'static str {
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
    use crate::classify::vocabulary::serde_word;

    /// The vocabulary words evidence writes are the serde names, and its leads spell them.
    #[test]
    fn evidence_words_are_the_serde_names() {
        use SeverityLevel as L;
        for level in [
            L::Felony,
            L::Misdemeanor,
            L::PettyOffense,
            L::Infraction,
            L::Violation,
            L::Ordinance,
            L::Civil,
            L::Unknown,
        ] {
            assert_eq!(level.word(), serde_word(&level));
            let lead = format!("severity.{}: type ", level.word());
            assert_eq!(severity_lead(level), lead);
        }
        use DispositionClass as K;
        for class in [K::Conviction, K::NonConviction, K::Pending, K::Unknown] {
            assert_eq!(class.word(), serde_word(&class));
            let lead = format!("disposition.{}: ", class.word());
            assert_eq!(disposition_lead(class), lead);
        }
    }
}
