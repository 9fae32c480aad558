//! What rules say about one charge: each rule's [`Finding`], and the [`ChargeOutcome`] they
//! combine into (the most protective wins, DECISIONS §7.1).

use crate::model::Reportability;

use super::registry;
use super::schema::Effect;

/// Which missing or unusable value made a rule ask for review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataGap {
    Disposition,
    EntryDate,
    /// A state lookback needs a disposition or release date.
    DispositionDate,
    Jurisdiction,
}

/// One rule's finding on one charge; `reason` is a short clause for the rationale.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub rule_id: &'static str,
    pub effect: Effect,
    pub reason: String,
    /// Set when missing or unusable data caused the review (`reportability_insufficient`).
    pub data_gap: Option<DataGap>,
}

impl Finding {
    pub fn new(rule_id: &'static str, effect: Effect, reason: impl Into<String>) -> Finding {
        Finding {
            rule_id,
            effect,
            reason: reason.into(),
            data_gap: None,
        }
    }

    pub fn data_gap(rule_id: &'static str, gap: DataGap, reason: impl Into<String>) -> Finding {
        Finding {
            rule_id,
            effect: Effect::Review,
            reason: reason.into(),
            data_gap: Some(gap),
        }
    }
}

/// The combined result for one charge.
#[derive(Debug, Clone, PartialEq)]
pub struct ChargeOutcome {
    pub reportability: Reportability,
    pub reportability_insufficient: bool,
    /// Every finding, the decisive ones first.
    pub findings: Vec<Finding>,
}

impl ChargeOutcome {
    /// A bar beats a review, which beats a permit: the most protective outcome wins.
    pub fn combine(mut findings: Vec<Finding>) -> ChargeOutcome {
        findings.sort_by_key(|f| std::cmp::Reverse(f.effect));
        let strongest = findings.first().map(|f| f.effect);
        let reportability = match strongest {
            Some(Effect::Bar) => Reportability::NotReportable,
            Some(Effect::Permit) => Reportability::Reportable,
            Some(Effect::Review) | None => Reportability::NotEnoughInfo,
        };
        let reportability_insufficient = reportability == Reportability::NotEnoughInfo
            && findings
                .iter()
                .any(|f| f.effect == Effect::Review && f.data_gap.is_some());
        ChargeOutcome {
            reportability,
            reportability_insufficient,
            findings,
        }
    }

    /// Rule ids in decisive order, without repeats.
    pub fn cited_rules(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for f in &self.findings {
            if !ids.iter().any(|i| i == f.rule_id) {
                ids.push(f.rule_id.to_string());
            }
        }
        ids
    }

    /// Statutes of the cited rules, without repeats; policy and system rules cite none.
    pub fn citations(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for f in &self.findings {
            if let Some(rule) = registry::rule(f.rule_id)
                && !rule.citation.is_empty()
                && !out.iter().any(|c| c == rule.citation)
            {
                out.push(rule.citation.to_string());
            }
        }
        out
    }

    /// Whether a rule asked for review because this value was missing.
    pub fn has_gap(&self, gap: DataGap) -> bool {
        self.findings
            .iter()
            .any(|f| f.effect == Effect::Review && f.data_gap == Some(gap))
    }

    /// The decisive reasons in plain words, joined into one clause.
    pub fn reason(&self) -> String {
        let decisive = self.findings.first().map(|f| f.effect);
        let reasons: Vec<&str> = self
            .findings
            .iter()
            .filter(|f| Some(f.effect) == decisive)
            .map(|f| f.reason.as_str())
            .collect();
        reasons.join("; ")
    }
}
