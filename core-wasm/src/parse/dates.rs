//! Calendar dates: strict ISO parsing for the JSON path and whole-year arithmetic for lookbacks.

use chrono::{Datelike, NaiveDate};

/// Parses a strict `YYYY-MM-DD` date (the SPEC's wire format).
pub fn parse_iso(raw: &str) -> Option<NaiveDate> {
    let raw = raw.trim();
    let bytes = raw.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                *b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    if !shape_ok {
        return None;
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok()
}

/// The date `years` whole calendar years before `date`; 29 February falls back to 28 February.
pub fn years_before(date: NaiveDate, years: u32) -> NaiveDate {
    let year = date.year() - years as i32;
    NaiveDate::from_ymd_opt(year, date.month(), date.day())
        .or_else(|| NaiveDate::from_ymd_opt(year, date.month(), 28))
        .unwrap_or(date)
}

/// DECISIONS §7.2: a record dated exactly `years` before the as-of date is still inside the
/// window; one day earlier is outside.
pub fn within_years(event: NaiveDate, as_of: NaiveDate, years: u32) -> bool {
    event >= years_before(as_of, years)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        parse_iso(s).unwrap_or(NaiveDate::MIN)
    }

    #[test]
    fn strict_iso_only() {
        assert!(parse_iso("2025-11-06").is_some());
        for bad in [
            "2025-1-06",
            "11/06/2025",
            "2025-13-01",
            "2025-02-30",
            "",
            "20251106",
            "2025-11-06T00:00",
        ] {
            assert!(parse_iso(bad).is_none(), "{bad}");
        }
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
        assert_eq!(years_before(d("2024-02-29"), 7), d("2017-02-28"));
    }
}
