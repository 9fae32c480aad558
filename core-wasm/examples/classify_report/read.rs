//! How the report reads one charge or disposition: through the same public entry points that
//! stage 1 uses, so the figures are the engine's.

use lookback_core::parse::classify::{
    Disposition, SeverityLevel, TrafficKind, classify_disposition, classify_severity,
    classify_traffic, severity_from_charge_text,
};

/// One charge as the engine reads it.
pub struct Reading {
    pub severity: SeverityLevel,
    pub traffic: TrafficKind,
    pub evidence: Vec<String>,
}

/// Severity from the type when it names a level, else from the charge text; traffic from the
/// text, statute and severity.
pub fn read_charge(
    charge: &str,
    statute: Option<&str>,
    level: Option<&str>,
    state: Option<&str>,
) -> Reading {
    let severity = classify_severity(level, state);
    let traffic = classify_traffic(charge, statute, &severity);
    let level = match severity.level {
        SeverityLevel::Unknown => {
            severity_from_charge_text(charge).unwrap_or(SeverityLevel::Unknown)
        }
        known => known,
    };
    Reading {
        severity: level,
        traffic,
        evidence: Vec::new(),
    }
}

/// One disposition string as the engine reads it.
pub fn read_disposition(raw: &str, state: Option<&str>) -> Disposition {
    classify_disposition(Some(raw), state)
}
