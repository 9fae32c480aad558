//! SSN parsing and credit levels (docs/identity.md §6; docs/decisions.md §5).

/// A parsed SSN-like value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ssn {
    /// Nine digits, a valid SSN.
    Full([u8; 9]),
    /// Area 9xx: an ITIN, comparable only with another ITIN.
    Itin([u8; 9]),
    /// Last four digits only (`XXX-XX-1234`, `***-**-1234`, `1234`).
    Last4([u8; 4]),
    /// Empty, a sentinel word or a full mask.
    Missing,
    /// Never-assigned or placeholder numbers, or any other shape.
    Invalid,
}

/// Words meaning "not available" (compared after removing spaces, hyphens and dots).
const SENTINELS: [&str; 12] = [
    "UNKNOWN",
    "UNAVAILABLE",
    "NA",
    "N/A",
    "NONE",
    "NULL",
    "REDACTED",
    "NOTAVAILABLE",
    "NOTPROVIDED",
    "REFUSED",
    "NOSSN",
    "NOTGIVEN",
];

/// Well-known void numbers (078-05-1120 was printed in wallets; the others are common fakes).
const VOID: [[u8; 9]; 3] = [*b"078051120", *b"219099999", *b"123456789"];

fn is_mask(c: u8) -> bool {
    matches!(c, b'X' | b'*' | b'#')
}

/// Parse raw SSN text (docs/identity.md §6.1).
pub(crate) fn parse(raw: Option<&str>) -> Ssn {
    let s = raw.unwrap_or("").trim();
    if s.is_empty() {
        return Ssn::Missing;
    }
    // Compared in a stack buffer: no shape below (and no sentinel) is longer than 12 bytes.
    let mut buf = [0u8; 12];
    let mut len = 0;
    for c in s
        .bytes()
        .filter(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'-' | b'.'))
    {
        let Some(slot) = buf.get_mut(len) else {
            return Ssn::Invalid;
        };
        *slot = c.to_ascii_uppercase();
        len += 1;
    }
    let compact = buf.get(..len).unwrap_or_default();
    // Every sentinel has a letter, and the letters of `s` are all in `compact`: numbers (most
    // SSNs) are not compared with the words.
    if compact.iter().any(u8::is_ascii_alphabetic)
        && SENTINELS
            .iter()
            .any(|w| w.as_bytes() == compact || w.eq_ignore_ascii_case(s))
    {
        return Ssn::Missing;
    }
    match compact {
        c if c.len() == 9 && c.iter().all(|b| is_mask(*b)) => Ssn::Missing,
        [m @ .., a, b, c, d]
            if (m.is_empty() || (m.len() == 5 && m.iter().all(|x| is_mask(*x))))
                && [a, b, c, d].iter().all(|x| x.is_ascii_digit()) =>
        {
            let last = [*a, *b, *c, *d];
            if &last == b"0000" {
                Ssn::Invalid
            } else {
                Ssn::Last4(last)
            }
        }
        c if c.len() == 9 && c.iter().all(u8::is_ascii_digit) => {
            let mut n = [0u8; 9];
            n.copy_from_slice(c);
            let (area, group, serial) = (&n[..3], &n[3..5], &n[5..]);
            if area == b"000" || area == b"666" || group == b"00" || serial == b"0000" {
                Ssn::Invalid
            } else if area.first() == Some(&b'9') {
                Ssn::Itin(n)
            } else if VOID.contains(&n) || n.iter().all(|d| Some(d) == n.first()) {
                Ssn::Invalid
            } else {
                Ssn::Full(n)
            }
        }
        _ => Ssn::Invalid,
    }
}

/// The SSN component (docs/identity.md §6.2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SsnScore {
    pub score: f64,
    pub desc: &'static str,
    pub conflict: bool,
}

const fn out(score: f64, desc: &'static str, conflict: bool) -> SsnScore {
    SsnScore {
        score,
        desc,
        conflict,
    }
}

/// Score two raw SSNs.
pub(crate) fn score(candidate: Option<&str>, record: Option<&str>) -> SsnScore {
    score_parsed(parse(candidate), parse(record))
}

pub(crate) fn score_parsed(c: Ssn, r: Ssn) -> SsnScore {
    use Ssn::*;
    match (c, r) {
        (Invalid, _) | (_, Invalid) => out(0.0, "invalid or empty SSN", false),
        (Missing, _) | (_, Missing) => out(0.0, "SSN not available", false),
        (Full(_), Itin(_)) | (Itin(_), Full(_)) => out(0.0, "SSN and ITIN not comparable", false),
        (Full(a), Full(b)) | (Itin(a), Itin(b)) => match edits(&a, &b) {
            0 => out(1.0, "exact SSN match", false),
            1 => out(0.5, "SSN differs by one digit (possible typo)", false),
            _ => out(0.0, "SSN mismatch", true),
        },
        _ => match edits(last4(&c), last4(&r)) {
            0 => out(0.7, "last-4 SSN match", false),
            1 => out(0.2, "last-4 SSN differs by one digit", false),
            _ => out(0.0, "last-4 SSN mismatch", true),
        },
    }
}

