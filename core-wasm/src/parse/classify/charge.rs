//! The per-charge `classification` extension (DECISIONS §12): what stage 1 read, and why.

use crate::model::decision::Classification;
use crate::model::record::Offense;

use super::severity::{Severity, charge_text_level, inferred_level};
use super::vocabulary::SeverityLevel;

/// Severity, traffic class and disposition class of one charge, each with its evidence. The
/// severity is the declared type's; when the type names no level, the level the charge text
/// states ("(M2)", "FELONY THEFT") is shown instead, else the level of an offense graded alike
/// essentially everywhere (robbery: felony), and the evidence says so. Rules read the declared
/// type only.
pub fn classification(offense: &Offense) -> Classification {
    let (severity, severity_evidence) = severity_read(offense);
    let mut evidence = vec![severity_evidence];
    if !offense.traffic_evidence.is_empty() {
        evidence.push(offense.traffic_evidence.clone());
    }
    let disposition = &offense.disposition_class;
    evidence.push(format!(
        "disposition.{}: {}",
        disposition.class.word(),
        disposition.evidence
    ));
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
            format!("severity.{}: type \"{declared}\"", level.word()),
        );
    }
    if let Some((from_text, phrase)) = charge_text_level(&offense.charge) {
        return (
            from_text,
            format!(
                "severity.{}: charge text \"{phrase}\" (the type names no level)",
                from_text.word()
            ),
        );
    }
    if let Some((inferred, family, word)) = inferred_level(&offense.charge) {
        return (
            inferred,
            format!(
                "severity.{}: inferred from the offense \"{word}\" ({family}; the type names no \
                 level, and the rules do not use an inferred level)",
                inferred.word()
            ),
        );
    }
    let why = match (missing, recognised) {
        (true, _) => "no type".to_string(),
        (false, true) => format!("type \"{declared}\" names no level"),
        (false, false) => format!("type \"{declared}\" not understood"),
    };
    (level, format!("severity.unknown: {why}"))
}
