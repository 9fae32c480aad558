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
    fold_into(&mut out, s, keep);
    out
}

/// [`fold`] appended to `out`, one space apart from what `out` already holds when both are
/// non-empty: `fold_into` of each part equals `fold` of the parts joined by spaces (folding is
/// character by character and whitespace collapses), without building the joined text.
pub(crate) fn fold_into(out: &mut String, s: &str, keep: Keep) {
    let mut folded = Folded {
        pending_space: !out.is_empty(),
        text: core::mem::take(out),
        keep,
    };
    for c in s.chars() {
        // ASCII is its own NFKD form with no combining marks: skip the normaliser (most input).
        if c.is_ascii() {
            folded.emit_ascii(c as u8);
            continue;
        }
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
            mapped.bytes().for_each(|m| folded.push(m));
            continue;
        }
        for d in core::iter::once(c).nfkd() {
            if canonical_combining_class(d) != 0 {
                continue;
            }
            for u in d.to_uppercase() {
                match u {
                    '\u{2019}' => {}
                    u if u.is_ascii() => folded.emit_ascii(u as u8),
                    _ => folded.space(),
                }
            }
        }
    }
    *out = folded.text;
}

/// The folded text being built: spaces are held back so runs collapse and ends are trimmed.
struct Folded {
    text: String,
    pending_space: bool,
    keep: Keep,
}

impl Folded {
    /// One ASCII character, upper-cased: kept, dropped, or turned into a space.
    fn emit_ascii(&mut self, b: u8) {
        match b {
            b'a'..=b'z' => self.push(b.to_ascii_uppercase()),
            b'A'..=b'Z' | b'0'..=b'9' => self.push(b),
            b'\'' | b'`' | b'.' => {}
            b'#' | b'/' if self.keep == Keep::Address => self.push(b),
            _ => self.space(),
        }
    }

    fn space(&mut self) {
        self.pending_space = !self.text.is_empty();
    }

    /// A kept ASCII character (never a space), after the space held back if any.
    fn push(&mut self, b: u8) {
        if self.pending_space {
            self.text.push(' ');
            self.pending_space = false;
        }
        self.text.push(char::from(b));
    }
}

/// The string without spaces (compact surname form, DESIGN §4.1 step 5).
pub(crate) fn compact(s: &str) -> String {
    s.chars().filter(|c| *c != ' ').collect()
}

/// Longest text compared by the fuzzy measures, in characters. Jaro-Winkler costs the product of
/// its inputs' lengths, so bounding them keeps every pairing's cost constant and a match's cost
/// linear in its number of pairings, whatever the source (the server caps JSON names at 200
/// characters, but XML text is not capped field by field). Real names and street names are far
/// shorter (at most 28 characters in the corpus).
pub(crate) const MAX_COMPARED_CHARS: usize = 100;

/// `text` cut to [`MAX_COMPARED_CHARS`] characters.
pub(crate) fn bounded(text: &str) -> &str {
    text.char_indices()
        .nth(MAX_COMPARED_CHARS)
        .map_or(text, |(end, _)| &text[..end])
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
        assert_eq!(
            fold("Straße Łódź Øre Æsir Œuvre Đoković", Keep::Name),
            "STRASSE LODZ ORE AESIR OEUVRE DOKOVIC"
        );
        assert_eq!(
            fold("101 1/2 Main St #4", Keep::Address),
            "101 1/2 MAIN ST #4"
        );
        assert_eq!(fold("", Keep::Name), "");
        assert_eq!(fold(" - ", Keep::Name), "");
    }

    #[test]
    fn compacts() {
        assert_eq!(compact("DE LA CRUZ"), "DELACRUZ");
    }
}
