//! Request validation for `POST /evaluate` and `/transform-xml` (docs/api.md "POST /evaluate rules" and
//! "Request validation messages"). It lives in the engine so the server and the browser page give
//! the very same 400 messages (docs/decisions.md §2).
//!
//! Validation reads the generic JSON document ([`Json`], borrowed from the body) rather than
//! deserialising into typed structs, so that every problem gets the contract's message instead of a
//! serde error, and all problems are reported at once.

use std::borrow::Cow;

use crate::dates::parse_iso;
use crate::messages as msg;
use crate::parse::json::{Json, Object};
use crate::trim::trim;

/// One `cases[]` row (docs/api.md "cases[] row").
#[derive(Debug, Clone, PartialEq)]
pub struct CaseRow {
    pub court_search_id: String,
    pub offense_id: String,
    pub is_excluded: bool,
}

/// The input form of the record.
#[derive(Debug, Clone, Copy)]
pub enum RecordInput<'a> {
    Xml(&'a str),
    RecordJson(&'a Object<'a>),
}

/// A request that passed every check of this module.
#[derive(Debug, Clone)]
pub struct ValidRequest<'a> {
    pub input: RecordInput<'a>,
    pub search_id: String,
    pub search_date: String,
    pub order_id: String,
    pub order_number: String,
    pub candidate: Option<&'a Object<'a>>,
    pub cases: Vec<CaseRow>,
    pub tenant_id: Option<String>,
    pub applicant_state: Option<String>,
    pub customer_state: Option<String>,
    pub search_type: Option<String>,
}

/// A JSON field read as text: absent, null, empty, wrong type, or a value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Text<'a> {
    Missing,
    Empty,
    WrongType,
    Value(&'a str),
}

/// Reads `key` as text. Numbers are accepted for ids (callers send `case_number: 1234`); blank
/// strings count as empty.
pub fn text<'a>(obj: &'a Object<'_>, key: &str) -> Text<'a> {
    text_of(obj.get(key))
}

/// [`text`] of a member already looked up.
fn text_of<'a>(value: Option<&'a Json<'_>>) -> Text<'a> {
    match value {
        None | Some(Json::Null) => Text::Missing,
        Some(Json::String(s)) if trim(s).is_empty() => Text::Empty,
        Some(Json::String(s)) => Text::Value(s),
        Some(_) => Text::WrongType,
    }
}

/// A non-blank string, trimmed, or a number rendered as it was written; borrowed from the body
/// where it can be, so that a caller that only inspects the value copies nothing.
pub fn text_or_number<'a>(obj: &'a Object<'_>, key: &str) -> Option<Cow<'a, str>> {
    match obj.get(key) {
        Some(Json::String(s)) => Some(trim(s)).filter(|t| !t.is_empty()).map(Cow::Borrowed),
        Some(Json::Number(n)) => Some(Cow::Owned(n.to_string())),
        _ => None,
    }
}

/// Owned text value, with numbers rendered as they were written ([`text_or_number`], owned).
pub fn text_owned(obj: &Object<'_>, key: &str) -> Option<String> {
    text_or_number(obj, key).map(Cow::into_owned)
}

/// Collects messages in order, without repeats.
#[derive(Debug, Default)]
struct Problems(Vec<String>);

impl Problems {
    fn add(&mut self, message: impl Into<String>) {
        let message = message.into();
        if !self.0.contains(&message) {
            self.0.push(message);
        }
    }

    /// A required non-empty string: `<field> must not be empty` when null, missing or blank.
    fn required_text<'a>(&mut self, obj: &'a Object<'_>, key: &str) -> Option<&'a str> {
        let value = obj.get(key);
        match (text_of(value), value) {
            (Text::Value(v), _) => Some(v),
            (Text::WrongType, Some(Json::Number(_))) => None,
            (Text::WrongType, _) => {
                self.add(msg::must_be(key, "a string"));
                None
            }
            _ => {
                self.add(msg::must_not_be_empty(key));
                None
            }
        }
    }

    /// `order_id` or `order_number`: a required non-empty string; a number is accepted as its
    /// text, as for `search_id`; never dropped silently, which would refuse the request with a
    /// message naming `search_id` instead of this field.
    fn required_order_field(&mut self, record: &Object<'_>, key: &str) -> Option<String> {
        match record.get(key) {
            Some(Json::Number(n)) => Some(n.to_string()),
            _ => self.required_text(record, key).map(str::to_string),
        }
    }

