//! Raw ABI abuse, driven by bytes: calls straight to a loaded module's exports in one store,
//! bypassing the runner's well-formed framing. Each op is an opcode byte and its arguments:
//! `lookback_alloc` with any length (0, huge, negative), `lookback_free` of any pointer (foreign,
//! twice, mid-buffer), host writes at any range, every stage export on any `(ptr, len)` (out of
//! bounds, overlapping live buffers, the result of an earlier call), each result read by the
//! host's own `runner::read_result`. Traps are expected answers; a host panic is the only bug.
//!
//! Shared by the e2e test (`abi_raw.rs`, seeded bytes) and the `abi_wasmtime` fuzz target
//! (coverage-guided bytes) through `#[path]`, so both drive the module the same way.

use lookback_runtime::limits::HostState;
use lookback_runtime::{Limits, LoadedModule, runner};
use wasmtime::{Engine, Instance, Memory, Store};

/// Stage exports taking `(ptr, len)` and answering a packed `ptr << 32 | len`.
pub const STAGES: [&str; 4] = [
    "lookback_transform",
    "lookback_transform_xml",
    "lookback_evaluate",
    "lookback_identity_match",
];

/// Ops per script: bounds one run's time whatever the input.
const MAX_OPS: usize = 48;

/// What one script did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Export calls made (alloc, free, info, warm, stages).
    pub calls: usize,
    /// Calls that trapped (a guest panic, an out-of-bounds access, the deadline, the memory cap).
    pub traps: usize,
    /// Results the host read as UTF-8 text.
    pub read: usize,
    /// Results the host refused (outside memory, not UTF-8).
    pub refused: usize,
}

/// Reads the script's bytes; past the end every read is 0, so any byte string is a script.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at = self.at.saturating_add(1);
        b
    }

    fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn raw_i32(&mut self) -> i32 {
        i32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }
}

/// One store, one instance, and the pointers the guest handed out so far.
struct Session<'a> {
    store: Store<HostState>,
    instance: Instance,
    memory: Memory,
    live: Vec<(i32, i32)>,
    tally: &'a mut Tally,
}

impl Session<'_> {
    /// An argument: raw, an edge value, near a live buffer, or near the end of memory.
    fn arg(&self, cursor: &mut Cursor) -> i32 {
        let memory_end = i32::try_from(self.memory.data_size(&self.store)).unwrap_or(i32::MAX);
        let small = i32::from(cursor.byte());
        match cursor.byte() % 7 {
            0 => cursor.raw_i32(),
            1 => [0, -1, i32::MIN, i32::MAX, 1 << 24, 1 << 30][small as usize % 6],
            2 => small,
            3 => memory_end.wrapping_sub(small),
            4 => memory_end.wrapping_add(small),
            _ => match self.live.get(small as usize % self.live.len().max(1)) {
                Some((ptr, len)) => ptr.wrapping_add(*len % (small + 1)),
                None => small,
            },
        }
    }

    fn call<P: wasmtime::WasmParams, R: wasmtime::WasmResults>(
        &mut self,
        name: &str,
        params: P,
    ) -> Option<R> {
        let function = self
            .instance
            .get_typed_func::<P, R>(&mut self.store, name)
            .ok()?;
        self.tally.calls += 1;
        match function.call(&mut self.store, params) {
            Ok(out) => Some(out),
            Err(_) => {
                self.tally.traps += 1;
                None
            }
        }
    }

    /// The host reads a packed result the way it reads a request's.
    fn read(&mut self, packed: i64) {
        match runner::read_result(&self.store, &self.memory, packed) {
            Ok(_) => self.tally.read += 1,
            Err(_) => self.tally.refused += 1,
        }
        let (ptr, len) = ((packed >> 32) as i32, packed as i32);
        self.live.push((ptr, len));
    }

    fn step(&mut self, cursor: &mut Cursor) {
        match cursor.byte() % 8 {
            0 | 1 => {
                let len = self.arg(cursor);
                if let Some(ptr) = self.call::<i32, i32>("lookback_alloc", len) {
                    self.live.push((ptr, len));
                }
            }
            2 => {
                let (ptr, len) = (self.arg(cursor), self.arg(cursor));
                self.call::<(i32, i32), ()>("lookback_free", (ptr, len));
            }
            3 => {
                // A host write, as the runner writes the input: refused out of bounds, never a panic.
                let at = self.arg(cursor) as u32 as usize;
                let n = usize::from(cursor.byte());
                let from = cursor.at.min(cursor.bytes.len());
                let piece = &cursor.bytes[from..(from + n).min(cursor.bytes.len())];
                cursor.at = cursor.at.saturating_add(n);
                let _refused_out_of_bounds = self.memory.write(&mut self.store, at, piece);
            }
            4 => {
                if let Some(packed) = self.call::<(), i64>("lookback_info", ()) {
                    self.read(packed);
                }
            }
            5 => {
                self.call::<(), ()>("lookback_warm", ());
            }
            _ => {
                let stage = STAGES[usize::from(cursor.byte()) % STAGES.len()];
                let (ptr, len) = (self.arg(cursor), self.arg(cursor));
                if let Some(packed) = self.call::<(i32, i32), i64>(stage, (ptr, len)) {
                    self.read(packed);
                }
            }
        }
    }
}

/// Runs `script` against a fresh instance of `module` under `limits` (memory cap, deadline).
pub fn run(engine: &Engine, module: &LoadedModule, limits: &Limits, script: &[u8]) -> Tally {
    let mut tally = Tally::default();
    let mut store = Store::new(engine, HostState::new(limits));
    store.limiter(|state| state);
    store.set_epoch_deadline(limits.deadline_ticks());
    let Ok(instance) = module.instance_pre.instantiate(&mut store) else {
        return tally;
    };
    let Some(memory) = instance.get_memory(&mut store, "memory") else {
        return tally;
    };
    let mut session = Session {
        store,
        instance,
        memory,
        live: Vec::new(),
        tally: &mut tally,
    };
    let mut cursor = Cursor {
        bytes: script,
        at: 0,
    };
    for _ in 0..MAX_OPS {
        if cursor.done() {
            break;
        }
        session.step(&mut cursor);
    }
    tally
}
