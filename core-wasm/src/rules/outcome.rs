//! What rules say about one charge: each rule's [`Finding`], and the [`ChargeOutcome`] they
//! combine into (the most protective wins, docs/decisions.md §7.1).

use std::fmt;

use crate::model::{Reportability, RuleIds};

use super::data_gap::DataGap;
use super::reason::Reason;
use super::registry;
use super::schema::Effect;

/// One rule's finding on one charge; `reason` is a short clause for the rationale, written only
/// when the answer is.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub rule_id: &'static str,
    pub effect: Effect,
    pub reason: Reason,
    /// Set when missing or unusable data caused the review (`reportability_insufficient`).
    pub data_gap: Option<DataGap>,
}

impl Finding {
    pub fn new(rule_id: &'static str, effect: Effect, reason: impl Into<Reason>) -> Finding {
        Finding {
            rule_id,
            effect,
            reason: reason.into(),
            data_gap: None,
        }
    }

    pub fn data_gap(rule_id: &'static str, gap: DataGap, reason: impl Into<Reason>) -> Finding {
        Finding {
            rule_id,
            effect: Effect::Review,
            reason: reason.into(),
            data_gap: Some(gap),
        }
    }
}

/// What the strongest effect of a charge's findings makes it: a bar beats a review, which beats
/// a permit; no finding leaves it to a person.
pub fn reportability_of(strongest: Option<Effect>) -> Reportability {
    match strongest {
        Some(Effect::Bar) => Reportability::NotReportable,
        Some(Effect::Permit) => Reportability::Reportable,
        Some(Effect::Review) | None => Reportability::NotEnoughInfo,
    }
}

/// The combined result for one charge.
#[derive(Debug, Clone, PartialEq)]
pub struct ChargeOutcome {
    pub reportability: Reportability,
    pub reportability_insufficient: bool,
    /// Every finding, the decisive ones first.
    pub findings: Vec<Finding>,
    /// Every value a rule that applies needed and the record lacks, whether or not the decision
    /// could be made without it (docs/decisions.md §7.2); the validation report names each (§8).
    pub missing: Vec<DataGap>,
}

impl ChargeOutcome {
    /// A bar beats a review, which beats a permit: the most protective outcome wins.
    pub fn combine(findings: Vec<Finding>) -> ChargeOutcome {
        ChargeOutcome::combine_noting(findings, &[])
    }

    /// As [`ChargeOutcome::combine`], noting values rules needed although they decided without
    /// them (a window the charge is inside whatever its missing date).
    pub fn combine_noting(mut findings: Vec<Finding>, needed: &[DataGap]) -> ChargeOutcome {
        findings.sort_by_key(|f| std::cmp::Reverse(f.effect));
        let reportability = reportability_of(findings.first().map(|f| f.effect));
        let reportability_insufficient = reportability == Reportability::NotEnoughInfo
            && findings
                .iter()
                .any(|f| f.effect == Effect::Review && f.data_gap.is_some());
        let mut missing: Vec<DataGap> = Vec::new();
        for gap in needed
            .iter()
            .copied()
            .chain(findings.iter().filter_map(|f| f.data_gap))
        {
            if !missing.contains(&gap) {
                missing.push(gap);
            }
        }
        ChargeOutcome {
            reportability,
            reportability_insufficient,
            findings,
            missing,
        }
    }

    /// Rule ids in decisive order, without repeats.
    pub fn cited_rules(&self) -> RuleIds {
        let mut ids = RuleIds::new();
        for f in &self.findings {
            ids.add(f.rule_id);
        }
        ids
    }

    /// Statutes of the cited rules, without repeats; policy and system rules cite none.
    pub fn citations(&self) -> RuleIds {
        let mut out = RuleIds::new();
        for f in &self.findings {
            if let Some(rule) = registry::rule(f.rule_id)
                && !rule.citation.is_empty()
            {
                out.add(rule.citation);
            }
        }
        out
    }

    /// Whether a rule that applies needed this value and the record lacks it, whether or not
    /// the decision could be made without it (docs/decisions.md §7.2).
    pub fn has_gap(&self, gap: DataGap) -> bool {
        self.missing.contains(&gap)
    }

    /// The decisive reasons in plain words, joined into one clause.
    pub fn reason(&self) -> String {
        Reasons(&self.findings).to_string()
    }
}

/// The decisive reasons of findings (the decisive ones first) in plain words, joined into one
/// clause as they are written.
pub struct Reasons<'a>(pub &'a [Finding]);

impl Reasons<'_> {
    /// The decisive reasons joined with `; `, piece by piece onto `out`.
    pub(crate) fn compose<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        let decisive = self.0.first().map(|finding| finding.effect);
        let reasons = self.0.iter().filter(|finding| {
            Some(finding.effect) == decisive && !matches!(finding.reason, Reason::Folded)
        });
        for (i, finding) in reasons.enumerate() {
            if i > 0 {
                out.write_str("; ")?;
            }
            finding.reason.compose(out)?;
        }
        Ok(())
    }
}

impl fmt::Display for Reasons<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.compose(f)
    }
}
