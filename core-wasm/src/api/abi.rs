//! The wasm32 exports of ABI v1 (docs/abi.md): the only wasm-specific file of the engine.
//! Buffers cross the boundary as (pointer, length); results come back packed as `ptr << 32 | len`.
#![expect(
    unsafe_code,
    reason = "the wasm ABI passes raw pointers; each use is checked and commented"
)]

use std::alloc::{Layout, alloc, dealloc};

/// Allocates `len` bytes for the caller to write an input into.
#[unsafe(no_mangle)]
pub extern "C" fn lookback_alloc(len: usize) -> *mut u8 {
    match Layout::array::<u8>(len) {
        // SAFETY: the layout has a non-zero size.
        Ok(layout) if len > 0 => unsafe { alloc(layout) },
        _ => std::ptr::NonNull::dangling().as_ptr(),
    }
}

/// Frees a buffer from [`lookback_alloc`] or a result of the functions below.
#[unsafe(no_mangle)]
pub extern "C" fn lookback_free(ptr: *mut u8, len: usize) {
    if let Ok(layout) = Layout::array::<u8>(len)
        && len > 0
        && !ptr.is_null()
    {
        // SAFETY: ptr was allocated by this module with exactly this layout.
        unsafe { dealloc(ptr, layout) }
    }
}

/// Reads the caller's input buffer.
fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 || ptr.is_null() {
        return &[];
    }
    // SAFETY: the caller wrote `len` bytes at `ptr`, allocated by `lookback_alloc(len)`.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// Hands a result to the caller, who frees it with `lookback_free(ptr, len)`.
fn output(text: String) -> u64 {
    let bytes = text.into_bytes().into_boxed_slice();
    let len = bytes.len();
    let ptr = Box::into_raw(bytes) as *mut u8;
    ((ptr as usize as u64) << 32) | len as u64
}

/// The pre-initialiser's entry point (runtime/build/preinit.rs): builds every table, then the module
/// is snapshotted and this export removed. Not part of ABI v1.
#[unsafe(no_mangle)]
pub extern "C" fn lookback_warm() {
    super::warm::warm();
}

#[unsafe(no_mangle)]
pub extern "C" fn lookback_info() -> u64 {
    output(crate::api::info())
}

#[unsafe(no_mangle)]
pub extern "C" fn lookback_transform(ptr: *const u8, len: usize) -> u64 {
    output(crate::api::transform(input(ptr, len)))
}

/// Stage 1 alone for `/transform-xml`: context line, `\n`, raw body (docs/abi.md).
#[unsafe(no_mangle)]
pub extern "C" fn lookback_transform_xml(ptr: *const u8, len: usize) -> u64 {
    output(crate::api::transform_xml(input(ptr, len)))
}

#[unsafe(no_mangle)]
pub extern "C" fn lookback_evaluate(ptr: *const u8, len: usize) -> u64 {
    output(crate::api::evaluate(input(ptr, len)))
}

/// Stage 1, its accepted record kept in this instance for `lookback_evaluate_kept` (optional
/// exports of ABI v1, docs/abi.md).
#[unsafe(no_mangle)]
pub extern "C" fn lookback_transform_keep(ptr: *const u8, len: usize) -> u64 {
    output(crate::api::transform_keep(input(ptr, len)))
}

/// Stages 2-3 on the record `lookback_transform_keep` kept; the input is the evaluate context.
#[unsafe(no_mangle)]
pub extern "C" fn lookback_evaluate_kept(ptr: *const u8, len: usize) -> u64 {
    output(crate::api::evaluate_kept(input(ptr, len)))
}

/// What of the kept record a charge dictionary can match (optional, docs/abi.md).
#[unsafe(no_mangle)]
pub extern "C" fn lookback_charge_keys() -> u64 {
    output(crate::api::charge_keys())
}

/// Where `decision` and `validation` lie in the last stages 2-3 answer (optional, docs/abi.md):
/// a pointer to four little-endian `u32`s (decision start and end, validation start and end),
/// good until the next call.
#[unsafe(no_mangle)]
pub extern "C" fn lookback_answer_spans() -> *const u8 {
    use std::sync::atomic::{AtomicU32, Ordering};
    // `AtomicU32` has `u32`'s layout; a static the host reads after the call returns.
    static SPANS: [AtomicU32; 4] = [const { AtomicU32::new(0) }; 4];
    for (slot, value) in SPANS.iter().zip(crate::api::answer_spans().to_array()) {
        slot.store(value, Ordering::Relaxed);
    }
    SPANS.as_ptr().cast()
}

#[unsafe(no_mangle)]
pub extern "C" fn lookback_identity_match(ptr: *const u8, len: usize) -> u64 {
    output(crate::api::identity_match(input(ptr, len)))
}
