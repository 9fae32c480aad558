//! The one-sentence `rationale` of a charge: the decisive rule reasons plus what identity did.
//! It is kept as the facts it is made of and composed while the answer is written
//! (`Serialize` through `collect_str`): no sentence is built per charge before that.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::identity::{IdentityLevel, IdentityResult};
use crate::model::{Label, Reportability};
use crate::rules::{ChargeOutcome, Finding, Reasons};

/// Why a charge got its label, written as one sentence (`Display`).
#[derive(Debug, Clone, PartialEq)]
pub enum Rationale<'s> {
    /// What the rules and identity decided.
    Decided {
        reportability: Reportability,
        level: IdentityLevel,
        match_score: f64,
        /// Identity's conflicts, when they decided (`NotMatching`); empty otherwise.
        conflicts: Vec<&'static str>,
        /// The rules' findings, the decisive ones first.
        findings: Vec<Finding>,
    },
    /// The compliance stage failed (docs/decisions.md §3): no rule was applied.
    EngineFailed { reason: &'s str },
}

impl Rationale<'_> {
    /// The rationale of `label`, taking the findings of `outcome`.
    pub fn new(label: Label, outcome: ChargeOutcome, identity: &IdentityResult) -> Self {
        let level = identity.level;
        debug_assert!(
            outcome.reportability != Reportability::NotEnoughInfo
                || level == IdentityLevel::NotMatching
                || label == Label::ManualReview
        );
        let conflicts = if level == IdentityLevel::NotMatching {
            identity.conflicts.clone()
        } else {
            Vec::new()
        };
        Rationale::Decided {
            reportability: outcome.reportability,
            level,
            match_score: identity.match_score,
            conflicts,
            findings: outcome.findings,
        }
    }
}

impl Rationale<'_> {
    /// The sentence, piece by piece onto `out`: `Display` writes it through a formatter, the
    /// answer's writer straight into the answer (no formatter between it and each piece).
    pub(crate) fn compose<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        let (reportability, level, match_score, conflicts, findings) = match self {
            Rationale::EngineFailed { reason } => {
                out.write_str("Needs human review: the compliance engine failed (")?;
                out.write_str(reason)?;
                return out.write_str("), so no rule was applied.");
            }
            Rationale::Decided {
                reportability,
                level,
                match_score,
                conflicts,
                findings,
            } => (reportability, level, match_score, conflicts, findings),
        };
        let reason = Reasons(findings);
        // Piece by piece, not through `write!`: the sentence is composed for every charge, and
        // the pieces carry no width or precision for a format string to apply.
        match (reportability, level) {
            (Reportability::NotReportable, _) => {
                out.write_str("Not reportable: ")?;
                reason.compose(out)?;
                out.write_str(".")
            }
            (_, IdentityLevel::NotMatching) => {
                out.write_str("Not reportable to this candidate: the record conflicts with the candidate's identity (")?;
                joined(conflicts, out)?;
                out.write_str(").")
            }
            (Reportability::Reportable, IdentityLevel::High | IdentityLevel::Medium) => {
                out.write_str("Reportable: ")?;
                reason.compose(out)?;
                out.write_str("; identity ")?;
                out.write_str(level_words(*level))?;
                out.write_str(" (score ")?;
                two_decimals(*match_score, out)?;
                out.write_str("), so an auditor confirms before release.")
            }
            (Reportability::Reportable, IdentityLevel::NotEnoughInfo) => {
                out.write_str("Needs human review: ")?;
                reason.compose(out)?;
                out.write_str(", but identity data is too thin to attribute the record (score ")?;
                two_decimals(*match_score, out)?;
                out.write_str(").")
            }
            (Reportability::NotEnoughInfo, _) => {
                out.write_str("Needs human review: ")?;
                reason.compose(out)?;
                out.write_str(".")
            }
        }
    }
}

impl fmt::Display for Rationale<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.compose(f)
    }
}

impl Serialize for Rationale<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Words joined with `, `.
fn joined<W: fmt::Write>(words: &[&'static str], out: &mut W) -> fmt::Result {
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        out.write_str(word)?;
    }
    Ok(())
}

