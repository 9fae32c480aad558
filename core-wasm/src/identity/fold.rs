//! Text folding shared by names and addresses (DESIGN §4.1 steps 1-2, §7.1).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::canonical_combining_class;

/// Which punctuation survives folding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Names: every punctuation except apostrophes and periods becomes a space.
    Name,
    /// Addresses: `#` (unit) and `/` (fractional house numbers) are kept (Pub 28 §213, §231).
    Address,
}

/// Uppercase ASCII fold: strip accents, map letters NFKD does not split, drop apostrophes
/// and periods, turn other punctuation into spaces, collapse whitespace.
pub(crate) fn fold(s: &str, keep: Keep) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    let mut push = |c: char, out: &mut String| {
        if c == ' ' {
            pending_space = !out.is_empty();
        } else {
            if pending_space {
                out.push(' ');
                pending_space = false;
            }
            out.push(c);
        }
    };
    for c in s.chars() {
        // Letters NFKD leaves whole (DESIGN §4.1 step 1).
        let mapped: &str = match c {
            'ß' => "SS",
            'Æ' | 'æ' => "AE",
            'Ø' | 'ø' => "O",
            'Œ' | 'œ' => "OE",
            'Ł' | 'ł' => "L",
            'Đ' | 'đ' => "D",
            _ => "",
        };
        if !mapped.is_empty() {
            for m in mapped.chars() {
                push(m, &mut out);
            }
            continue;
        }
        for d in core::iter::once(c).nfkd() {
            if canonical_combining_class(d) != 0 {
                continue;
            }
            for u in d.to_uppercase() {
                match u {
                    '\'' | '\u{2019}' | '`' | '.' => {}
                    'A'..='Z' | '0'..='9' => push(u, &mut out),
                    '#' | '/' if keep == Keep::Address => push(u, &mut out),
                    _ => push(' ', &mut out),
                }
            }
        }
    }
    out
}

/// The string without spaces (compact surname form, DESIGN §4.1 step 5).
pub(crate) fn compact(s: &str) -> String {
    s.chars().filter(|c| *c != ' ').collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_accents_and_punctuation() {
        assert_eq!(fold("José Muñoz", Keep::Name), "JOSE MUNOZ");
        assert_eq!(fold("O'Brien", Keep::Name), "OBRIEN");
        assert_eq!(fold("  A.  ", Keep::Name), "A");
        assert_eq!(fold("Garcia-Lopez", Keep::Name), "GARCIA LOPEZ");
        assert_eq!(fold("Smith/Jones, Jr", Keep::Name), "SMITH JONES JR");
        assert_eq!(fold("Straße Łódź Øre Æsir Œuvre Đoković", Keep::Name), "STRASSE LODZ ORE AESIR OEUVRE DOKOVIC");
        assert_eq!(fold("101 1/2 Main St #4", Keep::Address), "101 1/2 MAIN ST #4");
        assert_eq!(fold("", Keep::Name), "");
        assert_eq!(fold(" - ", Keep::Name), "");
    }

    #[test]
    fn compacts() {
        assert_eq!(compact("DE LA CRUZ"), "DELACRUZ");
    }
}
