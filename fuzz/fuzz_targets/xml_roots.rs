//! Vendor XML (any root: ScreeningResults, BackgroundReportPackage, OrderXML, others) inside a
//! well-formed `/evaluate` body, so every input reaches the XML parser.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::json;

use lookback_fuzz::common;

fuzz_target!(|data: &[u8]| {
    let xml = String::from_utf8_lossy(data);
    let body = json!({"record": {"search_id": "S-FUZZ", "search_date": "2025-11-06",
        "order_id": "O-1", "order_number": "O-1.1", "applicant_state": "TN",
        "candidate_info": {"first_name": "A", "last_name": "B", "date_of_birth": "1980-01-01"},
        "xml": xml}});
    let transformed = common::answer(&lookback_core::api::transform(body.to_string().as_bytes()));
    common::evaluate_transformed(&transformed);
});
