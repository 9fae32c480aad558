//! US states, DC and the five inhabited territories the contract names, by code and by name.

use crate::text_eq::text_eq;

/// (code, name) for all 56 jurisdictions of docs/api.md stage 3.
pub const JURISDICTIONS: [(&str, &str); 56] = [
    ("AL", "ALABAMA"),
    ("AK", "ALASKA"),
    ("AZ", "ARIZONA"),
    ("AR", "ARKANSAS"),
    ("CA", "CALIFORNIA"),
    ("CO", "COLORADO"),
    ("CT", "CONNECTICUT"),
    ("DE", "DELAWARE"),
    ("FL", "FLORIDA"),
    ("GA", "GEORGIA"),
    ("HI", "HAWAII"),
    ("ID", "IDAHO"),
    ("IL", "ILLINOIS"),
    ("IN", "INDIANA"),
    ("IA", "IOWA"),
    ("KS", "KANSAS"),
    ("KY", "KENTUCKY"),
    ("LA", "LOUISIANA"),
    ("ME", "MAINE"),
    ("MD", "MARYLAND"),
    ("MA", "MASSACHUSETTS"),
    ("MI", "MICHIGAN"),
    ("MN", "MINNESOTA"),
    ("MS", "MISSISSIPPI"),
    ("MO", "MISSOURI"),
    ("MT", "MONTANA"),
    ("NE", "NEBRASKA"),
    ("NV", "NEVADA"),
    ("NH", "NEW HAMPSHIRE"),
    ("NJ", "NEW JERSEY"),
    ("NM", "NEW MEXICO"),
    ("NY", "NEW YORK"),
    ("NC", "NORTH CAROLINA"),
    ("ND", "NORTH DAKOTA"),
    ("OH", "OHIO"),
    ("OK", "OKLAHOMA"),
    ("OR", "OREGON"),
    ("PA", "PENNSYLVANIA"),
    ("RI", "RHODE ISLAND"),
    ("SC", "SOUTH CAROLINA"),
    ("SD", "SOUTH DAKOTA"),
    ("TN", "TENNESSEE"),
    ("TX", "TEXAS"),
    ("UT", "UTAH"),
    ("VT", "VERMONT"),
    ("VA", "VIRGINIA"),
    ("WA", "WASHINGTON"),
    ("WV", "WEST VIRGINIA"),
    ("WI", "WISCONSIN"),
    ("WY", "WYOMING"),
    ("DC", "DISTRICT OF COLUMBIA"),
    ("AS", "AMERICAN SAMOA"),
    ("GU", "GUAM"),
    ("MP", "NORTHERN MARIANA ISLANDS"),
    ("PR", "PUERTO RICO"),
    ("VI", "VIRGIN ISLANDS"),
];

/// The two-letter code for a code or a full name (any case, surrounding space and dots ignored).
pub fn normalize_state(raw: &str) -> Option<&'static str> {
    let mut buffer = [0u8; CLEANED_MAX];
    named(clean(raw, &mut buffer)?)
}

/// The code for a cleaned text (`clean`).
fn named(cleaned: &str) -> Option<&'static str> {
    let cleaned = cleaned.strip_prefix("STATE OF ").unwrap_or(cleaned);
    JURISDICTIONS
        .iter()
        .find(|(code, name)| text_eq(code, cleaned) || text_eq(name, cleaned))
        .map(|(code, _)| *code)
        .or(match cleaned {
            "WASHINGTON DC" | "WASHINGTON D C" => Some("DC"),
            "US VIRGIN ISLANDS" | "U S VIRGIN ISLANDS" => Some("VI"),
            "COMMONWEALTH OF THE NORTHERN MARIANA ISLANDS" | "CNMI" => Some("MP"),
            _ => None,
        })
}

/// Room for the longest text that names a place: `STATE OF ` and the longest name (53 bytes).
const CLEANED_MAX: usize = 64;

/// `raw` upper-cased, without dots, its words joined by single spaces, written into `buffer`
/// (every case of every record is read here, so no `String`). `None` when it cannot name a
/// place: a character that is neither ASCII nor a space, or longer than any name.
fn clean<'b>(raw: &str, buffer: &'b mut [u8; CLEANED_MAX]) -> Option<&'b str> {
    let mut len = 0;
    let mut space = false;
    for c in raw.chars().filter(|c| *c != '.') {
        if c.is_whitespace() {
            space = len > 0;
            continue;
        }
        let letter = u8::try_from(c.to_ascii_uppercase())
            .ok()
            .filter(u8::is_ascii)?;
        if space {
            *buffer.get_mut(len)? = b' ';
            len += 1;
            space = false;
        }
        *buffer.get_mut(len)? = letter;
        len += 1;
    }
    std::str::from_utf8(buffer.get(..len)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names() {
        assert_eq!(normalize_state("mn"), Some("MN"));
        assert_eq!(normalize_state(" New  York "), Some("NY"));
        assert_eq!(normalize_state("D.C."), Some("DC"));
        assert_eq!(normalize_state("Guam"), Some("GU"));
        assert_eq!(normalize_state("XX"), None);
        assert_eq!(normalize_state(""), None);
        assert_eq!(normalize_state(&"N Y ".repeat(20)), None);
        assert_eq!(normalize_state("new\u{a0}york"), Some("NY"));
    }

    /// The reading as first written, with a `String` per step.
    fn by_strings(raw: &str) -> Option<&'static str> {
        let cleaned: String = raw
            .trim()
            .chars()
            .filter(|c| *c != '.')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        named(&cleaned.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    proptest::proptest! {
        #[test]
        fn same_codes_as_the_string_reading(
            raw in "[a-zA-Z .\\t\u{a0}\u{3000}é]{0,12}|(state of |STATE OF )?(new  york|D.C.|u. s. virgin islands|cnmi|Texas|commonwealth of the  northern mariana islands)[ .]{0,3}",
        ) {
            proptest::prop_assert_eq!(normalize_state(&raw), by_strings(&raw));
        }
    }

    #[test]
    fn fifty_six_distinct_codes() {
        let mut codes: Vec<_> = JURISDICTIONS.iter().map(|(c, _)| *c).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), 56);
    }
}
