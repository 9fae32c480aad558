//! The heap the warm-up freed: temporaries the table builders dropped stay in memory as free
//! chunks of the allocator (dlmalloc, Rust's allocator for `wasm32-unknown-unknown`), still
//! holding what they held, and the snapshot would copy them into every fresh instance (the top
//! chunk alone held 9 KB of it). Found here by walking the chunks, so the pre-initialiser can
//! zero what no allocator field reads; a gap that then holds a whole page is left out of the
//! data segments.
//!
//! dlmalloc's first heap region starts where the module's initial memory ends (its `memory.grow`
//! returns the old end) and is a run of chunks, each an 8-byte header (the previous chunk's size,
//! then this chunk's size with the in-use bit `CINUSE`) and a payload. A free chunk keeps its
//! free-list links in the first 24 bytes of its payload (`fd`, `bk`, and for a tree chunk two
//! children, a parent and an index); the next chunk's header keeps its size. The rest is unread.

use std::error::Error;
use std::ops::Range;

use wasmparser::{Parser, Payload};

/// A wasm page (`memory.grow`'s unit).
const WASM_PAGE: usize = 64 * 1024;
/// A chunk's header: the previous chunk's size, this chunk's size and bits.
const HEADER: usize = 8;
/// A free chunk's links after its header (`fd`, `bk`, `child[2]`, `parent`, `index`).
const LINKS: usize = 24;
/// The in-use bit of a chunk's size word.
const CINUSE: u8 = 2;
/// The size word's flag bits.
const FLAGS: u32 = 7;

/// Where the first heap region starts: the end of `wasm`'s initial memory.
pub fn heap_start(wasm: &[u8]) -> Result<usize, Box<dyn Error>> {
    for payload in Parser::new(0).parse_all(wasm) {
        if let Payload::MemorySection(reader) = payload? {
            let memory = reader
                .into_iter()
                .next()
                .ok_or("free heap: an empty memory section")??;
            return Ok(usize::try_from(memory.initial)? * WASM_PAGE);
        }
    }
    Err("free heap: the module defines no memory".into())
}

/// The byte ranges of `memory` no allocator field reads: the payload of every free chunk of the
/// heap starting at `start`, past its links. An error unless the chunks run exactly to the end of
/// memory (the region's footer last), as dlmalloc lays them out: a heap laid out otherwise stops
/// the build rather than being zeroed on a guess.
pub fn unread_ranges(memory: &[u8], start: usize) -> Result<Vec<Range<usize>>, Box<dyn Error>> {
    let mut ranges = Vec::new();
    let mut at = start;
    while at < memory.len() {
        let word = memory
            .get(at + 4..at + HEADER)
            .ok_or("free heap: a chunk header past the end of memory")?;
        let size = usize::try_from(u32::from_le_bytes(word.try_into()?) & !FLAGS)?;
        let head_bits = word.first().copied().unwrap_or(0);
        if size < HEADER {
            return Err(format!("free heap: a chunk of {size} bytes at {at:#x}").into());
        }
        let next = at + size;
        // The footer ends memory and is never zeroed: nothing follows it to hold its size.
        if head_bits & CINUSE == 0 && size > HEADER + LINKS && next < memory.len() {
            ranges.push(at + HEADER + LINKS..next);
        }
        at = next;
    }
    if at != memory.len() {
        return Err(format!("free heap: the chunks run past the end of memory to {at:#x}").into());
    }
    Ok(ranges)
}
