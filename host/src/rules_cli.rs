//! `lookback rules`: the rule catalogue from the same data the engine evaluates with
//! (`lookback_core::rules::all_rules`), as text or JSON, optionally for one jurisdiction.

use std::io::Write as _;
use std::process::ExitCode;

use lookback_core::rules::{RULES_VERSION, Rule, all_rules};
use serde::Serialize;

use crate::config::RulesArgs;

/// One catalogue row as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// Stable rule id.
    pub id: &'static str,
    /// Jurisdiction code or place.
    pub jurisdiction: &'static str,
    /// Plain-words summary.
    pub summary: String,
    /// Statute or source; empty for policy and system rules.
    pub citation: &'static str,
    /// `high`, `medium` or `low`.
    pub confidence: &'static str,
    /// First day the row is in force (compared with `search_date`), if limited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effective_from: Option<&'static str>,
    /// Last day the row is in force, if limited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effective_to: Option<&'static str>,
}

impl Listed {
    fn new(r: &Rule) -> Self {
        Self {
            id: r.id,
            jurisdiction: r.jurisdiction,
            summary: r.summary.split_whitespace().collect::<Vec<_>>().join(" "),
            citation: r.citation,
            confidence: r.confidence.as_str(),
            effective_from: r.effective_from,
            effective_to: r.effective_to,
        }
    }
}

/// The catalogue rows, in catalogue order, for `jurisdiction` (all when `None`).
pub fn list(jurisdiction: Option<&str>) -> Vec<Listed> {
    all_rules()
        .into_iter()
        .filter(|r| jurisdiction.is_none_or(|j| r.jurisdiction.eq_ignore_ascii_case(j.trim())))
        .map(Listed::new)
        .collect()
}

/// Prints the listing; exit 1 (with a message on standard error) when the jurisdiction has no rules.
pub fn run(args: &RulesArgs) -> anyhow::Result<ExitCode> {
    let rows = list(args.jurisdiction.as_deref());
    if rows.is_empty() {
        eprintln!(
            "lookback: no rules for jurisdiction {:?}; use a two-letter code, US, GEN, SYS, CLIENT or a place name",
            args.jurisdiction.as_deref().unwrap_or_default()
        );
        return Ok(ExitCode::from(1));
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        #[derive(Serialize)]
        struct Listing<'a> {
            rules_version: &'static str,
            rules: &'a [Listed],
        }
        serde_json::to_writer_pretty(
            &mut out,
            &Listing {
                rules_version: RULES_VERSION,
                rules: &rows,
            },
        )?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "# rules_version {RULES_VERSION}, {} rows\nid\tjurisdiction\tconfidence\tsummary\tcitation",
            rows.len()
        )?;
        for r in &rows {
            let citation = if r.citation.is_empty() {
                "-"
            } else {
                r.citation
            };
            writeln!(
                out,
                "{}\t{}\t{}\t{}\t{citation}",
                r.id, r.jurisdiction, r.confidence, r.summary
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
