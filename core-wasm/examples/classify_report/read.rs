//! How the report reads one charge or disposition: through stage 1's own `build_offense` and the
//! `classification` every decided charge carries, so the figures are the engine's.

use lookback_core::classify::{
    ChargeReader, Disposition, SeverityLevel, TrafficKind, classify_disposition,
};
use lookback_core::model::classification::classification;
use lookback_core::parse::record_json::{OffenseParts, build_offense};

/// One charge as the engine reads it.
pub struct Reading {
    pub severity: SeverityLevel,
    pub traffic: TrafficKind,
    /// The traffic evidence line.
    pub evidence: String,
}

/// The charge sent with its text, and optionally a statute and a level word as `type`.
pub fn read_charge(
    charge: &str,
    statute: Option<&str>,
    level: Option<&str>,
    state: Option<&str>,
) -> Reading {
    let parts = OffenseParts {
        raw_charge: charge.into(),
        offense_type: level.map(Into::into),
        statute: statute.map(str::to_string),
        ..OffenseParts::default()
    };
    let offense = build_offense(parts, state, &mut ChargeReader::default());
    let read = classification(&offense);
    Reading {
        severity: read.severity,
        traffic: offense.traffic,
        evidence: read
            .evidence
            .into_iter()
            .map(|e| e.to_string())
            .find(|e| e.starts_with("traffic."))
            .unwrap_or_default(),
    }
}

/// One disposition string as the engine reads it.
pub fn read_disposition(raw: &str, state: Option<&str>) -> Disposition {
    classify_disposition(Some(raw), state)
}
