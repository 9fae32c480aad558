//! `/complianceEngine/identity-match` bodies: always a 200 or a 400, symmetric scores.
#![no_main]

use libfuzzer_sys::fuzz_target;

use lookback_fuzz::common;

fuzz_target!(|data: &[u8]| {
    let out = common::answer(&lookback_core::api::identity_match(data));
    let status = out["http_status"].as_u64();
    assert!(matches!(status, Some(200 | 400)), "identity status: {out}");
});
