//! The targets of the traffic reading, per development state left out and per mode, and the
//! `--check` gate CI runs (`scripts/test.sh`).
//!
//! Targets (leave-one-state-out, per state):
//! - with a statute: minor read minor >= 99 %, serious read serious >= 99 %, non-traffic read
//!   minor <= 0.2 %;
//! - with the level word: minor >= 95 %, non-traffic read minor <= 0.3 %;
//! - text only: minor >= 85 %, non-traffic read minor <= 0.5 %, no felony read minor;
//! - `unknown` at most 5 % of traffic charges (minor and serious rows) with a statute, 10 %
//!   without; a serious row is never read minor, in any mode.
//!
//! Every target in the direction that hides a record (a row read minor that is not minor
//! traffic) is gated on every state and on every held-back part. The accuracy and review-load
//! targets are gated on every state where they are met; where one is not met yet, `NOT_MET`
//! names it with the floor the engine does reach, and the gate holds that floor instead (so a
//! regression fails, and the report says the target is missed). Shares are compared in tenths
//! of a percent, rounded half up as the report prints them.

use crate::Mode;

/// What a target measures.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// Minor rows read minor (at least).
    MinorRight,
    /// Serious rows read serious (at least).
    SeriousRight,
    /// Non-traffic rows read minor (at most).
    NoneReadMinor,
    /// Serious rows read minor (at most).
    SeriousReadMinor,
    /// Rows whose level is a felony read minor from text alone (at most).
    FelonyReadMinor,
    /// `unknown` among traffic rows, minor and serious (at most).
    TrafficUnknown,
}

impl Measure {
    pub fn name(self) -> &'static str {
        match self {
            Measure::MinorRight => "minor read minor",
            Measure::SeriousRight => "serious read serious",
            Measure::NoneReadMinor => "non-traffic read minor",
            Measure::SeriousReadMinor => "serious read minor",
            Measure::FelonyReadMinor => "felony read minor (text only)",
            Measure::TrafficUnknown => "unknown among traffic rows",
        }
    }

    /// True for an upper limit (the direction that hides a record, or the review load).
    fn at_most(self) -> bool {
        !matches!(self, Measure::MinorRight | Measure::SeriousRight)
    }

    /// True when missing it would hide a record: never allowed below target.
    pub fn hides(self) -> bool {
        matches!(
            self,
            Measure::NoneReadMinor | Measure::SeriousReadMinor | Measure::FelonyReadMinor
        )
    }
}

/// The target for a mode and measure, in tenths of a percent.
pub fn target(mode: Mode, measure: Measure) -> Option<u32> {
    match (mode, measure) {
        (Mode::Statute, Measure::MinorRight) => Some(990),
        (Mode::Level, Measure::MinorRight) => Some(950),
        (Mode::Text, Measure::MinorRight) => Some(850),
        (Mode::Statute, Measure::SeriousRight) => Some(990),
        (Mode::Level | Mode::Text, Measure::SeriousRight) => None,
        (Mode::Statute, Measure::NoneReadMinor) => Some(2),
        (Mode::Level, Measure::NoneReadMinor) => Some(3),
        (Mode::Text, Measure::NoneReadMinor) => Some(5),
        (_, Measure::SeriousReadMinor) => Some(0),
        (Mode::Text, Measure::FelonyReadMinor) => Some(0),
        (Mode::Statute | Mode::Level, Measure::FelonyReadMinor) => None,
        (Mode::Statute, Measure::TrafficUnknown) => Some(50),
        (Mode::Level | Mode::Text, Measure::TrafficUnknown) => Some(100),
    }
}

/// Accuracy targets not met yet: (state, mode, measure, the floor the gate holds instead, in
/// tenths of a percent), each the figure reached rounded down to a whole percent. Only the
/// accuracy measures may stand here; the reasons are in `docs/classify-report.md`.
pub const NOT_MET: &[(&str, Mode, Measure, u32)] = &[
    // Clean-air stickers (VC 4463, false registration in the law table) and texts that name a
    // crime (altered plates, false papers, marijuana, throwing): not minor by docs/decisions.md §13.
    ("CA", Mode::Statute, Measure::MinorRight, 980),
    // 22 rows: two are driving while suspended (serious by docs/decisions.md §7.4) under sections the
    // law table does not list, one names a misrepresentation.
    ("FL", Mode::Statute, Measure::MinorRight, 900),
    ("FL", Mode::Level, Measure::MinorRight, 810),
    ("FL", Mode::Text, Measure::MinorRight, 810),
    // Logan carrier rules that name only a fine, explosives rules (a crime word), speeding "to
    // endanger", a carrier failing to stop for police (serious), two rules with no vehicle word.
    ("MA", Mode::Statute, Measure::MinorRight, 950),
];

