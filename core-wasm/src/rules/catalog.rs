//! The rule catalogue: every rule the engine can cite, as data with its statute and confidence.
//!
//! Ids are stable across versions (DECISIONS §7.6); the federal ones are the `id_suggestion`s of
//! `shared/reference/law/federal.json`. Change any entry and bump [`RULES_VERSION`].

use serde::Serialize;

/// Changes whenever any rule changes, so a decision can be traced to the law table it used.
pub const RULES_VERSION: &str = "2026.11.22-fed.1";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    High,
    Medium,
    Low,
}

/// Who the rule binds: what a consumer reporting agency may report, or what an employer may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    CraStatute,
    EmployerUse,
    Policy,
    System,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rule {
    pub id: &'static str,
    pub jurisdiction: &'static str,
    pub scope: Scope,
    pub summary: &'static str,
    /// Empty for policy and system rules that rest on no statute.
    pub citation: &'static str,
    pub confidence: Confidence,
}

pub const FED_CONVICTION_NO_TIME_LIMIT: &str = "FED_CONVICTION_NO_TIME_LIMIT";
pub const FED_NONCONVICTION_7YR: &str = "FED_NONCONVICTION_7YR";
pub const FED_SALARY_EXEMPTION_75K: &str = "FED_SALARY_EXEMPTION_75K";
pub const FED_PENDING_CHARGE: &str = "FED_PENDING_CHARGE";
pub const FED_EXPUNGED_SEALED_NOT_REPORTABLE: &str = "FED_EXPUNGED_SEALED_NOT_REPORTABLE";
pub const FED_ACCURACY_DISPOSITION: &str = "FED_ACCURACY_DISPOSITION";
pub const GEN_TRAFFIC_NONREPORT: &str = "GEN_TRAFFIC_NONREPORT";
pub const SYS_JURISDICTION_UNKNOWN: &str = "SYS_JURISDICTION_UNKNOWN";
pub const SYS_ENGINE_FAILURE: &str = "SYS_ENGINE_FAILURE";

/// Federal salary threshold of 15 U.S.C. 1681c(b); inclusive (DECISIONS §7.2).
pub const FEDERAL_SALARY_THRESHOLD: f64 = 75_000.0;
/// Federal lookback for non-conviction items, in whole years from the date of entry.
pub const FEDERAL_NONCONVICTION_YEARS: u32 = 7;

pub static RULES: &[Rule] = &[
    Rule {
        id: FED_CONVICTION_NO_TIME_LIMIT,
        jurisdiction: "US",
        scope: Scope::CraStatute,
        summary: "Records of convictions of crimes may be reported without a federal time limit.",
        citation: "15 U.S.C. 1681c(a)(5); Pub. L. 105-347 (1998)",
        confidence: Confidence::High,
    },
    Rule {
        id: FED_NONCONVICTION_7YR,
        jurisdiction: "US",
        scope: Scope::CraStatute,
        summary: "Arrests and other adverse items that are not convictions may not be reported once more than 7 years \
                  have passed since the date of entry (arrest, else charge, else filing); a later dismissal does not \
                  restart the clock.",
        citation: "15 U.S.C. 1681c(a)(2), (a)(5); Moran v. The Screening Pros, LLC, 943 F.3d 1175 (9th Cir. 2019)",
        confidence: Confidence::High,
    },
    Rule {
        id: FED_SALARY_EXEMPTION_75K,
        jurisdiction: "US",
        scope: Scope::CraStatute,
        summary: "The 7-year limits do not apply to employment at an annual salary of $75,000 or more.",
        citation: "15 U.S.C. 1681c(b)(3)",
        confidence: Confidence::High,
    },
    Rule {
        id: FED_PENDING_CHARGE,
        jurisdiction: "US",
        scope: Scope::CraStatute,
        summary: "A pending charge is reportable within 7 years of the arrest or charge; one pending for longer is an \
                  open question and goes to human review unless the salary exemption applies.",
        citation: "15 U.S.C. 1681c(a)(2), (a)(5)",
        confidence: Confidence::Low,
    },
    Rule {
        id: FED_EXPUNGED_SEALED_NOT_REPORTABLE,
        jurisdiction: "US",
        scope: Scope::CraStatute,
        summary: "Expunged, sealed or otherwise legally restricted records are not reported.",
        citation: "15 U.S.C. 1681e(b)",
        confidence: Confidence::Medium,
    },
    Rule {
        id: FED_ACCURACY_DISPOSITION,
        jurisdiction: "US",
        scope: Scope::CraStatute,
        summary: "A charge is not reported without its current disposition; an unknown disposition goes to human review.",
        citation: "15 U.S.C. 1681e(b); 15 U.S.C. 1681k(a)",
        confidence: Confidence::High,
    },
    Rule {
        id: GEN_TRAFFIC_NONREPORT,
        jurisdiction: "GEN",
        scope: Scope::Policy,
        summary: "Minor traffic offenses (speeding, equipment, registration, licence, insurance, parking and the like) \
                  are not reported; serious traffic offenses such as DUI follow the ordinary rules.",
        citation: "",
        confidence: Confidence::Medium,
    },
    Rule {
        id: SYS_JURISDICTION_UNKNOWN,
        jurisdiction: "SYS",
        scope: Scope::System,
        summary: "The case names no usable jurisdiction_state, so state rules cannot be applied; human review.",
        citation: "",
        confidence: Confidence::High,
    },
    Rule {
        id: SYS_ENGINE_FAILURE,
        jurisdiction: "SYS",
        scope: Scope::System,
        summary: "The compliance stage failed; every charge goes to human review.",
        citation: "",
        confidence: Confidence::High,
    },
];

/// Looks a rule up by id.
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_upper_snake_case_with_known_prefixes() {
        let mut ids: Vec<_> = RULES.iter().map(|r| r.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), RULES.len());
        for id in ids {
            assert!(id.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'), "{id}");
            assert!(["FED_", "GEN_", "SYS_", "LOCAL_", "CLIENT_"].iter().any(|p| id.starts_with(p)) || id.as_bytes().get(2) == Some(&b'_'), "{id}");
        }
    }

    #[test]
    fn statute_rules_carry_citations() {
        for r in RULES.iter().filter(|r| r.scope == Scope::CraStatute || r.scope == Scope::EmployerUse) {
            assert!(!r.citation.is_empty(), "{}", r.id);
        }
    }
}
