//! Date of birth: parsing full and partial dates and the credit levels of docs/identity.md §5.

/// A parsed date of birth (docs/identity.md §5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dob {
    Full {
        y: u16,
        m: u8,
        d: u8,
    },
    /// Day unknown (`YYYY-MM-00`, `YYYY-MM-XX`, `YYYY-MM`).
    Month {
        y: u16,
        m: u8,
    },
    /// Month and day unknown (`YYYY-00-00`, `YYYY-XX-XX`, `YYYY`).
    Year {
        y: u16,
    },
    /// Empty, a sentinel word, a year before 1900 or the `1900-01-01` placeholder.
    Missing,
    /// Does not parse, or not a calendar date.
    Invalid,
}

/// Sentinel words meaning "not available" (compared after trim + uppercase).
const SENTINELS: [&str; 7] = [
    "UNKNOWN",
    "N/A",
    "NONE",
    "UNAVAILABLE",
    "NULL",
    "REDACTED",
    "NA",
];

/// Parse raw DOB text. Accepts `YYYY[-MM[-DD]]` with `00`/`XX` for unknown parts.
pub(crate) fn parse(raw: Option<&str>) -> Dob {
    let s = raw.unwrap_or("").trim();
    // Every sentinel starts with a letter: a date (most input) is not compared with the words.
    let sentinel = || {
        s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
            && SENTINELS.iter().any(|w| s.eq_ignore_ascii_case(w))
    };
    if s.is_empty() || sentinel() {
        return Dob::Missing;
    }
    let b = s.as_bytes();
    let Some(y) = b.get(..4).and_then(digits) else {
        return Dob::Invalid;
    };
    let part = |from: usize| -> Option<Option<u16>> {
        match b.get(from..) {
            None | Some([]) => Some(Some(0)),
            Some([b'-', x, z, rest @ ..]) if rest.is_empty() || rest.first() == Some(&b'-') => {
                if x.eq_ignore_ascii_case(&b'X') && z.eq_ignore_ascii_case(&b'X') {
                    Some(Some(0))
                } else {
                    digits(&[*x, *z]).map(Some)
                }
            }
            _ => None,
        }
    };
    // Shape: 4, 7 or 10 bytes.
    if !matches!(b.len(), 4 | 7 | 10) {
        return Dob::Invalid;
    }
    let (Some(Some(m)), Some(Some(d))) = (
        part(4),
        if b.len() == 10 {
            part(7)
        } else {
            Some(Some(0))
        },
    ) else {
        return Dob::Invalid;
    };
    if y < 1900 || s == "1900-01-01" {
        return Dob::Missing;
    }
    let (m, d) = (m as u8, d as u8);
    match (m, d) {
        (0, 0) => Dob::Year { y },
        (0, _) => Dob::Invalid,
        (13.., _) => Dob::Invalid,
        (_, 0) => Dob::Month { y, m },
        _ if d <= days_in_month(y, m) => Dob::Full { y, m, d },
        _ => Dob::Invalid,
    }
}

fn digits(b: &[u8]) -> Option<u16> {
    b.iter().try_fold(0u16, |acc, c| {
        c.is_ascii_digit().then(|| acc * 10 + u16::from(c - b'0'))
    })
}

fn days_in_month(y: u16, m: u8) -> u8 {
    match m {
        4 | 6 | 9 | 11 => 30,
        2 if (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400) => 29,
        2 => 28,
        _ => 31,
    }
}

/// True when the text is acceptable on the identity-match endpoint: empty, a sentinel
/// word, or `YYYY-MM-DD` (with `00`/`XX` unknown parts) naming a real date (docs/identity.md §5.1).
pub(crate) fn is_well_formed(raw: &str) -> bool {
    let s = raw.trim();
    if s.is_empty() || SENTINELS.iter().any(|w| s.eq_ignore_ascii_case(w)) {
        return true;
    }
    s.len() == 10 && parse(Some(s)) != Dob::Invalid
}

