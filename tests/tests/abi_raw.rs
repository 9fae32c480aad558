//! Raw ABI abuse through wasmtime, bypassing the runner's framing: the host must never panic
//! whatever the guest is called with or answers.
//! - directed: `lookback_alloc` with 0, huge and negative lengths, `lookback_free` of foreign and
//!   double pointers, every stage on empty, out-of-bounds, overlapping and negative ranges;
//! - seeded: random op scripts (`abi_raw/ops.rs`, shared with the `abi_wasmtime` fuzz target);
//! - the host's reading of a result: a guest answering any packed `ptr << 32 | len` gets the text
//!   or `invalid module output`, never a panic.
//!
//! `LOOKBACK_ABI_RAW_SCRIPTS` sets the seeded scripts (default 300), `LOOKBACK_ABI_FUZZ_SEED` the seed.

#[path = "abi_raw/ops.rs"]
mod ops;

use lookback_runtime::limits::HostState;
use lookback_runtime::{CallError, EngineHost, Export, runner};
use lookback_tests::wat_module;
use serde_json::Value;
use wasmtime::{Instance, Memory, Store};

use crate::abi_differential::{Shipped, SplitMix, env_number};

/// One store and instance of the shipped module, called export by export.
struct Raw {
    store: Store<HostState>,
    instance: Instance,
    memory: Memory,
}

impl Raw {
    fn new(shipped: &Shipped) -> Self {
        let mut store = Store::new(shipped.host.engine(), HostState::new(&shipped.limits));
        store.limiter(|state| state);
        store.set_epoch_deadline(shipped.limits.deadline_ticks());
        let instance = shipped.module.instance_pre.instantiate(&mut store).unwrap();
        let memory = instance.get_memory(&mut store, "memory").unwrap();
        Self {
            store,
            instance,
            memory,
        }
    }

    fn alloc(&mut self, len: i32) -> wasmtime::Result<i32> {
        let f = self
            .instance
            .get_typed_func::<i32, i32>(&mut self.store, "lookback_alloc")?;
        f.call(&mut self.store, len)
    }

    fn free(&mut self, ptr: i32, len: i32) -> wasmtime::Result<()> {
        let f = self
            .instance
            .get_typed_func::<(i32, i32), ()>(&mut self.store, "lookback_free")?;
        f.call(&mut self.store, (ptr, len))
    }

    /// A stage on `(ptr, len)`: `None` when it trapped, else the host's reading of the result.
    fn stage(&mut self, name: &str, ptr: i32, len: i32) -> Option<Result<String, CallError>> {
        let f = self
            .instance
            .get_typed_func::<(i32, i32), i64>(&mut self.store, name)
            .unwrap();
        let packed = f.call(&mut self.store, (ptr, len)).ok()?;
        Some(runner::read_result(&self.store, &self.memory, packed))
    }

    fn memory_end(&self) -> i32 {
        i32::try_from(self.memory.data_size(&self.store)).unwrap()
    }
}

/// A stage answer read by the host is the module's JSON.
fn assert_json(name: &str, answer: Result<String, CallError>) -> Value {
    let text = answer.unwrap_or_else(|e| panic!("{name}: the host refused the result: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} answered non-JSON ({e}): {text}"))
}

#[test]
fn alloc_and_free_with_any_length_or_pointer_answer_or_trap() {
    let shipped = Shipped::load();
    let mut raw = Raw::new(&shipped);
    // Zero, negative and over-`isize::MAX` lengths get the dangling non-null pointer 1.
    for len in [0, -1, i32::MIN, -4096] {
        assert_eq!(raw.alloc(len).unwrap(), 1, "alloc({len})");
    }
    let buffer = raw.alloc(64).unwrap();
    assert!(buffer > 1 && buffer < raw.memory_end());
    // Past the memory cap: the grow is refused and traps; the host records why.
    assert!(raw.alloc(i32::MAX).is_err());
    assert!(raw.store.data().memory_cap_hit);
    // Freeing nothing, the dangling pointer or a zero length is a no-op.
    for (ptr, len) in [(0, 16), (1, 0), (buffer, 0), (buffer, -1)] {
        raw.free(ptr, len).unwrap();
    }
    // Double and foreign frees corrupt only the guest's own heap: answer or trap, nothing more.
    let _ = raw.free(buffer, 64);
    let _ = raw.free(buffer, 64);
    let _ = raw.free(buffer + 8, 7);
    let _ = raw.free(raw.memory_end() - 8, 4096);
    for stage in ops::STAGES {
        if let Some(answer) = raw.stage(stage, 0, 0) {
            assert_json(stage, answer);
        }
    }
    // A fresh instance (what every request gets) is untouched by all of that.
    let after = shipped.call(Export::Transform, b"{}").unwrap();
    assert!(serde_json::from_str::<Value>(&after).is_ok(), "{after}");
}

