//! What of a record a dictionary can match: its charges' distinct keys (charge text, statute key,
//! state) and its disposition strings' (normalised text, state). `lookback_charge_keys` answers
//! them for the record stage 1 kept, so a host holding a large dictionary sends each request only
//! the entries that read its charges ([`ChargeKeys::select`]): the engine's work then grows with
//! the record, not with the dictionary.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::classify::normalize_charge_text;
use crate::model::Search;

use crate::model::dictionary::entry::statute_key;
use crate::model::dictionary::index::Dictionary;

/// The keys of one record, each once.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeKeys {
    /// `[charge text, statute key or null, state or null]`.
    pub charges: Vec<(String, Option<String>, Option<String>)>,
    /// `[disposition key, state or null]`.
    pub dispositions: Vec<(String, Option<String>)>,
}

impl ChargeKeys {
    /// The keys of every charge of `search`, as [`super::apply`] reads them.
    pub fn of(search: &Search) -> ChargeKeys {
        let mut charges = BTreeSet::new();
        let mut dispositions = BTreeSet::new();
        for case in search.courts.iter().flat_map(|court| &court.cases) {
            let state = case.jurisdiction_state.as_deref().map(str::to_owned);
            for offense in &case.offenses {
                let statute = offense.statute.as_deref().map(statute_key);
                charges.insert((offense.charge.to_string(), statute, state.clone()));
                if let Some(raw) = &offense.disposition {
                    dispositions.insert((normalize_charge_text(raw), state.clone()));
                }
            }
        }
        ChargeKeys {
            charges: charges.into_iter().collect(),
            dispositions: dispositions.into_iter().collect(),
        }
    }

    /// The entries of `dictionary` that read a charge of these keys (positions, in order): with
    /// them alone a dictionary reads the record exactly as the whole does, since an entry that
    /// reads a charge is the one of all the charge's matches that names it most closely.
    pub fn select(&self, dictionary: &Dictionary) -> Vec<usize> {
        let mut chosen = BTreeSet::new();
        for (charge, statute, state) in &self.charges {
            if let Some(at) = dictionary.charge_entry(charge, statute.as_deref(), state.as_deref())
            {
                chosen.insert(at);
            }
        }
        for (disposition, state) in &self.dispositions {
            if let Some(at) = dictionary.disposition_entry(disposition, state.as_deref()) {
                chosen.insert(at);
            }
        }
        chosen.into_iter().collect()
    }
}
