//! Stage 1 on raw `/evaluate` bodies, then stages 2-3 on whatever it accepted.
#![no_main]

use libfuzzer_sys::fuzz_target;

use lookback_fuzz::common;

fuzz_target!(|data: &[u8]| {
    let transformed = common::answer(&lookback_core::api::transform(data));
    common::evaluate_transformed(&transformed);
});
