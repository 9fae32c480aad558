//! Stage 3, compliance rules: each charge's facts go through every applicable rule; each rule that
//! has something to say returns a [`Finding`]; the most protective outcome wins (docs/decisions.md §7.1).

pub mod aging;
pub mod catalog;
mod charge_words;
pub mod client;
pub mod client_table;
pub mod data_gap;
pub mod facts;
pub mod federal;
pub mod local;
pub mod outcome;
pub mod reason;
pub mod registry;
pub mod routing;
pub mod schema;
pub mod states;
pub mod table;
mod trial;

mod evaluate;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_aging;
#[cfg(test)]
mod tests_boundaries;
#[cfg(test)]
mod tests_record_states;

pub use aging::{Workspace, time_facts, time_facts_in};
pub use client::ClientRules;
pub use data_gap::DataGap;
pub use evaluate::{evaluate_charge, evaluate_with};
pub use facts::ChargeFacts;
pub use outcome::{ChargeOutcome, Finding, Reasons};
pub use reason::Reason;
pub use registry::{RULES_VERSION, all_rules};
pub use schema::{Confidence, Effect, Rule};

/// The rule catalogue as a Markdown page (`docs/rules.md`), generated from the rule data.
pub fn catalog_markdown() -> String {
    doc::markdown()
}

/// The record states each jurisdiction names, the words read as them and the rules that decide
/// them (`docs/record-states.md`), generated from the rule rows and the disposition table.
pub fn record_states_markdown() -> String {
    doc_record_states::markdown()
}

mod doc;
mod doc_record_states;
