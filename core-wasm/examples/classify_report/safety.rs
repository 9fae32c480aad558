//! `--check`: the issue-21 targets in the direction that hides a record, as a gate for CI.
//!
//! Only a `minor` reading makes a charge NOT_REPORTABLE, so a serious or non-traffic row read
//! minor hides a reportable record, and a conviction read as a non-conviction (or the reverse)
//! decides the wrong way. Those shares must stay within the targets on every state left
//! out; shares are compared as the report prints them (one decimal), so South Dakota's 7 of 1,390
//! rules of the road numbered outside title 32 (labelled `none`, read minor: 0.5 %) pass as the
//! tables say. Accuracy targets (minor read minor) are reported, not gated: they are missed on
//! held-out text by design of the caution (docs/classify-report.md).

use crate::Mode;
use crate::rows::Class;

/// The most a class may be read `minor`, in tenths of a percent, by what the charge is sent with.
fn minor_limit(mode: Mode, class: Class) -> Option<u32> {
    match (mode, class) {
        (_, Class::Minor) => None,
        (_, Class::Serious) => Some(0),
        (Mode::Statute, Class::None) => Some(2),
        (Mode::Level | Mode::Text, Class::None) => Some(5),
    }
}

/// `n` of `of` in tenths of a percent, rounded half up as the report prints it.
fn tenths(n: u32, of: u32) -> u32 {
    if of == 0 {
        return 0;
    }
    (2000 * u64::from(n) / u64::from(of)).div_ceil(2) as u32
}

/// The violation, if a (state, mode, class) cell reads more rows minor than its target allows.
pub fn minor_reading(
    state: &str,
    mode: Mode,
    class: Class,
    minor: u32,
    rows: u32,
) -> Option<String> {
    let limit = minor_limit(mode, class)?;
    let share = tenths(minor, rows);
    (share > limit).then(|| {
        format!(
            "{state}, {}, {}: {minor} of {rows} read minor ({}.{} %), over the {}.{} % target",
            mode.name(),
            class.name(),
            share / 10,
            share % 10,
            limit / 10,
            limit % 10
        )
    })
}

/// The violation, if any disposition of a source was read in the conviction direction wrongly.
pub fn wrong_way(source: &str, wrong: u32, rows: u32) -> Option<String> {
    (wrong > 0).then(|| {
        format!("{source}: {wrong} of {rows} dispositions read in the wrong conviction direction")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_round_as_printed() {
        assert_eq!(tenths(7, 1390), 5); // 0.504 % prints 0.5 %
        assert_eq!(tenths(8, 1390), 6);
        assert_eq!(tenths(1, 2000), 1); // 0.05 % prints 0.1 %
        assert_eq!(tenths(0, 0), 0);
    }

    #[test]
    fn a_hidden_record_over_the_target_is_named() {
        assert!(minor_reading("SD", Mode::Text, Class::None, 7, 1390).is_none());
        assert!(minor_reading("SD", Mode::Text, Class::None, 8, 1390).is_some());
        assert!(minor_reading("CA", Mode::Statute, Class::None, 4, 1000).is_some());
        assert!(minor_reading("CA", Mode::Level, Class::Serious, 1, 68).is_some());
        assert!(minor_reading("CA", Mode::Text, Class::Minor, 405, 405).is_none());
        assert!(wrong_way("nc", 1, 39).is_some());
        assert!(wrong_way("nc", 0, 39).is_none());
    }
}
