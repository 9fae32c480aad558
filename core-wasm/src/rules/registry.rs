//! The registry of every rule table: the federal, general and system table (`table.rs`), one
//! table per jurisdiction (`states/`), local ordinances (`local.rs`) and client overlays
//! (`client.rs`). It lists them in catalogue order, finds a rule by id in the table its scope
//! puts it in, and versions the whole data set ([`RULES_VERSION`]: change any row and bump it,
//! the `rules_data_hash` test fails until you do).

use super::schema::{Rule, Scope};
use super::{client_table, local, states, table};
use crate::text_eq::text_eq;

/// Changes whenever any rule changes, so a decision can be traced to the law table it used.
#[cfg(not(feature = "rules-next"))]
pub const RULES_VERSION: &str = "2026.12.06-record-states.1";
/// The test-only `rules-next` variant (see `states/cra.rs`): a second, real module version for
/// the host's swap and diff tests. Never shipped.
#[cfg(feature = "rules-next")]
pub const RULES_VERSION: &str = "2026.12.06-record-states.1-next";

/// FNV-1a hash of every rule row (their `Debug` text) when [`RULES_VERSION`] was last set; the
/// `rules_data_hash` test fails when the data changes without a version bump.
pub const RULES_DATA_HASH: u64 = 3_328_499_877_825_864_318;

/// The hash [`RULES_DATA_HASH`] records.
pub fn rules_data_hash() -> u64 {
    let text = format!("{:?}", all_rules());
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Every rule the engine knows, in catalogue order: federal, general and system; the 56
/// jurisdictions in the law table's order; local ordinances; client overlays.
pub fn all_rules() -> Vec<&'static Rule> {
    let mut out: Vec<&'static Rule> = table::RULES.iter().collect();
    for code in states::CODES {
        out.extend(states::rules_for(code));
    }
    out.extend(local::RULES);
    out.extend(client_table::RULES);
    out
}

/// Looks a rule up by id (the first row when a rule has versions with different effective dates),
/// in the table the id's scope names.
pub fn rule(id: &str) -> Option<&'static Rule> {
    let (scope, jurisdiction) = scope_of(id);
    table_for(scope, jurisdiction)
        .iter()
        .find(|r| text_eq(r.id, id))
}

/// The table holding the rules of `scope` in `jurisdiction`.
pub fn table_for(scope: Scope, jurisdiction: &str) -> &'static [Rule] {
    match scope {
        Scope::Local => local::RULES,
        Scope::Client => client_table::RULES,
        Scope::Policy | Scope::System => table::RULES,
        Scope::CraStatute | Scope::EmployerUse if jurisdiction == "US" => table::RULES,
        Scope::CraStatute | Scope::EmployerUse => states::rules_for(jurisdiction),
    }
}

/// The scope and jurisdiction an id names by its prefix (docs/decisions.md §7.6: `FED_`, `GEN_`, `SYS_`,
/// `LOCAL_`, `CLIENT_`, or a two-letter code). A state's statutes and employer-use limits share
/// one table, so either scope finds them.
fn scope_of(id: &str) -> (Scope, &str) {
    // A byte scan, not `split`: the prefix is a few bytes, and each charge's citations look up
    // its rules (the `split` iterator cost more than the table search).
    let end = id.bytes().position(|b| b == b'_').unwrap_or(id.len());
    let prefix = id.get(..end).unwrap_or_default();
    match prefix {
        "LOCAL" => (Scope::Local, ""),
        "CLIENT" => (Scope::Client, "CLIENT"),
        "GEN" => (Scope::Policy, "GEN"),
        "SYS" => (Scope::System, "SYS"),
        "FED" => (Scope::CraStatute, "US"),
        state => (Scope::CraStatute, state),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::schema::Action;

    #[test]
    fn ids_are_upper_snake_case_with_known_prefixes_and_rows_are_distinct() {
        let all = all_rules();
        let mut keys: Vec<_> = all
            .iter()
            .map(|r| {
                format!(
                    "{} {:?} {:?} {:?}",
                    r.id, r.effective_from, r.category, r.classes
                )
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(
            keys.len(),
            all.len(),
            "two rows share an id, an effective_from, a category and classes"
        );
        for r in &all {
            let id = r.id;
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
                "{id}"
            );
            let prefixed = ["FED_", "GEN_", "SYS_", "LOCAL_", "CLIENT_"]
                .iter()
                .any(|p| id.starts_with(p));
            let state = id.as_bytes().get(2) == Some(&b'_') && id.get(..2) == Some(r.jurisdiction);
            assert!(
                prefixed || state,
                "{id} does not start with its jurisdiction"
            );
            assert!(rule(id).is_some(), "{id} cannot be looked up");
        }
    }

    #[test]
    fn every_rule_lives_in_the_table_its_scope_names() {
        for r in all_rules() {
            let table = table_for(r.scope, r.jurisdiction);
            assert!(
                table.iter().any(|row| std::ptr::eq(row, r)),
                "{} is not in the table of {:?} {}",
                r.id,
                r.scope,
                r.jurisdiction
            );
        }
    }

    #[test]
    fn statute_rules_carry_citations_and_firing_rules_carry_reasons() {
        for r in all_rules() {
            if matches!(
                r.scope,
                Scope::CraStatute | Scope::EmployerUse | Scope::Local
            ) {
                assert!(!r.citation.is_empty(), "{}", r.id);
            }
            if r.jurisdiction.len() == 2 && r.jurisdiction != "US" && r.action != Action::Notice {
                assert!(!r.reason.is_empty(), "{} fires but has no reason", r.id);
                assert!(
                    !r.classes.is_empty(),
                    "{} fires but applies to no class",
                    r.id
                );
            }
            assert!(!r.summary.is_empty(), "{}", r.id);
        }
    }

    /// Answers write rule ids and citations without the escape check (`Writer::code_text`).
    #[test]
    fn rule_ids_and_citations_need_no_json_escape() {
        for r in all_rules() {
            for text in [r.id, r.citation] {
                assert!(!crate::writer::needs_escape(text.as_bytes()), "{text}");
            }
        }
    }

    #[test]
    fn effective_dates_are_iso_dates_and_preemption_notes_exist() {
        for r in all_rules() {
            for d in [r.effective_from, r.effective_to].into_iter().flatten() {
                assert!(crate::dates::parse_iso(d).is_some(), "{}: {d}", r.id);
            }
            if let Some(p) = r.preemption_doubt {
                assert!(rule(p).is_some(), "{}: unknown preemption rule {p}", r.id);
            }
        }
    }
}
