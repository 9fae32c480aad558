//! Engine calls. A [`Session`] is one fresh `Store` with the module instantiated once; one request
//! makes its calls (transform, then evaluate) in one session, and the store is dropped with it.
//! Nothing survives the request, so a trap leaves nothing to clean up and no personal data can
//! bleed from one request into the next; a failed call ends its session ([`RequestCalls`] starts
//! a fresh one for any later call).

use std::time::{Duration, Instant};

use lookback_core::api::AnswerSpans;
use wasmtime::{Engine, Extern, Instance, Memory, Store, TypedFunc};

use crate::abi::Export;
use crate::limits::{CallError, HostState, Limits, classify};
use crate::module::LoadedModule;

/// Told about every finished call made through [`RequestCalls`] (the server's metrics): the
/// export, how long the module ran and the outcome.
pub trait CallObserver: Send + Sync {
    /// One finished call.
    fn observe(&self, export: Export, elapsed: Duration, result: &Result<String, CallError>);
}

/// Runs `export` of `module` on `input` under `limits` in a session of its own and returns the
/// UTF-8 result text. Synchronous and CPU-bound: call it on a blocking thread.
pub fn call(
    engine: &Engine,
    module: &LoadedModule,
    export: Export,
    input: &[u8],
    limits: &Limits,
) -> Result<String, CallError> {
    Session::new(engine, module, limits)?.call(export, input)
}

/// One instance of a module in a fresh store, for the calls of one request.
pub struct Session<'m> {
    store: Store<HostState>,
    module: &'m LoadedModule,
    instance: Instance,
    memory: Memory,
    limits: Limits,
}

impl<'m> Session<'m> {
    /// A fresh store with `module` instantiated in it.
    pub fn new(
        engine: &Engine,
        module: &'m LoadedModule,
        limits: &Limits,
    ) -> Result<Self, CallError> {
        let mut store = Store::new(engine, HostState::new(limits));
        store.limiter(|state| state);
        store.set_epoch_deadline(limits.deadline_ticks());
        let instance = match module.instance_pre.instantiate(&mut store) {
            Ok(instance) => instance,
            Err(error) => return Err(classify(&error, store.data().memory_cap_hit, limits)),
        };
        let memory = instance
            .get_module_export(&mut store, &module.exports.memory)
            .and_then(Extern::into_memory)
            .ok_or_else(|| CallError::Other("module exports changed after load".into()))?;
        Ok(Self {
            store,
            module,
            instance,
            memory,
            limits: *limits,
        })
    }

    /// The instance's linear memory as it is now (benchmarks measure how much a request touches).
    pub fn memory(&self) -> &[u8] {
        self.memory.data(&self.store)
    }

    /// The instance's linear memory, writable: the stack tests fill the stack with a pattern
    /// before a call to see how deep the call writes.
    pub fn memory_mut(&mut self) -> &mut [u8] {
        self.memory.data_mut(&mut self.store)
    }

    /// Calls one export under the per-call deadline. The input and result buffers are handed back
    /// to the module afterwards, so a second call in the session starts from the first one's
    /// memory, not on top of it.
    pub fn call(&mut self, export: Export, input: &[u8]) -> Result<String, CallError> {
        self.store.set_epoch_deadline(self.limits.deadline_ticks());
        match self.run(export, input) {
            Ok(answer) => answer,
            Err(error) => Err(classify(
                &error,
                self.store.data().memory_cap_hit,
                &self.limits,
            )),
        }
    }

    /// The outer `Result` carries wasmtime failures (traps, limits), the inner one ABI violations.
    fn run(&mut self, export: Export, input: &[u8]) -> wasmtime::Result<Result<String, CallError>> {
        let Some(index) = self.module.exports.get(export) else {
            return Ok(Err(CallError::Other(
                "module does not export this optional function".into(),
            )));
        };
        let Some(function) = self
            .instance
            .get_module_export(&mut self.store, index)
            .and_then(Extern::into_func)
        else {
            return Ok(Err(CallError::Other(
                "module exports changed after load".into(),
            )));
        };
        let packed = if matches!(export, Export::Info | Export::ChargeKeys) {
            function
                .typed::<(), i64>(&self.store)?
                .call(&mut self.store, ())?
        } else {
            let Ok(len) = i32::try_from(input.len()) else {
                return Ok(Err(CallError::Other(
                    "input larger than the module can address".into(),
                )));
            };
            let ptr = self
                .function::<i32, i32>(&self.module.exports.alloc)?
                .call(&mut self.store, len)?;
            if self
                .memory
                .write(&mut self.store, address(ptr), input)
                .is_err()
            {
                return Ok(Err(CallError::InvalidOutput(
                    "lookback_alloc returned an unusable buffer",
                )));
            }
            let packed = function
                .typed::<(i32, i32), i64>(&self.store)?
                .call(&mut self.store, (ptr, len))?;
            self.free(ptr, len)?;
            packed
        };
        let answer = read_result(&self.store, &self.memory, packed);
        if answer.is_ok() {
            let packed = packed as u64;
            self.free((packed >> 32) as i32, (packed & 0xffff_ffff) as i32)?;
        }
        Ok(answer)
    }

