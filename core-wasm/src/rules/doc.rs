//! `docs/rules.md`, generated from the rule data so the catalogue cannot drift from the engine.

use std::fmt::Write as _;

use crate::classify::{CanonicalDisposition, DispositionClass};

use super::Effect;
use super::catalog::{Action, Category, Clock, Confidence, Rule, Scope, Trigger};
use super::registry::{RULES_VERSION, all_rules};

pub fn markdown() -> String {
    let rules = all_rules();
    let mut out = String::new();
    let jurisdictions = {
        let mut j: Vec<&str> = rules.iter().map(|r| r.jurisdiction).collect();
        j.dedup();
        j.len()
    };
    let _ = writeln!(out, "# Rule catalogue\n");
    let _ = writeln!(
        out,
        "Generated from the engine's rule data by `lookback_core::rules::catalog_markdown()`; do not edit by hand.\n\
         Regenerate with `UPDATE_RULES_DOC=1 cargo test -p lookback-core rules_doc`.\n"
    );
    let _ = writeln!(
        out,
        "rules_version: `{RULES_VERSION}`; {} rule rows in {jurisdictions} groups.\n",
        rules.len()
    );
    let _ = writeln!(
        out,
        "Applies: who triggers it (any party = the court's, applicant's or customer's state; applicant = where the \
         report is used; court = the case's jurisdiction_state). Effect: what it does to the charges it covers. \
         Notice rows are catalogued duties or unverified items that never decide a charge.\n"
    );
    let _ = writeln!(
        out,
        "A window counts from the date its law names and from no other (docs/decisions.md §7.2): `entry` is `arrest_date`, \
         else `charge_date`, else `file_date`; `disposition/release` is the latest of `disposition_date` and, after \
         a custodial sentence, `release_date`. When that date is missing, a charge is inside the window only if the \
         latest date the record gives that it cannot precede is; otherwise a person decides. A row that covers some \
         levels only covers a charge whose type gives no level as it might (a bar becomes a review), and such a \
         charge is decided only when every level decides alike (docs/lookback.md).\n"
    );
    let mut current = "";
    for r in rules {
        if r.jurisdiction != current {
            current = r.jurisdiction;
            let _ = writeln!(out, "\n## {current}\n");
            let _ = writeln!(
                out,
                "| id | scope | applies | covers | effect | effective | summary | citation | confidence |"
            );
            let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
        }
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.id,
            scope(r.scope),
            trigger(r.trigger),
            covers(r),
            effect(r.action),
            effective(r),
            cell(r.summary),
            cell(if r.citation.is_empty() {
                "-"
            } else {
                r.citation
            }),
            confidence(r.confidence),
        );
    }
    out
}

pub(super) fn cell(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

fn scope(s: Scope) -> &'static str {
    match s {
        Scope::CraStatute => "cra_statute",
        Scope::EmployerUse => "employer_use",
        Scope::Policy => "policy",
        Scope::System => "system",
        Scope::Local => "local",
        Scope::Client => "client",
    }
}

pub(super) fn trigger(t: Trigger) -> &'static str {
    match t {
        Trigger::Always => "always",
        Trigger::AnyParty => "any party",
        Trigger::Applicant => "applicant",
        Trigger::Court => "court",
        Trigger::Local(_) => "court's place",
        Trigger::Client => "tenant overlay",
        Trigger::System => "system",
    }
}

fn covers(r: &Rule) -> String {
    let classes: Vec<&str> = r
        .classes
        .iter()
        .map(|c| match c {
            DispositionClass::Conviction => "convictions",
            DispositionClass::NonConviction => "non-convictions",
            DispositionClass::Pending => "pending",
            DispositionClass::Unknown => "unknown disposition",
        })
        .collect();
    let category = match r.category {
        Category::All => String::new(),
        Category::MarijuanaPossessionBefore(d) => {
            format!(" (marijuana possession entered before {d})")
        }
        Category::RecordState(states) => {
            let names: Vec<String> = states
                .iter()
                .map(|d| record_state_name(*d).to_string())
                .collect();
            format!(" ({})", names.join(", "))
        }
        other => format!(
            " ({})",
            format!("{other:?}")
                .chars()
                .fold(String::new(), |mut s, c| {
                    if c.is_uppercase() && !s.is_empty() {
                        s.push(' ');
                    }
                    s.push(c.to_ascii_lowercase());
                    s
                })
        ),
    };
    if classes.is_empty() {
        "-".to_string()
    } else {
        format!("{}{category}", classes.join(", "))
    }
}

pub(super) fn effect(a: Action) -> String {
    match a {
        Action::Permit => "permit".to_string(),
        Action::Bar => "bar".to_string(),
        Action::Review => "review".to_string(),
        Action::Notice => "notice".to_string(),
        Action::ReadsAs(class) => format!("reads as {} (note shown)", class.word()),
        Action::JuvenileUntilAge(age) => format!("bar once the subject is {age}"),
        Action::Lookback {
            window,
            clock,
            salary,
            outside,
        } => {
            let span = match (window.years, window.months) {
                (y, 0) => format!("{y}y"),
                (0, m) => format!("{m}mo"),
                (y, m) => format!("{y}y{m}mo"),
            };
            let from = match clock {
                Clock::Entry => "entry",
                Clock::Disposition => "disposition/release",
                Clock::OutOfCustody => "disposition/release, custody excluded",
            };
            let then = if outside == Effect::Review {
                "review"
            } else {
                "bar"
            };
            let lift = salary.map_or(String::new(), |s| format!(", lifted at ${}", thousands(s)));
            format!("{span} from {from}, then {then}{lift}")
        }
    }
}

fn thousands(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub(super) fn effective(r: &Rule) -> String {
    match (r.effective_from, r.effective_to) {
        (None, None) => "-".to_string(),
        (Some(f), None) => format!("from {f}"),
        (None, Some(t)) => format!("to {t}"),
        (Some(f), Some(t)) => format!("{f} to {t}"),
    }
}

fn confidence(c: Confidence) -> &'static str {
    match c {
        Confidence::High => "high",
        Confidence::Medium => "medium",
        Confidence::Low => "low",
    }
}

/// A record state as the catalogue names it: the canonical value in lower case, spaced.
pub(super) fn record_state_name(state: CanonicalDisposition) -> String {
    serde_json::to_value(state)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.to_lowercase().replace('_', " ")))
        .unwrap_or_default()
}
