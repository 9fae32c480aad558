//! One engine call: fresh `Store`, instantiate, write the input, call the export, read the packed
//! result, drop the store. Nothing survives the call, so a trap leaves nothing to clean up and no
//! personal data can bleed from one request into the next.

use wasmtime::{Engine, Extern, Memory, Store};

use super::limits::{CallError, HostState, Limits, classify};
use super::load::LoadedModule;

/// The JSON-in/JSON-out exports of ABI v1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    /// `lookback_info` (takes no input).
    Info,
    /// `lookback_transform`: stage 1.
    Transform,
    /// `lookback_transform_xml`: stage 1 alone, for `/transform-xml`.
    TransformXml,
    /// `lookback_evaluate`: stages 2-3.
    Evaluate,
    /// `lookback_identity_match`.
    IdentityMatch,
}

/// Runs `export` of `module` on `input` under `limits` and returns the UTF-8 result text.
/// Synchronous and CPU-bound: call it on a blocking thread.
pub fn call(
    engine: &Engine,
    module: &LoadedModule,
    export: Export,
    input: &[u8],
    limits: &Limits,
) -> Result<String, CallError> {
    let mut store = Store::new(engine, HostState::new(limits));
    store.limiter(|state| state);
    store.set_epoch_deadline(limits.deadline_ticks());
    match run(&mut store, module, export, input) {
        Ok(answer) => answer,
        Err(error) => Err(classify(&error, store.data().memory_cap_hit, limits)),
    }
    // The store (and with it the instance and its memory) is dropped here.
}

/// The outer `Result` carries wasmtime failures (traps, limits), the inner one ABI violations.
fn run(
    store: &mut Store<HostState>,
    module: &LoadedModule,
    export: Export,
    input: &[u8],
) -> wasmtime::Result<Result<String, CallError>> {
    let instance = module.instance_pre.instantiate(&mut *store)?;
    let memory = instance
        .get_module_export(&mut *store, &module.exports.memory)
        .and_then(Extern::into_memory);
    let function = instance
        .get_module_export(&mut *store, module.exports.get(export))
        .and_then(Extern::into_func);
    let (Some(memory), Some(function)) = (memory, function) else {
        return Ok(Err(CallError::Other(
            "module exports changed after load".into(),
        )));
    };

    let packed = if export == Export::Info {
        function.typed::<(), i64>(&*store)?.call(&mut *store, ())?
    } else {
        let Ok(len) = i32::try_from(input.len()) else {
            return Ok(Err(CallError::Other(
                "input larger than the module can address".into(),
            )));
        };
        let alloc = instance
            .get_module_export(&mut *store, &module.exports.alloc)
            .and_then(Extern::into_func)
            .ok_or_else(|| wasmtime::format_err!("lookback_alloc missing"))?
            .typed::<i32, i32>(&*store)?;
        let ptr = alloc.call(&mut *store, len)?;
        if memory.write(&mut *store, address(ptr), input).is_err() {
            return Ok(Err(CallError::InvalidOutput(
                "lookback_alloc returned an unusable buffer",
            )));
        }
        function
            .typed::<(i32, i32), i64>(&*store)?
            .call(&mut *store, (ptr, len))?
    };
    Ok(read_result(store, &memory, packed))
}

/// Reads the `ptr << 32 | len` result. No `lookback_free`: the whole instance is dropped next.
/// Public so the raw-ABI tests and fuzz targets read results exactly as requests do.
pub fn read_result(
    store: &Store<HostState>,
    memory: &Memory,
    packed: i64,
) -> Result<String, CallError> {
    let packed = packed as u64;
    let ptr = (packed >> 32) as usize;
    let len = (packed & 0xffff_ffff) as usize;
    let bytes = ptr
        .checked_add(len)
        .and_then(|end| memory.data(store).get(ptr..end))
        .ok_or(CallError::InvalidOutput(
            "result outside the module's memory",
        ))?;
    let text =
        std::str::from_utf8(bytes).map_err(|_| CallError::InvalidOutput("result is not UTF-8"))?;
    Ok(text.to_owned())
}

/// A wasm32 pointer is an unsigned 32-bit offset carried in an `i32`.
fn address(ptr: i32) -> usize {
    ptr as u32 as usize
}
