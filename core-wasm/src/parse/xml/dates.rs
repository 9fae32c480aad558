//! Vendor dates (docs/xml-layout.md §5.2): every accepted form to a calendar date, or to "blank",
//! "partial" or "invalid". Never a guess: a partial date is never padded to the 1st.
//!
//! The form is never chosen by field name: every form is tried on every date field. Slash and
//! dash dates with the year last are month first (US courts). Two-digit years pivot on the
//! search date's year (the engine reads no clock): `YY <= pivot % 100` is 20YY, else 19YY.

use chrono::NaiveDate;

/// What a date field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XmlDate {
    /// A full calendar date.
    Full(NaiveDate),
    /// Year known, month maybe, day not (`19740300`, `03/2019`, `2019`). `month` is 1-12.
    Partial { year: i32, month: Option<u32> },
    /// Empty, or a placeholder (`00/00/0000`, `N/A`, `UNKNOWN`, ...).
    Blank,
    /// Text that is not a date, or an impossible one (`02/30/2019`).
    Invalid,
}

impl XmlDate {
    pub fn full(self) -> Option<NaiveDate> {
        match self {
            XmlDate::Full(d) => Some(d),
            _ => None,
        }
    }

    /// Text was there but gave no usable date (partial or invalid): worth a warning.
    pub fn is_unusable_text(self) -> bool {
        matches!(self, XmlDate::Partial { .. } | XmlDate::Invalid)
    }
}

const PLACEHOLDER_WORDS: [&str; 10] = [
    "n/a",
    "na",
    "none",
    "null",
    "unknown",
    "unk",
    "unavailable",
    "redacted",
    "not available",
    "-",
];

/// Parses one vendor date. `pivot_year` is the year two-digit years are read against.
pub fn parse_xml_date(raw: &str, pivot_year: i32) -> XmlDate {
    let v = raw.trim();
    if v.is_empty() || PLACEHOLDER_WORDS.iter().any(|w| v.eq_ignore_ascii_case(w)) {
        return XmlDate::Blank;
    }
    // All digits zero (`00/00/0000`, `0000-00-00`, `00000000`, `0/0/0000`): a placeholder.
    if v.bytes().any(|b| b.is_ascii_digit())
        && v.bytes()
            .all(|b| b == b'0' || matches!(b, b'/' | b'-' | b' ' | b'.'))
    {
        return XmlDate::Blank;
    }
    if let Some(iso) = iso_prefix(v) {
        return iso;
    }
    let tokens = tokenize(strip_time(v));
    match tokens.as_slice() {
        [Tok::Num(s)] if s.len() == 8 => {
            let part = |r: std::ops::Range<usize>| s.get(r).map_or(-1, num);
            let (y, m, d) = (part(0..4), part(4..6), part(6..8));
            ymd(y, m, d)
        }
        [Tok::Num(y)] if y.len() == 4 => partial(num(y), 0),
        [Tok::Num(y), Tok::Num(m), Tok::Num(d)] if y.len() == 4 && m.len() <= 2 && d.len() <= 2 => {
            ymd(num(y), num(m), num(d))
        }
        [Tok::Num(m), Tok::Num(d), Tok::Num(y)]
            if m.len() <= 2 && d.len() <= 2 && matches!(y.len(), 2 | 4) =>
        {
            ymd(year(y, pivot_year), num(m), num(d))
        }
        [Tok::Num(d), Tok::Word(mon), Tok::Num(y)] if d.len() <= 2 && matches!(y.len(), 2 | 4) => {
            match month_of(mon) {
                Some(m) => ymd(year(y, pivot_year), m, num(d)),
                None => XmlDate::Invalid,
            }
        }
        [Tok::Word(mon), Tok::Num(d), Tok::Num(y)] if d.len() <= 2 && y.len() == 4 => {
            match month_of(mon) {
                Some(m) => ymd(num(y), m, num(d)),
                None => XmlDate::Invalid,
            }
        }
        [Tok::Num(m), Tok::Num(y)] if m.len() <= 2 && y.len() == 4 => partial(num(y), num(m)),
        [Tok::Num(y), Tok::Num(m)] if y.len() == 4 && m.len() <= 2 => partial(num(y), num(m)),
        [Tok::Word(mon), Tok::Num(y)] if y.len() == 4 => match month_of(mon) {
            Some(m) => partial(num(y), m),
            None => XmlDate::Invalid,
        },
        _ => XmlDate::Invalid,
    }
}

/// The first of `candidates` that is a full date, and whether any candidate held unusable text.
pub fn first_full(candidates: &[&str], pivot_year: i32) -> (Option<NaiveDate>, bool) {
    let mut unusable = false;
    for raw in candidates {
        match parse_xml_date(raw, pivot_year) {
            XmlDate::Full(d) => return (Some(d), unusable),
            other => unusable |= other.is_unusable_text(),
        }
    }
    (None, unusable)
}

