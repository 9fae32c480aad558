//! Calendar dates: strict ISO parsing for the JSON path and whole-year arithmetic for lookbacks.

use std::fmt;

use chrono::{Datelike, Months, NaiveDate};
use serde::de::{self, Deserializer, Visitor};
use serde::{Serialize, Serializer};

/// Parses a strict `YYYY-MM-DD` date (the contract's wire format).
pub fn parse_iso(raw: &str) -> Option<NaiveDate> {
    // Reads the digits directly: chrono's format-string parser cost ~25x more, and every
    // charge's dates are parsed in both stages.
    let bytes = crate::trim::trim(raw).as_bytes();
    let [y1, y2, y3, y4, b'-', m1, m2, b'-', d1, d2] = *bytes else {
        return None;
    };
    let number = |digits: &[u8]| {
        digits.iter().try_fold(0u32, |n, b| {
            b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
        })
    };
    let year = i32::try_from(number(&[y1, y2, y3, y4])?).ok()?;
    NaiveDate::from_ymd_opt(year, number(&[m1, m2])?, number(&[d1, d2])?)
}

/// A date written as chrono writes it (`YYYY-MM-DD`), from its digits: chrono's `Display` goes
/// through its general formatter, about ten times the work, and answers and reasons carry a few
/// dozen dates a request. Years outside 0..=9999 (never in a record) are left to chrono.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Iso(pub NaiveDate);

impl Iso {
    /// A strict `YYYY-MM-DD` date ([`parse_iso`]) kept as one.
    pub fn parse(raw: &str) -> Option<Iso> {
        parse_iso(raw).map(Iso)
    }

    /// The ten bytes of the date, or `None` for a year chrono writes with a sign.
    fn digits(self) -> Option<[u8; 10]> {
        let year = u32::try_from(self.0.year()).ok().filter(|y| *y <= 9999)?;
        let digit = |n: u32| b'0' + u8::try_from(n % 10).unwrap_or(0);
        let (month, day) = (self.0.month(), self.0.day());
        Some([
            digit(year / 1000),
            digit(year / 100),
            digit(year / 10),
            digit(year),
            b'-',
            digit(month / 10),
            digit(month),
            b'-',
            digit(day / 10),
            digit(day),
        ])
    }
}

impl Iso {
    /// The date onto `out` as `Display` writes it, with no formatter in between: character by
    /// character, as a `str` of the digits went through a UTF-8 check costing more than them.
    pub(crate) fn compose<W: fmt::Write>(self, out: &mut W) -> fmt::Result {
        match self.digits() {
            Some(digits) => digits
                .iter()
                .try_for_each(|digit| out.write_char(char::from(*digit))),
            None => write!(out, "{}", self.0),
        }
    }
}

impl fmt::Display for Iso {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.digits() {
            Some(digits) => f.write_str(std::str::from_utf8(&digits).map_err(|_| fmt::Error)?),
            None => fmt::Display::fmt(&self.0, f),
        }
    }
}

impl Serialize for Iso {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.digits() {
            Some(digits) => serializer.serialize_str(std::str::from_utf8(&digits).unwrap_or("")),
            None => serializer.collect_str(&self.0),
        }
    }
}

/// A record's date field as stage 2 reads it back: a `YYYY-MM-DD` string is the date; null, a
/// missing field or any other text is no date, as the rules always read such text (stage 1 only
/// ever writes usable dates). Use with `#[serde(default, deserialize_with = ...)]`.
pub fn deserialize_date<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Iso>, D::Error> {
    struct DateOrNone;
    impl<'de> Visitor<'de> for DateOrNone {
        type Value = Option<Iso>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a YYYY-MM-DD string or null")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<Iso>, E> {
            Ok(Iso::parse(v))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Option<Iso>, E> {
            Ok(None)
        }
        fn visit_none<E: de::Error>(self) -> Result<Option<Iso>, E> {
            Ok(None)
        }
        fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<Option<Iso>, D2::Error> {
            d.deserialize_str(self)
        }
    }
    d.deserialize_option(DateOrNone)
}

/// The date `years` whole calendar years before `date` (29 February falls back to 28 February);
/// `None` when that lies before the earliest date there is.
pub fn years_before(date: NaiveDate, years: u32) -> Option<NaiveDate> {
    // The same day and month in the earlier year, when there is one: a third of the work of
    // counting back months, and every charge asks for a few windows' starts.
    let same_day = i32::try_from(years)
        .ok()
        .and_then(|years| date.year().checked_sub(years))
        .and_then(|year| date.with_year(year));
    same_day.or_else(|| date.checked_sub_months(Months::new(years.checked_mul(12)?)))
}

