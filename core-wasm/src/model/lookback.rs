//! `offenses[].lookback` (docs/decisions.md §12): when a charge ages out, and which window decides it.

use serde::Serialize;

use crate::dates::Iso;

/// The time facts of one charge. Every field is null when no time limit decides the charge
/// (a conviction under federal law alone, a sealed record, a salary-exempt non-conviction).
///
/// - `rule`: the rule whose window (or effective date, or age limit) ends reportability;
/// - `clock_field`, `clock_date`: the record date that window counts from;
/// - `window_years` (and `window_months` when the window has a month part): its length;
/// - `boundary_date`: the window's start as of `search_date`: a `clock_date` on or after it is
///   inside, so the window is the span `boundary_date`..=`search_date`;
/// - `ages_out_on`: the first search date on which the charge is no longer reportable: after
///   `search_date` for a reportable charge (or one a person reviews because its disposition or
///   level is not known: the day every value it could take is barred), on or before it for one
///   that has already aged out.
///
/// An effective date or an age limit has no clock or window: only `rule` and `ages_out_on` are set.
///
/// When the date the deciding window counts from is missing from the record (docs/decisions.md §7.2),
/// `clock_field` names it and `clock_date` and `ages_out_on` are null: the record supports no
/// such date. `lower_bound` then gives what it does support, when it gives a date the missing
/// one cannot precede (absent otherwise).
///
/// - `windows`: every time window of the rules that apply to the charge (federal, state, local,
///   the client's), the deciding one included, in the order they close (ties in rule order);
///   empty when none applies. Filled even when no window decides the charge (a state bar whatever
///   the date leaves the federal window applying).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Lookback {
    pub rule: Option<&'static str>,
    pub clock_field: Option<&'static str>,
    pub clock_date: Option<Iso>,
    pub window_years: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_months: Option<u32>,
    pub boundary_date: Option<Iso>,
    pub ages_out_on: Option<Iso>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<LowerBound>,
    pub windows: Vec<LookbackWindow>,
}

/// What the record says about a missing clock date: the latest date it gives that the missing one
/// cannot precede (a disposition is never earlier than the arrest, a release never earlier than
/// the disposition), and the first search date on which the charge could be past the window
/// counted from it: the earliest it can age out, never the day it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LowerBound {
    pub clock_field: &'static str,
    pub clock_date: Iso,
    pub ages_out_not_before: Iso,
}

/// One time window that applies to a charge: the span `boundary_date`..=`search_date`, counted
/// from `clock_date` (null when the record lacks the date `clock_field` names).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LookbackWindow {
    pub rule: &'static str,
    pub clock_field: &'static str,
    pub clock_date: Option<Iso>,
    pub window_years: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_months: Option<u32>,
    pub boundary_date: Option<Iso>,
}
