//! Native engine against the shipped `.wasm` through the host's calling code: every export's
//! answer must be byte-identical. Built only with `--features wasm`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lookback_core::api;
use lookback_runtime::Export;

use lookback_fuzz::shipped;

// Engine start and module compile once, before the first input (else it counts against -timeout).
fuzz_target!(init: { shipped::shipped(); }, |data: &[u8]| {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let export = shipped::EXPORTS[usize::from(selector) % shipped::EXPORTS.len()];
    let native = match export {
        Export::Transform => api::transform(input),
        Export::TransformXml => api::transform_xml(input),
        Export::Evaluate => api::evaluate(input),
        Export::IdentityMatch => api::identity_match(input),
        Export::Info => api::info(),
        // Not among EXPORTS: the kept pair and the kept record's charge keys make sense only in
        // one instance, as a request runs them (abi_differential in the e2e tests compares them).
        Export::TransformKeep | Export::EvaluateKept | Export::ChargeKeys => return,
    };
    let wasm = shipped::call(export, input);
    assert_eq!(wasm, native, "{export:?}: wasm and native answers differ");
});
