//! Why a rule found what it did, kept as the facts its sentence is made of and written only when
//! the answer is (`Display`): deciding a charge composes no text. Each variant writes the words
//! the `format!` it replaced wrote.

use std::fmt;

use chrono::NaiveDate;

use crate::parse::dates::Iso;

use super::data_gap::DataGap;
use super::facts::Dated;

/// The clause a finding gives for the rationale. `window` is a lookback rule's own words (its
/// `reason`, e.g. `the 7-year window for convictions`).
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// Words as they stand: a rule's own, or a fixed clause.
    Words(&'static str),
    /// Text composed elsewhere, for the rare finding no variant fits (a bar restated for each
    /// value a missing one could have).
    Composed(String),

    // The federal clock (15 U.S.C. 1681c), counted from the date of entry.
    NonConvictionWithin(Dated),
    NonConvictionLifted(Dated),
    NonConvictionOlder(Dated),
    PendingWithin(Dated),
    PendingLifted(NaiveDate),
    PendingOpenQuestion(NaiveDate),

    // A state or local row.
    /// The row's category turns on a value the record lacks.
    Unsure {
        rule: &'static str,
        gap: DataGap,
    },
    AgeUnknown {
        rule: &'static str,
    },
    PreemptionDisputed {
        jurisdiction: &'static str,
    },

    // A lookback row.
    Serving {
        window: &'static str,
    },
    Within {
        window: &'static str,
        at: Dated,
    },
    LiftedPast {
        window: &'static str,
        at: Dated,
    },
    Lifted {
        window: &'static str,
    },
    /// The date counted from is missing; the date it cannot precede (`floor`) is inside.
    WithinWhateverMissing {
        window: &'static str,
        missing: &'static [DataGap],
        floor: Dated,
    },
    FloorPast {
        window: &'static str,
        missing: &'static [DataGap],
        floor: Dated,
    },
    NoEntryDate {
        window: &'static str,
    },
    DateMissing {
        window: &'static str,
        missing: &'static [DataGap],
    },
    PastCustodyUnknown {
        window: &'static str,
        at: Dated,
    },
    PastUnsure {
        window: &'static str,
        at: Dated,
        gap: DataGap,
    },
    Past {
        window: &'static str,
        at: Dated,
    },

    // The tenant's overlay.
    ClientNeverReports {
        category: &'static str,
    },
    ClientNeverReportsLevelUnknown {
        category: &'static str,
    },
    ClientOlderThan {
        what: &'static str,
        years: u32,
        at: Dated,
    },
    ClientDateMissing {
        what: &'static str,
        years: u32,
    },
}

impl From<&'static str> for Reason {
    fn from(words: &'static str) -> Reason {
        Reason::Words(words)
    }
}

impl From<String> for Reason {
    fn from(text: String) -> Reason {
        Reason::Composed(text)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Reason as R;
        match self {
            R::Words(words) => f.write_str(words),
            R::Composed(text) => f.write_str(text),
            R::NonConvictionWithin(e) => write!(
                f,
                "a non-conviction from {} ({}) is within 7 years",
                Iso(e.date),
                e.field
            ),
            R::NonConvictionLifted(e) => write!(
                f,
                "the 7-year limit from {} ({}) is lifted by the salary",
                Iso(e.date),
                e.field
            ),
            R::NonConvictionOlder(e) => write!(
                f,
                "a non-conviction from {} ({}) is older than 7 years",
                Iso(e.date),
                e.field
            ),
            R::PendingWithin(e) => write!(
                f,
                "a pending charge from {} ({}) is within 7 years",
                Iso(e.date),
                e.field
            ),
            R::PendingLifted(date) => write!(
                f,
                "a charge pending since {} is reportable at this salary",
                Iso(*date)
            ),
            R::PendingOpenQuestion(date) => write!(
                f,
                "a charge still pending since {} (over 7 years) is an open legal question",
                Iso(*date)
            ),
            R::Unsure { rule, gap } => write!(
                f,
                "{rule}, and the {} needed to tell is unknown",
                gap.words()
            ),
            R::AgeUnknown { rule } => write!(f, "{rule}, and the subject's age is unknown"),
            R::PreemptionDisputed { jurisdiction } => write!(
                f,
                "the {jurisdiction} rule is applied although its preemption by the FCRA is disputed"
            ),
            R::Serving { window } => {
                write!(f, "within {window}: the sentence is still being served")
            }
            R::Within { window, at } => write!(f, "within {window} ({})", At(at)),
            R::LiftedPast { window, at } => write!(
                f,
                "{window} is lifted by the salary (past it since {})",
                At(at)
            ),
            R::Lifted { window } => write!(f, "{window} is lifted by the salary"),
            R::WithinWhateverMissing {
                window,
                missing,
                floor,
            } => write!(
                f,
                "within {window} whatever the missing {} is (it cannot be earlier than {})",
                Missing(missing),
                At(floor)
            ),
            R::FloorPast {
                window,
                missing,
                floor,
            } => write!(
                f,
                "{window}: the {} it counts from is missing, and the {} it cannot be earlier than is past the window",
                Missing(missing),
                At(floor)
            ),
            R::NoEntryDate { window } => write!(
                f,
                "{window} needs an arrest, charge or file date and none is usable"
            ),
            R::DateMissing { window, missing } => write!(
                f,
                "{window}: the {} it counts from is missing",
                Missing(missing)
            ),
            R::PastCustodyUnknown { window, at } => write!(
                f,
                "past {window} counted from {}, but time in custody, which does not count, is not known",
                At(at)
            ),
            R::PastUnsure { window, at, gap } => write!(
                f,
                "past {window} ({}), but the {} needed to tell is unknown",
                At(at),
                gap.words()
            ),
            R::Past { window, at } => write!(f, "past {window} ({})", At(at)),
            R::ClientNeverReports { category } => {
                write!(f, "the client never reports {category}")
            }
            R::ClientNeverReportsLevelUnknown { category } => write!(
                f,
                "the client never reports {category}, and the charge level needed to tell is unknown"
            ),
            R::ClientOlderThan { what, years, at } => write!(
                f,
                "the client does not report {what} older than {years} years ({})",
                At(at)
            ),
            R::ClientDateMissing { what, years } => write!(
                f,
                "the client does not report {what} older than {years} years, and the date it counts from is missing"
            ),
        }
    }
}

