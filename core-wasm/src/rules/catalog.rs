//! The rule catalogue: every rule the engine can cite, as typed data with its statute, scope,
//! what it applies to, its lookback, salary threshold, effective dates and confidence.
//!
//! Ids are stable across versions (DECISIONS §7.6); the federal ones are the `id_suggestion`s of
//! `shared/reference/law/federal.json`, the state ones those of `jurisdictions.json`. The tables
//! live here (federal, general, system), in `states/` (one table per jurisdiction), `local.rs`
//! and `client.rs`. Change any entry and bump [`RULES_VERSION`]: the `rules_data_hash` test
//! fails until you do.

use serde::Serialize;

use crate::parse::classify::DispositionClass;

use super::Effect;

/// Changes whenever any rule changes, so a decision can be traced to the law table it used.
#[cfg(not(feature = "rules-next"))]
pub const RULES_VERSION: &str = "2026.11.25-states.2";
/// The test-only `rules-next` variant (see `states/cra.rs`): a second, real module version for
/// the host's swap and diff tests. Never shipped.
#[cfg(feature = "rules-next")]
pub const RULES_VERSION: &str = "2026.11.25-states.2-next";

/// FNV-1a hash of every rule row (their `Debug` text) when [`RULES_VERSION`] was last set; the
/// `rules_data_hash` test fails when the data changes without a version bump.
pub const RULES_DATA_HASH: u64 = 9_516_211_605_596_156_916;

/// The hash [`RULES_DATA_HASH`] records.
pub fn rules_data_hash() -> u64 {
    let text = format!("{:?}", all_rules());
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    High,
    Medium,
    Low,
}

/// Who the rule binds: what a consumer reporting agency may report, what an employer may use,
/// a local ordinance, a product policy, a system rule, or a tenant's own overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    CraStatute,
    EmployerUse,
    Policy,
    System,
    Local,
    Client,
}

/// When a jurisdiction's rule applies to a case (DECISIONS §7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// Federal and general rules: every charge.
    Always,
    /// A consumer-reporting statute: the state is the case's `jurisdiction_state`, the
    /// `applicant_state` or the `customer_state`.
    AnyParty,
    /// An employer-use limit: the state is the `applicant_state` (where the report is used).
    Applicant,
    /// A rule about the state's own court records (sealing, erasure, KY/IN CRA duties): the state
    /// is the case's `jurisdiction_state`.
    Court,
    /// A local ordinance matched from the court's `search_jurisdiction`.
    Local(Place),
    /// A tenant's overlay, from the evaluate context.
    Client,
    /// Raised by the engine itself.
    System,
}

/// The places with local rules (DECISIONS §7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    NewYorkCity,
    SanFrancisco,
    LosAngelesCounty,
    Philadelphia,
}

/// Which charges, beyond their disposition class, a rule is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    All,
    Sealed,
    Expunged,
    SealedOrExpunged,
    Pardoned,
    SetAside,
    /// Deferred adjudication, diversion, PBJ, withheld adjudication, first offender, SIS.
    Deferral,
    /// A non-conviction that is not a deferral (MD: PBJ goes to review instead).
    NotDeferral,
    /// Acquittals and court dismissals (CT erasure).
    AcquittalOrDismissal,
    /// Nolle prosequi and other prosecutor drops (CT erasure after 13 months).
    Nolle,
    /// Juvenile-court matters (the severity said JUVENILE / JF / JM).
    Juvenile,
    /// Simple possession of marijuana (charge text or statute).
    MarijuanaPossession,
    /// Simple possession of marijuana with a date of entry before the given date.
    MarijuanaPossessionBefore(&'static str),
    Felony,
    /// Every level but felony; an unknown level is treated as not felony with review (HI).
    NotFelony,
    /// Misdemeanor, petty offense, violation, infraction or ordinance (MI misdemeanor arrests).
    BelowFelony,
    /// Violations and infractions (non-criminal), except DWAI and loitering for prostitution.
    ViolationOrInfraction,
    /// Pennsylvania summary offenses (petty offense level).
    Summary,
    /// MA 151B 4(9)(ii): drunkenness, simple assault, affray, disturbance of the peace.
    MinorMisdemeanorMa,
    Misdemeanor,
}

