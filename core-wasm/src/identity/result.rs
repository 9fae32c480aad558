//! What Stage 2 decides about one candidate/record pair.

use std::borrow::Cow;
use std::rc::Rc;

/// Routing band of an identity comparison (docs/api.md `routing.identity_level`; docs/identity.md §8.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum IdentityLevel {
    #[serde(rename = "High")]
    High,
    #[serde(rename = "Medium")]
    Medium,
    #[serde(rename = "Not Enough Info")]
    NotEnoughInfo,
    #[serde(rename = "Not Matching")]
    NotMatching,
}

/// Everything Stage 2 decides about one candidate/record pair.
#[derive(Debug, Clone, PartialEq)]
pub struct IdentityResult {
    pub name_score: f64,
    pub dob_score: f64,
    pub ssn_score: f64,
    /// -1.0 when either side has no address.
    pub address_score: f64,
    pub match_score: f64,
    pub match_bp: u32,
    pub is_match: bool,
    /// Subset of "NAME","DOB","SSN" in that order.
    pub conflicts: Vec<&'static str>,
    pub level: IdentityLevel,
    /// -1.0 on hard conflict, else match_score.
    pub identity_score: f64,
    pub identity_insufficient: bool,
    pub third_id_required: bool,
    /// Shared: every case decision of this subject echoes it (`IdMatch::details`).
    pub details: Rc<str>,
    /// The texts below are the code's own words, composed (allocated) only when a name or
    /// address score needs several of them.
    pub name_match_desc: Cow<'static, str>,
    pub dob_match_desc: &'static str,
    pub ssn_match_desc: &'static str,
    pub address_match_desc: Cow<'static, str>,
}
