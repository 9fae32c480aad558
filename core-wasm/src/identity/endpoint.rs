//! `POST /complianceEngine/identity-match` (docs/api.md "Identity-match request and response",
//! "Identity-match errors"): snake_case JSON in, scores out, problem details on 400.
//! Error messages name fields only, never their values (no personal data).

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use super::address::date_key;
use super::dob;
use super::round::round4;
use super::{AddressInput, DEFAULT_QUALIFYING_BP, Person, PersonName, PostalAddress, compare};

const PROBLEM_TYPE: &str = "https://tools.ietf.org/html/rfc9110#section-15.5.1";
const PROBLEM_TITLE: &str = "One or more validation errors occurred.";
const DOB_FORMAT: &str = "date_of_birth must be in YYYY-MM-DD format";

#[derive(Serialize)]
struct Problem<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    title: &'a str,
    status: u16,
    errors: &'a BTreeMap<String, Vec<String>>,
}

/// The 200 body, fields in the contract's order.
#[derive(Serialize)]
struct Response<'a> {
    ssn_score: f64,
    ssn_match_desc: &'a str,
    dob_score: f64,
    dob_match_desc: &'a str,
    name_score: f64,
    name_match_desc: &'a str,
    address_score: f64,
    address_match_desc: &'a str,
    match_score: f64,
    is_match: bool,
    details: &'a str,
}

/// Validation errors keyed by the PascalCase model path (`CandidateToVerify.DateOfBirth`).
#[derive(Default)]
struct Errors(BTreeMap<String, Vec<String>>);

impl Errors {
    fn add(&mut self, key: impl Into<String>, msg: impl Into<String>) {
        self.0.entry(key.into()).or_default().push(msg.into());
    }
}

fn pascal(snake: &str) -> String {
    snake
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn join(path: &str, prop: &str) -> String {
    if path.is_empty() {
        prop.to_string()
    } else {
        format!("{path}.{prop}")
    }
}

/// Keys must be snake_case (docs/api.md): any uppercase letter rejects the key.
fn check_keys(obj: &Map<String, Value>, path: &str, errs: &mut Errors) {
    for key in obj
        .keys()
        .filter(|k| k.chars().any(|c| c.is_ascii_uppercase()))
    {
        let at = if path.is_empty() { "$" } else { path };
        errs.add(
            at,
            format!("The field {key} is not accepted; keys must be snake_case."),
        );
    }
}

fn string_field(
    obj: &Map<String, Value>,
    key: &str,
    path: &str,
    errs: &mut Errors,
) -> Option<Cow<'static, str>> {
    match obj.get(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(Cow::Owned(s.clone())),
        Some(_) => {
            errs.add(
                join(path, &pascal(key)),
                format!("The {key} field must be a string."),
            );
            None
        }
    }
}

fn array_field<'a>(
    obj: &'a Map<String, Value>,
    key: &str,
    path: &str,
    errs: &mut Errors,
) -> &'a [Value] {
    match obj.get(key) {
        None | Some(Value::Null) => &[],
        Some(Value::Array(a)) => a,
        Some(_) => {
            errs.add(
                join(path, &pascal(key)),
                format!("The {key} field must be an array."),
            );
            &[]
        }
    }
}

fn name_of(obj: &Map<String, Value>, path: &str, errs: &mut Errors) -> PersonName<'static> {
    PersonName {
        first: string_field(obj, "first_name", path, errs).unwrap_or_default(),
        middle: string_field(obj, "middle_name", path, errs).unwrap_or_default(),
        last: string_field(obj, "last_name", path, errs).unwrap_or_default(),
    }
}

fn address_of(obj: &Map<String, Value>, path: &str, errs: &mut Errors) -> PostalAddress<'static> {
    let mut s = |k: &str| string_field(obj, k, path, errs).unwrap_or_default();
    let (street_one, street_two, city, state, postal_code, country) = (
        s("street_one"),
        s("street_two"),
        s("city"),
        s("state_or_province"),
        s("postal_code"),
        s("country"),
    );
    let kind = s("address_type");
    let international = match kind.trim().to_ascii_uppercase().as_str() {
        "" | "DOMESTIC" => false,
        "INTERNATIONAL" => true,
        _ => {
            errs.add(
                join(path, "AddressType"),
                "address_type must be DOMESTIC or INTERNATIONAL",
            );
            false
        }
    };
    let mut date = |k: &str| {
        let v = string_field(obj, k, path, errs).filter(|v| !v.trim().is_empty());
        if v.as_deref().is_some_and(|d| date_key(Some(d)).is_none()) {
            errs.add(
                join(path, &pascal(k)),
                format!("{k} must be in YYYY-MM-DD format"),
            );
        }
        v
    };
    let (start_date, end_date) = (date("start_date"), date("end_date"));
    PostalAddress {
        street_one,
        street_two,
        city,
        state,
        postal_code,
        country,
        international,
        start_date,
        end_date,
    }
}

