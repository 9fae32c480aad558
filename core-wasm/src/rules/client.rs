//! Client overlays (DECISIONS §7.5): per-tenant rules that can only make a result more protective
//! or route more charges to a person. They arrive in the evaluate context as `client_rules`; the
//! host loads them from `LOOKBACK_CLIENT_RULES_DIR` and calls [`ClientRules::validate`] at load.

use serde::{Deserialize, Serialize};

use crate::parse::classify::{CanonicalDisposition, DispositionClass, SeverityLevel, TrafficKind};

use super::catalog::*;
pub use super::client_table::{
    CLIENT_CONVICTION_LOOKBACK, CLIENT_IDENTITY_THRESHOLD, CLIENT_NEVER_REPORT,
    CLIENT_NON_CONVICTION_LOOKBACK, CLIENT_PENDING_LOOKBACK, CLIENT_REVIEW_FELONIES, RULES,
};
use super::{ChargeFacts, Effect, Finding};

/// Lowest and highest identity threshold a tenant may set (DECISIONS §5).
pub const MIN_IDENTITY_THRESHOLD: f64 = 0.70;
pub const MAX_IDENTITY_THRESHOLD: f64 = 1.00;

/// Categories a tenant may choose never to report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClientCategory {
    NonConviction,
    Pending,
    Sealed,
    Expunged,
    Pardoned,
    SetAside,
    Deferred,
    Juvenile,
    Marijuana,
    MinorTraffic,
    Misdemeanor,
    PettyOffense,
    Infraction,
    Violation,
}

/// One tenant's overlay. Every field is optional; an empty overlay changes nothing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientRules {
    /// The tenant the overlay belongs to (the host checks it against the file name).
    #[serde(default)]
    pub tenant_id: Option<String>,
    /// Convictions older than this many whole years, from the latest of disposition and release,
    /// are not reported (no salary exemption).
    #[serde(default)]
    pub conviction_lookback_years: Option<u32>,
    /// Non-convictions older than this many years from the date of entry are not reported; at most 7.
    #[serde(default)]
    pub non_conviction_lookback_years: Option<u32>,
    /// Pending charges older than this many years from the date of entry are not reported; at most 7.
    #[serde(default)]
    pub pending_lookback_years: Option<u32>,
    /// Categories never reported.
    #[serde(default)]
    pub never_report: Vec<ClientCategory>,
    /// Felony convictions and pending felonies that law lets through go to a person instead.
    #[serde(default)]
    pub always_review_felonies: bool,
    /// Identity qualifying threshold, 0.70 to 1.00 (default 0.85).
    #[serde(default)]
    pub identity_threshold: Option<f64>,
}

impl ClientRules {
    /// Refuses an overlay that would make anything more reportable than law allows, or that
    /// asks for something the engine cannot do; the message says which field and why.
    pub fn validate(&self) -> Result<(), String> {
        let federal = FEDERAL_NONCONVICTION_YEARS;
        if let Some(y) = self.non_conviction_lookback_years
            && y > federal
        {
            return Err(format!(
                "non_conviction_lookback_years {y} is longer than the federal {federal}-year limit; an overlay may only shorten it"
            ));
        }
        if let Some(y) = self.pending_lookback_years
            && y > federal
        {
            return Err(format!(
                "pending_lookback_years {y} is longer than the federal {federal}-year limit; an overlay may only shorten it"
            ));
        }
        if let Some(y) = self.conviction_lookback_years
            && y > 99
        {
            return Err(format!(
                "conviction_lookback_years {y} is not a plausible number of years"
            ));
        }
        if let Some(t) = self.identity_threshold
            && !(MIN_IDENTITY_THRESHOLD..=MAX_IDENTITY_THRESHOLD).contains(&t)
        {
            return Err(format!("identity_threshold {t} is outside 0.70 to 1.00"));
        }
        if let Some(id) = &self.tenant_id
            && id.trim().is_empty()
        {
            return Err("tenant_id must not be empty".to_string());
        }
        Ok(())
    }

