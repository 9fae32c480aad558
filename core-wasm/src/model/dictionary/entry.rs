//! One entry of a tenant's charge dictionary: what it matches (a charge text, a statute exactly or
//! by section prefix, or a disposition string, optionally within one jurisdiction) and the facts
//! it sets (traffic class, level, disposition class). Facts only: an entry never names a rule.

use serde::{Deserialize, Serialize};

use crate::classify::{
    CanonicalDisposition, DispositionClass, SeverityLevel, TrafficKind, normalize_charge_text,
};
use crate::state_codes::normalize_state;

/// Longest entry id, in bytes.
pub const MAX_ID_BYTES: usize = 64;
/// Longest pattern (charge text, statute, disposition), in bytes.
pub const MAX_PATTERN_BYTES: usize = 200;
/// Letters and digits a pattern needs at least: fewer matches too much (`DU`, `31`).
pub const MIN_PATTERN_ALNUM: usize = 3;
/// Longest `added_by`, in bytes.
pub const MAX_ADDED_BY_BYTES: usize = 100;
/// Longest `reason`, in bytes.
pub const MAX_REASON_BYTES: usize = 1000;

/// One entry as the file and the engine's context carry it. Unknown fields are refused: a
/// misspelt field (`trafic`) must not be an entry that silently does nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable name, unique in the dictionary, shown in every evidence line the entry writes.
    pub id: String,
    /// Matches a charge whose normalised text (upper case, whitespace collapsed) is this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge: Option<String>,
    /// Matches a charge whose statute is exactly this (upper case, spaces and `§` dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statute: Option<String>,
    /// Matches a charge whose statute begins with this (a chapter or section); needs a
    /// `jurisdiction`, since section numbers mean nothing outside their state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statute_prefix: Option<String>,
    /// Matches a charge whose disposition string, normalised as a charge text, is this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disposition: Option<String>,
    /// Only charges of cases in this state or territory (two-letter code).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jurisdiction: Option<String>,
    /// The traffic class the charge has (charge and statute entries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traffic: Option<TrafficSet>,
    /// The level the charge has (charge and statute entries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<LevelSet>,
    /// The class the disposition string has (disposition entries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disposition_class: Option<ClassSet>,
    /// Who added the entry (required in the file; the host leaves it out of the engine's copy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_by: Option<String>,
    /// Why (required in the file, as `added_by`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// When, `YYYY-MM-DD` (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_at: Option<String>,
}

/// `traffic` of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrafficSet {
    Minor,
    Serious,
    None,
}

impl TrafficSet {
    pub fn kind(self) -> TrafficKind {
        match self {
            TrafficSet::Minor => TrafficKind::MinorTraffic,
            TrafficSet::Serious => TrafficKind::SeriousTraffic,
            TrafficSet::None => TrafficKind::NotTraffic,
        }
    }
}

/// `level` of an entry: every level but unknown (an entry that knows nothing sets nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LevelSet {
    Felony,
    Misdemeanor,
    PettyOffense,
    Infraction,
    Violation,
    Ordinance,
    Civil,
}

impl LevelSet {
    pub fn level(self) -> SeverityLevel {
        match self {
            LevelSet::Felony => SeverityLevel::Felony,
            LevelSet::Misdemeanor => SeverityLevel::Misdemeanor,
            LevelSet::PettyOffense => SeverityLevel::PettyOffense,
            LevelSet::Infraction => SeverityLevel::Infraction,
            LevelSet::Violation => SeverityLevel::Violation,
            LevelSet::Ordinance => SeverityLevel::Ordinance,
            LevelSet::Civil => SeverityLevel::Civil,
        }
    }
}

/// `disposition_class` of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClassSet {
    Conviction,
    NonConviction,
    Pending,
    Unknown,
}

impl ClassSet {
    /// The canonical value the string is read as: the class says no more, so the plainest value
    /// of it (a non-conviction is read as a dismissal, as the rules read a missing disposition
    /// that could be one), never a sealed, expunged, pardoned or deferred record.
    pub fn canonical(self) -> CanonicalDisposition {
        match self {
            ClassSet::Conviction => CanonicalDisposition::Convicted,
            ClassSet::NonConviction => CanonicalDisposition::Dismissed,
            ClassSet::Pending => CanonicalDisposition::Pending,
            ClassSet::Unknown => CanonicalDisposition::Unknown,
        }
    }

    pub fn class(self) -> DispositionClass {
        self.canonical().defaults().0
    }
}

/// What an entry matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Charge,
    Statute,
    StatutePrefix,
    Disposition,
}

impl Kind {
    /// The field that names it, as messages and evidence say it.
    pub fn field(self) -> &'static str {
        match self {
            Kind::Charge => "charge",
            Kind::Statute => "statute",
            Kind::StatutePrefix => "statute_prefix",
            Kind::Disposition => "disposition",
        }
    }

    /// How evidence lines name what matched.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Charge => "charge text",
            Kind::Statute => "statute",
            Kind::StatutePrefix => "statute prefix",
            Kind::Disposition => "disposition",
        }
    }
}

/// A validated entry's pattern: its kind, its normalised key and its jurisdiction.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pattern {
    pub kind: Kind,
    pub key: String,
    pub jurisdiction: Option<&'static str>,
}

