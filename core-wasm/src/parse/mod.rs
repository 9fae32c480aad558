//! Stage 1, parse and normalise: request body in, normalised [`Search`] out (or the 400 / 422
//! answer). Request validation and the count gate run here, before any identity or rule work.

pub mod json;
pub mod mapping;
pub mod record_json;
pub mod to_record_json;
pub mod validate;
pub mod xml;

use std::borrow::Cow;

use serde_json::Value;

use crate::messages as msg;
use crate::model::{Search, SourceKind};
use crate::parse::json::{Arena, Json, Object};
use validate::{RecordInput, ValidRequest};

pub use mapping::CountMismatch;

/// What stage 1 makes of a request body.
#[derive(Debug, Clone)]
pub enum Transformed {
    /// A valid request, normalised. `record_json` is its mapped form (what `/transform-xml` returns).
    Ok {
        search: Box<Search>,
        record_json: Value,
    },
    /// HTTP 400 with the contract's messages (the first is the headline).
    Invalid {
        search_id: Option<String>,
        messages: Vec<String>,
    },
    /// HTTP 422: the `cases[]` mapping does not reconcile with the record.
    CountMismatch {
        search_id: String,
        details: CountMismatch,
    },
}

/// Runs stage 1 on the raw body of `POST /evaluate`.
pub fn transform(body: &[u8]) -> Transformed {
    with_record(body, validate::validate_record)
}

/// Stage 1 for a record that goes straight on to evaluation: as [`transform`], but an accepted
/// record's `record_json` is neither built nor copied from the request (it is `null`), since
/// nobody reads it.
pub fn transform_for_evaluate(body: &[u8]) -> Transformed {
    with_record_mapped(body, validate::validate_record, false)
}

/// Runs stage 1 on the raw body of `POST /transform-xml`, `{record: {search_id, xml, cases?}}`;
/// `today` (`YYYY-MM-DD`, from the host) stands in for a missing `search_date`.
pub fn transform_xml(body: &[u8], today: &str) -> Transformed {
    with_record(body, |record| validate::validate_xml_record(record, today))
}

/// Reads the body's `record` object, validates it with `validate`, then normalises it.
fn with_record(
    body: &[u8],
    validate: impl for<'a> Fn(&'a Object<'a>) -> Result<ValidRequest<'a>, Vec<String>>,
) -> Transformed {
    with_record_mapped(body, validate, true)
}

/// [`with_record`], building the answer's `record_json` (the request's own, or the mapped form
/// of vendor XML) only when `mapped` asks.
fn with_record_mapped(
    body: &[u8],
    validate: impl for<'a> Fn(&'a Object<'a>) -> Result<ValidRequest<'a>, Vec<String>>,
    mapped: bool,
) -> Transformed {
    // Checked as UTF-8 once, then read as text: from bytes, serde_json validates every string.
    let Ok(text) = std::str::from_utf8(body) else {
        return invalid(None, msg::BODY_NOT_UTF8);
    };
    let arena = Arena::for_text(text);
    let document = match Json::parse(text, &arena) {
        Ok(d) => d,
        Err(e) => return invalid(None, body_error(&e)),
    };
    let Some(record) = document.as_object().map(|o| o.get("record")) else {
        return invalid(None, msg::BODY_NOT_OBJECT);
    };
    let record = match record {
        Some(Json::Object(r)) => r,
        None | Some(Json::Null) => return invalid(None, msg::RECORD_REQUIRED),
        Some(_) => return invalid(None, &msg::must_be("record", "an object")),
    };
    match validate(record) {
        Ok(request) => match normalise(request, mapped) {
            Ok((search, record_json)) => Transformed::Ok {
                search,
                record_json,
            },
            Err(refused) => refused,
        },
        Err(messages) => Transformed::Invalid {
            search_id: validate::text_owned(record, "search_id"),
            messages,
        },
    }
}