#[test]
fn every_stage_on_empty_out_of_bounds_and_overlapping_ranges_answers_or_traps() {
    let shipped = Shipped::load();
    for stage in ops::STAGES {
        let mut raw = Raw::new(&shipped);
        // Empty input, however addressed, is read as no input: a JSON refusal (`ok: false`, or a
        // 400 problem for identity match).
        for ptr in [0, 1, -1, i32::MAX] {
            let answer: Value = assert_json(stage, raw.stage(stage, ptr, 0).unwrap());
            let refused = answer["ok"] == false || answer["http_status"] == 400;
            assert!(refused, "{stage}({ptr}, 0): {answer}");
        }
        // Wholly outside memory: the guest's first read traps.
        let end = raw.memory_end();
        for (ptr, len) in [(end, 1), (i32::MAX, 16), (-16, 16)] {
            assert!(
                raw.stage(stage, ptr, len).is_none(),
                "{stage}({ptr}, {len})"
            );
        }
        // Negative lengths (4 GiB as usize), ranges running off the end and over the guest's own
        // heap: answer (a parser may stop before the bad bytes) or trap.
        let buffer = raw.alloc(32).unwrap();
        for (ptr, len) in [
            (buffer, -1),
            (buffer, i32::MIN),
            (buffer - 64, 96),
            (8, 1 << 20),
        ] {
            if let Some(answer) = raw.stage(stage, ptr, len) {
                assert_json(stage, answer);
            }
        }
        // The input is an earlier result itself (overlapping a live guest buffer).
        let earlier = raw.stage(stage, 0, 0).unwrap().unwrap();
        let ptr = raw
            .memory
            .data(&raw.store)
            .windows(earlier.len())
            .position(|w| w == earlier.as_bytes())
            .unwrap();
        let answer = raw.stage(
            stage,
            i32::try_from(ptr).unwrap(),
            i32::try_from(earlier.len()).unwrap(),
        );
        if let Some(answer) = answer {
            assert_json(stage, answer);
        }
    }
}

#[test]
fn seeded_raw_op_scripts_never_panic_the_host() {
    let shipped = Shipped::load();
    let scripts: usize = env_number("LOOKBACK_ABI_RAW_SCRIPTS", 300);
    let mut rng = SplitMix(env_number("LOOKBACK_ABI_FUZZ_SEED", 0x5eed_1ab5));
    let mut total = ops::Tally::default();
    for _ in 0..scripts {
        let len = 8 + rng.below(200);
        let script: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let t = ops::run(
            shipped.host.engine(),
            &shipped.module,
            &shipped.limits,
            &script,
        );
        total.calls += t.calls;
        total.traps += t.traps;
        total.read += t.read;
        total.refused += t.refused;
    }
    eprintln!("raw ABI scripts: {scripts}, {total:?}");
    // The scripts reach both outcomes: answers read by the host, and traps.
    assert!(total.calls > scripts, "{total:?}");
    assert!(total.traps > 0 && total.read > 0, "{total:?}");
    // The host still serves a normal call afterwards.
    shipped.call(Export::Info, b"").unwrap();
}

/// A guest answering whatever packed `ptr << 32 | len` its input holds (little-endian i64).
const ANSWER_FROM_INPUT: &str = "(i64.load (local.get $p))";

#[test]
fn bogus_result_pointers_and_lengths_are_refused_not_read() {
    let host = EngineHost::new(&Default::default()).unwrap();
    let module = host
        .load(wat_module(
            "0.0.1",
            1,
            "(call $echo (local.get $p) (local.get $l))",
            ANSWER_FROM_INPUT,
        ))
        .unwrap();
    let limits = host.limits();
    let page = 65_536_u64;
    let mut rng = SplitMix(env_number("LOOKBACK_ABI_FUZZ_SEED", 0x5eed_1ab5));
    let edges = [0, 1, 16, page - 1, page, page + 1, u64::from(u32::MAX)];
    let mut cases: Vec<(u64, u64)> = edges
        .iter()
        .flat_map(|p| edges.iter().map(move |l| (*p, *l)))
        .collect();
    cases.extend((0..500).map(|_| (rng.next() % (2 * page), rng.next() % (2 * page))));
    cases.extend((0..100).map(|_| (rng.next() >> 32, rng.next() >> 32)));
    let (mut read, mut outside) = (0, 0);
    for (ptr, len) in cases {
        let packed = (ptr << 32) | len;
        let out = runner::call(
            host.engine(),
            &module,
            Export::Evaluate,
            &packed.to_le_bytes(),
            &limits,
        );
        match out {
            _ if ptr + len > page => {
                assert_eq!(
                    out,
                    Err(CallError::InvalidOutput(
                        "result outside the module's memory"
                    ))
                );
                outside += 1;
            }
            Ok(text) => {
                assert_eq!(text.len() as u64, len);
                read += 1;
            }
            Err(e) => assert_eq!(
                e,
                CallError::InvalidOutput("result is not UTF-8"),
                "({ptr}, {len})"
            ),
        }
    }
    assert!(read > 0 && outside > 0, "read {read}, outside {outside}");
}
