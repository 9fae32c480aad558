//! The catalogue rows of the client overlay rules (docs/decisions.md §7.5) and their ids; the limits
//! themselves come from each tenant's overlay (`client.rs`).

use crate::classify::DispositionClass;

use super::schema::*;

pub const CLIENT_CONVICTION_LOOKBACK: &str = "CLIENT_CONVICTION_LOOKBACK";
pub const CLIENT_NON_CONVICTION_LOOKBACK: &str = "CLIENT_NON_CONVICTION_LOOKBACK";
pub const CLIENT_PENDING_LOOKBACK: &str = "CLIENT_PENDING_LOOKBACK";
pub const CLIENT_NEVER_REPORT: &str = "CLIENT_NEVER_REPORT";
pub const CLIENT_REVIEW_FELONIES: &str = "CLIENT_REVIEW_FELONIES";
pub const CLIENT_IDENTITY_THRESHOLD: &str = "CLIENT_IDENTITY_THRESHOLD";

const CLIENT: Rule = Rule {
    jurisdiction: "CLIENT",
    scope: Scope::Client,
    trigger: Trigger::Client,
    confidence: Confidence::High,
    ..BASE
};

/// The catalogue rows of the overlay rules (their limits come from each tenant's overlay).
pub static RULES: &[Rule] = &[
    Rule {
        id: CLIENT_CONVICTION_LOOKBACK,
        classes: CONV,
        action: Action::Bar,
        summary: "The tenant's own conviction lookback (whole years from the latest of disposition and release); older \
                  convictions are not reported.",
        ..CLIENT
    },
    Rule {
        id: CLIENT_NON_CONVICTION_LOOKBACK,
        classes: NONCONV,
        action: Action::Bar,
        summary: "The tenant's own non-conviction lookback from the date of entry, at most 7 years.",
        ..CLIENT
    },
    Rule {
        id: CLIENT_PENDING_LOOKBACK,
        classes: PENDING,
        action: Action::Bar,
        summary: "The tenant's own lookback for pending charges from the date of entry, at most 7 years.",
        ..CLIENT
    },
    Rule {
        id: CLIENT_NEVER_REPORT,
        classes: KNOWN,
        action: Action::Bar,
        summary: "Categories the tenant never reports (non-convictions, pending, sealed, expunged, pardoned, set-aside, \
                  deferred, juvenile, marijuana, minor traffic, or a level).",
        ..CLIENT
    },
    Rule {
        id: CLIENT_REVIEW_FELONIES,
        classes: &[DispositionClass::Conviction, DispositionClass::Pending],
        category: Category::Felony,
        action: Action::Review,
        summary: "The tenant has every felony conviction or pending felony reviewed by a person.",
        ..CLIENT
    },
    Rule {
        id: CLIENT_IDENTITY_THRESHOLD,
        summary: "The tenant's identity qualifying threshold (0.70 to 1.00; default 0.85); changes is_match, never \
                  reportability.",
        ..CLIENT
    },
];