    /// `search_id`: required; a number is accepted as its text.
    fn required_id(&mut self, record: &Object<'_>) -> Option<String> {
        match text(record, "search_id") {
            Text::Value(v) => Some(v.trim().to_string()),
            Text::WrongType => text_owned(record, "search_id").or_else(|| {
                self.add(msg::must_be("search_id", "a string"));
                None
            }),
            Text::Missing | Text::Empty => {
                self.add(msg::missing_required("search_id"));
                None
            }
        }
    }

    /// A required non-empty array of objects.
    fn required_list<'a, 'j>(&mut self, obj: &'a Object<'j>, key: &str) -> &'a [Json<'j>] {
        match obj.get(key) {
            Some(Json::Array(items)) if !items.is_empty() => {
                if items.iter().any(|i| !i.is_object()) {
                    self.add(msg::must_be(key, "an array of objects"));
                }
                items
            }
            Some(Json::Array(_)) | Some(Json::Null) | None => {
                self.add(msg::must_not_be_empty(key));
                &[]
            }
            Some(_) => {
                self.add(msg::must_be(key, "an array"));
                &[]
            }
        }
    }
}

/// Validates the `record` object of a request body.
pub fn validate_record<'a>(record: &'a Object<'a>) -> Result<ValidRequest<'a>, Vec<String>> {
    let mut p = Problems::default();

    let xml = match record.get("xml") {
        Some(Json::String(s)) if !s.trim().is_empty() => Some(*s),
        Some(Json::String(_)) | Some(Json::Null) | None => None,
        Some(_) => {
            p.add(msg::must_be("xml", "a string"));
            None
        }
    };
    let record_json = match record.get("record_json") {
        Some(Json::Object(o)) => Some(o),
        Some(Json::Null) | None => None,
        Some(_) => {
            p.add(msg::must_be("record_json", "an object"));
            None
        }
    };
    let has_record_json_key = !matches!(record.get("record_json"), None | Some(Json::Null));
    let has_xml_key = xml.is_some();
    match (has_xml_key, has_record_json_key) {
        (false, false) => p.add(msg::XML_OR_RECORD_JSON_REQUIRED),
        (true, true) => p.add(msg::XML_AND_RECORD_JSON),
        _ => {}
    }

    let search_id = p.required_id(record);
    let search_date = match text(record, "search_date") {
        Text::Value(v) if parse_iso(v).is_some() => Some(v.trim().to_string()),
        Text::Value(_) | Text::WrongType => {
            p.add(msg::date_format("search_date"));
            None
        }
        Text::Missing | Text::Empty => {
            p.add(msg::missing_required("search_date"));
            None
        }
    };
    let order_id = p.required_order_field(record, "order_id");
    let order_number = p.required_order_field(record, "order_number");

    // submission_type: `resubmit` with record_json, omitted with xml (docs/api.md rules 3 and 4).
    let submission_type = record.get("submission_type").filter(|v| !v.is_null());
    let resubmit = submission_type.and_then(Json::as_str) == Some("resubmit");
    if has_record_json_key && !has_xml_key && !resubmit {
        p.add(msg::SUBMISSION_TYPE_RESUBMIT);
    }
    if has_xml_key && !has_record_json_key {
        match submission_type {
            Some(_) if resubmit => p.add(msg::SUBMISSION_TYPE_WITH_XML),
            Some(_) => p.add(msg::SUBMISSION_TYPE_OMIT_WITH_XML),
            None => {}
        }
    }

    if let Some(rj) = record_json {
        check_record_json(rj, &mut p);
    }

    let candidate = check_candidate(record, has_record_json_key && !has_xml_key, &mut p);
    let cases = check_cases(record, &mut p);

    let optional = |key: &str| text_owned(record, key);
    if !p.0.is_empty() {
        return Err(p.0);
    }
    let input = match (xml, record_json) {
        (Some(x), None) => RecordInput::Xml(x),
        (None, Some(rj)) => RecordInput::RecordJson(rj),
        _ => return Err(vec![msg::XML_OR_RECORD_JSON_REQUIRED.to_string()]),
    };
    match (search_id, search_date, order_id, order_number) {
        (Some(search_id), Some(search_date), Some(order_id), Some(order_number)) => {
            Ok(ValidRequest {
                input,
                search_id,
                search_date,
                order_id,
                order_number,
                candidate,
                cases,
                tenant_id: optional("tenant_id"),
                applicant_state: optional("applicant_state"),
                customer_state: optional("customer_state"),
                search_type: optional("search_type"),
            })
        }
        _ => Err(vec![msg::missing_required("search_id")]),
    }
}

