//! Caps on what one request may ask of the engine (issue 24, DECISIONS §14): name and text
//! lengths, aliases and addresses per person, cases per search, charges per record, and the
//! size of a vendor XML document with its cases and charges. Checked on the raw body before
//! any engine work, so a hostile body costs one streaming JSON read (no tree; see `scan`) and a
//! 400 or 413 whose message names the field and the cap; within the caps the engine's memory
//! and deadline are ample, so the 500 and 206 of a memory or deadline failure are left to
//! modules that misbehave.
//!
//! The identity match's rate limit counts work, not calls: [`InputLimits::check_identity`]
//! also prices a request in comparisons (name pairings and address pairings).

use std::collections::BTreeMap;

use axum::http::StatusCode;
use quick_xml::events::Event;

use self::scan::{Body, Found, scan};

use crate::context::RequestCtx;
use crate::error::AppError;

#[cfg(test)]
mod equivalence;
#[cfg(test)]
mod oracle;
mod scan;

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
const NAME_FIELDS: [&str; 7] = [
    "first_name",
    "middle_name",
    "last_name",
    "sub_first_name",
    "sub_middle_name",
    "sub_last_name",
    "subject_name",
];
/// Lists of a person's other names.
const ALIAS_LISTS: [&str; 2] = ["aliases", "subject_aliases"];
/// Case elements of the vendor XML dialects (Accio, HR-XML, order XML).
const XML_CASES: [&str; 3] = ["case", "CriminalCase", "Record"];
/// Charge elements of the same dialects.
const XML_CHARGES: [&str; 3] = ["chargeinfo", "Charge", "Count"];

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
    fn new(field: impl Into<String>, unit: &'static str, found: usize, limit: usize) -> Self {
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
    /// the engine keys its own (SPEC "Identity-match errors").
    pub fn problem_details(&self) -> String {
        let key = pascal_path(&self.field);
        lookback_core::identity::problem_details(&BTreeMap::from([(key, vec![self.message()])]))
    }
}

