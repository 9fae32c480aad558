//! Which 4 KiB pages of an instance's linear memory the pool will reset when its store is dropped.
//!
//! With `pagemap_scan`, wasmtime resets every page of the slot that is private to it (written at
//! some time, so no longer the memory image's page nor the shared zero page), not only the pages
//! this request changed: a page once written stays private, and is copied back from the image
//! after every later request too. Read here from `/proc/self/pagemap` (Linux).

use std::fs::File;
use std::os::unix::fs::FileExt;

use serde_json::json;

const PAGE: usize = 4096;
/// pagemap entry bits (Documentation/admin-guide/mm/pagemap.rst).
const PRESENT: u64 = 1 << 63;
const FILE_OR_SHARED: u64 = 1 << 61;
const PFN_MASK: u64 = (1 << 55) - 1;

/// The pages of `memory` by kind, and where the private ones lie (KiB offsets, runs).
pub fn classify(memory: &[u8]) -> anyhow::Result<serde_json::Value> {
    let pages = memory.len() / PAGE;
    let first = memory.as_ptr() as usize / PAGE;
    let mut entries = vec![0_u8; pages * 8];
    File::open("/proc/self/pagemap")?.read_exact_at(&mut entries, (first * 8) as u64)?;
    let entries: Vec<u64> = entries
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
        .collect();
    // Every read-but-never-written page outside the image maps the one shared zero page: the
    // only anonymous frame that can appear more than once in one mapping. Frame numbers read as 0
    // without CAP_SYS_ADMIN: zero pages then count as private (an overcount, never an undercount).
    let mut frames: Vec<u64> = entries
        .iter()
        .filter(|e| *e & PRESENT != 0 && *e & FILE_OR_SHARED == 0)
        .map(|e| e & PFN_MASK)
        .collect();
    frames.sort_unstable();
    let zero_frame = frames
        .windows(2)
        .find(|w| w[0] == w[1] && w[0] != 0)
        .map(|w| w[0]);
    let private =
        |e: u64| e & PRESENT != 0 && e & FILE_OR_SHARED == 0 && Some(e & PFN_MASK) != zero_frame;
    let (mut image, mut zero, mut absent) = (0, 0, 0);
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, &e) in entries.iter().enumerate() {
        if private(e) {
            match runs.last_mut() {
                Some((_, end)) if *end == i => *end = i + 1,
                _ => runs.push((i, i + 1)),
            }
        } else if e & PRESENT == 0 {
            absent += 1;
        } else if e & FILE_OR_SHARED != 0 {
            image += 1;
        } else {
            zero += 1;
        }
    }
    let private_pages: usize = runs.iter().map(|(a, b)| b - a).sum();
    Ok(json!({
        "private_pages_reset_at_drop": private_pages,
        "image_pages_read": image, "zero_pages_read": zero, "absent_pages": absent,
        "private_runs_kib": runs.iter().map(|(a, b)| format!("{}-{}", a * 4, b * 4)).collect::<Vec<_>>(),
    }))
}