/// Validates the `record` of a `/transform-xml` body, `{search_id, xml, cases?}` (docs/decisions.md §3):
/// stage 1 alone, so the order and search fields `/evaluate` needs are optional here. Without a
/// `search_date`, `today` (the host's clock) anchors two-digit years and placeholder dates.
pub fn validate_xml_record<'a>(
    record: &'a Object<'a>,
    today: &str,
) -> Result<ValidRequest<'a>, Vec<String>> {
    let mut p = Problems::default();
    if !matches!(record.get("record_json"), None | Some(Json::Null)) {
        p.add(msg::TRANSFORM_XML_ONLY);
    }
    let xml = match record.get("xml") {
        Some(Json::String(s)) if !s.trim().is_empty() => Some(*s),
        Some(Json::String(_)) | Some(Json::Null) | None => {
            p.add(msg::missing_required("xml"));
            None
        }
        Some(_) => {
            p.add(msg::must_be("xml", "a string"));
            None
        }
    };
    let search_id = p.required_id(record);
    let search_date = match text(record, "search_date") {
        Text::Value(v) if parse_iso(v).is_some() => v.trim().to_string(),
        Text::Value(_) | Text::WrongType => {
            p.add(msg::date_format("search_date"));
            String::new()
        }
        Text::Missing | Text::Empty => today.to_string(),
    };
    let candidate = check_candidate(record, false, &mut p);
    let cases = check_cases(record, &mut p);
    let optional = |key: &str| text_owned(record, key);
    match (xml, search_id) {
        (Some(xml), Some(search_id)) if p.0.is_empty() => Ok(ValidRequest {
            input: RecordInput::Xml(xml),
            search_id,
            search_date,
            order_id: optional("order_id").unwrap_or_default(),
            order_number: optional("order_number").unwrap_or_default(),
            candidate,
            cases,
            tenant_id: optional("tenant_id"),
            applicant_state: optional("applicant_state"),
            customer_state: optional("customer_state"),
            search_type: optional("search_type"),
        }),
        _ => Err(p.0),
    }
}

/// docs/api.md "record_json": forbidden keys, then the required containers and fields.
fn check_record_json(rj: &Object<'_>, p: &mut Problems) {
    let search = rj.get("search").and_then(Json::as_object);
    for key in ["submission_type", "order_id", "order_number"] {
        if rj.contains_key(key) {
            p.add(msg::must_not_be_inside(key, "record_json"));
        }
        if search.is_some_and(|s| s.contains_key(key)) {
            p.add(msg::must_not_be_inside(key, "record_json.search"));
        }
    }
    if rj.contains_key("candidate_info") {
        p.add(msg::CANDIDATE_INFO_INSIDE);
    }
    if rj.contains_key("status") {
        p.add(msg::STATUS_INSIDE);
    }
    if search.is_some_and(|s| s.contains_key("status")) {
        p.add(msg::STATUS_INSIDE_SEARCH);
    }

    let courts = match rj.get("criminal_search_results") {
        None => {
            p.add(msg::CRIMINAL_SEARCH_RESULTS_MISSING);
            return;
        }
        Some(Json::Array(items)) if !items.is_empty() => items,
        Some(Json::Array(_)) | Some(Json::Null) => {
            p.add(msg::CRIMINAL_SEARCH_RESULTS_EMPTY);
            return;
        }
        Some(_) => {
            p.add(msg::must_be("criminal_search_results", "an array"));
            return;
        }
    };
    for court in *courts {
        let Some(court) = court.as_object() else {
            p.add(msg::must_be(
                "criminal_search_results",
                "an array of objects",
            ));
            continue;
        };
        p.required_text(court, "court_search_id");
        if let Some(date) = p.required_text(court, "search_date")
            && parse_iso(date).is_none()
        {
            p.add(msg::date_format("search_date"));
        }
        for case in p
            .required_list(court, "criminal_records")
            .iter()
            .filter_map(Json::as_object)
        {
            for key in msg::REQUIRED_CASE_FIELDS {
                p.required_text(case, key);
            }
            let offenses = p.required_list(case, "offenses");
            for offense in offenses.iter().filter_map(Json::as_object) {
                if let Some(s) = offense.get("sentence")
                    && !(s.is_object() || s.is_null())
                {
                    p.add(msg::must_be("sentence", "an object"));
                }
            }
        }
    }
}