/// The date a lookback counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    /// `arrest_date`, else `charge_date`, else `file_date`.
    Entry,
    /// Latest of `disposition_date` and `sentence.release_date`.
    Disposition,
    /// As `Disposition`, but time in custody does not count (HI): without a release date and
    /// with custody possible, a record outside the window goes to review.
    OutOfCustody,
}

/// A lookback window in whole years and months (DECISIONS §7.2: exactly on the boundary is inside).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Window {
    pub years: u32,
    pub months: u32,
}

impl Window {
    pub const fn years(years: u32) -> Window {
        Window { years, months: 0 }
    }
}

/// What the rule does to a charge it applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Reportable as far as this rule goes (a later rule may still restrict it).
    Permit,
    /// Not reportable.
    Bar,
    /// A person decides.
    Review,
    /// Reportable inside the window; `outside` (a bar, or a review) past it unless the salary is
    /// at least `salary` (inclusive).
    Lookback {
        window: Window,
        clock: Clock,
        salary: Option<u32>,
        outside: Effect,
    },
    /// Not reportable once the subject is this old at the as-of date; review when the age is unknown.
    JuvenileUntilAge(u32),
    /// Catalogued for completeness (a duty, an exception, a source-level limit); never fires.
    Notice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rule {
    pub id: &'static str,
    /// `US`, `GEN`, `SYS`, a two-letter code, a place name, or `CLIENT`.
    pub jurisdiction: &'static str,
    pub scope: Scope,
    pub trigger: Trigger,
    /// Disposition classes the rule is about (empty: none; only `Notice` rules).
    pub classes: &'static [DispositionClass],
    pub category: Category,
    pub action: Action,
    /// `YYYY-MM-DD`, compared with `search_date` (the law in force when the report is made).
    pub effective_from: Option<&'static str>,
    pub effective_to: Option<&'static str>,
    /// The rule whose preemption doubt is said (and cited) whenever this rule restricts a charge.
    pub preemption_doubt: Option<&'static str>,
    /// Plain words for the rationale: a clause for bars and reviews, the window's name for lookbacks.
    pub reason: &'static str,
    pub summary: &'static str,
    /// Empty for policy and system rules that rest on no statute.
    pub citation: &'static str,
    pub confidence: Confidence,
}

/// The defaults of a table row; rows override what they need (`..BASE`).
pub const BASE: Rule = Rule {
    id: "",
    jurisdiction: "",
    scope: Scope::CraStatute,
    trigger: Trigger::AnyParty,
    classes: &[],
    category: Category::All,
    action: Action::Notice,
    effective_from: None,
    effective_to: None,
    preemption_doubt: None,
    reason: "",
    summary: "",
    citation: "",
    confidence: Confidence::Medium,
};

/// Convictions.
pub const CONV: &[DispositionClass] = &[DispositionClass::Conviction];
/// Non-convictions (dismissed, acquitted, completed deferral, set aside, sealed, ...).
pub const NONCONV: &[DispositionClass] = &[DispositionClass::NonConviction];
pub const PENDING: &[DispositionClass] = &[DispositionClass::Pending];
/// Records of arrest, indictment or conviction that have a disposition.
pub const DISPOSED: &[DispositionClass] = &[
    DispositionClass::Conviction,
    DispositionClass::NonConviction,
];
pub const NONCONV_AND_PENDING: &[DispositionClass] =
    &[DispositionClass::NonConviction, DispositionClass::Pending];
pub const KNOWN: &[DispositionClass] = &[
    DispositionClass::Conviction,
    DispositionClass::NonConviction,
    DispositionClass::Pending,
];

pub const FED_CONVICTION_NO_TIME_LIMIT: &str = "FED_CONVICTION_NO_TIME_LIMIT";
pub const FED_NONCONVICTION_7YR: &str = "FED_NONCONVICTION_7YR";
pub const FED_SALARY_EXEMPTION_75K: &str = "FED_SALARY_EXEMPTION_75K";
pub const FED_PENDING_CHARGE: &str = "FED_PENDING_CHARGE";
pub const FED_EXPUNGED_SEALED_NOT_REPORTABLE: &str = "FED_EXPUNGED_SEALED_NOT_REPORTABLE";
pub const FED_ACCURACY_DISPOSITION: &str = "FED_ACCURACY_DISPOSITION";
pub const FED_STATE_PREEMPTION: &str = "FED_STATE_PREEMPTION";
pub const GEN_TRAFFIC_NONREPORT: &str = "GEN_TRAFFIC_NONREPORT";
pub const SYS_JURISDICTION_UNKNOWN: &str = "SYS_JURISDICTION_UNKNOWN";
pub const SYS_ENGINE_FAILURE: &str = "SYS_ENGINE_FAILURE";

