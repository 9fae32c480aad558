//! Client overlays (docs/decisions.md §7.5): per-tenant rules that can only make a result more protective
//! or route more charges to a person. They arrive in the evaluate context as `client_rules`; the
//! host loads them from `LOOKBACK_CLIENT_RULES_DIR` and calls [`ClientRules::validate`] at load.

use serde::{Deserialize, Serialize};

use crate::classify::{CanonicalDisposition, DispositionClass, SeverityLevel, TrafficKind};
use crate::dates::within_years;

use super::catalog::*;
pub use super::client_table::{
    CLIENT_CONVICTION_LOOKBACK, CLIENT_IDENTITY_THRESHOLD, CLIENT_NEVER_REPORT,
    CLIENT_NON_CONVICTION_LOOKBACK, CLIENT_PENDING_LOOKBACK, CLIENT_REVIEW_FELONIES, RULES,
};
use super::facts::{Dated, LaterDate};
use super::{ChargeFacts, DataGap, Effect, Finding, Reason};

/// Lowest and highest identity threshold a tenant may set (docs/decisions.md §5).
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
        self.assess(f).0
    }

    /// The overlay's findings, and the missing values its rules needed (docs/decisions.md §7.2): a
    /// lookback whose date is missing restricts nothing only when the date it cannot precede is
    /// inside; a category about levels asks a person when the level is unknown.
    pub fn assess(&self, f: &ChargeFacts) -> (Vec<Finding>, Vec<DataGap>) {
        let mut out = Vec::new();
        let mut needed = Vec::new();
        for c in &self.never_report {
            match matches_category(*c, f) {
                Some(true) => out.push(Finding::new(
                    CLIENT_NEVER_REPORT,
                    Effect::Bar,
                    Reason::ClientNeverReports {
                        category: category_words(*c),
                    },
                )),
                Some(false) => {}
                None => out.push(Finding::data_gap(
                    CLIENT_NEVER_REPORT,
                    DataGap::Level,
                    Reason::ClientNeverReportsLevelUnknown {
                        category: category_words(*c),
                    },
                )),
            }
        }
        let mut lookback =
            |id: &'static str, years: Option<u32>, date: LaterDate, what: &'static str| {
                let years = years?;
                if f.is_serving && f.class == DispositionClass::Conviction {
                    return None;
                }
                let inside = |d: &Dated| within_years(d.date, f.as_of, years);
                match date {
                    LaterDate::Known(at) => (!inside(&at)).then(|| {
                        Finding::new(id, Effect::Bar, Reason::ClientOlderThan { what, years, at })
                    }),
                    LaterDate::Missing { gaps, floor } => {
                        needed.extend_from_slice(gaps);
                        match (floor, gaps.first()) {
                            (Some(floor), _) if inside(&floor) => None,
                            (_, Some(gap)) => Some(Finding::data_gap(
                                id,
                                *gap,
                                Reason::ClientDateMissing { what, years },
                            )),
                            (_, None) => None,
                        }
                    }
                }
            };
        let entry = f.entry.map_or(
            LaterDate::Missing {
                gaps: &[DataGap::EntryDate],
                floor: None,
            },
            LaterDate::Known,
        );
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
                entry,
                "non-convictions",
            ),
            DispositionClass::Pending => lookback(
                CLIENT_PENDING_LOOKBACK,
                self.pending_lookback_years,
                entry,
                "pending charges",
            ),
            DispositionClass::Unknown => None,
        };
        out.extend(found);
        let reviewed = matches!(
            f.class,
            DispositionClass::Conviction | DispositionClass::Pending
        );
        if self.always_review_felonies && reviewed {
            match f.level {
                SeverityLevel::Felony => out.push(Finding::new(
                    CLIENT_REVIEW_FELONIES,
                    Effect::Review,
                    "the client has every felony reviewed by a person",
                )),
                SeverityLevel::Unknown => out.push(Finding::data_gap(
                    CLIENT_REVIEW_FELONIES,
                    DataGap::Level,
                    "the client has every felony reviewed by a person, and the charge level is unknown",
                )),
                _ => {}
            }
        }
        (out, needed)
    }
}

/// Whether the charge is in the category; `None` when that turns on a level the type does not give.
fn matches_category(c: ClientCategory, f: &ChargeFacts) -> Option<bool> {
    use CanonicalDisposition as D;
    use ClientCategory as C;
    let level = |l: SeverityLevel| (f.level != SeverityLevel::Unknown).then_some(f.level == l);
    let sure = Some;
    match c {
        C::NonConviction => sure(f.class == DispositionClass::NonConviction),
        C::Pending => sure(f.class == DispositionClass::Pending),
        // Each jurisdiction's own word for sealing or expungement is the tenant's category too
        // (docs/decisions.md §15).
        C::Sealed => sure(matches!(
            f.canonical,
            D::Sealed | D::Shielded | D::Restricted | D::Nondisclosure | D::Closed
        )),
        C::Expunged => sure(matches!(
            f.canonical,
            D::Expunged | D::Annulled | D::Erased | D::Eliminated
        )),
        C::Pardoned => sure(f.canonical == D::Pardoned),
        C::SetAside => sure(f.canonical == D::ConvictionSetAside),
        C::Deferred => sure(f.canonical.is_deferral()),
        C::Juvenile => sure(f.juvenile),
        C::Marijuana => sure(f.marijuana),
        C::MinorTraffic => sure(f.traffic == TrafficKind::MinorTraffic),
        C::Misdemeanor => level(SeverityLevel::Misdemeanor),
        C::PettyOffense => level(SeverityLevel::PettyOffense),
        C::Infraction => level(SeverityLevel::Infraction),
        C::Violation => level(SeverityLevel::Violation),
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