/// docs/api.md "candidate_info": required with record_json, optional with xml; flat.
fn check_candidate<'a>(
    record: &'a Object<'a>,
    required: bool,
    p: &mut Problems,
) -> Option<&'a Object<'a>> {
    let candidate = match record.get("candidate_info") {
        None | Some(Json::Null) => {
            if required {
                p.add(msg::CANDIDATE_INFO_EMPTY);
            }
            return None;
        }
        Some(Json::Object(c)) if c.is_empty() => {
            p.add(msg::CANDIDATE_INFO_EMPTY);
            return None;
        }
        Some(Json::Object(c)) => c,
        Some(_) => {
            p.add(msg::must_be("candidate_info", "an object"));
            return None;
        }
    };
    if candidate.contains_key("aliases") || candidate.contains_key("addresses") {
        p.add(msg::CANDIDATE_INFO_FLAT);
    }
    let filled = |k| matches!(text(candidate, k), Text::Value(_));
    if !(filled("first_name") && filled("last_name") && filled("date_of_birth")) {
        p.add(msg::CANDIDATE_INFO_MINIMUM);
    }
    if let Text::Value(dob) = text(candidate, "date_of_birth")
        && parse_iso(dob).is_none()
    {
        p.add(msg::DATE_OF_BIRTH_FORMAT);
    }
    if let Some(v) = candidate.get("annual_salary")
        && !(v.is_null() || v.as_f64().is_some_and(|n| n >= 0.0))
    {
        p.add(msg::must_be("annual_salary", "a non-negative number"));
    }
    Some(candidate)
}