/// Federal salary threshold of 15 U.S.C. 1681c(b); inclusive (DECISIONS §7.2).
pub const FEDERAL_SALARY_THRESHOLD: f64 = 75_000.0;
/// Federal lookback for non-conviction items, in whole years from the date of entry.
pub const FEDERAL_NONCONVICTION_YEARS: u32 = 7;

const FED_7YR: Action = Action::Lookback {
    window: Window::years(7),
    clock: Clock::Entry,
    salary: Some(75_000),
    outside: Effect::Bar,
};

/// Federal, general and system rules. The federal evaluation is `federal.rs`; these rows are
/// what it cites and what the catalogue shows.
pub static RULES: &[Rule] = &[
    Rule {
        id: FED_CONVICTION_NO_TIME_LIMIT,
        jurisdiction: "US",
        trigger: Trigger::Always,
        classes: CONV,
        action: Action::Permit,
        summary: "Records of convictions of crimes may be reported without a federal time limit.",
        citation: "15 U.S.C. 1681c(a)(5); Pub. L. 105-347 (1998)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: FED_NONCONVICTION_7YR,
        jurisdiction: "US",
        trigger: Trigger::Always,
        classes: NONCONV,
        action: FED_7YR,
        summary: "Arrests and other adverse items that are not convictions may not be reported once more than 7 years \
                  have passed since the date of entry (arrest, else charge, else filing); a later dismissal does not \
                  restart the clock.",
        citation: "15 U.S.C. 1681c(a)(2), (a)(5); Moran v. The Screening Pros, LLC, 943 F.3d 1175 (9th Cir. 2019)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: FED_SALARY_EXEMPTION_75K,
        jurisdiction: "US",
        trigger: Trigger::Always,
        classes: NONCONV_AND_PENDING,
        action: Action::Permit,
        summary: "The federal 7-year limits do not apply to employment at an annual salary of $75,000 or more; \
                  this never lifts a state limit.",
        citation: "15 U.S.C. 1681c(b)(3)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: FED_PENDING_CHARGE,
        jurisdiction: "US",
        trigger: Trigger::Always,
        classes: PENDING,
        action: Action::Lookback {
            window: Window::years(7),
            clock: Clock::Entry,
            salary: Some(75_000),
            outside: Effect::Review,
        },
        summary: "A pending charge is reportable within 7 years of the arrest or charge; one pending for longer is an \
                  open question and goes to human review unless the salary exemption applies.",
        citation: "15 U.S.C. 1681c(a)(2), (a)(5)",
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: FED_EXPUNGED_SEALED_NOT_REPORTABLE,
        jurisdiction: "US",
        trigger: Trigger::Always,
        classes: KNOWN,
        category: Category::SealedOrExpunged,
        action: Action::Bar,
        summary: "Expunged, sealed or otherwise legally restricted records are not reported.",
        citation: "15 U.S.C. 1681e(b)",
        confidence: Confidence::Medium,
        ..BASE
    },
    Rule {
        id: FED_ACCURACY_DISPOSITION,
        jurisdiction: "US",
        trigger: Trigger::Always,
        classes: &[DispositionClass::Unknown],
        action: Action::Review,
        summary: "A charge is not reported without its current disposition; an unknown disposition goes to human review.",
        citation: "15 U.S.C. 1681e(b); 15 U.S.C. 1681k(a)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: FED_STATE_PREEMPTION,
        jurisdiction: "US",
        trigger: Trigger::Always,
        summary: "State limits enacted or amended after Sept. 30, 1996 (TX 1997, CO, MD 2024, WA 2011 juvenile clause) \
                  may be preempted by the FCRA; the engine applies them anyway and says so in the rationale.",
        citation: "15 U.S.C. 1681t(b)(1)(E); Consumer Data Industry Ass'n v. Frey, 26 F.4th 1 (1st Cir. 2022)",
        confidence: Confidence::Medium,
        ..BASE
    },
    Rule {
        id: GEN_TRAFFIC_NONREPORT,
        jurisdiction: "GEN",
        scope: Scope::Policy,
        trigger: Trigger::Always,
        classes: KNOWN,
        action: Action::Bar,
        summary: "Minor traffic offenses (speeding, equipment, registration, licence, insurance, parking and the like) \
                  are not reported; serious traffic offenses such as DUI follow the ordinary rules.",
        citation: "",
        confidence: Confidence::Medium,
        ..BASE
    },
    Rule {
        id: SYS_JURISDICTION_UNKNOWN,
        jurisdiction: "SYS",
        scope: Scope::System,
        trigger: Trigger::System,
        action: Action::Review,
        summary: "The case names no usable jurisdiction_state, so state rules cannot be applied; human review.",
        citation: "",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: SYS_ENGINE_FAILURE,
        jurisdiction: "SYS",
        scope: Scope::System,
        trigger: Trigger::System,
        action: Action::Review,
        summary: "The compliance stage failed; every charge goes to human review.",
        citation: "",
        confidence: Confidence::High,
        ..BASE
    },
];

