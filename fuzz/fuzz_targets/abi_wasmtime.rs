//! Random bytes to the shipped module through wasmtime: either one export through the host's
//! calling code (`runner::call`: must answer JSON, never fail), or a raw op script straight at the
//! exports (alloc/free/stages with any `(ptr, len)`, results read by `runner::read_result`: traps
//! are fine, a host panic is the bug). Built only with `--features wasm`.
#![no_main]

use libfuzzer_sys::fuzz_target;

use lookback_fuzz::common;
#[path = "../../tests/tests/abi_raw/ops.rs"]
mod ops;
use lookback_fuzz::shipped;

// Engine start and module compile once, before the first input (else it counts against -timeout).
fuzz_target!(init: { shipped::shipped(); }, |data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    match usize::from(selector) % 5 {
        4 => {
            let s = shipped::shipped();
            ops::run(s.host.engine(), &s.module, &s.limits, rest);
        }
        n => {
            common::answer(&shipped::call(shipped::EXPORTS[n], rest));
        }
    }
});