fn person_of(obj: &Map<String, Value>, path: &str, errs: &mut Errors) -> Person<'static> {
    check_keys(obj, path, errs);
    let name = name_of(obj, path, errs);
    let date_of_birth = string_field(obj, "date_of_birth", path, errs);
    if date_of_birth
        .as_deref()
        .is_some_and(|d| !dob::is_well_formed(d))
    {
        errs.add(join(path, "DateOfBirth"), DOB_FORMAT);
    }
    let ssn = string_field(obj, "ssn", path, errs);
    let _state = string_field(obj, "state", path, errs);
    match obj.get("annual_salary") {
        None | Some(Value::Null) | Some(Value::Number(_)) => {}
        Some(_) => errs.add(
            join(path, "AnnualSalary"),
            "The annual_salary field must be a number or null.",
        ),
    }
    let mut aliases = Vec::new();
    for (i, v) in array_field(obj, "aliases", path, errs).iter().enumerate() {
        let p = format!("{path}.Aliases[{i}]");
        match v.as_object() {
            Some(o) => {
                check_keys(o, &p, errs);
                aliases.push(name_of(o, &p, errs));
            }
            None => errs.add(p, "Each alias must be an object."),
        }
    }
    let mut addresses = Vec::new();
    for (i, v) in array_field(obj, "addresses", path, errs).iter().enumerate() {
        let p = format!("{path}.Addresses[{i}]");
        match v.as_object() {
            Some(o) => {
                check_keys(o, &p, errs);
                addresses.push(AddressInput::Structured(address_of(o, &p, errs)));
            }
            None => errs.add(p, "Each address must be an object."),
        }
    }
    Person {
        name,
        full_name: None,
        aliases,
        date_of_birth,
        ssn,
        addresses,
    }
}

pub(super) fn problem(errs: &BTreeMap<String, Vec<String>>) -> (u16, String) {
    let body = Problem {
        kind: PROBLEM_TYPE,
        title: PROBLEM_TITLE,
        status: 400,
        errors: errs,
    };
    let text = crate::writer::to_string(&body, 256).unwrap_or_else(|_| {
        format!("{{\"type\":\"{PROBLEM_TYPE}\",\"title\":\"{PROBLEM_TITLE}\",\"status\":400,\"errors\":{{}}}}")
    });
    (400, text)
}

/// Parse and validate a request body into (candidate, record), or the problem-details errors.
pub(crate) fn parse_request(
    body: &[u8],
) -> Result<(Person<'static>, Person<'static>), BTreeMap<String, Vec<String>>> {
    let mut errs = Errors::default();
    let root = match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(o)) => o,
        Ok(_) => {
            errs.add("$", "The request body must be a JSON object.");
            return Err(errs.0);
        }
        Err(_) => {
            errs.add("$", "The request body is not valid JSON.");
            return Err(errs.0);
        }
    };
    check_keys(&root, "", &mut errs);
    let mut side = |key: &str| -> Option<Person<'static>> {
        let path = pascal(key);
        match root.get(key) {
            Some(Value::Object(o)) => Some(person_of(o, &path, &mut errs)),
            None | Some(Value::Null) => {
                errs.add(path, format!("The {key} field is required."));
                None
            }
            Some(_) => {
                errs.add(path, format!("The {key} field must be an object."));
                None
            }
        }
    };
    let (cand, rec) = (side("candidate_to_verify"), side("candidate_in_record"));
    match (cand, rec, errs.0.is_empty()) {
        (Some(c), Some(r), true) => Ok((c, r)),
        _ => Err(errs.0),
    }
}