/// Every rule the engine knows, in catalogue order: federal, general and system; the 56
/// jurisdictions in the law table's order; local ordinances; client overlays.
pub fn all_rules() -> Vec<&'static Rule> {
    let mut out: Vec<&'static Rule> = RULES.iter().collect();
    for code in super::states::CODES {
        out.extend(super::states::rules_for(code));
    }
    out.extend(super::local::RULES);
    out.extend(super::client::RULES);
    out
}

/// Looks a rule up by id (the first row when a rule has versions with different effective dates).
pub fn rule(id: &str) -> Option<&'static Rule> {
    let table: &'static [Rule] = if id.starts_with("LOCAL_") {
        super::local::RULES
    } else if id.starts_with("CLIENT_") {
        super::client::RULES
    } else if id.as_bytes().get(2) == Some(&b'_') {
        super::states::rules_for(id.get(..2).unwrap_or(""))
    } else {
        RULES
    };
    table.iter().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_upper_snake_case_with_known_prefixes_and_rows_are_distinct() {
        let all = all_rules();
        let mut keys: Vec<_> = all
            .iter()
            .map(|r| {
                format!(
                    "{} {:?} {:?} {:?}",
                    r.id, r.effective_from, r.category, r.classes
                )
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(
            keys.len(),
            all.len(),
            "two rows share an id, an effective_from, a category and classes"
        );
        for r in &all {
            let id = r.id;
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
                "{id}"
            );
            let prefixed = ["FED_", "GEN_", "SYS_", "LOCAL_", "CLIENT_"]
                .iter()
                .any(|p| id.starts_with(p));
            let state = id.as_bytes().get(2) == Some(&b'_') && id.get(..2) == Some(r.jurisdiction);
            assert!(
                prefixed || state,
                "{id} does not start with its jurisdiction"
            );
            assert!(rule(id).is_some(), "{id} cannot be looked up");
        }
    }

    #[test]
    fn statute_rules_carry_citations_and_firing_rules_carry_reasons() {
        for r in all_rules() {
            if matches!(
                r.scope,
                Scope::CraStatute | Scope::EmployerUse | Scope::Local
            ) {
                assert!(!r.citation.is_empty(), "{}", r.id);
            }
            if r.jurisdiction.len() == 2 && r.jurisdiction != "US" && r.action != Action::Notice {
                assert!(!r.reason.is_empty(), "{} fires but has no reason", r.id);
                assert!(
                    !r.classes.is_empty(),
                    "{} fires but applies to no class",
                    r.id
                );
            }
            assert!(!r.summary.is_empty(), "{}", r.id);
        }
    }

    #[test]
    fn effective_dates_are_iso_dates_and_preemption_notes_exist() {
        for r in all_rules() {
            for d in [r.effective_from, r.effective_to].into_iter().flatten() {
                assert!(crate::parse::dates::parse_iso(d).is_some(), "{}: {d}", r.id);
            }
            if let Some(p) = r.preemption_doubt {
                assert!(rule(p).is_some(), "{}: unknown preemption rule {p}", r.id);
            }
        }
    }
}