/// docs/decisions.md §7.2: a record dated exactly `years` before the as-of date is still inside the
/// window; one day earlier is outside. A window reaching back past the earliest date holds every
/// date.
pub fn within_years(event: NaiveDate, as_of: NaiveDate, years: u32) -> bool {
    years_before(as_of, years).is_none_or(|start| event >= start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        parse_iso(s).unwrap_or(NaiveDate::MIN)
    }

    /// Whole years back land where counting back twelve months a year lands, for every day of
    /// a leap cycle, near the ends of the calendar and past them.
    #[test]
    fn years_before_counts_back_months() {
        let by_months = |date: NaiveDate, years: u32| {
            date.checked_sub_months(Months::new(years.checked_mul(12)?))
        };
        let mut days: Vec<NaiveDate> = d("2019-12-25").iter_days().take(5 * 366).collect();
        days.extend([
            NaiveDate::MIN,
            NaiveDate::MAX,
            d("0000-02-29"),
            d("0001-03-01"),
        ]);
        for day in days {
            for years in
                (0..=30).chain([400, 262_143, 262_144, 300_000, u32::MAX / 12 + 1, u32::MAX])
            {
                assert_eq!(
                    years_before(day, years),
                    by_months(day, years),
                    "{day} - {years}"
                );
            }
        }
    }

    #[test]
    fn strict_iso_only() {
        assert_eq!(
            parse_iso(" 2025-11-06 "),
            NaiveDate::from_ymd_opt(2025, 11, 6)
        );
        assert_eq!(
            parse_iso("2024-02-29"),
            NaiveDate::from_ymd_opt(2024, 2, 29)
        );
        assert_eq!(parse_iso("0000-01-01"), NaiveDate::from_ymd_opt(0, 1, 1));
        for bad in [
            "2025-1-06",
            "11/06/2025",
            "2025-13-01",
            "2025-02-30",
            "",
            "20251106",
            "2025-11-06T00:00",
            "2025-00-10",
            "2025-11-00",
            "+025-11-06",
            "2025-1a-06",
            "2025/11/06",
        ] {
            assert!(parse_iso(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn same_dates_as_chrono_strict_format() {
        for year in (0..40).chain(1890..2110).chain(9990..10_000) {
            for month in 0..14 {
                for day in 0..33 {
                    let text = format!("{year:04}-{month:02}-{day:02}");
                    let chrono = NaiveDate::parse_from_str(&text, "%Y-%m-%d").ok();
                    assert_eq!(parse_iso(&text), chrono, "{text}");
                }
            }
        }
    }

    #[test]
    fn iso_writes_what_chrono_writes() {
        let days = [NaiveDate::MIN, NaiveDate::MAX]
            .into_iter()
            .chain((-2..12_002).filter_map(|y| NaiveDate::from_ymd_opt(y, 1, 1)))
            .chain(d("1999-01-01").iter_days().take(800));
        for day in days {
            assert_eq!(Iso(day).to_string(), day.to_string());
            assert_eq!(
                serde_json::to_string(&Iso(day)).ok(),
                serde_json::to_string(&day.to_string()).ok()
            );
        }
    }

    #[test]
    fn a_record_date_reads_back_as_a_date_or_none() {
        #[derive(serde::Deserialize)]
        struct Field {
            #[serde(default, deserialize_with = "deserialize_date")]
            at: Option<Iso>,
        }
        let read = |json: &str| serde_json::from_str::<Field>(json).map(|f| f.at).ok();
        assert_eq!(
            read(r#"{"at":"2019-04-02"}"#),
            Some(Some(Iso(d("2019-04-02"))))
        );
        for none in [
            r#"{"at":null}"#,
            "{}",
            r#"{"at":"04/02/2019"}"#,
            r#"{"at":""}"#,
        ] {
            assert_eq!(read(none), Some(None), "{none}");
        }
        assert_eq!(read(r#"{"at":20190402}"#), None);
    }

    #[test]
    fn window_boundary_is_inclusive() {
        let as_of = d("2025-11-06");
        assert!(within_years(d("2018-11-06"), as_of, 7));
        assert!(!within_years(d("2018-11-05"), as_of, 7));
        assert!(within_years(d("2025-11-06"), as_of, 7));
    }

    #[test]
    fn leap_day_as_of() {
        assert_eq!(years_before(d("2024-02-29"), 7), Some(d("2017-02-28")));
        assert_eq!(years_before(d("2024-02-29"), 4), Some(d("2020-02-29")));
    }

    #[test]
    fn out_of_range_is_no_date_and_a_window_holding_every_date() {
        let as_of = d("2025-11-06");
        assert_eq!(years_before(as_of, u32::MAX), None);
        assert_eq!(years_before(as_of, 1_000_000), None);
        assert_eq!(years_before(NaiveDate::MIN, 1), None);
        assert!(within_years(NaiveDate::MIN, as_of, 1_000_000));
        assert!(!within_years(d("2018-11-05"), as_of, 7));
    }
}