/// Handle one request body.
pub(crate) fn handle(body: &[u8]) -> (u16, String) {
    let (cand, rec) = match parse_request(body) {
        Ok(people) => people,
        Err(errs) => return problem(&errs),
    };
    let r = compare(Some(&cand), &rec, DEFAULT_QUALIFYING_BP);
    let resp = Response {
        ssn_score: round4(r.ssn_score),
        ssn_match_desc: r.ssn_match_desc,
        dob_score: round4(r.dob_score),
        dob_match_desc: r.dob_match_desc,
        name_score: round4(r.name_score),
        name_match_desc: &r.name_match_desc,
        address_score: round4(r.address_score),
        address_match_desc: &r.address_match_desc,
        match_score: round4(r.match_score),
        is_match: r.is_match,
        details: &r.details,
    };
    match crate::writer::to_string(&resp, 512) {
        Ok(s) => (200, s),
        Err(_) => (
            500,
            String::from("{\"title\":\"internal error\",\"status\":500}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(body: &str) -> (u16, Value) {
        let (status, text) = handle(body.as_bytes());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    const ONE: &str = r#"{"first_name":"JOHN","middle_name":"","last_name":"SMITH","date_of_birth":"1985-07-14","ssn":"","state":"IL","annual_salary":null,"aliases":[],"addresses":[]}"#;

    #[test]
    fn scores_a_valid_request() {
        let (status, text) = handle(
            format!(r#"{{"candidate_to_verify":{ONE},"candidate_in_record":{ONE}}}"#).as_bytes(),
        );
        assert_eq!(status, 200);
        assert_eq!(
            text,
            r#"{"ssn_score":0.0,"ssn_match_desc":"SSN not available","dob_score":1.0,"dob_match_desc":"exact DOB match","name_score":1.0,"name_match_desc":"exact name match","address_score":-1.0,"address_match_desc":"address not available","match_score":0.85,"is_match":true,"details":"Name 100.0% (weight 45%); DOB 100.0% (weight 40%); SSN 0.0% (weight 10%); Address n/a (weight 5%) | Overall 85.0% | Qualifying 85%"}"#
        );
    }

    #[test]
    fn camel_case_and_missing_objects() {
        let (status, v) = run(&format!(
            r#"{{"candidateToVerify":{ONE},"candidate_in_record":{ONE}}}"#
        ));
        assert_eq!(status, 400);
        assert_eq!(v["type"], PROBLEM_TYPE);
        assert_eq!(v["title"], PROBLEM_TITLE);
        assert_eq!(v["status"], 400);
        assert_eq!(
            v["errors"]["CandidateToVerify"][0],
            "The candidate_to_verify field is required."
        );
        assert!(
            v["errors"]["$"][0]
                .as_str()
                .is_some_and(|m| m.contains("snake_case"))
        );
        let (_, v) = run("{}");
        assert_eq!(
            v["errors"]["CandidateInRecord"][0],
            "The candidate_in_record field is required."
        );
        let (status, v) = run(&format!(
            r#"{{"candidate_to_verify":{},"candidate_in_record":{ONE}}}"#,
            ONE.replace("first_name", "firstName")
        ));
        assert_eq!(status, 400);
        assert!(
            v["errors"]["CandidateToVerify"][0]
                .as_str()
                .is_some_and(|m| m.contains("firstName"))
        );
    }

    #[test]
    fn malformed_dates_and_bodies() {
        let bad = ONE.replace("1985-07-14", "07/14/1985");
        let (status, text) = handle(
            format!(r#"{{"candidate_to_verify":{bad},"candidate_in_record":{ONE}}}"#).as_bytes(),
        );
        assert_eq!(status, 400);
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert_eq!(v["errors"]["CandidateToVerify.DateOfBirth"][0], DOB_FORMAT);
        assert!(
            !text.contains("07/14/1985") && !text.contains("JOHN"),
            "no personal data in errors"
        );
        let bad = ONE.replace("1985-07-14", "1985-02-30");
        assert_eq!(
            run(&format!(
                r#"{{"candidate_to_verify":{ONE},"candidate_in_record":{bad}}}"#
            ))
            .1["errors"]["CandidateInRecord.DateOfBirth"][0],
            DOB_FORMAT
        );
        let partial = ONE.replace("1985-07-14", "1985-07-00");
        assert_eq!(
            run(&format!(
                r#"{{"candidate_to_verify":{ONE},"candidate_in_record":{partial}}}"#
            ))
            .0,
            200
        );
        let (status, v) = run("not json");
        assert_eq!(
            (status, v["errors"]["$"][0].as_str()),
            (400, Some("The request body is not valid JSON."))
        );
        assert_eq!(
            run("[1,2]").1["errors"]["$"][0],
            "The request body must be a JSON object."
        );
        assert_eq!(
            run(r#"{"candidate_to_verify":5,"candidate_in_record":null}"#).1["errors"]["CandidateToVerify"]
                [0],
            "The candidate_to_verify field must be an object."
        );
        let typed = ONE.replace(r#""first_name":"JOHN""#, r#""first_name":7"#);
        assert_eq!(
            run(&format!(
                r#"{{"candidate_to_verify":{typed},"candidate_in_record":{ONE}}}"#
            ))
            .1["errors"]["CandidateToVerify.FirstName"][0],
            "The first_name field must be a string."
        );
        let addr = ONE.replace(r#""addresses":[]"#, r#""addresses":[{"street_one":"1 Main St","start_date":"2019-13-01","address_type":"MARS"}]"#);
        let v = run(&format!(
            r#"{{"candidate_to_verify":{addr},"candidate_in_record":{ONE}}}"#
        ))
        .1;
        assert_eq!(
            v["errors"]["CandidateToVerify.Addresses[0].StartDate"][0],
            "start_date must be in YYYY-MM-DD format"
        );
        assert_eq!(
            v["errors"]["CandidateToVerify.Addresses[0].AddressType"][0],
            "address_type must be DOMESTIC or INTERNATIONAL"
        );
    }
}
