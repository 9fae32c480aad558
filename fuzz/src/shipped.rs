//! The shipped module loaded once per fuzz process through the runtime (pooling,
//! epoch deadline, memory cap), for the targets built with `--features wasm`.
#![expect(
    clippy::panic,
    clippy::expect_used,
    reason = "a fuzz target reports what it found by panicking; libFuzzer keeps the input"
)]
use std::sync::OnceLock;
use std::time::Duration;

use lookback_runtime::{EMBEDDED_MODULE, EngineHost, Export, Limits, LoadedModule, runner};

pub struct Shipped {
    pub host: EngineHost,
    pub module: LoadedModule,
    pub limits: Limits,
}

/// Every JSON-taking export, in the order a selector byte picks them.
pub const EXPORTS: [Export; 4] = [
    Export::Transform,
    Export::TransformXml,
    Export::Evaluate,
    Export::IdentityMatch,
];

pub fn shipped() -> &'static Shipped {
    static SHIPPED: OnceLock<Shipped> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        let host = EngineHost::new(&Default::default()).expect("wasmtime engine");
        let module = host
            .load(EMBEDDED_MODULE)
            .expect("the shipped module loads");
        // Generous: a deadline hit here is a hang (libFuzzer's -timeout catches worse).
        let limits = Limits {
            deadline: Duration::from_secs(5),
            ..host.limits()
        };
        Shipped {
            host,
            module,
            limits,
        }
    })
}

/// The module's answer through `runner::call`, as a request gets it; any failure is a bug.
pub fn call(export: Export, input: &[u8]) -> String {
    let s = shipped();
    match runner::call(s.host.engine(), &s.module, export, input, &s.limits) {
        Ok(text) => text,
        Err(e) => panic!("{export:?} failed through the host: {e}"),
    }
}
