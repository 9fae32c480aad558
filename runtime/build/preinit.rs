//! Pre-initialises the engine module: runs its `lookback_warm` export once, then writes a new
//! module whose memory already holds what that built (every lookup table), so a fresh instance
//! starts warm. The Bytecode Alliance's pre-initialiser (`wasmtime-wizer`, same release as our
//! wasmtime) instruments the module and turns the instance's state into data segments; the
//! instance itself runs in `wasmi`, an interpreter that builds in seconds, instead of a second
//! copy of wasmtime and Cranelift for the build script. The output stays zero-import and ABI v1;
//! only `lookback_warm` is gone from its exports.
//!
//! The snapshot's data segments are then merged ([`merge_data_segments`]): the pre-initialiser
//! cuts one segment per run of non-zero bytes (5,600 of them), and V8, which copies every segment
//! into a fresh memory for each instance, pays for each one (the reviewer page instantiates the
//! module once per record). wasmtime maps the memory image copy-on-write whatever the segments.

use std::error::Error;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use wasm_encoder::{ConstExpr, DataCountSection, DataSection, RawSection};
use wasmparser::{DataKind, Operator, Parser, Payload};
use wasmtime_wizer::{InstanceState, SnapshotVal, ValType, Wizer};

use super::dead_stack::StackLayout;
use super::free_heap;

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
    zero_dead_stack(wasm, &mut store, &instance)?;
    zero_free_heap(wasm, &mut store, &instance)?;

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
    merge_data_segments(&snapshot)
}

/// How the instrumentation exports defined global `N` (wasmtime-wizer's naming).
const WIZER_GLOBAL_PREFIX: &str = "__wizer_global_";

/// Zeroes what the warm-up left on the stack (see `dead_stack`), so the snapshot carries none of it.
fn zero_dead_stack(
    wasm: &[u8],
    store: &mut wasmi::Store<()>,
    instance: &wasmi::Instance,
) -> Result<(), Box<dyn Error>> {
    let layout = StackLayout::of(wasm)?;
    let global = format!("{WIZER_GLOBAL_PREFIX}{}", layout.global);
    let Some(wasmi::Val::I32(stack_pointer)) = instance
        .get_global(&*store, &global)
        .map(|g| g.get(&*store))
    else {
        return Err(format!("pre-initialiser: no i32 export {global} (the stack pointer)").into());
    };
    let dead = layout.dead_len(stack_pointer)?;
    memory_of(&*store, instance)?
        .data_mut(&mut *store)
        .get_mut(..dead)
        .ok_or("pre-initialiser: the stack pointer is past the memory's end")?
        .fill(0);
    Ok(())
}

/// Zeroes what the warm-up's freed heap chunks still hold (see `free_heap`), so the snapshot
/// carries none of it.
fn zero_free_heap(
    wasm: &[u8],
    store: &mut wasmi::Store<()>,
    instance: &wasmi::Instance,
) -> Result<(), Box<dyn Error>> {
    let start = free_heap::heap_start(wasm)?;
    let data = memory_of(&*store, instance)?.data_mut(&mut *store);
    for range in free_heap::unread_ranges(data, start)? {
        data.get_mut(range)
            .ok_or("pre-initialiser: a free chunk past the memory's end")?
            .fill(0);
    }
    Ok(())
}

/// The instance's memory (the engine exports one).
fn memory_of(
    store: &wasmi::Store<()>,
    instance: &wasmi::Instance,
) -> Result<wasmi::Memory, Box<dyn Error>> {
    instance
        .exports(store)
        .find_map(|export| export.into_memory())
        .ok_or_else(|| "pre-initialiser: the instance exports no memory".into())
}

/// The memory pages an engine touches when it writes a data segment into a fresh memory.
const PAGE_SIZE: usize = 4096;

/// Rewrites `wasm`'s data section with its active segments merged: each one joins the one before
/// it, the gap between them written as zeros, unless the gap holds a whole page, which a merge
/// would make an instance touch for nothing. Passive segments (the pre-initialiser turns the
/// original segments into empty passive ones) keep their indices; the active ones it appends
/// after them are referred to by no instruction, so their number and order are free. Every other
/// section is copied as it is.
fn merge_data_segments(wasm: &[u8]) -> Result<Vec<u8>, Box<dyn Error>> {
    let mut passive: Vec<&[u8]> = Vec::new();
    let mut active: Vec<(usize, &[u8])> = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        let Payload::DataSection(reader) = payload? else {
            continue;
        };
        for segment in reader {
            let segment = segment?;
            match segment.kind {
                DataKind::Passive if active.is_empty() => passive.push(segment.data),
                DataKind::Active {
                    memory_index: 0,
                    offset_expr,
                } => {
                    let mut ops = offset_expr.get_operators_reader();
                    let (Operator::I32Const { value }, Operator::End) = (ops.read()?, ops.read()?)
                    else {
                        return Err("data segment merge: an offset that is not a constant".into());
                    };
                    let offset = usize::try_from(value)
                        .map_err(|_| "data segment merge: a negative offset")?;
                    active.push((offset, segment.data));
                }
                _ => return Err("data segment merge: segments of an unexpected kind".into()),
            }
        }
    }
    active.sort_by_key(|(offset, _)| *offset);

    let mut merged: Vec<(usize, Vec<u8>)> = Vec::new();
    for (offset, bytes) in active {
        if let Some((start, data)) = merged.last_mut() {
            let end = *start + data.len();
            if offset < end {
                return Err("data segment merge: overlapping segments".into());
            }
            let first_page_after = end.div_ceil(PAGE_SIZE) * PAGE_SIZE;
            if first_page_after + PAGE_SIZE > offset {
                data.resize(offset - *start, 0);
                data.extend_from_slice(bytes);
                continue;
            }
        }
        merged.push((offset, bytes.to_vec()));
    }

    let mut module = wasm_encoder::Module::new();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload? {
            Payload::DataCountSection { .. } => {
                module.section(&DataCountSection {
                    count: u32::try_from(passive.len() + merged.len())?,
                });
            }
            Payload::DataSection(_) => {
                let mut section = DataSection::new();
                for bytes in &passive {
                    section.passive(bytes.iter().copied());
                }
                for (offset, bytes) in &merged {
                    let offset = ConstExpr::i32_const(i32::try_from(*offset)?);
                    section.active(0, &offset, bytes.iter().copied());
                }
                module.section(&section);
            }
            other => {
                if let Some((id, range)) = other.as_section() {
                    module.section(&RawSection {
                        id,
                        data: &wasm[range],
                    });
                }
            }
        }
    }
    Ok(module.finish())
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
