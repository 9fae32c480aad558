//! The closed vocabularies stage 1 reads into, in one place: severity levels, disposition
//! classes and canonical values, traffic kinds, and the kinds of the vehicle-code table. The
//! tables and the readers both build on this module; it builds on nothing.

use serde::{Deserialize, Serialize};

/// Top-level severity (B1 `severity_level`; the spec's `type_class`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SeverityLevel {
    /// Felony (including NJ indictable crimes, TX state jail felonies, capital felonies).
    Felony,
    /// Misdemeanor (including gross misdemeanors and NJ disorderly persons offenses).
    Misdemeanor,
    /// Petty offense, petty / minor misdemeanor, PA summary offense.
    PettyOffense,
    /// Infraction (not a crime).
    Infraction,
    /// Violation (usually not a crime).
    Violation,
    /// Municipal or county ordinance.
    Ordinance,
    /// Civil offense.
    Civil,
    /// Not known.
    Unknown,
}

/// What Stage 3 lookback rules key on (docs/charges.md A1 `disposition_class`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DispositionClass {
    /// A conviction (guilty plea or verdict, nolo, revoked deferral, ...).
    Conviction,
    /// Dismissed, acquitted, not filed, completed deferral, set aside, sealed, ...
    NonConviction,
    /// No final outcome yet (open case, running deferral, transfer, mistrial).
    Pending,
    /// Not known: missing, unrecognised, a clear "no information" value, or superseded.
    Unknown,
}

/// Fine-grained canonical disposition (docs/charges.md A3).
///
/// `Pardoned`, `Sealed` and `Expunged` are split from the vocabulary's `CONVICTION_SET_ASIDE` /
/// `SEALED_OR_EXPUNGED` because the law treats them differently: sealed and expunged records are
/// barred everywhere, set-aside and pardoned ones only in some states (docs/decisions.md §7.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CanonicalDisposition {
    /// Pleaded guilty.
    ConvictedGuiltyPlea,
    /// Nolo contendere / no contest followed by judgment (jurisdiction sensitive).
    ConvictedNolo,
    /// Guilty verdict, or a bare GUILTY (A3 files it here).
    ConvictedAtTrial,
    /// Guilty of a lesser or amended offense.
    ConvictedLesser,
    /// Conviction stated without detail.
    Convicted,
    /// Conviction set aside, vacated, reversed or exonerated.
    ConvictionSetAside,
    /// Pardoned.
    Pardoned,
    /// Dismissed by the court.
    Dismissed,
    /// Nolle prosequi and other prosecutor drops after filing.
    DismissedByProsecutor,
    /// Dismissed with leave to reinstate.
    DismissedWithLeave,
    /// Never filed / declined / no true bill.
    NotFiled,
    /// Found not guilty.
    Acquitted,
    /// Not guilty by reason of insanity or mental incompetence.
    AcquittedInsanity,
    /// Deferred adjudication / diversion / PBJ / SIS / CWOF still running.
    DeferredActive,
    /// Deferral completed and the charge dismissed.
    DeferredCompleted,
    /// Deferral named with no completion or revocation information.
    DeferredUnspecified,
    /// Deferral revoked and judgment entered.
    DeferralRevoked,
    /// Record sealed.
    Sealed,
    /// Record expunged (expunction included).
    Expunged,
    /// New Hampshire annulment: the person is treated as never arrested or convicted.
    Annulled,
    /// Connecticut erasure.
    Erased,
    /// Maryland shielding (and Indiana's shielded infraction judgments).
    Shielded,
    /// Record restricted or removed from public access (GA, IN; PA limited access).
    Restricted,
    /// Texas order of nondisclosure.
    Nondisclosure,
    /// Missouri closed record.
    Closed,
    /// Puerto Rico: conviction eliminated from the criminal-record certificate.
    Eliminated,
    /// New York youthful offender adjudication: not a conviction, whatever the adult level.
    YouthfulOffender,
    /// Georgia first offender discharged without an adjudication of guilt.
    FirstOffenderDischarge,
    /// Case open.
    Pending,
    /// Case moved; the outcome is recorded elsewhere.
    Transferred,
    /// Count replaced by another; its outcome lives on the new count.
    Superseded,
    /// Mistrial; retrial possible.
    Mistrial,
    /// No usable disposition.
    Unknown,
}

impl CanonicalDisposition {
    /// The class, and the default `jurisdiction_sensitive` / `suppress_candidate` flags, that A3
    /// gives each canonical value.
    pub fn defaults(self) -> (DispositionClass, bool, bool) {
        use CanonicalDisposition as C;
        use DispositionClass as K;
        match self {
            C::ConvictedGuiltyPlea
            | C::ConvictedAtTrial
            | C::ConvictedLesser
            | C::Convicted
            | C::DeferralRevoked => (K::Conviction, false, false),
            C::ConvictedNolo => (K::Conviction, true, false),
            C::ConvictionSetAside | C::Pardoned => (K::NonConviction, true, true),
            C::Sealed
            | C::Expunged
            | C::Annulled
            | C::Erased
            | C::Shielded
            | C::Restricted
            | C::Nondisclosure
            | C::Closed
            | C::Eliminated => (K::NonConviction, false, true),
            C::YouthfulOffender | C::FirstOffenderDischarge => (K::NonConviction, true, true),
            C::Dismissed | C::DismissedByProsecutor | C::NotFiled | C::Acquitted => {
                (K::NonConviction, false, false)
            }
            C::DismissedWithLeave
            | C::AcquittedInsanity
            | C::DeferredCompleted
            | C::DeferredUnspecified => (K::NonConviction, true, false),
            C::DeferredActive => (K::Pending, true, false),
            C::Pending | C::Transferred | C::Mistrial => (K::Pending, false, false),
            C::Superseded | C::Unknown => (K::Unknown, false, false),
        }
    }

