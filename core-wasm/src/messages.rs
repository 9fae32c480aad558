//! Request-validation messages. The contract's messages are contract: quoted verbatim, one place,
//! never restyled. Messages the contract does not give follow its style.

pub const XML_OR_RECORD_JSON_REQUIRED: &str = "Either xml or record_json is required";
pub const XML_AND_RECORD_JSON: &str = "Provide exactly one of xml and record_json";
pub const CRIMINAL_SEARCH_RESULTS_MISSING: &str =
    "record_json must contain criminal_search_results";
pub const CRIMINAL_SEARCH_RESULTS_EMPTY: &str = "criminal_search_results must not be empty";
pub const SUBMISSION_TYPE_RESUBMIT: &str =
    "submission_type must be 'resubmit' when record_json is provided";
pub const SUBMISSION_TYPE_WITH_XML: &str =
    "submission_type 'resubmit' requires record_json, not xml";
pub const CANDIDATE_INFO_INSIDE: &str =
    "candidate_info must not be inside record_json; provide it as a separate field";
pub const CANDIDATE_INFO_EMPTY: &str = "candidate_info must not be empty";
pub const CANDIDATE_INFO_MINIMUM: &str =
    "candidate_info requires at minimum: first_name, last_name, and date_of_birth";
pub const IS_EXCLUDED_REQUIRED: &str = "Field required [type=bool]";
pub const DATE_OF_BIRTH_FORMAT: &str = "date_of_birth must be in YYYY-MM-DD format";
pub const XML_PARSE_FAILED: &str = "Failed to parse XML data";
/// Not in the contract: `/transform-xml` maps vendor XML only (docs/decisions.md §3).
pub const TRANSFORM_XML_ONLY: &str =
    "record_json is not accepted by /transform-xml; send the vendor document as xml";

/// The text fields every case (`criminal_records[]` item) must carry, in the order their
/// `must not be empty` messages are reported.
pub const REQUIRED_CASE_FIELDS: &[&str] = &[
    "case_number",
    "jurisdiction_state",
    "file_date",
    "subject_name",
    "sub_first_name",
    "sub_last_name",
    "subject_dob",
    "subject_ssn",
    "subject_address",
];

/// `<field> must not be empty`.
pub fn must_not_be_empty(field: &str) -> String {
    format!("{field} must not be empty")
}

/// `<field> must not be inside record_json; provide it as a separate field` (and `.search`).
pub fn must_not_be_inside(field: &str, container: &str) -> String {
    format!("{field} must not be inside {container}; provide it as a separate field")
}

/// `Missing required field: <field>`.
pub fn missing_required(field: &str) -> String {
    format!("Missing required field: {field}")
}

/// Not in the contract: a field of the wrong JSON type.
pub fn must_be(field: &str, what: &str) -> String {
    format!("{field} must be {what}")
}

/// Not in the contract: a date field that is not `YYYY-MM-DD`.
pub fn date_format(field: &str) -> String {
    format!("{field} must be in YYYY-MM-DD format")
}

pub const BODY_NOT_JSON: &str = "request body must be valid JSON";
pub const BODY_NOT_UTF8: &str = "request body must be UTF-8 encoded JSON";
pub const BODY_TOO_DEEP: &str = "request body is nested too deeply";
pub const BODY_NOT_OBJECT: &str = "request body must be a JSON object";
pub const RECORD_REQUIRED: &str = "Missing required field: record";
pub const CANDIDATE_INFO_FLAT: &str =
    "candidate_info must be a flat object; do not send aliases[] or addresses[] inside it";
pub const STATUS_INSIDE: &str = "status must not be inside record_json; it is set by the service";
pub const STATUS_INSIDE_SEARCH: &str =
    "status must not be inside record_json.search; it is set by the service";
pub const SUBMISSION_TYPE_OMIT_WITH_XML: &str =
    "submission_type must be omitted on XML submissions";