fn last4(s: &Ssn) -> &[u8] {
    match s {
        Ssn::Full(n) | Ssn::Itin(n) => n.get(5..).unwrap_or(&[]),
        Ssn::Last4(n) => n,
        Ssn::Missing | Ssn::Invalid => &[],
    }
}

/// Optimal-string-alignment distance over ASCII digits (adjacent swap = one edit).
/// `osa_distance` rather than `damerau_levenshtein`: the latter hashes, and the wasm
/// module must not depend on a random hasher seed.
fn edits(a: &[u8], b: &[u8]) -> usize {
    if a == b {
        return 0;
    }
    match (std::str::from_utf8(a), std::str::from_utf8(b)) {
        (Ok(x), Ok(y)) => strsim::osa_distance(x, y),
        _ => usize::MAX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses() {
        assert!(matches!(parse(Some("412-56-7890")), Ssn::Full(_)));
        assert!(matches!(parse(Some("412 56 7890")), Ssn::Full(_)));
        assert!(matches!(parse(Some("412.56.7890")), Ssn::Full(_)));
        for w in [
            "UNAVAILABLE",
            "unknown",
            "N/A",
            "n/a",
            "None",
            "REDACTED",
            "redacted",
            "",
            "  ",
            "XXX-XX-XXXX",
            "***-**-****",
        ] {
            assert_eq!(parse(Some(w)), Ssn::Missing, "{w}");
        }
        assert_eq!(parse(None), Ssn::Missing);
        assert_eq!(parse(Some("XXX-XX-7890")), Ssn::Last4(*b"7890"));
        assert_eq!(parse(Some("xxx-xx-7890")), Ssn::Last4(*b"7890"));
        assert_eq!(parse(Some("***-**-7890")), Ssn::Last4(*b"7890"));
        assert_eq!(parse(Some("#####7890")), Ssn::Last4(*b"7890"));
        assert_eq!(parse(Some("7890")), Ssn::Last4(*b"7890"));
        assert_eq!(parse(Some("XXX-XX-0000")), Ssn::Invalid);
        for bad in [
            "000-12-3456",
            "666-12-3456",
            "412-00-3456",
            "412-56-0000",
            "078-05-1120",
            "219-09-9999",
            "123-45-6789",
            "111-11-1111",
            "12345",
            "41256789O",
            "XX-7890",
        ] {
            assert_eq!(parse(Some(bad)), Ssn::Invalid, "{bad}");
        }
        assert!(matches!(parse(Some("912-70-1234")), Ssn::Itin(_)));
        assert!(matches!(parse(Some("999-99-9999")), Ssn::Itin(_)));
    }

    fn s(c: &str, r: &str) -> (f64, &'static str, bool) {
        let x = score(Some(c), Some(r));
        (x.score, x.desc, x.conflict)
    }

    #[test]
    fn levels() {
        assert_eq!(
            s("412-56-7890", "412567890"),
            (1.0, "exact SSN match", false)
        );
        assert_eq!(
            s("412-56-7890", "412-56-7891"),
            (0.5, "SSN differs by one digit (possible typo)", false)
        );
        assert_eq!(
            s("412-56-7890", "412-65-7890"),
            (0.5, "SSN differs by one digit (possible typo)", false)
        );
        assert_eq!(s("412-56-7890", "512-46-7890"), (0.0, "SSN mismatch", true));
        assert_eq!(
            s("412-56-7890", "XXX-XX-7890"),
            (0.7, "last-4 SSN match", false)
        );
        assert_eq!(s("7890", "XXX-XX-7890"), (0.7, "last-4 SSN match", false));
        assert_eq!(
            s("412-56-7890", "7891"),
            (0.2, "last-4 SSN differs by one digit", false)
        );
        assert_eq!(s("412-56-7890", "7811"), (0.0, "last-4 SSN mismatch", true));
        assert_eq!(s("", "412-56-7890"), (0.0, "SSN not available", false));
        assert_eq!(
            s("UNKNOWN", "412-56-7890"),
            (0.0, "SSN not available", false)
        );
        assert_eq!(
            s("666-56-7890", "666-56-7890"),
            (0.0, "invalid or empty SSN", false)
        );
        assert_eq!(s("", "666-56-7890"), (0.0, "invalid or empty SSN", false));
        assert_eq!(
            s("912-70-1234", "912-70-1234"),
            (1.0, "exact SSN match", false)
        );
        assert_eq!(
            s("912-70-1234", "412-70-1234"),
            (0.0, "SSN and ITIN not comparable", false)
        );
        assert_eq!(
            s("912-70-1234", "XXX-XX-1234"),
            (0.7, "last-4 SSN match", false)
        );
    }
}
