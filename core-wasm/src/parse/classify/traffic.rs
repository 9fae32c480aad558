//! Minor vs serious traffic (DECISIONS §7.4, rule `GEN_TRAFFIC_NONREPORT`).
//!
//! Decided from the charge text and statute; the declared type is only a hint, so a `TRAFFIC`
//! type never makes a DUI minor. Serious phrases are looked for first.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::phrases::{PhraseId, PhraseIndex, PhraseIndexBuilder};
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
    let tables = tables();
    let charge_key = charge_match_key(charge);
    let text = tables.index.scan(&Words::new(&charge_key));
    let statute_key = charge_match_key(statute.unwrap_or(""));
    let statute_words = tables.index.scan(&Words::new(&statute_key));
    let statute_clean = super::text::clean(statute.unwrap_or(""));
    let statute_raw_words = tables.index.scan(&Words::new(&statute_clean));

    if text.any_row(&tables.serious)
        || statute_words.any_row(&tables.serious)
        || statute_raw_words.any_row(&tables.serious_statute)
    {
        return TrafficKind::SeriousTraffic;
    }
    if text.any_row(&tables.minor) && !text.has_any(&tables.not_minor_context) {
        return if severity.level == SeverityLevel::Felony {
            TrafficKind::SeriousTraffic
        } else {
            TrafficKind::MinorTraffic
        };
    }
    let traffic_statute = statute_raw_words.any_row(&tables.traffic_statute);
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

/// The traffic tables as phrase ids of one index, compiled once: each text is scanned once
/// for all of them.
struct Tables {
    index: PhraseIndex,
    serious: Vec<Vec<PhraseId>>,
    minor: Vec<Vec<PhraseId>>,
    not_minor_context: Vec<PhraseId>,
    serious_statute: Vec<Vec<PhraseId>>,
    traffic_statute: Vec<Vec<PhraseId>>,
}

fn tables() -> &'static Tables {
    static COMPILED: OnceLock<Tables> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut builder = PhraseIndexBuilder::default();
        let mut rows = |table: &[&[&'static str]]| -> Vec<Vec<PhraseId>> {
            table.iter().map(|row| builder.intern_all(row)).collect()
        };
        let serious = rows(SERIOUS);
        let minor = rows(MINOR);
        let serious_statute = rows(SERIOUS_STATUTE);
        let traffic_statute = rows(TRAFFIC_STATUTE);
        let not_minor_context = builder.intern_all(NOT_MINOR_CONTEXT);
        Tables {
            index: builder.build(),
            serious,
            minor,
            not_minor_context,
            serious_statute,
            traffic_statute,
        }
    })
}
