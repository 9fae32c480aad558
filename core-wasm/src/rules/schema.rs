//! The rule schema: the typed row every rule table is made of (who it binds, when it applies,
//! which charges it is about, what it does, its statute and confidence), the [`Effect`] a rule
//! has, and the shorthands the tables are written with.

use serde::Serialize;

use crate::classify::{CanonicalDisposition, DispositionClass};

/// What a rule says about a charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// The rule allows reporting.
    Permit,
    /// A person must decide: the law is unsettled here or a needed value is missing.
    Review,
    /// The rule forbids reporting whatever else is true.
    Bar,
}

/// How sure the law table is of a rule (`confidence` in `reference/law/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    High,
    Medium,
    Low,
}

impl Confidence {
    /// Every confidence, surest first.
    pub const ALL: [Confidence; 3] = [Confidence::High, Confidence::Medium, Confidence::Low];

    /// The confidence as the catalogue spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Confidence::High => "high",
            Confidence::Medium => "medium",
            Confidence::Low => "low",
        }
    }
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

/// When a jurisdiction's rule applies to a case (docs/decisions.md §7.1).
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

/// The places with local rules (docs/decisions.md §7.1).
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
    /// Records in one of these states (sealed, expunged, a jurisdiction's own word for relief,
    /// set aside, pardoned, a youthful offender adjudication: docs/decisions.md §15).
    RecordState(&'static [CanonicalDisposition]),
    /// Deferred adjudication, diversion, PBJ, withheld adjudication, first offender, SIS, running,
    /// completed or unspecified.
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

/// A lookback window in whole years and months (docs/decisions.md §7.2: exactly on the boundary is inside).
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
    /// The row says what the record state is (docs/decisions.md §15: AZ, a set-aside conviction stays a
    /// conviction): the charge is read as this class only, and the row's reason is said beside
    /// the rules that decide it (a permit that shows the note).
    ReadsAs(DispositionClass),
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

/// Record states the rows name (docs/decisions.md §15).
pub const SEALED: &[CanonicalDisposition] = &[CanonicalDisposition::Sealed];
pub const EXPUNGED: &[CanonicalDisposition] = &[CanonicalDisposition::Expunged];
pub const SEALED_OR_EXPUNGED: &[CanonicalDisposition] =
    &[CanonicalDisposition::Sealed, CanonicalDisposition::Expunged];
pub const PARDONED: &[CanonicalDisposition] = &[CanonicalDisposition::Pardoned];
pub const SET_ASIDE: &[CanonicalDisposition] = &[CanonicalDisposition::ConvictionSetAside];
/// Every state in which the record itself says relief took it from the public: sealed,
/// expunged and each jurisdiction's own word (`CanonicalDisposition::is_record_relief`).
pub const RELIEF: &[CanonicalDisposition] = {
    use CanonicalDisposition as D;
    &[
        D::Sealed,
        D::Expunged,
        D::Annulled,
        D::Erased,
        D::Shielded,
        D::Restricted,
        D::Nondisclosure,
        D::Closed,
        D::Eliminated,
    ]
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