impl Entry {
    /// Checks the entry on its own (not against the others) and gives its pattern. `provenance`:
    /// `added_by` and `reason` are required (the file; the engine's copy leaves them out).
    pub fn validate(&self, provenance: bool) -> Result<Pattern, String> {
        check_id(&self.id)?;
        let named: Vec<(Kind, &String)> = [
            (Kind::Charge, &self.charge),
            (Kind::Statute, &self.statute),
            (Kind::StatutePrefix, &self.statute_prefix),
            (Kind::Disposition, &self.disposition),
        ]
        .into_iter()
        .filter_map(|(kind, value)| value.as_ref().map(|v| (kind, v)))
        .collect();
        let (kind, raw) = match named.as_slice() {
            [one] => *one,
            [] => {
                return Err(
                    "names nothing to match: give one of charge, statute, statute_prefix or disposition"
                        .to_owned(),
                );
            }
            _ => {
                let fields: Vec<&str> = named.iter().map(|(k, _)| k.field()).collect();
                return Err(format!(
                    "names {} to match: give exactly one",
                    fields.join(" and ")
                ));
            }
        };
        let key = pattern_key(kind, raw);
        check_pattern(kind, raw, &key)?;
        let jurisdiction = match &self.jurisdiction {
            None => None,
            Some(code) => Some(jurisdiction_code(code)?),
        };
        if kind == Kind::StatutePrefix && jurisdiction.is_none() {
            return Err(format!(
                "statute_prefix \"{raw}\" is too broad without a jurisdiction: section numbers mean nothing outside their state"
            ));
        }
        self.check_facts(kind)?;
        if provenance {
            self.check_provenance()?;
        }
        Ok(Pattern {
            kind,
            key,
            jurisdiction,
        })
    }

    /// Disposition entries set the disposition class; the others set traffic class or level.
    fn check_facts(&self, kind: Kind) -> Result<(), String> {
        if kind == Kind::Disposition {
            if self.traffic.is_some() || self.level.is_some() {
                return Err(
                    "a disposition entry sets disposition_class only (traffic and level belong to charge and statute entries)"
                        .to_owned(),
                );
            }
            if self.disposition_class.is_none() {
                return Err("sets nothing: a disposition entry needs disposition_class".to_owned());
            }
        } else {
            if self.disposition_class.is_some() {
                return Err(format!(
                    "a {} entry cannot set disposition_class: match the disposition string with a disposition entry",
                    kind.field()
                ));
            }
            if self.traffic.is_none() && self.level.is_none() {
                return Err("sets nothing: give traffic, level or both".to_owned());
            }
        }
        Ok(())
    }

    fn check_provenance(&self) -> Result<(), String> {
        let required = |field: &str, value: &Option<String>, max: usize| match value {
            Some(v) if !v.trim().is_empty() && v.len() <= max => Ok(()),
            Some(v) if v.len() > max => Err(format!("{field} is longer than {max} bytes")),
            _ => Err(format!("{field} is required: who added the entry, and why")),
        };
        required("added_by", &self.added_by, MAX_ADDED_BY_BYTES)?;
        required("reason", &self.reason, MAX_REASON_BYTES)?;
        if let Some(date) = &self.added_at
            && crate::dates::parse_iso(date).is_none()
        {
            return Err(format!("added_at \"{date}\" is not a YYYY-MM-DD date"));
        }
        Ok(())
    }
}

fn check_id(id: &str) -> Result<(), String> {
    let fits = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':');
    if id.is_empty() || id.len() > MAX_ID_BYTES || !id.bytes().all(fits) {
        return Err(format!(
            "id {id:?} must be 1 to {MAX_ID_BYTES} letters, digits, '-', '_', '.' or ':'"
        ));
    }
    Ok(())
}

fn check_pattern(kind: Kind, raw: &str, key: &str) -> Result<(), String> {
    if raw.len() > MAX_PATTERN_BYTES {
        return Err(format!(
            "{} is longer than {MAX_PATTERN_BYTES} bytes",
            kind.field()
        ));
    }
    let alnum = key.chars().filter(|c| c.is_alphanumeric()).count();
    if alnum < MIN_PATTERN_ALNUM {
        return Err(format!(
            "{} \"{raw}\" is too broad: it needs at least {MIN_PATTERN_ALNUM} letters or digits",
            kind.field()
        ));
    }
    Ok(())
}

/// The state's code when `code` is one (`FL`, `fl`); names (`Florida`) are refused so the file
/// says what the evidence will.
fn jurisdiction_code(code: &str) -> Result<&'static str, String> {
    match normalize_state(code) {
        Some(known) if known.eq_ignore_ascii_case(code.trim()) => Ok(known),
        _ => Err(format!(
            "jurisdiction {code:?} is not a two-letter state or territory code"
        )),
    }
}

/// The key an entry's pattern and a charge's field are compared by.
pub fn pattern_key(kind: Kind, raw: &str) -> String {
    match kind {
        Kind::Charge | Kind::Disposition => normalize_charge_text(raw),
        Kind::Statute | Kind::StatutePrefix => statute_key(raw),
    }
}

/// A statute as entries match it: upper case, without whitespace or section signs
/// (`§ 316.193(1)` -> `316.193(1)`).
pub fn statute_key(raw: &str) -> String {
    let mut key = String::with_capacity(raw.len());
    statute_key_into(raw, &mut key);
    key
}

/// [`statute_key`] into `out` (cleared first): one buffer for every charge of a record.
pub fn statute_key_into(raw: &str, out: &mut String) {
    out.clear();
    for c in raw.chars() {
        if !c.is_whitespace() && c != '§' {
            out.extend(c.to_uppercase());
        }
    }
}
