//! Why a rule found what it did, kept as the facts its sentence is made of and written only when
//! the answer is (`Display`): deciding a charge composes no text. Each variant writes the words
//! the `format!` it replaced wrote.

use std::fmt;

use chrono::NaiveDate;

use crate::dates::Iso;

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
    /// No words of its own: the finding is cited, and what it found is said in another
    /// finding's composed reason (each reading of a record state that reads two ways).
    Folded,

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
    /// A record-state row below high confidence that bars all the same (docs/decisions.md §15).
    Confidence {
        rule: &'static str,
        confidence: &'static str,
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

impl Reason {
    /// The clause, piece by piece onto `out`: the rationale writes it straight into the answer,
    /// and through `write!` each reason went through a formatter (a few hundred instructions).
    pub(crate) fn compose<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        use Piece::{At, Day, Gaps, Number, Words as W};
        use Reason as R;
        let (lead, pieces): (&str, &[Piece]) = match self {
            R::Words(words) => (words, &[]),
            R::Composed(text) => (text, &[]),
            R::Folded => ("", &[]),
            R::NonConvictionWithin(e) => (
                "a non-conviction from ",
                &[Day(e.date), W(" ("), W(e.field), W(") is within 7 years")],
            ),
            R::NonConvictionLifted(e) => (
                "the 7-year limit from ",
                &[
                    Day(e.date),
                    W(" ("),
                    W(e.field),
                    W(") is lifted by the salary"),
                ],
            ),
            R::NonConvictionOlder(e) => (
                "a non-conviction from ",
                &[
                    Day(e.date),
                    W(" ("),
                    W(e.field),
                    W(") is older than 7 years"),
                ],
            ),
            R::PendingWithin(e) => (
                "a pending charge from ",
                &[Day(e.date), W(" ("), W(e.field), W(") is within 7 years")],
            ),
            R::PendingLifted(date) => (
                "a charge pending since ",
                &[Day(*date), W(" is reportable at this salary")],
            ),
            R::PendingOpenQuestion(date) => (
                "a charge still pending since ",
                &[Day(*date), W(" (over 7 years) is an open legal question")],
            ),
            R::Unsure { rule, gap } => (
                rule,
                &[
                    W(", and the "),
                    W(gap.words()),
                    W(" needed to tell is unknown"),
                ],
            ),
            R::AgeUnknown { rule } => (rule, &[W(", and the subject's age is unknown")]),
            R::Confidence { rule, confidence } => (
                rule,
                &[
                    W(" (the law table rates this row's confidence "),
                    W(confidence),
                    W(
                        "; when in doubt whether relief forbids reporting, the record is not reported)",
                    ),
                ],
            ),
            R::PreemptionDisputed { jurisdiction } => (
                "the ",
                &[
                    W(jurisdiction),
                    W(" rule is applied although its preemption by the FCRA is disputed"),
                ],
            ),
            R::Serving { window } => (
                "within ",
                &[W(window), W(": the sentence is still being served")],
            ),
            R::Within { window, at } => ("within ", &[W(window), W(" ("), At(at), W(")")]),
            R::LiftedPast { window, at } => (
                window,
                &[
                    W(" is lifted by the salary (past it since "),
                    At(at),
                    W(")"),
                ],
            ),
            R::Lifted { window } => (window, &[W(" is lifted by the salary")]),
            R::WithinWhateverMissing {
                window,
                missing,
                floor,
            } => (
                "within ",
                &[
                    W(window),
                    W(" whatever the missing "),
                    Gaps(missing),
                    W(" is (it cannot be earlier than "),
                    At(floor),
                    W(")"),
                ],
            ),
            R::FloorPast {
                window,
                missing,
                floor,
            } => (
                window,
                &[
                    W(": the "),
                    Gaps(missing),
                    W(" it counts from is missing, and the "),
                    At(floor),
                    W(" it cannot be earlier than is past the window"),
                ],
            ),
            R::NoEntryDate { window } => (
                window,
                &[W(
                    " needs an arrest, charge or file date and none is usable",
                )],
            ),
            R::DateMissing { window, missing } => (
                window,
                &[W(": the "), Gaps(missing), W(" it counts from is missing")],
            ),
            R::PastCustodyUnknown { window, at } => (
                "past ",
                &[
                    W(window),
                    W(" counted from "),
                    At(at),
                    W(", but time in custody, which does not count, is not known"),
                ],
            ),
            R::PastUnsure { window, at, gap } => (
                "past ",
                &[
                    W(window),
                    W(" ("),
                    At(at),
                    W("), but the "),
                    W(gap.words()),
                    W(" needed to tell is unknown"),
                ],
            ),
            R::Past { window, at } => ("past ", &[W(window), W(" ("), At(at), W(")")]),
            R::ClientNeverReports { category } => ("the client never reports ", &[W(category)]),
            R::ClientNeverReportsLevelUnknown { category } => (
                "the client never reports ",
                &[
                    W(category),
                    W(", and the charge level needed to tell is unknown"),
                ],
            ),
            R::ClientOlderThan { what, years, at } => (
                "the client does not report ",
                &[
                    W(what),
                    W(" older than "),
                    Number(*years),
                    W(" years ("),
                    At(at),
                    W(")"),
                ],
            ),
            R::ClientDateMissing { what, years } => (
                "the client does not report ",
                &[
                    W(what),
                    W(" older than "),
                    Number(*years),
                    W(" years, and the date it counts from is missing"),
                ],
            ),
        };
        out.write_str(lead)?;
        pieces.iter().try_for_each(|piece| piece.compose(out))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.compose(f)
    }
}

/// A piece of a reason's clause after its first words.
enum Piece<'a> {
    Words(&'a str),
    Day(NaiveDate),
    /// A record date as a reason names it: the field, then the date (`disposition_date
    /// 2019-04-02`).
    At(&'a Dated),
    /// Missing values joined with ` and ` (`disposition date and release date`).
    Gaps(&'a [DataGap]),
    Number(u32),
}

impl Piece<'_> {
    fn compose<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        match self {
            Piece::Words(words) => out.write_str(words),
            Piece::Day(date) => Iso(*date).compose(out),
            Piece::At(at) => {
                out.write_str(at.field)?;
                out.write_str(" ")?;
                Iso(at.date).compose(out)
            }
            Piece::Gaps(gaps) => {
                for (i, gap) in gaps.iter().enumerate() {
                    if i > 0 {
                        out.write_str(" and ")?;
                    }
                    out.write_str(gap.words())?;
                }
                Ok(())
            }
            Piece::Number(n) => out.write_str(itoa::Buffer::new().format(*n)),
        }
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
                Reason::Confidence {
                    rule: "R",
                    confidence: "low",
                },
                "R (the law table rates this row's confidence low; when in doubt whether relief forbids \
                 reporting, the record is not reported)",
            ),
            (Reason::Folded, ""),
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