/// A score from 0 to 1 as `{:.2}` writes it, from its hundredths: `{:.2}` takes the exact
/// decimal route (~500 instructions a score). Any other value, and one within a hundredth of a
/// tie, where the product's rounding error could tip it, goes to `{:.2}` itself.
fn two_decimals<W: fmt::Write>(score: f64, out: &mut W) -> fmt::Result {
    let hundredths = score * 100.0;
    let rounded = hundredths.round();
    if !(score.is_sign_positive() && rounded <= 100.0 && (hundredths - rounded).abs() < 0.49) {
        return write!(out, "{score:.2}");
    }
    // 0 to 100, checked above.
    let n = rounded as u8;
    let digit = |d: u8| char::from(b'0' + d % 10);
    out.write_char(digit(n / 100))?;
    out.write_char('.')?;
    out.write_char(digit(n / 10))?;
    out.write_char(digit(n))
}

fn level_words(level: IdentityLevel) -> &'static str {
    match level {
        IdentityLevel::High => "high",
        IdentityLevel::Medium => "medium",
        IdentityLevel::NotEnoughInfo => "not enough info",
        IdentityLevel::NotMatching => "not matching",
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn two_decimals_text(score: f64) -> String {
        let mut out = String::new();
        let _ = two_decimals(score, &mut out);
        out
    }
    use crate::rules::Effect;

    #[test]
    fn two_decimals_are_written_as_format_writes_them() {
        for x in [
            0.0,
            -0.0,
            1.0,
            0.5,
            0.125,
            0.135,
            0.875,
            0.005,
            0.015,
            0.995,
            0.994999,
            1.004,
            1.005,
            -0.001,
            0.876,
            1e-300,
            99.0,
            f64::NAN,
            f64::INFINITY,
            f64::MIN_POSITIVE,
        ] {
            assert_eq!(two_decimals_text(x), format!("{x:.2}"), "{x}");
        }
    }

    proptest! {
        #[test]
        fn any_score_is_written_as_format_writes_it(x in any::<f64>(), unit in 0.0..=1.0f64, cents in 0u32..=100) {
            for x in [x, unit, f64::from(cents) / 100.0, f64::from(cents) / 100.0 + 0.005] {
                prop_assert_eq!(two_decimals_text(x), format!("{x:.2}"));
            }
        }
    }

    /// Each sentence reads word for word as the `format!`s it replaced wrote it.
    #[test]
    fn each_sentence_reads_as_before() {
        let findings = |effects: &[(&'static str, Effect)]| {
            (effects.iter())
                .map(|(reason, effect)| Finding::new("R", *effect, *reason))
                .collect::<Vec<_>>()
        };
        let decided = |reportability, level, conflicts: &[&'static str], found| {
            Rationale::Decided {
                reportability,
                level,
                match_score: 0.876,
                conflicts: conflicts.to_vec(),
                findings: found,
            }
            .to_string()
        };
        use IdentityLevel as I;
        use Reportability as R;
        let bars = findings(&[
            ("a", Effect::Bar),
            ("b", Effect::Bar),
            ("c", Effect::Permit),
        ]);
        assert_eq!(
            decided(R::NotReportable, I::High, &[], bars),
            "Not reportable: a; b."
        );
        let permit = || findings(&[("p", Effect::Permit)]);
        assert_eq!(
            decided(R::Reportable, I::NotMatching, &["NAME", "DOB"], permit()),
            "Not reportable to this candidate: the record conflicts with the candidate's identity (NAME, DOB)."
        );
        assert_eq!(
            decided(R::Reportable, I::Medium, &[], permit()),
            "Reportable: p; identity medium (score 0.88), so an auditor confirms before release."
        );
        assert_eq!(
            decided(R::Reportable, I::NotEnoughInfo, &[], permit()),
            "Needs human review: p, but identity data is too thin to attribute the record (score 0.88)."
        );
        let review = findings(&[("r", Effect::Review), ("s", Effect::Review)]);
        assert_eq!(
            decided(R::NotEnoughInfo, I::High, &[], review),
            "Needs human review: r; s."
        );
        assert_eq!(
            Rationale::EngineFailed { reason: "x" }.to_string(),
            "Needs human review: the compliance engine failed (x), so no rule was applied."
        );
    }
}