/// The DOB component (docs/identity.md §5.2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct DobScore {
    pub score: f64,
    pub desc: &'static str,
    pub conflict: bool,
    /// Too thin on its own (missing or partial): feeds `identity_insufficient` (docs/identity.md §9).
    pub thin: bool,
    pub partial: bool,
}

const fn out(
    score: f64,
    desc: &'static str,
    conflict: bool,
    thin: bool,
    partial: bool,
) -> DobScore {
    DobScore {
        score,
        desc,
        conflict,
        thin,
        partial,
    }
}

/// Score two raw dates of birth.
pub(crate) fn score(candidate: Option<&str>, record: Option<&str>) -> DobScore {
    score_parsed(parse(candidate), parse(record))
}

pub(crate) fn score_parsed(c: Dob, r: Dob) -> DobScore {
    use Dob::*;
    match (c, r) {
        (Missing | Invalid, _) | (_, Missing | Invalid) => {
            out(0.0, "DOB not available", false, true, false)
        }
        (
            Full {
                y: cy,
                m: cm,
                d: cd,
            },
            Full {
                y: ry,
                m: rm,
                d: rd,
            },
        ) => {
            // Jan-1 placeholder: 01-01 against another date of the same year counts as year-only.
            if cy == ry && (((cm, cd) == (1, 1)) != ((rm, rd) == (1, 1))) {
                return out(0.4, "DOB year match (01-01 placeholder)", false, true, true);
            }
            if (cy, cm, cd) == (ry, rm, rd) {
                return out(1.0, "exact DOB match", false, false, false);
            }
            if cy == ry && cm == rd && cd == rm {
                return out(0.8, "DOB month/day transposed", false, false, false);
            }
            if strsim::osa_distance(&ymd(cy, cm, cd), &ymd(ry, rm, rd)) == 1 {
                return out(0.8, "DOB differs by one digit", false, false, false);
            }
            if cy.abs_diff(ry) == 1 && (cm, cd) == (rm, rd) {
                return out(0.7, "DOB year off by one", false, false, false);
            }
            out(0.0, "DOB mismatch", true, false, false)
        }
        _ => {
            let (cy, cm) = year_month(c);
            let (ry, rm) = year_month(r);
            if matches!(c, Year { .. }) || matches!(r, Year { .. }) {
                match cy.abs_diff(ry) {
                    0 => out(0.4, "DOB year match (month/day unknown)", false, true, true),
                    1 => out(
                        0.2,
                        "DOB year off by one (month/day unknown)",
                        false,
                        true,
                        true,
                    ),
                    _ => out(0.0, "DOB mismatch", true, false, true),
                }
            } else if (cy, cm) == (ry, rm) {
                out(0.6, "DOB month/year match (day unknown)", false, true, true)
            } else {
                out(0.0, "DOB mismatch", true, false, true)
            }
        }
    }
}

fn year_month(d: Dob) -> (u16, u8) {
    match d {
        Dob::Full { y, m, .. } | Dob::Month { y, m } => (y, m),
        Dob::Year { y } => (y, 0),
        Dob::Missing | Dob::Invalid => (0, 0),
    }
}