/// A record date as a reason names it: the field, then the date (`disposition_date 2019-04-02`).
struct At<'a>(&'a Dated);

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.0.field, Iso(self.0.date))
    }
}

/// Missing values joined with ` and ` (`disposition date and release date`).
struct Missing<'a>(&'a [DataGap]);

impl fmt::Display for Missing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, gap) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            f.write_str(gap.words())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::{DataGap, Dated, Reason};

    /// Each variant reads word for word as the `format!` it replaced wrote it.
    #[test]
    fn each_reason_reads_as_before() {
        let date = NaiveDate::from_ymd_opt(2019, 4, 2).unwrap();
        let at = Dated {
            date,
            field: "disposition_date",
        };
        let floor = Dated {
            date,
            field: "arrest_date",
        };
        let window = "the 7-year window";
        let missing: &'static [DataGap] = &[DataGap::DispositionDate, DataGap::ReleaseDate];
        let cases: Vec<(Reason, &str)> = vec![
            (Reason::Words("as it stands"), "as it stands"),
            (Reason::Composed("made".into()), "made"),
            (
                Reason::NonConvictionWithin(floor),
                "a non-conviction from 2019-04-02 (arrest_date) is within 7 years",
            ),
            (
                Reason::NonConvictionLifted(floor),
                "the 7-year limit from 2019-04-02 (arrest_date) is lifted by the salary",
            ),
            (
                Reason::NonConvictionOlder(floor),
                "a non-conviction from 2019-04-02 (arrest_date) is older than 7 years",
            ),
            (
                Reason::PendingWithin(floor),
                "a pending charge from 2019-04-02 (arrest_date) is within 7 years",
            ),
            (
                Reason::PendingLifted(date),
                "a charge pending since 2019-04-02 is reportable at this salary",
            ),
            (
                Reason::PendingOpenQuestion(date),
                "a charge still pending since 2019-04-02 (over 7 years) is an open legal question",
            ),
            (
                Reason::Unsure {
                    rule: "R",
                    gap: DataGap::Level,
                },
                "R, and the charge level needed to tell is unknown",
            ),
            (
                Reason::AgeUnknown { rule: "R" },
                "R, and the subject's age is unknown",
            ),
            (
                Reason::PreemptionDisputed { jurisdiction: "TX" },
                "the TX rule is applied although its preemption by the FCRA is disputed",
            ),
            (
                Reason::Serving { window },
                "within the 7-year window: the sentence is still being served",
            ),
            (
                Reason::Within { window, at },
                "within the 7-year window (disposition_date 2019-04-02)",
            ),
            (
                Reason::LiftedPast { window, at },
                "the 7-year window is lifted by the salary (past it since disposition_date 2019-04-02)",
            ),
            (
                Reason::Lifted { window },
                "the 7-year window is lifted by the salary",
            ),
            (
                Reason::WithinWhateverMissing {
                    window,
                    missing,
                    floor,
                },
                "within the 7-year window whatever the missing disposition date and release date is (it cannot be earlier than arrest_date 2019-04-02)",
            ),
            (
                Reason::FloorPast {
                    window,
                    missing,
                    floor,
                },
                "the 7-year window: the disposition date and release date it counts from is missing, and the arrest_date 2019-04-02 it cannot be earlier than is past the window",
            ),
            (
                Reason::NoEntryDate { window },
                "the 7-year window needs an arrest, charge or file date and none is usable",
            ),
            (
                Reason::DateMissing {
                    window,
                    missing: &[DataGap::ReleaseDate],
                },
                "the 7-year window: the release date it counts from is missing",
            ),
            (
                Reason::PastCustodyUnknown { window, at },
                "past the 7-year window counted from disposition_date 2019-04-02, but time in custody, which does not count, is not known",
            ),
            (
                Reason::PastUnsure {
                    window,
                    at,
                    gap: DataGap::EntryDate,
                },
                "past the 7-year window (disposition_date 2019-04-02), but the date of entry needed to tell is unknown",
            ),
            (
                Reason::Past { window, at },
                "past the 7-year window (disposition_date 2019-04-02)",
            ),
            (
                Reason::ClientNeverReports {
                    category: "felonies",
                },
                "the client never reports felonies",
            ),
            (
                Reason::ClientNeverReportsLevelUnknown {
                    category: "felonies",
                },
                "the client never reports felonies, and the charge level needed to tell is unknown",
            ),
            (
                Reason::ClientOlderThan {
                    what: "convictions",
                    years: 7,
                    at,
                },
                "the client does not report convictions older than 7 years (disposition_date 2019-04-02)",
            ),
            (
                Reason::ClientDateMissing {
                    what: "convictions",
                    years: 7,
                },
                "the client does not report convictions older than 7 years, and the date it counts from is missing",
            ),
        ];
        for (reason, words) in cases {
            assert_eq!(reason.to_string(), words, "{reason:?}");
        }
    }
}
