//! The facts about one charge that rules read: its class, its dates, the as-of date, and which
//! jurisdictions apply (court, applicant, customer, local place).

use chrono::NaiveDate;

use crate::classify::{CanonicalDisposition, DispositionClass, SeverityLevel, TrafficKind};
use crate::dates::{Iso, parse_iso, years_before};
use crate::model::{Case, Offense};

use super::DataGap;
use super::catalog::Place;
use super::charge_words::ChargeWords;

/// Which date a lookback counts from, and which field supplied it (for rationales and issues).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dated {
    pub date: NaiveDate,
    pub field: &'static str,
}

/// The date the state windows count from (docs/decisions.md §7.2): the latest of `disposition_date` and,
/// after a custodial sentence, `sentence.release_date`. No other field stands in for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaterDate {
    /// Every date it is the latest of is on record.
    Known(Dated),
    /// `gaps` names the missing dates; the clock cannot be earlier than `floor`, the latest date
    /// the record does give among the entry, incarceration, disposition and release dates.
    Missing {
        gaps: &'static [DataGap],
        floor: Option<Dated>,
    },
}

impl LaterDate {
    pub fn known(self) -> Option<Dated> {
        match self {
            LaterDate::Known(d) => Some(d),
            LaterDate::Missing { .. } => None,
        }
    }
}

/// What the record says about time in custody (HI excludes it from its windows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Custody {
    /// A release date is recorded (it is part of the conviction clock).
    Released,
    /// A sentence block is present and records no custody.
    NoneRecorded,
    /// No sentence block, or custody without a release date.
    Unknown,
}

/// A state code as the record gives it (two bytes, upper-cased), held by value so the facts of a
/// charge copy without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateCode([u8; 2]);

impl StateCode {
    /// `text` as a code, when it is two bytes long.
    pub fn new(text: &str) -> Option<StateCode> {
        <[u8; 2]>::try_from(text.as_bytes()).ok().map(StateCode)
    }

    pub fn as_bytes(&self) -> &[u8; 2] {
        &self.0
    }