/// `YYYYMMDD`, the eight digits the one-slip rule edits.
fn ymd(y: u16, m: u8, d: u8) -> String {
    format!("{y:04}{m:02}{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_full_partial_and_missing() {
        assert_eq!(
            parse(Some("1985-07-14")),
            Dob::Full {
                y: 1985,
                m: 7,
                d: 14
            }
        );
        assert_eq!(parse(Some("1985-07-00")), Dob::Month { y: 1985, m: 7 });
        assert_eq!(parse(Some("1985-07-xx")), Dob::Month { y: 1985, m: 7 });
        assert_eq!(parse(Some("1985-07")), Dob::Month { y: 1985, m: 7 });
        assert_eq!(parse(Some("1985-00-00")), Dob::Year { y: 1985 });
        assert_eq!(parse(Some("1985-XX-XX")), Dob::Year { y: 1985 });
        assert_eq!(parse(Some("1985")), Dob::Year { y: 1985 });
        assert_eq!(parse(Some(" unknown ")), Dob::Missing);
        assert_eq!(parse(Some("")), Dob::Missing);
        assert_eq!(parse(None), Dob::Missing);
        assert_eq!(parse(Some("1900-01-01")), Dob::Missing);
        assert_eq!(parse(Some("0001-01-01")), Dob::Missing);
        assert_eq!(parse(Some("1985-02-30")), Dob::Invalid);
        assert_eq!(
            parse(Some("1984-02-29")),
            Dob::Full {
                y: 1984,
                m: 2,
                d: 29
            }
        );
        assert_eq!(parse(Some("1900-02-29")), Dob::Invalid);
        assert_eq!(parse(Some("2100-02-29")), Dob::Invalid);
        assert_eq!(parse(Some("1985-00-14")), Dob::Invalid);
        assert_eq!(parse(Some("1985-13-01")), Dob::Invalid);
        assert_eq!(parse(Some("07/14/1985")), Dob::Invalid);
        assert_eq!(parse(Some("1985-7-14")), Dob::Invalid);
        assert_eq!(parse(Some("1985-07-14T00")), Dob::Invalid);
        assert_eq!(parse(Some("١٩٨٥-07-14")), Dob::Invalid);
    }

    #[test]
    fn endpoint_shape() {
        assert!(is_well_formed("1985-07-14"));
        assert!(is_well_formed("1985-07-00"));
        assert!(is_well_formed(""));
        assert!(is_well_formed("Unknown"));
        assert!(!is_well_formed("1985"));
        assert!(!is_well_formed("1985-02-30"));
        assert!(!is_well_formed("14/07/1985"));
    }

    fn s(c: &str, r: &str) -> (f64, &'static str, bool) {
        let x = score(Some(c), Some(r));
        (x.score, x.desc, x.conflict)
    }

    #[test]
    fn levels() {
        assert_eq!(
            s("1985-07-14", "1985-07-14"),
            (1.0, "exact DOB match", false)
        );
        assert_eq!(
            s("1985-03-07", "1985-07-03"),
            (0.8, "DOB month/day transposed", false)
        );
        assert_eq!(
            s("1985-07-14", "1985-07-15"),
            (0.8, "DOB differs by one digit", false)
        );
        assert_eq!(
            s("1985-07-12", "1985-07-21"),
            (0.8, "DOB differs by one digit", false)
        );
        assert_eq!(
            s("1985-07-14", "1986-07-14"),
            (0.8, "DOB differs by one digit", false)
        );
        assert_eq!(
            s("1989-07-14", "1990-07-14"),
            (0.7, "DOB year off by one", false)
        );
        assert_eq!(
            s("1985-01-01", "1985-07-14"),
            (0.4, "DOB year match (01-01 placeholder)", false)
        );
        assert_eq!(
            s("1985-07-14", "1985-01-01"),
            (0.4, "DOB year match (01-01 placeholder)", false)
        );
        assert_eq!(
            s("1985-07-14", "1985-07-00"),
            (0.6, "DOB month/year match (day unknown)", false)
        );
        assert_eq!(s("1985-07-14", "1985-08-00"), (0.0, "DOB mismatch", true));
        assert_eq!(
            s("1985-07-14", "1985-00-00"),
            (0.4, "DOB year match (month/day unknown)", false)
        );
        assert_eq!(
            s("1985-07-00", "1986-00-00"),
            (0.2, "DOB year off by one (month/day unknown)", false)
        );
        assert_eq!(s("1985-07-14", "1988-00-00"), (0.0, "DOB mismatch", true));
        assert_eq!(s("1985-07-14", "1962-11-30"), (0.0, "DOB mismatch", true));
        assert_eq!(s("1985-07-14", ""), (0.0, "DOB not available", false));
        assert_eq!(
            s("1985-02-30", "1985-02-30"),
            (0.0, "DOB not available", false)
        );
        assert!(score(Some("1985-07-00"), Some("1985-07-00")).thin);
        assert!(!score(Some("1985-07-14"), Some("1985-07-14")).thin);
    }
}
