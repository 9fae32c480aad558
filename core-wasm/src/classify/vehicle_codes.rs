//! The motor-vehicle code of every jurisdiction: how its courts cite it, where the serious
//! driving offences sit (inside the code or outside it) and which parts of it are not road traffic.
//!
//! The rows are data: `core-wasm/data/vehicle-codes.json`, one row per jurisdiction of the
//! reference `reference/law/vehicle-codes.json` (56 rows; docs/decisions.md §13), made a constant at
//! build time (`build/vehicle_codes.rs`). The reference's names, confidence, examples and sources
//! are copied from it; the keys, patterns and listed sections are the engine's reading of its
//! prose, each section found in it (`tests/vehicle_codes.rs` checks both, and rewrites the copied
//! fields with `UPDATE_VEHICLE_CODES=1 cargo test -p lookback-core vehicle_codes_data`). Keys and
//! patterns are described in `statute.rs`; `docs/vehicle-codes.md` is generated from this table.
//! The `formats` and `not_vehicle` strings are the reference's own examples, kept as test
//! vectors; they and the `sources` exist in test builds only: the engine never reads them, and in
//! the shipped module every byte of this table is copied into each fresh instance.

use super::vocabulary::{Confidence, Confidence::*, SectionKind, SectionKind::*, SeriousKind::*};

/// One listed section of a jurisdiction.
#[derive(Debug)]
pub struct Section {
    /// Pattern of the section's key (`32-23-1`, `VC 23152`, `TR 21-902`).
    pub key: &'static str,
    pub kind: SectionKind,
    /// What it is, as the reference names it.
    pub what: &'static str,
}

/// One jurisdiction's motor-vehicle code (a row of `reference/law/vehicle-codes.json`).
#[derive(Debug)]
pub struct VehicleCode {
    /// Two-letter code of the jurisdiction.
    pub state: &'static str,
    pub name: &'static str,
    pub code_name: &'static str,
    pub confidence: Confidence,
    /// Words that decorate a citation (`SDCL`, `RSMO`, `O S`): dropped from the key, and
    /// what marks a number inside charge text as a citation.
    pub labels: &'static [&'static str],
    /// Labels that name one code among several (`CVC` -> `VC`), kept in the key.
    pub code_labels: &'static [(&'static str, &'static str)],
    /// Whether `N.N` after a section number is another section (`20-138.1`), not a subdivision
    /// of it (New York's `VTL 1192.3`, Minnesota's `169A.20.1`).
    pub decimal_sections: bool,
    /// Keys shaped like a statute of this jurisdiction, in any of its codes.
    pub statutes: &'static [&'static str],
    /// Keys inside the motor-vehicle code.
    pub vehicle_code: &'static [&'static str],
    /// Listed sections: serious offences (inside or outside the code), not-serious look-alikes,
    /// and parts that are not road traffic. The longest match wins.
    pub sections: &'static [Section],
    /// The reference's citation formats (test vectors).
    #[cfg(test)]
    pub formats: &'static [&'static str],
    /// The reference's look-alikes that are not the vehicle code (test vectors).
    #[cfg(test)]
    pub not_vehicle: &'static [&'static str],
    #[cfg(test)]
    pub sources: &'static [&'static str],
}

const fn sec(kind: SectionKind, key: &'static str, what: &'static str) -> Section {
    Section { key, kind, what }
}

include!(concat!(env!("OUT_DIR"), "/vehicle_codes.rs"));
