//! State and territory rules: one table per jurisdiction of the law research the rules were written
//! from (50 states, DC, AS, GU, MP, PR, VI), in its order; each rule cites its statute, and
//! `docs/rules.md` lists them all.
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
    rules_for_bytes(code.as_bytes())
}

/// [`rules_for`] by the code's bytes: a charge's facts hold the code as two bytes, and asking
/// by bytes spares a UTF-8 check on every charge.
pub fn rules_for_bytes(code: &[u8]) -> &'static [Rule] {
    use cra::*;
    use federal_only::*;
    use mixed::*;
    match code {
        b"AL" => AL,
        b"AK" => AK,
        b"AZ" => AZ,
        b"AR" => AR,
        b"CA" => CA,
        b"CO" => CO,
        b"CT" => CT,
        b"DE" => DE,
        b"FL" => FL,
        b"GA" => GA,
        b"HI" => HI,
        b"ID" => ID,
        b"IL" => IL,
        b"IN" => IN,
        b"IA" => IA,
        b"KS" => KS,
        b"KY" => KY,
        b"LA" => LA,
        b"ME" => ME,
        b"MD" => MD,
        b"MA" => MA,
        b"MI" => MI,
        b"MN" => MN,
        b"MS" => MS,
        b"MO" => MO,
        b"MT" => MT,
        b"NE" => NE,
        b"NV" => NV,
        b"NH" => NH,
        b"NJ" => NJ,
        b"NM" => NM,
        b"NY" => NY,
        b"NC" => NC,
        b"ND" => ND,
        b"OH" => OH,
        b"OK" => OK,
        b"OR" => OR,
        b"PA" => PA,
        b"RI" => RI,
        b"SC" => SC,
        b"SD" => SD,
        b"TN" => TN,
        b"TX" => TX,
        b"UT" => UT,
        b"VT" => VT,
        b"VA" => VA,
        b"WA" => WA,
        b"WV" => WV,
        b"WI" => WI,
        b"WY" => WY,
        b"AS" => AS,
        b"DC" => DC,
        b"GU" => GU,
        b"MP" => MP,
        b"PR" => PR,
        b"VI" => VI,
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
