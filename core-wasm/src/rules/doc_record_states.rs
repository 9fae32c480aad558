//! `docs/record-states.md`, generated from the rule rows and the disposition table: per
//! jurisdiction, each record state its law names (docs/decisions.md §15), the words read as it in that
//! state's court records, and the rule that decides it with its citation. The test
//! `record_states_doc_is_current` fails when the page and the data part.

use std::fmt::Write as _;

use crate::classify::{CanonicalDisposition, spellings_of};

use super::catalog::{Action, Category, FED_EXPUNGED_SEALED_NOT_REPORTABLE, RELIEF, Rule};
use super::doc::{cell, effect, effective, record_state_name};
use super::registry::rule;
use super::states;

/// The deferral states a row on deferrals covers; the bare names are what the page lists.
const DEFERRALS: &[CanonicalDisposition] = &[
    CanonicalDisposition::DeferredUnspecified,
    CanonicalDisposition::FirstOffenderDischarge,
];

pub fn markdown() -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Record states per jurisdiction\n");
    let _ = writeln!(
        out,
        "Generated from the rule rows and the disposition table by \
         `lookback_core::rules::record_states_markdown()`; do not edit by hand. Regenerate with \
         `UPDATE_RECORD_STATES_DOC=1 cargo test -p lookback-core record_states_doc`.\n\n\
         docs/decisions.md §15: the law table's own names for relief are vocabulary. A disposition that \
         names one is read as that record state, with the case's `jurisdiction_state` (a word that \
         means one thing in one state and another elsewhere is read with the state: \
         docs/charges.md A4), and the jurisdiction's row decides it, citing its own rule id beside \
         the federal one. Words are matched as `docs/lexicon.md` says (cleaned, upper case, whole \
         words, `*` a prefix); a deferral row covers the deferral's running, completed and \
         unspecified readings, of which the bare names are listed (completion and revocation words: \
         `docs/lexicon.md`). A deferral whose record does not say whether it is running or \
         completed, and a set-aside or pardon no applicable row settles, are decided only when both \
         readings agree (`GEN_RECORD_STATE_UNSETTLED`).\n"
    );
    every_jurisdiction(&mut out);
    for code in states::CODES {
        jurisdiction(&mut out, code);
    }
    out
}

fn every_jurisdiction(out: &mut String) {
    let _ = writeln!(out, "## Every jurisdiction\n");
    header(out);
    if let Some(r) = rule(FED_EXPUNGED_SEALED_NOT_REPORTABLE) {
        for state in RELIEF {
            row(out, r, *state, None);
        }
    }
    out.push('\n');
}

fn jurisdiction(out: &mut String, code: &str) {
    let _ = writeln!(out, "## {code}\n");
    let rows: Vec<&Rule> = states::rules_for(code)
        .iter()
        .filter(|r| r.action != Action::Notice)
        .filter(|r| matches!(r.category, Category::RecordState(_) | Category::Deferral))
        .collect();
    if rows.is_empty() {
        let _ = writeln!(
            out,
            "The law table names no record state of its own here; the federal row decides the \
             states above, and a deferral, set-aside or pardon is decided over its readings.\n"
        );
        return;
    }
    header(out);
    for r in rows {
        let states = match r.category {
            Category::RecordState(states) => states,
            _ => DEFERRALS,
        };
        for state in states {
            row(out, r, *state, Some(code));
        }
    }
    out.push('\n');
}

fn header(out: &mut String) {
    let _ = writeln!(
        out,
        "| record state | words read | rule | applies | effect | effective | citation | confidence |\n\
         |---|---|---|---|---|---|---|---|"
    );
}

/// One record state of one row: the words read as it in `code`'s court records (in any
/// jurisdiction's for `None`).
fn row(out: &mut String, r: &Rule, state: CanonicalDisposition, code: Option<&str>) {
    let words: Vec<String> = spellings_of(state, code)
        .into_iter()
        .map(|(words, id)| format!("{words} (`{id}`)"))
        .collect();
    let words = if words.is_empty() {
        "-".to_string()
    } else {
        words.join("; ")
    };
    let _ = writeln!(
        out,
        "| {} | {} | `{}` | {} | {} | {} | {} | {} |",
        record_state_name(state),
        words.replace('\n', " "),
        r.id,
        super::doc::trigger(r.trigger),
        effect(r.action),
        effective(r),
        cell(r.citation),
        r.confidence.as_str(),
    );
}