/// `candidate_to_verify.aliases[2].first_name` as `CandidateToVerify.Aliases[2].FirstName`.
fn pascal_path(path: &str) -> String {
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

impl InputLimits {
    /// Checks an `/evaluate` or `/transform-xml` body. A body that is not JSON passes: the
    /// engine answers it with the spec's message.
    pub fn check_record(&self, body: &[u8]) -> Result<(), Exceeded> {
        let Some(scanned) = scan(self, body, Body::Record) else {
            return Ok(());
        };
        // The record's totals first: their message names the cap a long list most likely hits.
        if let Found::Checked(Err(over)) = scanned.totals {
            return Err(over);
        }
        scanned.first_over.map_or(Ok(()), Err)
    }

    /// Checks an identity-match body and prices it: the name pairings (name and aliases of one
    /// side against those of the other) plus the address pairings the comparison makes, at
    /// least 1.
    pub fn check_identity(&self, body: &[u8]) -> Result<u32, Exceeded> {
        let Some(scanned) = scan(self, body, Body::Identity) else {
            return Ok(1);
        };
        if let Some(over) = scanned.first_over {
            return Err(over);
        }
        let cost = match scanned.totals {
            Found::Pairings(cost) => cost,
            _ => 0,
        };
        Ok(u32::try_from(cost).unwrap_or(u32::MAX).max(1))
    }

    /// Cases and charges of a `record_json`, summed over the search.
    fn search_totals(&self, cases: usize, charges: usize) -> Result<(), Exceeded> {
        let field = "record.record_json.criminal_search_results[].criminal_records";
        Self::at_most(field, "cases", cases, self.max_cases)?;
        Self::at_most(
            &format!("{field}[].offenses"),
            "charges",
            charges,
            self.max_charges,
        )
    }

    /// Size, cases and charges of a vendor XML document (a streaming count of elements by
    /// local name: no tree, no entities). Counting stops where the document stops parsing:
    /// the engine answers that with the spec's message.
    fn xml(&self, xml: &str) -> Result<(), Exceeded> {
        let field = "record.xml";
        Self::at_most(field, "bytes", xml.len(), self.max_xml_bytes)?;
        let mut reader = quick_xml::Reader::from_str(xml);
        let (mut cases, mut charges) = (0, 0);
        loop {
            match reader.read_event() {
                Ok(Event::Start(e) | Event::Empty(e)) => {
                    let name = e.local_name();
                    let name: &str = name.as_ref();
                    cases += usize::from(XML_CASES.contains(&name));
                    charges += usize::from(XML_CHARGES.contains(&name));
                }
                Ok(Event::Eof) | Err(_) => break,
                Ok(_) => {}
            }
        }
        Self::at_most(field, "cases", cases, self.max_cases)?;
        Self::at_most(field, "charges", charges, self.max_charges)
    }

    fn at_most(
        field: &str,
        unit: &'static str,
        found: usize,
        limit: usize,
    ) -> Result<(), Exceeded> {
        if found > limit {
            Err(Exceeded::new(field, unit, found, limit))
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn small() -> InputLimits {
        InputLimits {
            max_name_chars: 5,
            max_text_chars: 8,
            max_aliases: 2,
            max_addresses: 1,
            max_cases: 2,
            max_charges: 3,
            max_xml_bytes: 400,
        }
    }

    fn record(record: Value) -> Result<(), Exceeded> {
        small().check_record(json!({ "record": record }).to_string().as_bytes())
    }

    fn search(cases: &[usize]) -> Value {
        let cases: Vec<Value> = cases
            .iter()
            .map(|&n| json!({"offenses": vec![json!({}); n]}))
            .collect();
        json!({"record_json": {"criminal_search_results": [{"criminal_records": cases}]}})
    }

    #[test]
    fn names_and_text_by_characters() {
        assert_eq!(
            record(json!({"candidate_info": {"first_name": "ÉÉÉÉÉ"}})),
            Ok(())
        );
        let long = record(json!({"candidate_info": {"first_name": "JOHNNY"}})).unwrap_err();
        assert_eq!(
            long.message(),
            "record.candidate_info.first_name: 6 characters, over the limit of 5"
        );
        assert!(!long.is_too_large());
        assert_eq!(record(json!({"search_id": "12345678"})), Ok(()));
        let err = record(json!({"search_id": "123456789"})).unwrap_err();
        assert_eq!((err.field.as_str(), err.limit), ("record.search_id", 8));
    }

    #[test]
    fn lists_by_kind() {
        let person = |aliases: usize, addresses: usize| json!({"aliases": vec![json!({}); aliases], "addresses": vec![json!({}); addresses]});
        assert_eq!(record(json!({"candidate_info": person(2, 1)})), Ok(()));
        let err = record(json!({"candidate_info": person(3, 0)})).unwrap_err();
        assert_eq!(
            (err.field.as_str(), err.limit),
            ("record.candidate_info.aliases", 2)
        );
        let err = record(json!({"candidate_info": person(0, 2)})).unwrap_err();
        assert_eq!(err.field, "record.candidate_info.addresses");
        let err = record(json!({"anything": [1, 2, 3, 4]})).unwrap_err();
        assert_eq!((err.field.as_str(), err.limit), ("record.anything", 3));
        let nested = record(json!({"cases": [{"offense_id": "123456789"}]})).unwrap_err();
        assert_eq!(nested.field, "record.cases[0].offense_id");
    }

    #[test]
    fn cases_and_charges_over_the_search() {
        assert_eq!(record(search(&[1, 2])), Ok(()));
        let err = record(search(&[1, 1, 1])).unwrap_err();
        assert_eq!((err.unit, err.limit), ("cases", 2));
        let err = record(search(&[2, 2])).unwrap_err();
        assert_eq!((err.unit, err.found, err.limit), ("charges", 4, 3));
        assert!(err.message().contains("offenses"), "{}", err.message());
    }

    #[test]
    fn xml_size_cases_and_charges() {
        let doc = |cases: usize, charges: usize| {
            let case = format!("<case>{}</case>", "<chargeinfo/>".repeat(charges));
            format!(
                "<ScreeningResults>{}</ScreeningResults>",
                case.repeat(cases)
            )
        };
        assert_eq!(record(json!({"xml": doc(2, 1)})), Ok(()));
        let err = record(json!({"xml": doc(3, 0)})).unwrap_err();
        assert_eq!((err.field.as_str(), err.unit), ("record.xml", "cases"));
        let err = record(json!({"xml": doc(1, 4)})).unwrap_err();
        assert_eq!(err.unit, "charges");
        let err = record(json!({"xml": "x".repeat(401)})).unwrap_err();
        assert!(err.is_too_large());
        assert_eq!(
            err.message(),
            "record.xml: 401 bytes, over the limit of 400"
        );
        assert_eq!(
            record(json!({"xml": "<a><b></a>"})),
            Ok(()),
            "malformed: the engine's"
        );
    }

    #[test]
    fn identity_problem_keys_are_pascal_paths() {
        assert_eq!(
            pascal_path("candidate_to_verify.aliases[2].first_name"),
            "CandidateToVerify.Aliases[2].FirstName"
        );
        let err = Exceeded::new("candidate_in_record.last_name", "characters", 9, 5);
        let body: Value = serde_json::from_str(&err.problem_details()).unwrap();
        assert_eq!(body["status"], 400);
        assert_eq!(
            body["errors"]["CandidateInRecord.LastName"][0],
            "candidate_in_record.last_name: 9 characters, over the limit of 5"
        );
    }

    #[test]
    fn identity_cost_counts_pairings() {
        let limits = InputLimits::default();
        let side = |aliases: usize, addresses: usize| {
            json!({"first_name": "A", "aliases": vec![json!({}); aliases],
                   "addresses": vec![json!({}); addresses]})
        };
        let cost = |v: Value, r: Value| {
            let body = json!({"candidate_to_verify": v, "candidate_in_record": r});
            limits.check_identity(body.to_string().as_bytes())
        };
        assert_eq!(cost(side(0, 0), side(0, 0)), Ok(1));
        assert_eq!(cost(side(0, 1), side(0, 1)), Ok(2));
        assert_eq!(cost(side(3, 2), side(1, 5)), Ok(4 * 2 + 2 * 5));
        assert_eq!(limits.check_identity(b"not json"), Ok(1));
        let long = json!({"first_name": "A".repeat(201)});
        let err = cost(long, side(0, 0)).unwrap_err();
        assert_eq!(err.field, "candidate_to_verify.first_name");
    }
}