/// `YYYY-MM-DD`, optionally followed by a time (`T` or a space) with `Z` or an offset. The
/// calendar date is kept as written, never shifted to UTC.
fn iso_prefix(v: &str) -> Option<XmlDate> {
    let b = v.as_bytes();
    let head = b.get(..10)?;
    let shaped = head.iter().enumerate().all(|(i, c)| {
        if i == 4 || i == 7 {
            *c == b'-'
        } else {
            c.is_ascii_digit()
        }
    });
    if !shaped {
        return None;
    }
    let rest = b.get(10..).unwrap_or_default();
    let time_ok = match rest.split_first() {
        None => true,
        Some((b'T' | b't' | b' ', time)) => {
            !time.is_empty()
                && time.first().is_some_and(u8::is_ascii_digit)
                && time.iter().all(|c| {
                    c.is_ascii_digit() || matches!(c, b':' | b'.' | b'+' | b'-' | b'Z' | b'z')
                })
        }
        Some(_) => false,
    };
    if !time_ok {
        return Some(XmlDate::Invalid);
    }
    let part = |r: std::ops::Range<usize>| v.get(r).map(num).unwrap_or(-1);
    Some(ymd(part(0..4), part(5..7), part(8..10)))
}

/// Drops a trailing clock time (`10:15`, `10:15:31`, `10:15 AM`) after a date written with spaces.
fn strip_time(v: &str) -> &str {
    let Some(colon) = v.find(':') else { return v };
    match v.get(..colon).and_then(|before| before.rfind(' ')) {
        Some(space) => v.get(..space).unwrap_or(v).trim_end(),
        None => v,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok<'a> {
    Num(&'a str),
    Word(&'a str),
}

/// Runs of digits and runs of letters; `/`, `-`, space, comma and period separate them.
fn tokenize(v: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, bool)> = None;
    let mut bad = false;
    for (i, c) in v.char_indices().chain(std::iter::once((v.len(), ' '))) {
        let kind = if c.is_ascii_digit() {
            Some(true)
        } else if c.is_ascii_alphabetic() {
            Some(false)
        } else {
            if !matches!(c, '/' | '-' | ' ' | ',' | '.') {
                bad = true;
            }
            None
        };
        match (start, kind) {
            (Some((s, digits)), k) if k != Some(digits) => {
                let piece = v.get(s..i).unwrap_or_default();
                out.push(if digits {
                    Tok::Num(piece)
                } else {
                    Tok::Word(piece)
                });
                start = k.map(|d| (i, d));
            }
            (None, Some(d)) => start = Some((i, d)),
            _ => {}
        }
    }
    if bad || out.len() > 3 {
        // Too many pieces or a stray character: never a date we can read.
        return vec![Tok::Word(""), Tok::Word(""), Tok::Word(""), Tok::Word("")];
    }
    out
}

fn num(s: &str) -> i32 {
    s.parse::<i32>().unwrap_or(-1)
}

fn year(s: &str, pivot_year: i32) -> i32 {
    let y = num(s);
    if s.len() == 2 && y >= 0 {
        if y <= pivot_year.rem_euclid(100) {
            2000 + y
        } else {
            1900 + y
        }
    } else {
        y
    }
}

/// A full date; zero month or day makes a partial one (Accio zeroes unknown parts).
fn ymd(y: i32, m: i32, d: i32) -> XmlDate {
    if y <= 0 || m < 0 || d < 0 {
        return XmlDate::Invalid;
    }
    if m == 0 || d == 0 {
        return if m == 0 && d != 0 {
            XmlDate::Invalid
        } else {
            partial(y, m)
        };
    }
    match (u32::try_from(m), u32::try_from(d)) {
        (Ok(m), Ok(d)) => NaiveDate::from_ymd_opt(y, m, d).map_or(XmlDate::Invalid, XmlDate::Full),
        _ => XmlDate::Invalid,
    }
}

fn partial(y: i32, m: i32) -> XmlDate {
    if !(1000..=9999).contains(&y) || !(0..=12).contains(&m) {
        return XmlDate::Invalid;
    }
    XmlDate::Partial {
        year: y,
        month: u32::try_from(m).ok().filter(|m| *m > 0),
    }
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// A month name, full or abbreviated to three letters (`Sept` too), any case.
fn month_of(word: &str) -> Option<i32> {
    let w = word.to_ascii_lowercase();
    if w == "sept" {
        return Some(9);
    }
    MONTHS
        .iter()
        .position(|m| w == *m || (w.len() == 3 && m.starts_with(w.as_str())))
        .and_then(|i| i32::try_from(i + 1).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIVOT: i32 = 2025;

    fn full(raw: &str) -> Option<String> {
        parse_xml_date(raw, PIVOT)
            .full()
            .map(|d| d.format("%Y-%m-%d").to_string())
    }

    #[test]
    fn every_full_form_of_layout_5_2() {
        let cases = [
            ("20170103", "2017-01-03"),
            ("2019-09-12", "2019-09-12"),
            ("2019-09-12T00:00:00-05:00", "2019-09-12"),
            ("2019-09-12T23:30:00Z", "2019-09-12"),
            ("2019-09-12T23:30:00.123+02:00", "2019-09-12"),
            ("2025-11-05 16:40:07", "2025-11-05"),
            ("2019/03/07", "2019-03-07"),
            ("2019/3/7", "2019-03-07"),
            ("03/07/2019", "2019-03-07"),
            ("3/14/1991", "1991-03-14"),
            ("3-5-2019", "2019-03-05"),
            ("03-05-2019", "2019-03-05"),
            ("03/07/19", "2019-03-07"),
            ("7/4/88", "1988-07-04"),
            ("12-SEP-2019", "2019-09-12"),
            ("07-MAR-2019", "2019-03-07"),
            ("7-mar-19", "2019-03-07"),
            ("12 Sep 2019", "2019-09-12"),
            ("March 7, 2019", "2019-03-07"),
            ("Sep 12 2019", "2019-09-12"),
            ("Sept. 12, 2019", "2019-09-12"),
            ("SEPTEMBER 12 2019", "2019-09-12"),
            ("03/07/2019 10:15 AM", "2019-03-07"),
            ("  04/02/2019  ", "2019-04-02"),
        ];
        for (raw, want) in cases {
            assert_eq!(full(raw).as_deref(), Some(want), "{raw}");
        }
    }

    #[test]
    fn two_digit_years_pivot_on_the_search_year() {
        assert_eq!(full("01/01/25").as_deref(), Some("2025-01-01"));
        assert_eq!(full("01/01/26").as_deref(), Some("1926-01-01"));
        assert_eq!(full("01/01/00").as_deref(), Some("2000-01-01"));
        assert_eq!(
            parse_xml_date("01/01/26", 2030)
                .full()
                .map(|d| d.to_string())
                .as_deref(),
            Some("2026-01-01")
        );
    }

    #[test]
    fn placeholders_are_blank() {
        for raw in [
            "",
            "  ",
            "00/00/0000",
            "0000-00-00",
            "00000000",
            "0/0/0000",
            "00-00-0000",
            "N/A",
            "na",
            "UNKNOWN",
            "unk",
            "NONE",
            "null",
            "UNAVAILABLE",
            "REDACTED",
        ] {
            assert_eq!(parse_xml_date(raw, PIVOT), XmlDate::Blank, "{raw}");
        }
    }

    #[test]
    fn partial_dates_are_never_padded() {
        let cases = [
            (
                "19740300",
                XmlDate::Partial {
                    year: 1974,
                    month: Some(3),
                },
            ),
            (
                "20150000",
                XmlDate::Partial {
                    year: 2015,
                    month: None,
                },
            ),
            (
                "03/2019",
                XmlDate::Partial {
                    year: 2019,
                    month: Some(3),
                },
            ),
            (
                "3/2019",
                XmlDate::Partial {
                    year: 2019,
                    month: Some(3),
                },
            ),
            (
                "2019-03",
                XmlDate::Partial {
                    year: 2019,
                    month: Some(3),
                },
            ),
            (
                "2019/03",
                XmlDate::Partial {
                    year: 2019,
                    month: Some(3),
                },
            ),
            (
                "2019",
                XmlDate::Partial {
                    year: 2019,
                    month: None,
                },
            ),
            (
                "March 2019",
                XmlDate::Partial {
                    year: 2019,
                    month: Some(3),
                },
            ),
            (
                "2019-03-00",
                XmlDate::Partial {
                    year: 2019,
                    month: Some(3),
                },
            ),
        ];
        for (raw, want) in cases {
            assert_eq!(parse_xml_date(raw, PIVOT), want, "{raw}");
            assert!(parse_xml_date(raw, PIVOT).is_unusable_text());
        }
    }

    #[test]
    fn impossible_and_unreadable_dates_are_invalid() {
        for raw in [
            "02/30/2019",
            "13/05/2019",
            "2019-13-01",
            "2019-02-29",
            "20191301",
            "32-JAN-2019",
            "07-FOO-2019",
            "Smarch 7, 2019",
            "yesterday",
            "2019-09-12X",
            "2019-09-12Tnoon",
            "1/2/3/4",
            "12345",
            "0000-05-00",
            "99/99/9999",
            "03/07/2019;",
            "💥",
        ] {
            assert_eq!(parse_xml_date(raw, PIVOT), XmlDate::Invalid, "{raw}");
        }
    }

    #[test]
    fn first_full_reports_unusable_text_before_the_hit() {
        assert_eq!(
            first_full(&["", "01/02/2020"], PIVOT),
            (NaiveDate::from_ymd_opt(2020, 1, 2), false)
        );
        assert_eq!(
            first_full(&["03/2019", "01/02/2020"], PIVOT),
            (NaiveDate::from_ymd_opt(2020, 1, 2), true)
        );
        assert_eq!(first_full(&["00/00/0000"], PIVOT), (None, false));
        assert_eq!(first_full(&["garbage"], PIVOT), (None, true));
    }
}
