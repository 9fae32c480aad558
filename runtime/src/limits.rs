//! Per-call resource limits and how a failed call is classified.
//!
//! Every engine call runs in a fresh `Store` with a memory cap and an epoch deadline
//! (docs/decisions.md §3). A call that breaks either, or traps, surfaces as an ordinary error here; the
//! caller decides what it means for the HTTP answer (500 for the transform stage, 206 fail-safe for
//! the compliance stage).

use std::time::Duration;

use wasmtime::{ResourceLimiter, StoreLimits, StoreLimitsBuilder, Trap};

/// How often the engine's epoch ticker advances the epoch.
pub const EPOCH_TICK: Duration = Duration::from_millis(10);

/// Limits applied to every single engine call (one stage of one request).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget of one call.
    pub deadline: Duration,
    /// Cap on the module's linear memory, in bytes.
    pub memory_bytes: usize,
}

impl Limits {
    /// Epoch ticks for the deadline. One tick more than the division gives, because the tick in
    /// progress when the call starts may be almost over.
    pub fn deadline_ticks(&self) -> u64 {
        let tick = EPOCH_TICK.as_millis().max(1);
        let ticks = self.deadline.as_millis().div_ceil(tick);
        u64::try_from(ticks).unwrap_or(u64::MAX).saturating_add(1)
    }

    fn deadline_ms(&self) -> u64 {
        u64::try_from(self.deadline.as_millis()).unwrap_or(u64::MAX)
    }

    fn memory_mib(&self) -> usize {
        self.memory_bytes >> 20
    }
}

/// Why an engine call failed. Messages are lowercase and say nothing about the host's internals;
/// they go into `data.errors` and `degradation.*.error`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// The call ran past its epoch deadline.
    #[error("deadline of {0} ms exceeded")]
    Deadline(u64),
    /// The module tried to grow its memory past the cap.
    #[error("memory limit of {0} MiB exceeded")]
    Memory(usize),
    /// Any other trap (a guest panic is `unreachable`).
    #[error("module trapped: {0}")]
    Trap(String),
    /// The module answered with something that is not the JSON the ABI promises.
    #[error("invalid module output: {0}")]
    InvalidOutput(&'static str),
    /// The module answered, but with a failure instead of a result (its own message).
    #[error("{0}")]
    Refused(String),
    /// No instance slot was free; the semaphore in front of the pool should make this rare.
    #[error("engine busy: no instance slot available")]
    PoolExhausted,
    /// Anything else (instantiation failure, a missing export, a join error).
    #[error("engine call failed: {0}")]
    Other(String),
}

/// Store data: the wasmtime limits plus a flag recording that the memory cap was hit, so a
/// failed grow can be told apart from other traps without matching on message text.
pub struct HostState {
    limits: StoreLimits,
    memory_bytes: usize,
    /// Set when a `memory.grow` was refused because of the cap.
    pub memory_cap_hit: bool,
}

impl HostState {
    /// State for one call under `limits`: one instance, memory capped, a refused grow traps.
    pub fn new(limits: &Limits) -> Self {
        let store_limits = StoreLimitsBuilder::new()
            .memory_size(limits.memory_bytes)
            .instances(1)
            .trap_on_grow_failure(true)
            .build();
        Self {
            limits: store_limits,
            memory_bytes: limits.memory_bytes,
            memory_cap_hit: false,
        }
    }
}

impl ResourceLimiter for HostState {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.memory_bytes {
            self.memory_cap_hit = true;
        }
        self.limits.memory_growing(current, desired, maximum)
    }

    fn memory_grow_failed(&mut self, error: wasmtime::Error) -> wasmtime::Result<()> {
        self.memory_cap_hit = true;
        self.limits.memory_grow_failed(error)
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        self.limits.table_growing(current, desired, maximum)
    }

    fn instances(&self) -> usize {
        self.limits.instances()
    }

    fn tables(&self) -> usize {
        self.limits.tables()
    }

    fn memories(&self) -> usize {
        self.limits.memories()
    }
}

/// Turns a wasmtime error from instantiation or a call into a [`CallError`].
pub fn classify(error: &wasmtime::Error, memory_cap_hit: bool, limits: &Limits) -> CallError {
    if memory_cap_hit {
        return CallError::Memory(limits.memory_mib());
    }
    if let Some(trap) = error.downcast_ref::<Trap>() {
        return match trap {
            Trap::Interrupt => CallError::Deadline(limits.deadline_ms()),
            Trap::UnreachableCodeReached => CallError::Trap("unreachable".into()),
            other => CallError::Trap(other.to_string()),
        };
    }
    let pool_full = error
        .chain()
        .any(|e| e.is::<wasmtime::PoolConcurrencyLimitError>());
    if pool_full {
        return CallError::PoolExhausted;
    }
    CallError::Other(error.root_cause().to_string().to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadline_ticks_round_up_and_add_one() {
        let l = Limits {
            deadline: Duration::from_millis(200),
            memory_bytes: 1,
        };
        assert_eq!(l.deadline_ticks(), 21);
        let l = Limits {
            deadline: Duration::from_millis(5),
            memory_bytes: 1,
        };
        assert_eq!(l.deadline_ticks(), 2);
    }

    #[test]
    fn messages_are_lowercase_and_name_the_limit() {
        assert_eq!(
            CallError::Deadline(2000).to_string(),
            "deadline of 2000 ms exceeded"
        );
        assert_eq!(
            CallError::Memory(64).to_string(),
            "memory limit of 64 MiB exceeded"
        );
        assert_eq!(
            CallError::Trap("unreachable".into()).to_string(),
            "module trapped: unreachable"
        );
    }
}
