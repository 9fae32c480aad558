//! The caps themselves and the answer to a request over one: what the streaming check
//! (`scan`) and the check's entry points (`limits::input`) share.

use std::collections::BTreeMap;

use axum::http::StatusCode;

use crate::context::RequestCtx;
use crate::error::AppError;

/// The caps. Defaults are far above real records (the corpus and the vendor XML samples hold at
/// most 28-character names, 2 aliases, 14 cases and 33 charges per search, 13 KB of XML) and
/// within what one engine instance evaluates in its default memory and deadline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputLimits {
    /// Characters in one name field (`first_name`, `subject_name`, ...).
    pub max_name_chars: usize,
    /// Characters in any other string field (charge text, addresses, ids), `xml` aside.
    pub max_text_chars: usize,
    /// Aliases of one person.
    pub max_aliases: usize,
    /// Addresses of one person.
    pub max_addresses: usize,
    /// Cases in one search (`criminal_records` over every court, or XML case elements); also
    /// the number of courts.
    pub max_cases: usize,
    /// Charges in one record (`offenses` over every case, XML charge elements, `cases[]`
    /// mapping rows); also the length of any other list.
    pub max_charges: usize,
    /// Bytes of `record.xml` (then 413).
    pub max_xml_bytes: usize,
}

/// Default of [`InputLimits::max_name_chars`].
pub const DEFAULT_MAX_NAME_CHARS: usize = 200;
/// Default of [`InputLimits::max_text_chars`].
pub const DEFAULT_MAX_TEXT_CHARS: usize = 10_000;
/// Default of [`InputLimits::max_aliases`].
pub const DEFAULT_MAX_ALIASES: usize = 25;
/// Default of [`InputLimits::max_addresses`].
pub const DEFAULT_MAX_ADDRESSES: usize = 25;
/// Default of [`InputLimits::max_cases`].
pub const DEFAULT_MAX_CASES: usize = 500;
/// Default of [`InputLimits::max_charges`].
pub const DEFAULT_MAX_CHARGES: usize = 2_000;
/// Default of [`InputLimits::max_xml_bytes`].
pub const DEFAULT_MAX_XML_BYTES: usize = 1024 * 1024;

impl Default for InputLimits {
    fn default() -> Self {
        Self {
            max_name_chars: DEFAULT_MAX_NAME_CHARS,
            max_text_chars: DEFAULT_MAX_TEXT_CHARS,
            max_aliases: DEFAULT_MAX_ALIASES,
            max_addresses: DEFAULT_MAX_ADDRESSES,
            max_cases: DEFAULT_MAX_CASES,
            max_charges: DEFAULT_MAX_CHARGES,
            max_xml_bytes: DEFAULT_MAX_XML_BYTES,
        }
    }
}

/// Fields holding a person's name.
pub(super) const NAME_FIELDS: [&str; 7] = [
    "first_name",
    "middle_name",
    "last_name",
    "sub_first_name",
    "sub_middle_name",
    "sub_last_name",
    "subject_name",
];
/// Lists of a person's other names.
pub(super) const ALIAS_LISTS: [&str; 2] = ["aliases", "subject_aliases"];
/// Case elements of the vendor XML dialects (Accio, HR-XML, order XML).
pub(super) const XML_CASES: [&str; 3] = ["case", "CriminalCase", "Record"];
/// Charge elements of the same dialects.
pub(super) const XML_CHARGES: [&str; 3] = ["chargeinfo", "Charge", "Count"];

/// A cap a request went over: the field, what was counted, how many, and the cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exceeded {
    /// The field, as a path in the body (`record.record_json.criminal_search_results[0].court_search_id`).
    pub field: String,
    /// What was counted.
    pub unit: &'static str,
    /// How many.
    pub found: usize,
    /// The cap.
    pub limit: usize,
}

impl Exceeded {
    pub(super) fn new(
        field: impl Into<String>,
        unit: &'static str,
        found: usize,
        limit: usize,
    ) -> Self {
        Self {
            field: field.into(),
            unit,
            found,
            limit,
        }
    }

    /// The answer's message: names the field and the cap, never a value.
    pub fn message(&self) -> String {
        format!(
            "{}: {} {}, over the limit of {}",
            self.field, self.found, self.unit, self.limit
        )
    }

    /// A record too large (413) rather than a field or list too long (400).
    pub fn is_too_large(&self) -> bool {
        self.unit == "bytes"
    }

    /// The answer of `/evaluate` and `/transform-xml`: 413 for a record too large, else a 400
    /// in their usual shape.
    pub fn into_error(self, ctx: &RequestCtx) -> AppError {
        if self.is_too_large() {
            AppError::Refused {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                code: "PAYLOAD_TOO_LARGE",
                message: self.message(),
            }
        } else {
            AppError::invalid(self.message(), ctx)
        }
    }

    /// The identity match's 400 body: problem details keyed by the PascalCase model path, as
    /// the engine keys its own (docs/api.md "Identity-match errors").
    pub fn problem_details(&self) -> String {
        let key = pascal_path(&self.field);
        lookback_core::identity::problem_details(&BTreeMap::from([(key, vec![self.message()])]))
    }
}

/// `candidate_to_verify.aliases[2].first_name` as `CandidateToVerify.Aliases[2].FirstName`.
pub(super) fn pascal_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut upper = true;
    for c in path.chars() {
        match c {
            '_' => upper = true,
            '.' | '[' => {
                out.push(c);
                upper = true;
            }
            c if upper => {
                out.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}