/// The normalised search of a valid request and its `record_json` (`null` unless `mapped`), or
/// its 422.
fn normalise(request: ValidRequest<'_>, mapped: bool) -> Result<(Box<Search>, Value), Transformed> {
    let mut search_type = request.search_type.clone();
    let mut xml_notes = Vec::new();
    let mut fallback_candidate = None;
    let (raw_courts, request_record_json, source) = match request.input {
        RecordInput::RecordJson(rj) => {
            // The record's own search metadata stands in when the request sends no search_type,
            // so a `/transform-xml` output resubmitted echoes the same `client_search_type`.
            if search_type.is_none() {
                search_type = rj
                    .get("search")
                    .and_then(Json::as_object)
                    .and_then(|s| validate::text_owned(s, "search_type"));
            }
            (
                record_json::read_courts(rj),
                Some(rj),
                SourceKind::RecordJson,
            )
        }
        RecordInput::Xml(text) => {
            // search_date passed validation, so it is a date; the fallback is never used.
            let as_of = crate::dates::parse_iso(&request.search_date).unwrap_or_default();
            match xml::read_xml(text, as_of) {
                Ok(record) => {
                    if search_type.is_none() {
                        search_type = record.search_type;
                    }
                    xml_notes = record.notes;
                    fallback_candidate = record.candidate;
                    (record.courts, None, SourceKind::Xml)
                }
                Err(e) => return Err(invalid(Some(request.search_id), &e.message())),
            }
        }
    };
    if let Err(details) = mapping::count_gate(&request.cases, &raw_courts) {
        return Err(Transformed::CountMismatch {
            search_id: request.search_id,
            details,
        });
    }
    let case_ids = mapping::case_court_ids(&request.cases, &raw_courts);
    let courts = mapping::apply(&request.cases, raw_courts);
    let candidate = match request.candidate {
        Some(c) => Some(record_json::read_candidate(c)),
        None => fallback_candidate,
    };
    let search = Search {
        source,
        search_id: request.search_id,
        search_date: request.search_date,
        order_id: request.order_id,
        order_number: request.order_number,
        tenant_id: request.tenant_id,
        applicant_state: request
            .applicant_state
            .as_deref()
            .and_then(crate::state_codes::normalize_state)
            .map(Cow::Borrowed),
        customer_state: request
            .customer_state
            .as_deref()
            .and_then(crate::state_codes::normalize_state)
            .map(Cow::Borrowed),
        search_type,
        candidate,
        courts,
        issues: xml::note_issues(&xml_notes, &case_ids),
    };
    let record_json = match request_record_json {
        _ if !mapped => Value::Null,
        // The request's own, answered as sent (`/transform-xml` resubmitted comes back unchanged).
        Some(rj) => Value::Object(rj.to_map()),
        None => to_record_json::to_record_json(&search),
    };
    Ok((Box::new(search), record_json))
}

fn invalid(search_id: Option<String>, message: &str) -> Transformed {
    Transformed::Invalid {
        search_id,
        messages: vec![message.to_string()],
    }
}

/// A clear message for a UTF-8 body that is not usable JSON; never echoes the body itself.
fn body_error(e: &serde_json::Error) -> &'static str {
    if e.to_string().contains("recursion limit") {
        msg::BODY_TOO_DEEP
    } else {
        msg::BODY_NOT_JSON
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(body: &[u8]) -> Vec<String> {
        match transform(body) {
            Transformed::Invalid { messages, .. } => messages,
            other => vec![format!("not refused: {other:?}")],
        }
    }

    #[test]
    fn unusable_bodies_get_their_own_message() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        for (body, message) in [
            (&b"{\"record\": \"\xff\"}"[..], msg::BODY_NOT_UTF8),
            (b"\xfe\xff", msg::BODY_NOT_UTF8),
            (b"{\"record\": ", msg::BODY_NOT_JSON),
            (b"", msg::BODY_NOT_JSON),
            (deep.as_bytes(), msg::BODY_TOO_DEEP),
            (b"[]", msg::BODY_NOT_OBJECT),
            (b"{}", msg::RECORD_REQUIRED),
        ] {
            assert_eq!(refusal(body), vec![message.to_string()]);
        }
    }
}
