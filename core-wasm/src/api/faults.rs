//! Fault injection for the host's containment tests, compiled only with the `test-faults`
//! feature: a search id `FAULT:<stage>-<kind>` makes that stage loop, trap or eat memory
//! (`-loop`, `-trap`, `-oom`), recurse until the stack runs out (`-stack`), or answer text that
//! is not JSON (`-garbage`).
//! The shipped module is built without it, and then these functions do nothing.

#[cfg(feature = "test-faults")]
fn fault(search_id: &str, stage: &str) {
    let Some(kind) = search_id
        .strip_prefix("FAULT:")
        .and_then(|s| s.strip_prefix(stage))
    else {
        return;
    };
    match kind {
        "-loop" => {
            let mut n: u64 = 0;
            loop {
                n = std::hint::black_box(n.wrapping_add(1));
            }
        }
        "-trap" => std::process::abort(),
        "-stack" => {
            std::hint::black_box(deeper(0));
        }
        "-oom" => {
            let mut hoard: Vec<Vec<u8>> = Vec::new();
            loop {
                hoard.push(vec![1u8; 1 << 20]);
                std::hint::black_box(&hoard);
            }
        }
        _ => {}
    }
}

/// Calls itself until the stack runs out: each frame keeps a buffer in linear memory (handed to
/// `black_box`, so it cannot be dropped) and adds to the next call's result, so the recursion
/// cannot become a loop.
#[cfg(feature = "test-faults")]
fn deeper(depth: u64) -> u64 {
    let frame = std::hint::black_box([depth; 16]);
    if frame[0] == u64::MAX {
        return 0;
    }
    deeper(frame[1] + 1).wrapping_add(frame[2])
}

#[cfg(feature = "test-faults")]
pub fn on_transform(search_id: &str) {
    fault(search_id, "transform");
}

#[cfg(feature = "test-faults")]
pub fn on_evaluate(search_id: &str) {
    fault(search_id, "evaluate");
}

/// The answer `stage` gives instead of its JSON for a `FAULT:<stage>-garbage` search id.
#[cfg(feature = "test-faults")]
pub fn garbage(search_id: &str, stage: &str) -> Option<String> {
    let kind = search_id.strip_prefix("FAULT:")?.strip_prefix(stage)?;
    (kind == "-garbage").then(|| "this is not JSON {".to_owned())
}

#[cfg(not(feature = "test-faults"))]
pub fn garbage(_search_id: &str, _stage: &str) -> Option<String> {
    None
}

#[cfg(not(feature = "test-faults"))]
pub fn on_transform(_search_id: &str) {}

#[cfg(not(feature = "test-faults"))]
pub fn on_evaluate(_search_id: &str) {}