    /// Where `decision` and `validation` lie in the stages 2-3 answer the last call returned, as
    /// the module says (optional `lookback_answer_spans`, docs/abi.md); `None` when it has no
    /// such export. Only a call's answer tells whether the spans are right: see
    /// `protocol::EvaluateAnswer`.
    pub fn answer_spans(&mut self) -> wasmtime::Result<Option<AnswerSpans>> {
        let module = self.module;
        let Some(index) = &module.exports.answer_spans else {
            return Ok(None);
        };
        self.store.set_epoch_deadline(self.limits.deadline_ticks());
        let ptr = self.function::<(), i32>(index)?.call(&mut self.store, ())?;
        let mut bytes = [0_u8; 16];
        if self
            .memory
            .read(&self.store, address(ptr), &mut bytes)
            .is_err()
        {
            return Ok(None);
        }
        let word = |at: usize| {
            let mut word = [0_u8; 4];
            word.copy_from_slice(bytes.get(at..at + 4).unwrap_or(&[0; 4]));
            u32::from_le_bytes(word)
        };
        Ok(Some(AnswerSpans {
            decision: (word(0), word(4)),
            validation: (word(8), word(12)),
        }))
    }

    fn function<P: wasmtime::WasmParams, R: wasmtime::WasmResults>(
        &mut self,
        index: &wasmtime::ModuleExport,
    ) -> wasmtime::Result<TypedFunc<P, R>> {
        self.instance
            .get_module_export(&mut self.store, index)
            .and_then(Extern::into_func)
            .ok_or_else(|| wasmtime::format_err!("ABI export missing"))?
            .typed::<P, R>(&self.store)
    }

    /// `lookback_free(ptr, len)`; a zero length was never allocated.
    fn free(&mut self, ptr: i32, len: i32) -> wasmtime::Result<()> {
        if len > 0 {
            self.function::<(i32, i32), ()>(&self.module.exports.free)?
                .call(&mut self.store, (ptr, len))?;
        }
        Ok(())
    }
}

/// The engine calls of one request, made on one blocking thread: they share one [`Session`]
/// until a call fails; a call after a failure gets a fresh one (a trapped instance is never
/// called again). Each call is reported to the observer (metrics).
pub struct RequestCalls<'a> {
    engine: &'a Engine,
    module: &'a LoadedModule,
    limits: Limits,
    observer: Option<&'a dyn CallObserver>,
    session: Option<Session<'a>>,
}

impl<'a> RequestCalls<'a> {
    /// No instance yet: the first call makes one.
    pub fn new(
        engine: &'a Engine,
        module: &'a LoadedModule,
        limits: Limits,
        observer: Option<&'a dyn CallObserver>,
    ) -> Self {
        Self {
            engine,
            module,
            limits,
            observer,
            session: None,
        }
    }

    /// The module these calls run.
    pub fn module(&self) -> &'a LoadedModule {
        self.module
    }

    /// Whether the module can keep stage 1's record in the instance for stage 2.
    pub fn keeps_record(&self) -> bool {
        self.module.keeps_record()
    }

    /// Runs `export` on `input` in this request's instance (made now if there is none).
    pub fn call(&mut self, export: Export, input: &[u8]) -> Result<String, CallError> {
        let started = Instant::now();
        let result = self.call_in_session(export, input);
        if result.is_err() {
            self.session = None;
        }
        if let Some(observer) = self.observer {
            observer.observe(export, started.elapsed(), &result);
        }
        result
    }

    /// [`Session::answer_spans`] of this request's instance, after a stages 2-3 call; `None`
    /// when there is no instance (the call failed) or the module cannot say.
    pub fn answer_spans(&mut self) -> Option<AnswerSpans> {
        let spans = self.session.as_mut()?.answer_spans();
        if spans.is_err() {
            // A trapped instance is never called again.
            self.session = None;
        }
        spans.ok().flatten()
    }

    fn call_in_session(&mut self, export: Export, input: &[u8]) -> Result<String, CallError> {
        let session = match &mut self.session {
            Some(session) => session,
            empty => empty.insert(Session::new(self.engine, self.module, &self.limits)?),
        };
        session.call(export, input)
    }
}

/// Reads the `ptr << 32 | len` result. Public so the raw-ABI tests and fuzz targets read results
/// exactly as requests do.
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
