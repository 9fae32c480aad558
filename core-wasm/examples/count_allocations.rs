//! Counts heap allocations per request (both stages on the 10-charge fixture, the record kept
//! between them, as the server runs them), with a counting global allocator:
//! `cargo run --release -p lookback-core --example count_allocations [runs] [transform]`
//! (`transform`: stage 1 alone, each kept record dropped by the next call, as the next request
//! drops it).
#![expect(
    unsafe_code,
    reason = "a global allocator is an unsafe trait; each call goes to `System` unchanged"
)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use lookback_core::input::{StageContext, evaluate_kept_input};

const TEN_CHARGES: &[u8] = include_bytes!("../fixtures/ten-charges.json");

/// The system allocator, counting allocations (a `realloc` counts as one) and bytes asked for.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
static BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to `System` unchanged; only the counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(new_size.saturating_sub(layout.size()), Ordering::Relaxed);
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One request; with `context` `None`, stage 1 alone.
fn request(context: Option<&str>) -> usize {
    lookback_core::api::transform_keep(TEN_CHARGES).len()
        + context.map_or(0, |c| lookback_core::api::evaluate_kept(c.as_bytes()).len())
}

fn main() {
    let runs: usize = (std::env::args().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let context = evaluate_kept_input(&StageContext::new("2025-11-06T12:00:00Z", "count"));
    let stage_one_alone = std::env::args().nth(2).as_deref() == Some("transform");
    let context = (!stage_one_alone).then_some(context.as_str());
    // The first request builds the engine's tables; count the ones after it.
    request(context);
    let (allocations, bytes) = (
        ALLOCATIONS.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed),
    );
    for _ in 0..runs {
        request(context);
    }
    let per = |counter: &AtomicUsize, before: usize| {
        (counter.load(Ordering::Relaxed) - before) as f64 / runs as f64
    };
    println!(
        "per request: {:.1} allocations, {:.0} bytes asked for ({runs} runs)",
        per(&ALLOCATIONS, allocations),
        per(&BYTES, bytes)
    );
}
