//! The answer writer: every answer the engine writes goes through [`to_string`], so how answers
//! are written is decided in one place. `api::tests` pins every answer the engine writes against
//! `serde_json::to_string` over the corpus and the XML samples.

use serde::Serialize;

/// `value` as compact JSON text, exactly as `serde_json::to_string` writes it.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    #[cfg(test)]
    if reference::ON.get() {
        return serde_json::to_string(value);
    }
    serde_json::to_string(value)
}

/// Test support: answers written by `serde_json::to_string` instead, on this thread, so tests can
/// compare the two byte for byte through the engine's real entry points.
#[cfg(test)]
pub(crate) mod reference {
    use std::cell::Cell;

    thread_local! {
        pub(super) static ON: Cell<bool> = const { Cell::new(false) };
    }

    /// Runs `f` with serde_json as the answer writer on this thread.
    pub(crate) fn with_serde_json<R>(f: impl FnOnce() -> R) -> R {
        ON.set(true);
        let out = f();
        ON.set(false);
        out
    }
}
