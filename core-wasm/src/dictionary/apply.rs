//! Applies a dictionary to a normalised record: each charge an entry matches gets the entry's
//! facts in place of the built-in reading, and keeps both (`DictionaryRead`). Runs on stage 1's
//! record before stages 2-3, so every rule, issue and evidence line sees the corrected reading.

use crate::classify::normalize_charge_text;
use crate::model::Search;

use crate::model::dictionary::entry::statute_key_into;
use crate::model::dictionary::index::Dictionary;
use crate::model::{BuiltinReading, DictionaryRead};

/// Reads every charge of `search` with `dictionary`; returns how many charges it read.
pub fn apply(dictionary: &Dictionary, search: &mut Search) -> usize {
    let entries = dictionary.entries();
    let (with_statutes, with_dispositions) =
        (dictionary.has_statutes(), dictionary.has_dispositions());
    let mut statute = String::new();
    let mut read = 0;
    for court in &mut search.courts {
        for case in &mut court.cases {
            let state = case.jurisdiction_state.as_deref();
            for offense in &mut case.offenses {
                let statute_key = match &offense.statute {
                    Some(raw) if with_statutes => {
                        statute_key_into(raw, &mut statute);
                        Some(statute.as_str())
                    }
                    _ => None,
                };
                let charge = dictionary.charge_entry(&offense.charge, statute_key, state);
                let disposition = match &offense.disposition {
                    Some(raw) if with_dispositions => {
                        dictionary.disposition_entry(&normalize_charge_text(raw), state)
                    }
                    _ => None,
                };
                if charge.is_none() && disposition.is_none() {
                    continue;
                }
                let builtin = BuiltinReading {
                    traffic: offense.traffic,
                    level: offense.severity.level,
                    disposition: offense.disposition_class.clone(),
                };
                if let Some(entry) = charge.and_then(|at| entries.list.get(at)) {
                    if let Some(traffic) = entry.traffic {
                        offense.traffic = traffic.kind();
                    }
                    if let Some(level) = entry.level {
                        offense.severity.level = level.level();
                    }
                }
                if let Some(class) = disposition
                    .and_then(|at| entries.list.get(at))
                    .and_then(|entry| entry.disposition_class)
                {
                    let canonical = class.canonical();
                    let (class, sensitive, suppress) = canonical.defaults();
                    let d = &mut offense.disposition_class;
                    d.canonical = canonical;
                    d.class = class;
                    d.jurisdiction_sensitive = sensitive;
                    d.suppress_candidate = suppress;
                    // The tenant has said what the string means: no longer an unread value.
                    d.recognised = true;
                }
                offense.dictionary = Some(Box::new(DictionaryRead {
                    entries: entries.clone(),
                    charge,
                    disposition,
                    builtin,
                }));
                read += 1;
            }
        }
    }
    read
}