    /// The record itself says relief was granted that takes it from the public (sealed,
    /// expunged and each jurisdiction's own word for it: docs/decisions.md §15).
    pub fn is_record_relief(self) -> bool {
        matches!(
            self,
            Self::Sealed
                | Self::Expunged
                | Self::Annulled
                | Self::Erased
                | Self::Shielded
                | Self::Restricted
                | Self::Nondisclosure
                | Self::Closed
                | Self::Eliminated
        )
    }

    /// A deferral of any kind, running, completed or unspecified (docs/charges.md A3, docs/decisions.md
    /// §15); a revoked one is a conviction.
    pub fn is_deferral(self) -> bool {
        matches!(
            self,
            Self::DeferredActive
                | Self::DeferredCompleted
                | Self::DeferredUnspecified
                | Self::FirstOffenderDischarge
        )
    }

    /// A deferral whose result is not known yet.
    pub(crate) fn is_open_deferral(self) -> bool {
        matches!(self, Self::DeferredActive | Self::DeferredUnspecified)
    }

    /// An interim state that a later final outcome replaces and that never replaces one.
    pub(crate) fn is_interim(self) -> bool {
        matches!(self, Self::Pending | Self::Transferred | Self::Mistrial)
    }
}

/// How a charge stands under the general traffic non-report rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrafficKind {
    /// Not a traffic charge as far as the text, statute and type show.
    NotTraffic,
    /// Minor traffic: not reportable whatever its level (§7.4).
    MinorTraffic,
    /// Traffic, but not shown to be minor: the ordinary rules apply. Also used for a traffic
    /// charge whose text is not understood.
    SeriousTraffic,
    /// The text reads as minor traffic but another signal disagrees (a felony level, a statute
    /// outside the state's motor-vehicle law): the ordinary rules apply.
    Unknown,
}

impl TrafficKind {
    /// The word `classification.traffic` shows (docs/decisions.md §12).
    pub fn label(self) -> &'static str {
        match self {
            TrafficKind::NotTraffic => "none",
            TrafficKind::MinorTraffic => "minor",
            TrafficKind::SeriousTraffic => "serious",
            TrafficKind::Unknown => "unknown",
        }
    }
}

/// How far a table row has been confirmed (`confidence` in the reference).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confidence {
    High,
    Medium,
    Unverified,
}

impl Confidence {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Confidence::High => "high",
            Confidence::Medium => "medium",
            Confidence::Unverified => "unverified",
        }
    }
}

/// The six groups of serious driving offences (docs/decisions.md §7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeriousKind {
    ImpairedDriving,
    RecklessDriving,
    LeavingScene,
    SuspendedRevoked,
    Eluding,
    VehicularHomicideAssault,
}

impl SeriousKind {
    pub(crate) fn words(self) -> &'static str {
        match self {
            SeriousKind::ImpairedDriving => "impaired driving",
            SeriousKind::RecklessDriving => "reckless driving",
            SeriousKind::LeavingScene => "leaving the scene",
            SeriousKind::SuspendedRevoked => "driving while suspended or revoked",
            SeriousKind::Eluding => "fleeing or eluding",
            SeriousKind::VehicularHomicideAssault => "vehicular homicide or assault",
        }
    }
}

/// What a listed section is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionKind {
    /// A serious driving offence, inside the vehicle code or outside it.
    Serious(SeriousKind),
    /// A moving offence beside the serious ones that is easily taken for one (careless,
    /// inattentive, second-degree negligent driving): minor like the rest of the code.
    NotSerious,
    /// Not road traffic although it sits in or near the vehicle code: vessels, aircraft,
    /// snowmobiles, dealers, title and licence fraud, vehicle theft. Never minor.
    NotRoad,
}

impl SeverityLevel {
    /// The serde name in lower case, as evidence lines write it (`PETTY_OFFENSE` ->
    /// `petty_offense`).
    pub fn word(self) -> &'static str {
        match self {
            SeverityLevel::Felony => "felony",
            SeverityLevel::Misdemeanor => "misdemeanor",
            SeverityLevel::PettyOffense => "petty_offense",
            SeverityLevel::Infraction => "infraction",
            SeverityLevel::Violation => "violation",
            SeverityLevel::Ordinance => "ordinance",
            SeverityLevel::Civil => "civil",
            SeverityLevel::Unknown => "unknown",
        }
    }
}

impl DispositionClass {
    /// The serde name in lower case, as evidence lines write it.
    pub fn word(self) -> &'static str {
        match self {
            DispositionClass::Conviction => "conviction",
            DispositionClass::NonConviction => "non_conviction",
            DispositionClass::Pending => "pending",
            DispositionClass::Unknown => "unknown",
        }
    }
}

/// The serde name of a vocabulary value in lower case (`CONVICTED_NOLO` -> `convicted_nolo`),
/// for generated documentation; evidence uses the `word` methods.
pub(crate) fn serde_word(value: &impl Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_lowercase))
        .unwrap_or_default()
}
