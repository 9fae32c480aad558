//! State and territory rules: one table per jurisdiction of `shared/reference/law/jurisdictions.json`
//! (50 states, DC, AS, GU, MP, PR, VI), in the law table's order.
//!
//! `cra.rs` holds the jurisdictions with a consumer-reporting lookback or bar, `mixed.rs` those with
//! CRA duties or employer-use limits but no lookback, `federal_only.rs` the rest (their
//! sealing/expungement and employer-use rules). Jurisdictions whose research is marked low
//! confidence route what they would bar to review instead (a person decides; we do not invent law).

mod cra;
mod federal_only;
mod mixed;

use super::catalog::Rule;

/// The 56 codes, in the law table's order.
pub const CODES: [&str; 56] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
    "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
    "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
    "WI", "WY", "AS", "DC", "GU", "MP", "PR", "VI",
];

/// The rules of one jurisdiction (empty for an unknown code).
pub fn rules_for(code: &str) -> &'static [Rule] {
    use cra::*;
    use federal_only::*;
    use mixed::*;
    match code {
        "AL" => AL,
        "AK" => AK,
        "AZ" => AZ,
        "AR" => AR,
        "CA" => CA,
        "CO" => CO,
        "CT" => CT,
        "DE" => DE,
        "FL" => FL,
        "GA" => GA,
        "HI" => HI,
        "ID" => ID,
        "IL" => IL,
        "IN" => IN,
        "IA" => IA,
        "KS" => KS,
        "KY" => KY,
        "LA" => LA,
        "ME" => ME,
        "MD" => MD,
        "MA" => MA,
        "MI" => MI,
        "MN" => MN,
        "MS" => MS,
        "MO" => MO,
        "MT" => MT,
        "NE" => NE,
        "NV" => NV,
        "NH" => NH,
        "NJ" => NJ,
        "NM" => NM,
        "NY" => NY,
        "NC" => NC,
        "ND" => ND,
        "OH" => OH,
        "OK" => OK,
        "OR" => OR,
        "PA" => PA,
        "RI" => RI,
        "SC" => SC,
        "SD" => SD,
        "TN" => TN,
        "TX" => TX,
        "UT" => UT,
        "VT" => VT,
        "VA" => VA,
        "WA" => WA,
        "WV" => WV,
        "WI" => WI,
        "WY" => WY,
        "AS" => AS,
        "DC" => DC,
        "GU" => GU,
        "MP" => MP,
        "PR" => PR,
        "VI" => VI,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every jurisdiction of the law table has a table with at least one rule, and its rules are
    /// filed under it.
    #[test]
    fn every_jurisdiction_has_rules() {
        for code in CODES {
            let rules = rules_for(code);
            assert!(!rules.is_empty(), "{code} has no rules");
            for r in rules {
                assert_eq!(r.jurisdiction, code, "{}", r.id);
            }
        }
    }
}
