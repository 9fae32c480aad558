//! Pre-initialisation: build every lazily built table once, so that a module snapshotted after
//! [`warm`] (runtime/build/preinit.rs) starts each fresh instance with them already in memory.
//!
//! The tables (classifier phrase indexes, abbreviations, nicknames, USPS suffixes) are `OnceLock`s
//! inside their modules. `warm` does not name them: it calls the public classifier and identity
//! entry points once with inputs that reach each of them, so a table added behind those entry
//! points is warmed too.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::classify;
use crate::identity::{self, AddressInput, Person, PersonName};

/// Set at the end of [`warm`]; a snapshot taken after it carries `true` in its memory.
static WARMED: AtomicBool = AtomicBool::new(false);

/// Whether this instance's tables were built by [`warm`] (in a pre-initialised module: before the
/// instance existed). `lookback_info` reports it as `preinitialized`.
pub fn is_warm() -> bool {
    WARMED.load(Ordering::Relaxed)
}

/// Builds every table; idempotent and deterministic.
pub fn warm() {
    let state = Some("GA");
    let disposition = classify::classify_disposition(Some("GUILTY"), state);
    let severity = classify::classify_severity(Some("MISDEMEANOR"), state);
    let text = classify::severity_from_charge_text("AGG ASSLT W/ DEADLY WPN");
    let traffic = classify::classify_traffic("SPEEDING 20 OVER", None, &severity);
    let key = classify::charge_match_key("DUI 1ST OFF");
    let normalized = classify::normalize_charge_text("POSS CS");
    // Different first names reach the nickname index; a one-line address with a suffix, a
    // directional, a unit and a state name reaches the USPS tables.
    let person = |first: &str, address: &str| Person {
        name: PersonName {
            first: first.to_owned().into(),
            middle: Default::default(),
            last: "SAMPLE".into(),
        },
        date_of_birth: Some("1980-05-01".into()),
        addresses: vec![AddressInput::SingleLine(address.to_owned().into())],
        ..Person::default()
    };
    let identity = identity::compare(
        Some(&person(
            "ROBERT",
            "12 North Main Street Apt 4, Springfield, Georgia 30301",
        )),
        &person("BOB", "12 N MAIN ST #4, SPRINGFIELD, GA 30301"),
        identity::DEFAULT_QUALIFYING_BP,
    );
    std::hint::black_box((disposition, text, traffic, key, normalized, identity));
    WARMED.store(true, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    #[test]
    fn warm_marks_the_instance_warm() {
        super::warm();
        assert!(super::is_warm());
        super::warm();
        assert!(super::is_warm());
    }
}