/// docs/api.md "cases[] row": every row needs court_search_id, offense_id and a boolean is_excluded.
fn check_cases(record: &Object<'_>, p: &mut Problems) -> Vec<CaseRow> {
    let rows = match record.get("cases") {
        None | Some(Json::Null) => return Vec::new(),
        Some(Json::Array(rows)) => rows,
        Some(_) => {
            p.add(msg::must_be("cases", "an array"));
            return Vec::new();
        }
    };
    let mut out = Vec::with_capacity(rows.len());
    for row in *rows {
        let Some(row) = row.as_object() else {
            p.add(msg::must_be("cases", "an array of objects"));
            continue;
        };
        let court = p
            .required_text(row, "court_search_id")
            .map(str::to_string)
            .or_else(|| text_owned(row, "court_search_id"));
        let offense = p
            .required_text(row, "offense_id")
            .map(str::to_string)
            .or_else(|| text_owned(row, "offense_id"));
        let excluded = match row.get("is_excluded") {
            Some(Json::Bool(b)) => Some(*b),
            _ => {
                p.add(msg::IS_EXCLUDED_REQUIRED);
                None
            }
        };
        if let (Some(court_search_id), Some(offense_id), Some(is_excluded)) =
            (court, offense, excluded)
        {
            out.push(CaseRow {
                court_search_id,
                offense_id,
                is_excluded,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::parse::json::Arena;

    fn valid() -> Value {
        json!({
            "search_id": "S-1", "search_date": "2025-11-06", "order_id": "O-1", "order_number": "O-1.1",
            "submission_type": "resubmit",
            "candidate_info": {"first_name": "A", "last_name": "B", "date_of_birth": "1990-01-02"},
            "record_json": {"criminal_search_results": [{
                "court_search_id": "C-1", "search_date": "2025-11-06",
                "criminal_records": [{
                    "case_number": "N-1", "jurisdiction_state": "GA", "file_date": "2020-01-01",
                    "subject_name": "A B", "sub_first_name": "A", "sub_last_name": "B",
                    "subject_dob": "1990-01-02", "subject_ssn": "UNAVAILABLE", "subject_address": "UNAVAILABLE",
                    "offenses": [{"offense_id": "X-1", "charge": "THEFT", "disposition": "GUILTY", "type": "M"}]
                }]
            }]}
        })
    }

    fn errors_after(edit: impl FnOnce(&mut Value)) -> Vec<String> {
        let mut record = valid();
        edit(&mut record);
        let text = record.to_string();
        let arena = Arena::for_text(&text);
        match Json::parse(&text, &arena) {
            Ok(Json::Object(obj)) => validate_record(&obj).err().unwrap_or_default(),
            _ => vec!["not an object".into()],
        }
    }

    fn remove(v: &mut Value, pointer: &str, key: &str) {
        if let Some(Value::Object(o)) = v.pointer_mut(pointer) {
            o.remove(key);
        }
    }

    fn set(v: &mut Value, pointer: &str, key: &str, value: Value) {
        if let Some(Value::Object(o)) = v.pointer_mut(pointer) {
            o.insert(key.to_string(), value);
        }
    }

    const CASE: &str = "/record_json/criminal_search_results/0/criminal_records/0";

    #[test]
    fn the_valid_request_passes() {
        assert_eq!(errors_after(|_| {}), Vec::<String>::new());
    }

    /// Every request-validation message of the contract, each produced by the smallest bad edit.
    #[test]
    fn every_spec_message() {
        type Edit = Box<dyn FnOnce(&mut Value)>;
        let cases: Vec<(&str, Edit)> = vec![
            (
                msg::XML_OR_RECORD_JSON_REQUIRED,
                Box::new(|v| remove(v, "", "record_json")),
            ),
            (
                msg::XML_AND_RECORD_JSON,
                Box::new(|v| set(v, "", "xml", json!("<ScreeningResults/>"))),
            ),
            (
                msg::CRIMINAL_SEARCH_RESULTS_MISSING,
                Box::new(|v| remove(v, "/record_json", "criminal_search_results")),
            ),
            (
                msg::CRIMINAL_SEARCH_RESULTS_EMPTY,
                Box::new(|v| set(v, "/record_json", "criminal_search_results", json!([]))),
            ),
            (
                msg::CRIMINAL_SEARCH_RESULTS_EMPTY,
                Box::new(|v| set(v, "/record_json", "criminal_search_results", Value::Null)),
            ),
            (
                msg::SUBMISSION_TYPE_RESUBMIT,
                Box::new(|v| remove(v, "", "submission_type")),
            ),
            (
                msg::SUBMISSION_TYPE_RESUBMIT,
                Box::new(|v| set(v, "", "submission_type", json!("initial"))),
            ),
            (
                msg::SUBMISSION_TYPE_WITH_XML,
                Box::new(|v| {
                    remove(v, "", "record_json");
                    set(v, "", "xml", json!("<ScreeningResults/>"));
                }),
            ),
            (
                "submission_type must not be inside record_json; provide it as a separate field",
                Box::new(|v| set(v, "/record_json", "submission_type", json!("resubmit"))),
            ),
            (
                "submission_type must not be inside record_json.search; provide it as a separate field",
                Box::new(|v| {
                    set(
                        v,
                        "/record_json",
                        "search",
                        json!({"submission_type": "resubmit"}),
                    )
                }),
            ),
            (
                msg::CANDIDATE_INFO_INSIDE,
                Box::new(|v| set(v, "/record_json", "candidate_info", json!({}))),
            ),
            (
                msg::CANDIDATE_INFO_EMPTY,
                Box::new(|v| set(v, "", "candidate_info", json!({}))),
            ),
            (
                msg::CANDIDATE_INFO_EMPTY,
                Box::new(|v| remove(v, "", "candidate_info")),
            ),
            (
                msg::CANDIDATE_INFO_MINIMUM,
                Box::new(|v| remove(v, "/candidate_info", "last_name")),
            ),
            (
                msg::CANDIDATE_INFO_MINIMUM,
                Box::new(|v| set(v, "/candidate_info", "first_name", json!(""))),
            ),
            (
                msg::IS_EXCLUDED_REQUIRED,
                Box::new(|v| {
                    set(
                        v,
                        "",
                        "cases",
                        json!([{"court_search_id": "C", "offense_id": "X"}]),
                    )
                }),
            ),
            (
                "order_id must not be inside record_json; provide it as a separate field",
                Box::new(|v| set(v, "/record_json", "order_id", json!("O-1"))),
            ),
            (
                "order_number must not be inside record_json; provide it as a separate field",
                Box::new(|v| set(v, "/record_json", "order_number", json!("O-1.1"))),
            ),
            (
                "order_number must not be inside record_json.search; provide it as a separate field",
                Box::new(|v| {
                    set(
                        v,
                        "/record_json",
                        "search",
                        json!({"order_number": "O-1.1"}),
                    )
                }),
            ),
            (
                "order_id must not be empty",
                Box::new(|v| set(v, "", "order_id", json!(""))),
            ),
            (
                "order_number must not be empty",
                Box::new(|v| remove(v, "", "order_number")),
            ),
            (
                "Missing required field: search_id",
                Box::new(|v| remove(v, "", "search_id")),
            ),
            (
                msg::DATE_OF_BIRTH_FORMAT,
                Box::new(|v| set(v, "/candidate_info", "date_of_birth", json!("02/01/1990"))),
            ),
            (
                "court_search_id must not be empty",
                Box::new(|v| {
                    set(
                        v,
                        "/record_json/criminal_search_results/0",
                        "court_search_id",
                        json!(""),
                    )
                }),
            ),
            (
                "search_date must not be empty",
                Box::new(|v| remove(v, "/record_json/criminal_search_results/0", "search_date")),
            ),
            (
                "criminal_records must not be empty",
                Box::new(|v| {
                    set(
                        v,
                        "/record_json/criminal_search_results/0",
                        "criminal_records",
                        json!([]),
                    )
                }),
            ),
            (
                "offenses must not be empty",
                Box::new(|v| set(v, CASE, "offenses", json!([]))),
            ),
            (
                "subject_ssn must not be empty",
                Box::new(|v| set(v, CASE, "subject_ssn", json!(""))),
            ),
        ];
        for (expected, edit) in cases {
            let errors = errors_after(edit);
            assert!(
                errors.iter().any(|e| e == expected),
                "expected {expected:?}, got {errors:?}"
            );
        }
    }

    #[test]
    fn each_required_case_field() {
        for key in [
            "case_number",
            "jurisdiction_state",
            "file_date",
            "subject_name",
            "sub_first_name",
            "sub_last_name",
            "subject_dob",
            "subject_address",
        ] {
            for blank in [Value::Null, json!(""), json!("   ")] {
                let errors = errors_after(|v| set(v, CASE, key, blank));
                assert_eq!(errors, vec![msg::must_not_be_empty(key)], "{key}");
            }
            let errors = errors_after(|v| remove(v, CASE, key));
            assert_eq!(errors, vec![msg::must_not_be_empty(key)], "{key}");
        }
    }

    #[test]
    fn sentinel_ssn_and_optional_fields_are_accepted() {
        assert!(errors_after(|v| set(v, CASE, "subject_ssn", json!("UNAVAILABLE"))).is_empty());
        assert!(errors_after(|v| remove(v, CASE, "sub_middle_name")).is_empty());
        assert!(errors_after(|v| set(v, "", "cases", json!([]))).is_empty());
    }

    #[test]
    fn xml_path_needs_no_candidate() {
        let errors = errors_after(|v| {
            remove(v, "", "record_json");
            remove(v, "", "submission_type");
            remove(v, "", "candidate_info");
            set(v, "", "xml", json!("<ScreeningResults/>"));
        });
        assert!(errors.is_empty(), "{errors:?}");
    }

    /// A numeric order id or number is its text (as a numeric `search_id` is); any
    /// other type is refused with a message naming the field, never `search_id`.
    #[test]
    fn numeric_order_fields_are_their_text() {
        let mut record = valid();
        set(&mut record, "", "order_id", json!(1234));
        set(&mut record, "", "order_number", json!(1234.1));
        let text = record.to_string();
        let arena = Arena::for_text(&text);
        let Ok(Json::Object(obj)) = Json::parse(&text, &arena) else {
            panic!("not an object");
        };
        let valid = validate_record(&obj).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            (valid.order_id.as_str(), valid.order_number.as_str()),
            ("1234", "1234.1")
        );
        for key in ["order_id", "order_number"] {
            let errors = errors_after(|v| set(v, "", key, json!(true)));
            assert_eq!(errors, [format!("{key} must be a string")]);
        }
    }

    #[test]
    fn all_problems_are_reported_at_once() {
        let errors = errors_after(|v| {
            set(v, "", "order_id", json!(""));
            remove(v, "", "submission_type");
        });
        assert_eq!(errors.len(), 2, "{errors:?}");
    }
}