/// `n` of `of` in tenths of a percent, rounded half up as the report prints it.
pub fn tenths(n: u32, of: u32) -> u32 {
    if of == 0 {
        return 0;
    }
    (2000 * u64::from(n) / u64::from(of)).div_ceil(2) as u32
}

pub fn shown(tenths: u32) -> String {
    format!("{}.{} %", tenths / 10, tenths % 10)
}

/// One target judged on one state (or held-back part) and mode.
pub struct Verdict {
    pub target: u32,
    pub share: u32,
    pub met: bool,
    /// The floor the gate holds instead, where the target is not met yet.
    pub floor: Option<u32>,
    /// The gate's complaint, if any.
    pub violation: Option<String>,
}

/// Judges `n` of `of` against the target of (mode, measure) on `state`; `whole` is false for a
/// held-back part, where only the hiding targets are gated.
pub fn judge(
    state: &str,
    part: &str,
    mode: Mode,
    measure: Measure,
    n: u32,
    of: u32,
) -> Option<Verdict> {
    let target = target(mode, measure)?;
    if of == 0 {
        return None;
    }
    let share = tenths(n, of);
    let met = if measure.at_most() {
        share <= target
    } else {
        share >= target
    };
    let whole = part == "whole";
    let floor = (!met && !measure.hides())
        .then(|| {
            NOT_MET
                .iter()
                .find(|(s, m, what, _)| *s == state && *m == mode && *what == measure)
                .map(|(.., floor)| *floor)
        })
        .flatten();
    let gated = measure.hides() || whole;
    let violation = (gated && !met)
        .then(|| match floor {
            Some(floor) if share >= floor => None,
            Some(floor) => Some(format!(
                "{state} {part}, {}, {}: {} of {of} ({}), below its floor {} (target {})",
                mode.name(),
                measure.name(),
                n,
                shown(share),
                shown(floor),
                shown(target)
            )),
            None => Some(format!(
                "{state} {part}, {}, {}: {} of {of} ({}), target {} {}",
                mode.name(),
                measure.name(),
                n,
                shown(share),
                if measure.at_most() {
                    "at most"
                } else {
                    "at least"
                },
                shown(target)
            )),
        })
        .flatten();
    Some(Verdict {
        target,
        share,
        met,
        floor,
        violation,
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
    fn a_hidden_record_over_the_target_is_named_on_any_part() {
        let v = |mode, measure, n, of, part| {
            judge("XX", part, mode, measure, n, of).and_then(|v| v.violation)
        };
        assert!(v(Mode::Text, Measure::NoneReadMinor, 5, 1000, "held back").is_none());
        assert!(v(Mode::Text, Measure::NoneReadMinor, 6, 1000, "held back").is_some());
        assert!(v(Mode::Statute, Measure::NoneReadMinor, 3, 1000, "whole").is_some());
        assert!(v(Mode::Level, Measure::NoneReadMinor, 3, 1000, "whole").is_none());
        assert!(v(Mode::Level, Measure::SeriousReadMinor, 1, 68, "whole").is_some());
        assert!(v(Mode::Text, Measure::FelonyReadMinor, 1, 900, "held back").is_some());
        assert!(wrong_way("nc", 1, 39).is_some());
        assert!(wrong_way("nc", 0, 39).is_none());
    }

    #[test]
    fn accuracy_is_gated_on_whole_states_only() {
        let v = |measure, n, of, part| {
            judge("XX", part, Mode::Level, measure, n, of).and_then(|v| v.violation)
        };
        assert!(v(Measure::MinorRight, 94, 100, "whole").is_some());
        assert!(v(Measure::MinorRight, 95, 100, "whole").is_none());
        assert!(v(Measure::MinorRight, 80, 100, "held back").is_none());
        assert!(v(Measure::TrafficUnknown, 11, 100, "whole").is_some());
    }
}
