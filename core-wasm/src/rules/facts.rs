//! The facts about one charge that rules read: its class, its dates and the as-of date.

use chrono::NaiveDate;

use crate::model::{Case, Offense};
use crate::parse::classify::{CanonicalDisposition, DispositionClass, TrafficKind};
use crate::parse::dates::parse_iso;

/// Which date a lookback counts from, and which field supplied it (for rationales and issues).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dated {
    pub date: NaiveDate,
    pub field: &'static str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChargeFacts {
    pub as_of: NaiveDate,
    pub class: DispositionClass,
    pub canonical: CanonicalDisposition,
    pub traffic: TrafficKind,
    pub state: Option<String>,
    /// DECISIONS §7.2: `arrest_date`, else `charge_date`, else `file_date`.
    pub entry: Option<Dated>,
    /// Latest of `disposition_date` and `sentence.release_date` (state conviction lookbacks).
    pub conviction_clock: Option<Dated>,
    pub is_serving: bool,
    pub annual_salary: Option<f64>,
}

impl ChargeFacts {
    pub fn new(as_of: NaiveDate, case: &Case, offense: &Offense, annual_salary: Option<f64>) -> ChargeFacts {
        let date = |v: &Option<String>, field| v.as_deref().and_then(parse_iso).map(|date| Dated { date, field });
        let entry = date(&offense.dates.arrest_date, "arrest_date")
            .or_else(|| date(&offense.dates.charge_date, "charge_date"))
            .or_else(|| date(&case.file_date, "file_date"));
        let release = offense.sentence.as_ref().and_then(|s| date(&s.release_date, "release_date"));
        let disposed = date(&offense.dates.disposition_date, "disposition_date");
        let conviction_clock = match (disposed, release) {
            (Some(d), Some(r)) => Some(if r.date > d.date { r } else { d }),
            (d, r) => d.or(r),
        };
        ChargeFacts {
            as_of,
            class: offense.disposition_class.class,
            canonical: offense.disposition_class.canonical,
            traffic: offense.traffic,
            state: case.jurisdiction_state.clone(),
            entry,
            conviction_clock,
            is_serving: offense.sentence.as_ref().and_then(|s| s.is_serving).unwrap_or(false),
            annual_salary,
        }
    }

    /// Salary exemptions are inclusive; an unknown salary is below every threshold.
    pub fn salary_at_least(&self, threshold: f64) -> bool {
        self.annual_salary.is_some_and(|s| s >= threshold)
    }
}
