//! Caps on what one request may ask of the engine (docs/decisions.md §14): name and text
//! lengths, aliases and addresses per person, cases per search, charges per record, and the
//! size of a vendor XML document with its cases and charges. Checked on the raw body before
//! any engine work, so a hostile body costs one streaming JSON read (no tree; see `scan`) and a
//! 400 or 413 whose message names the field and the cap; within the caps the engine's memory
//! and deadline are ample, so the 500 and 206 of a memory or deadline failure are left to
//! modules that misbehave.
//!
//! The identity match's rate limit counts work, not calls: [`InputLimits::check_identity`]
//! also prices a request in comparisons (name pairings and address pairings).

use quick_xml::events::Event;

pub use self::caps::{
    DEFAULT_MAX_ADDRESSES, DEFAULT_MAX_ALIASES, DEFAULT_MAX_CASES, DEFAULT_MAX_CHARGES,
    DEFAULT_MAX_NAME_CHARS, DEFAULT_MAX_TEXT_CHARS, DEFAULT_MAX_XML_BYTES, Exceeded, InputLimits,
};
use self::caps::{XML_CASES, XML_CHARGES};
use self::scan::{Body, Found, scan};

mod caps;
#[cfg(test)]
mod equivalence;
#[cfg(test)]
mod oracle;
mod scan;

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

    /// The scan checks the body's UTF-8 once, up front: a body with bytes that are not UTF-8
    /// is still "not JSON" (the engine answers it), wherever the bytes are, as it was when
    /// every string was checked as it was read.
    #[test]
    fn a_body_that_is_not_utf8_is_not_json() {
        let over = r#"{"record": {"search_id": "123456789", "note": "ok"}}"#;
        assert!(small().check_record(over.as_bytes()).is_err());
        for (at, bad) in [("ok", b"o\xff".as_slice()), ("note", b"n\xc3te")] {
            let body = over.as_bytes().to_vec();
            let start = over.find(at).unwrap();
            let body = [&body[..start], bad, &body[start + at.len()..]].concat();
            assert_eq!(small().check_record(&body), Ok(()), "{at}");
            assert_eq!(oracle::check_record(&small(), &body), Ok(()), "{at}");
            assert_eq!(small().check_identity(&body), Ok(1), "{at}");
        }
    }

    #[test]
    fn identity_problem_keys_are_pascal_paths() {
        assert_eq!(
            super::caps::pascal_path("candidate_to_verify.aliases[2].first_name"),
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
