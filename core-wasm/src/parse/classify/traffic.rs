//! Minor vs serious traffic (DECISIONS §7.4, rule `GEN_TRAFFIC_NONREPORT`).
//!
//! Decided from the charge text and statute; the declared type is only a hint, so a `TRAFFIC`
//! type never makes a DUI minor. Serious phrases are looked for first.

use serde::{Deserialize, Serialize};

use super::severity::{Severity, SeverityLevel};
use super::text::{Words, charge_match_key};
use super::traffic_table::{MINOR, NOT_MINOR_CONTEXT, SERIOUS, SERIOUS_STATUTE, TRAFFIC_STATUTE};

/// How a charge stands under the general traffic non-report rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrafficKind {
    /// Not a traffic charge as far as the text, statute and type show.
    NotTraffic,
    /// Minor traffic: not reportable whatever its level (§7.4).
    MinorTraffic,
    /// Traffic, but not shown to be minor: the ordinary rules apply. Also used for a traffic
    /// charge whose text is not understood, and for a "minor" text declared a felony.
    SeriousTraffic,
}

/// DECISIONS §7.4: decide from the charge text and statute, with the severity as a hint.
///
/// Order: a serious phrase (text or statute) -> `SeriousTraffic`; a minor phrase -> `MinorTraffic`
/// (but `SeriousTraffic` when the type says felony: a felony is never cleared on wording alone);
/// otherwise a traffic type or vehicle-code statute -> `MinorTraffic` when the level is a
/// non-criminal one (infraction, violation, civil), else `SeriousTraffic`; else `NotTraffic`.
pub fn classify_traffic(charge: &str, statute: Option<&str>, severity: &Severity) -> TrafficKind {
    let charge_key = charge_match_key(charge);
    let text = Words::new(&charge_key);
    let statute_key = charge_match_key(statute.unwrap_or(""));
    let statute_words = Words::new(&statute_key);
    let statute_clean = super::text::clean(statute.unwrap_or(""));
    let statute_raw_words = Words::new(&statute_clean);

    if any_row(&text, SERIOUS)
        || any_row(&statute_words, SERIOUS)
        || any_row(&statute_raw_words, SERIOUS_STATUTE)
    {
        return TrafficKind::SeriousTraffic;
    }
    if any_row(&text, MINOR) && !text.has_any(NOT_MINOR_CONTEXT) {
        return if severity.level == SeverityLevel::Felony {
            TrafficKind::SeriousTraffic
        } else {
            TrafficKind::MinorTraffic
        };
    }
    let traffic_statute = any_row(&statute_raw_words, TRAFFIC_STATUTE);
    if severity.traffic_hint || traffic_statute {
        let non_criminal = matches!(
            severity.level,
            SeverityLevel::Infraction | SeverityLevel::Violation | SeverityLevel::Civil
        );
        return if non_criminal {
            TrafficKind::MinorTraffic
        } else {
            TrafficKind::SeriousTraffic
        };
    }
    TrafficKind::NotTraffic
}

/// True when every phrase of at least one (non-empty) row occurs.
fn any_row(words: &Words<'_>, rows: &[&[&str]]) -> bool {
    rows.iter()
        .any(|row| !row.is_empty() && row.iter().all(|p| words.has(p)))
}