    /// The identity threshold in basis points, when the tenant set one.
    pub fn identity_threshold_bp(&self) -> Option<u32> {
        self.identity_threshold
            .filter(|t| (MIN_IDENTITY_THRESHOLD..=MAX_IDENTITY_THRESHOLD).contains(t))
            .map(|t| (t * 10_000.0).round() as u32)
    }

    /// What the overlay says about one charge; it never permits anything.
    pub fn findings(&self, f: &ChargeFacts) -> Vec<Finding> {
        let mut out = Vec::new();
        for c in &self.never_report {
            if matches_category(*c, f) {
                out.push(Finding::new(
                    CLIENT_NEVER_REPORT,
                    Effect::Bar,
                    format!("the client never reports {}", category_words(*c)),
                ));
            }
        }
        let lookback = |id: &'static str,
                        years: Option<u32>,
                        date: Option<super::facts::Dated>,
                        what: &str| {
            let years = years?;
            if f.is_serving && f.class == DispositionClass::Conviction {
                return None;
            }
            let d = date?;
            (!crate::parse::dates::within_years(d.date, f.as_of, years)).then(|| {
                Finding::new(
                    id,
                    Effect::Bar,
                    format!(
                        "the client does not report {what} older than {years} years ({} {})",
                        d.field, d.date
                    ),
                )
            })
        };
        let found = match f.class {
            DispositionClass::Conviction => lookback(
                CLIENT_CONVICTION_LOOKBACK,
                self.conviction_lookback_years,
                f.conviction_clock,
                "convictions",
            ),
            DispositionClass::NonConviction => lookback(
                CLIENT_NON_CONVICTION_LOOKBACK,
                self.non_conviction_lookback_years,
                f.entry,
                "non-convictions",
            ),
            DispositionClass::Pending => lookback(
                CLIENT_PENDING_LOOKBACK,
                self.pending_lookback_years,
                f.entry,
                "pending charges",
            ),
            DispositionClass::Unknown => None,
        };
        out.extend(found);
        if self.always_review_felonies
            && f.level == SeverityLevel::Felony
            && matches!(
                f.class,
                DispositionClass::Conviction | DispositionClass::Pending
            )
        {
            out.push(Finding::new(
                CLIENT_REVIEW_FELONIES,
                Effect::Review,
                "the client has every felony reviewed by a person",
            ));
        }
        out
    }
}

fn matches_category(c: ClientCategory, f: &ChargeFacts) -> bool {
    use CanonicalDisposition as D;
    use ClientCategory as C;
    match c {
        C::NonConviction => f.class == DispositionClass::NonConviction,
        C::Pending => f.class == DispositionClass::Pending,
        C::Sealed => f.canonical == D::Sealed,
        C::Expunged => f.canonical == D::Expunged,
        C::Pardoned => f.canonical == D::Pardoned,
        C::SetAside => f.canonical == D::ConvictionSetAside,
        C::Deferred => matches!(
            f.canonical,
            D::DeferredActive | D::DeferredCompleted | D::DeferredUnspecified
        ),
        C::Juvenile => f.juvenile,
        C::Marijuana => f.marijuana,
        C::MinorTraffic => f.traffic == TrafficKind::MinorTraffic,
        C::Misdemeanor => f.level == SeverityLevel::Misdemeanor,
        C::PettyOffense => f.level == SeverityLevel::PettyOffense,
        C::Infraction => f.level == SeverityLevel::Infraction,
        C::Violation => f.level == SeverityLevel::Violation,
    }
}

fn category_words(c: ClientCategory) -> &'static str {
    use ClientCategory as C;
    match c {
        C::NonConviction => "charges that did not end in a conviction",
        C::Pending => "pending charges",
        C::Sealed => "sealed records",
        C::Expunged => "expunged records",
        C::Pardoned => "pardoned convictions",
        C::SetAside => "set-aside convictions",
        C::Deferred => "deferred or diverted charges",
        C::Juvenile => "juvenile records",
        C::Marijuana => "marijuana charges",
        C::MinorTraffic => "minor traffic offenses",
        C::Misdemeanor => "misdemeanors",
        C::PettyOffense => "petty offenses",
        C::Infraction => "infractions",
        C::Violation => "violations",
    }
}
