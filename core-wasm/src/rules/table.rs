//! The federal, general and system rules: their ids, the federal thresholds, and the table the
//! catalogue shows and `federal.rs` cites. Ids are stable across versions (docs/decisions.md §7.6);
//! the federal ones are the ids the federal law research suggested. Change any row and bump
//! `RULES_VERSION` (`registry.rs`).

use crate::classify::DispositionClass;

use super::schema::*;

pub const FED_CONVICTION_NO_TIME_LIMIT: &str = "FED_CONVICTION_NO_TIME_LIMIT";
pub const FED_NONCONVICTION_7YR: &str = "FED_NONCONVICTION_7YR";
pub const FED_SALARY_EXEMPTION_75K: &str = "FED_SALARY_EXEMPTION_75K";
pub const FED_PENDING_CHARGE: &str = "FED_PENDING_CHARGE";
pub const FED_EXPUNGED_SEALED_NOT_REPORTABLE: &str = "FED_EXPUNGED_SEALED_NOT_REPORTABLE";
pub const FED_ACCURACY_DISPOSITION: &str = "FED_ACCURACY_DISPOSITION";
pub const FED_STATE_PREEMPTION: &str = "FED_STATE_PREEMPTION";
pub const GEN_TRAFFIC_NONREPORT: &str = "GEN_TRAFFIC_NONREPORT";
pub const GEN_RECORD_STATE_UNSETTLED: &str = "GEN_RECORD_STATE_UNSETTLED";
pub const SYS_JURISDICTION_UNKNOWN: &str = "SYS_JURISDICTION_UNKNOWN";
pub const SYS_ENGINE_FAILURE: &str = "SYS_ENGINE_FAILURE";

/// Federal salary threshold of 15 U.S.C. 1681c(b); inclusive (docs/decisions.md §7.2).
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
        category: Category::RecordState(RELIEF),
        action: Action::Bar,
        summary: "Expunged, sealed or otherwise legally restricted records are not reported: each jurisdiction's own \
                  word for it included (annulled, erased, shielded, restricted, nondisclosure, closed, eliminated; \
                  DECISIONS §15).",
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
        id: GEN_RECORD_STATE_UNSETTLED,
        jurisdiction: "GEN",
        scope: Scope::Policy,
        trigger: Trigger::Always,
        classes: KNOWN,
        action: Action::Review,
        summary: "A record state that reads two ways is decided only when both readings agree, otherwise by a person: \
                  a deferral or withheld adjudication whose record does not say whether it is still running or was \
                  completed (pending or non-conviction), and a set-aside or pardon where no applicable row says \
                  whether the conviction remains (conviction or non-conviction). The rationale names the fact that \
                  settles it (DECISIONS §15).",
        citation: "",
        confidence: Confidence::High,
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
