//! `/transform-xml` input: the framed context line, then raw bytes as the request body.
#![no_main]

use libfuzzer_sys::fuzz_target;

use lookback_fuzz::common;

fuzz_target!(|data: &[u8]| {
    let mut input = format!("{{\"now\":\"{}\"}}\n", common::NOW).into_bytes();
    input.extend_from_slice(data);
    let transformed = common::answer(&lookback_core::api::transform_xml(&input));
    common::evaluate_transformed(&transformed);
});
