//! Pre-initialises the engine module: runs its `lookback_warm` export once, then writes a new
//! module whose memory already holds what that built (every lookup table), so a fresh instance
//! starts warm. The Bytecode Alliance's pre-initialiser (`wasmtime-wizer`, same release as our
//! wasmtime) instruments the module and turns the instance's state into data segments; the
//! instance itself runs in `wasmi`, an interpreter that builds in seconds, instead of a second
//! copy of wasmtime and Cranelift for the build script. The output stays zero-import and ABI v1;
//! only `lookback_warm` is gone from its exports.

use std::error::Error;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use wasmtime_wizer::{InstanceState, SnapshotVal, ValType, Wizer};

/// The export the snapshot is taken after.
const WARM_EXPORT: &str = "lookback_warm";

/// Returns the pre-initialised module for `wasm`.
pub fn preinitialize(wasm: &[u8]) -> Result<Vec<u8>, Box<dyn Error>> {
    let mut wizer = Wizer::new();
    wizer.init_func(WARM_EXPORT);
    let (context, instrumented) = wizer
        .instrument(wasm)
        .map_err(|e| format!("pre-initialiser: instrumenting the module: {e:?}"))?;

    let engine = wasmi::Engine::default();
    let module = wasmi::Module::new(&engine, &instrumented[..])
        .map_err(|e| format!("pre-initialiser: loading the module: {e}"))?;
    let mut store = wasmi::Store::new(&engine, ());
    let instance = wasmi::Linker::<()>::new(&engine)
        .instantiate_and_start(&mut store, &module)
        .map_err(|e| format!("pre-initialiser: instantiating the module: {e}"))?;
    instance
        .get_typed_func::<(), ()>(&store, WARM_EXPORT)
        .and_then(|warm| warm.call(&mut store, ()))
        .map_err(|e| format!("pre-initialiser: running {WARM_EXPORT}: {e}"))?;

    let mut state = Snapshot {
        store,
        instance,
        missing: Vec::new(),
    };
    let snapshot = run_ready(wizer.snapshot(&context, &mut state))
        .map_err(|e| format!("pre-initialiser: snapshot: {e:?}"))?;
    if !state.missing.is_empty() {
        return Err(format!(
            "pre-initialiser: the instance lacks {}",
            state.missing.join(", ")
        )
        .into());
    }
    Ok(snapshot)
}

/// The warmed instance, read by the snapshot through the exports the instrumentation added.
struct Snapshot {
    store: wasmi::Store<()>,
    instance: wasmi::Instance,
    /// Exports the snapshot asked for and did not find (reported after it, as an error).
    missing: Vec<String>,
}

impl InstanceState for Snapshot {
    fn global_get(
        &mut self,
        name: &str,
        _type_hint: ValType,
    ) -> impl Future<Output = SnapshotVal> + Send {
        let value = match self
            .instance
            .get_global(&self.store, name)
            .map(|g| g.get(&self.store))
        {
            Some(wasmi::Val::I32(v)) => SnapshotVal::I32(v),
            Some(wasmi::Val::I64(v)) => SnapshotVal::I64(v),
            Some(wasmi::Val::F32(v)) => SnapshotVal::F32(v.to_bits()),
            Some(wasmi::Val::F64(v)) => SnapshotVal::F64(v.to_bits()),
            _ => {
                self.missing.push(format!("numeric global {name}"));
                SnapshotVal::I32(0)
            }
        };
        std::future::ready(value)
    }

    fn memory_contents(
        &mut self,
        name: &str,
        contents: impl FnOnce(&[u8]) + Send,
    ) -> impl Future<Output = ()> + Send {
        match self.instance.get_memory(&self.store, name) {
            Some(memory) => contents(memory.data(&self.store)),
            None => self.missing.push(format!("memory {name}")),
        }
        std::future::ready(())
    }
}

/// Drives a future whose every await is already ready (ours: [`Snapshot`] answers at once, and
/// the pre-initialiser does no I/O), so no executor is needed.
fn run_ready<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut context = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
    }
}