    pub fn as_str(&self) -> &str {
        // Two bytes taken whole from a `str` (two ASCII letters or one two-byte character).
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChargeFacts {
    pub as_of: NaiveDate,
    pub class: DispositionClass,
    pub canonical: CanonicalDisposition,
    pub traffic: TrafficKind,
    /// The case's `jurisdiction_state` (the court's state).
    pub state: Option<StateCode>,
    /// Where the candidate will work (employer-use limits and CRA statutes).
    pub applicant_state: Option<StateCode>,
    /// The client's headquarters or work state (CRA statutes).
    pub customer_state: Option<StateCode>,
    /// A place with local rules, from the court's `search_jurisdiction`.
    pub place: Option<Place>,
    pub level: SeverityLevel,
    pub juvenile: bool,
    /// The charge text or statute names marijuana / cannabis.
    pub marijuana: bool,
    /// ... and reads as simple possession.
    pub marijuana_possession: bool,
    /// Driving while ability impaired or loitering for prostitution (NY CPL 160.55 exceptions).
    pub dwai_or_loitering: bool,
    /// MA 151B 4(9)(ii) offenses: drunkenness, simple assault, affray, disturbing the peace.
    pub minor_misdemeanor_ma: bool,
    /// The subject's date of birth (full dates only): the case subject's.
    pub subject_dob: Option<NaiveDate>,
    pub custody: Custody,
    /// docs/decisions.md §7.2: `arrest_date`, else `charge_date`, else `file_date`.
    pub entry: Option<Dated>,
    /// Latest of `disposition_date` and `sentence.release_date` (state conviction lookbacks), or
    /// what bounds it when a date it needs is missing.
    pub conviction_clock: LaterDate,
    /// A disposition or release date is on record: the charge is no longer pending.
    pub outcome_dated: bool,
    pub is_serving: bool,
    pub annual_salary: Option<f64>,
    /// The charge is one reading of a record state that reads two ways (docs/decisions.md §15), tried
    /// by the evaluator: it is not read again.
    pub reading_tried: bool,
}

/// The case subject's date of birth, when the record gives a usable one.
pub fn subject_dob(case: &Case) -> Option<NaiveDate> {
    parse_iso(case.subject.dob.trim())
}

impl ChargeFacts {
    pub fn new(
        as_of: NaiveDate,
        case: &Case,
        offense: &Offense,
        annual_salary: Option<f64>,
    ) -> ChargeFacts {
        Self::in_case(as_of, case, subject_dob(case), offense, annual_salary)
    }

    /// [`ChargeFacts::new`] with the case's [`subject_dob`] read once for all its charges.
    pub fn in_case(
        as_of: NaiveDate,
        case: &Case,
        subject_dob: Option<NaiveDate>,
        offense: &Offense,
        annual_salary: Option<f64>,
    ) -> ChargeFacts {
        let date = |v: &Option<Iso>, field| v.map(|Iso(date)| Dated { date, field });
        let entry = date(&offense.dates.arrest_date, "arrest_date")
            .or_else(|| date(&offense.dates.charge_date, "charge_date"))
            .or_else(|| date(&case.file_date, "file_date"));
        let sentence = offense.sentence.as_ref();
        let release = sentence.and_then(|s| date(&s.release_date, "release_date"));
        let disposed = date(&offense.dates.disposition_date, "disposition_date");
        let filled = |v: &Option<String>| v.as_deref().is_some_and(|t| !t.trim().is_empty());
        let custodial = sentence.is_some_and(|s| {
            s.incarceration_date.is_some() || filled(&s.jail_time) || filled(&s.prison_time)
        });
        let is_serving = sentence.and_then(|s| s.is_serving).unwrap_or(false);
        // A custodial sentence served to its end counts from release, which the record lacks.
        let release_missing = custodial && release.is_none() && !is_serving;
        let incarcerated = sentence.and_then(|s| date(&s.incarceration_date, "incarceration_date"));
        let conviction_clock = match (disposed, release) {
            (Some(d), r) if !release_missing => LaterDate::Known(latest([Some(d), r]).unwrap_or(d)),
            (d, r) => LaterDate::Missing {
                gaps: match (d.is_none(), release_missing) {
                    (true, true) => &[DataGap::DispositionDate, DataGap::ReleaseDate],
                    (true, false) => &[DataGap::DispositionDate],
                    _ => &[DataGap::ReleaseDate],
                },
                floor: latest([d, r, incarcerated, entry]),
            },
        };
        let custody = match sentence {
            _ if release.is_some() => Custody::Released,
            Some(_) if custodial => Custody::Unknown,
            Some(_) => Custody::NoneRecorded,
            None => Custody::Unknown,
        };
        let words = ChargeWords::of(&offense.charge, offense.statute.as_deref().unwrap_or(""));
        ChargeFacts {
            as_of,
            class: offense.disposition_class.class,
            canonical: offense.disposition_class.canonical,
            traffic: offense.traffic,
            state: case.jurisdiction_state.as_deref().and_then(StateCode::new),
            applicant_state: None,
            customer_state: None,
            place: None,
            level: offense.severity.level,
            juvenile: offense.severity.juvenile,
            marijuana: words.marijuana,
            marijuana_possession: words.marijuana_possession,
            dwai_or_loitering: words.dwai_or_loitering,
            minor_misdemeanor_ma: words.minor_misdemeanor_ma,
            subject_dob,
            custody,
            entry,
            conviction_clock,
            outcome_dated: disposed.is_some() || release.is_some(),
            is_serving,
            annual_salary,
            reading_tried: false,
        }
    }

    /// Adds the parties whose state rules apply and the court's local place (docs/decisions.md §7.1).
    pub fn with_parties(
        mut self,
        applicant_state: Option<&str>,
        customer_state: Option<&str>,
        place: Option<Place>,
    ) -> ChargeFacts {
        let norm = |s: Option<&str>| {
            let code = StateCode::new(s?.trim())?;
            Some(StateCode(code.0.map(|b| b.to_ascii_uppercase())))
        };
        self.applicant_state = norm(applicant_state);
        self.customer_state = norm(customer_state);
        self.place = place;
        self
    }

    /// Salary exemptions are inclusive; an unknown salary is below every threshold.
    pub fn salary_at_least(&self, threshold: f64) -> bool {
        self.annual_salary.is_some_and(|s| s >= threshold)
    }

    /// Whether the subject is at least `years` old on the as-of date; `None` when the DOB is unknown.
    pub fn subject_at_least(&self, years: u32) -> Option<bool> {
        self.subject_dob
            .map(|dob| years_before(self.as_of, years).is_some_and(|limit| dob <= limit))
    }

    /// The distinct states whose rules may apply, court first, then applicant, then customer.
    pub fn states(&self) -> impl Iterator<Item = StateCode> {
        let all = [self.state, self.applicant_state, self.customer_state];
        (0..all.len()).filter_map(move |at| {
            let code = all.get(at).copied().flatten()?;
            (!all.get(..at).unwrap_or_default().contains(&Some(code))).then_some(code)
        })
    }
}

/// The latest of the dates given (the first of equal ones).
fn latest<const N: usize>(dates: [Option<Dated>; N]) -> Option<Dated> {
    dates
        .into_iter()
        .flatten()
        .fold(None, |best: Option<Dated>, d| match best {
            Some(b) if b.date >= d.date => Some(b),
            _ => Some(d),
        })
}
