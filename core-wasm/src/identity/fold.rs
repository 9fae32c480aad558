//! Text folding shared by names and addresses (docs/identity.md §4.1 steps 1-2, §7.1).

mod table;

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
        // ASCII is its own NFKD form with no combining marks: skip the table (most input).
        if c.is_ascii() {
            folded.emit_ascii(c as u8);
            continue;
        }
        for b in fold_char(c).bytes() {
            folded.emit_ascii(b);
        }
    }
    *out = folded.text;
}

/// What a non-ASCII character folds to, as ASCII for [`Folded::emit_ascii`]: its compatibility
/// decomposition (NFKD) without combining marks, upper-cased, with the letters NFKD leaves whole
/// mapped (docs/identity.md §4.1 step 1: `ß` is `SS`, `Æ` is `AE`, ...); a space for what separates words
/// (any other character), nothing for what folding drops (combining marks, apostrophes).
/// Looked up in the generated [`table`], which the tests check against `unicode-normalization`
/// for every code point.
fn fold_char(c: char) -> &'static str {
    let run = table::RUN_STARTS.partition_point(|&start| start <= u32::from(c));
    run.checked_sub(1)
        .and_then(|run| table::RUN_FOLDS.get(run))
        .and_then(|&fold| table::FOLDS.get(usize::from(fold)))
        .copied()
        .unwrap_or(" ")
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

/// The string without spaces (compact surname form, docs/identity.md §4.1 step 5).
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

    /// What `fold` made of a non-ASCII character when it ran `unicode-normalization` itself (the
    /// table's source): the letters NFKD leaves whole, else NFKD without combining marks,
    /// upper-cased, each character given to `emit` (a right single quote dropped, any other
    /// non-ASCII character a space).
    fn reference(c: char, emit: &mut impl FnMut(Option<u8>)) {
        use unicode_normalization::UnicodeNormalization;
        use unicode_normalization::char::canonical_combining_class;
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
            mapped.bytes().for_each(|m| emit(Some(m)));
            return;
        }
        for d in core::iter::once(c).nfkd() {
            if canonical_combining_class(d) != 0 {
                continue;
            }
            for u in d.to_uppercase() {
                match u {
                    '\u{2019}' => {}
                    u if u.is_ascii() => emit(Some(u as u8)),
                    _ => emit(None),
                }
            }
        }
    }

    /// [`reference`]'s output for `c` as the table holds it: what [`Folded::emit_ascii`] does
    /// alike for names and addresses written once (letters and digits upper-cased, `'`, `` ` ``
    /// and `.` dropped, one space for a run of separators), `#` and `/` as they are.
    fn reference_fold(c: char) -> String {
        let mut out = String::new();
        reference(c, &mut |u| match u.map(|u| u.to_ascii_uppercase()) {
            Some(u @ (b'A'..=b'Z' | b'0'..=b'9' | b'#' | b'/')) => out.push(char::from(u)),
            Some(b'\'' | b'`' | b'.') => {}
            _ if out.ends_with(' ') => {}
            _ => out.push(' '),
        });
        out
    }

    /// `fold` of `s` as it was with `unicode-normalization` at run time.
    fn reference_fold_text(s: &str, keep: Keep) -> String {
        let mut folded = Folded {
            pending_space: false,
            text: String::new(),
            keep,
        };
        for c in s.chars() {
            if c.is_ascii() {
                folded.emit_ascii(c as u8);
            } else {
                reference(c, &mut |u| match u {
                    Some(u) => folded.emit_ascii(u),
                    None => folded.space(),
                });
            }
        }
        folded.text
    }

    /// The table's source text: runs of consecutive code points from U+0080 that fold alike.
    fn render_table() -> String {
        let mut folds: Vec<String> = Vec::new();
        let mut runs: Vec<(u32, String)> = Vec::new();
        for code in 0x80..=0x10_FFFF_u32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let fold = reference_fold(c);
            if runs.last().is_none_or(|(_, last)| *last != fold) {
                folds.push(fold.clone());
                runs.push((code, fold));
            }
        }
        folds.sort();
        folds.dedup();
        let mut text = String::from(
            "//! What identity folding makes of each non-ASCII character (`super::fold_char`). GENERATED\n\
             //! from `unicode-normalization` and std's upper-casing by\n\
             //! `UPDATE_FOLD_TABLE=1 cargo test -p lookback-core fold_table`, which also checks every code\n\
             //! point against them: do not edit.\n\n",
        );
        let n = runs.len();
        text.push_str(&format!(
            "/// The first code point of each run of consecutive code points that fold alike, ascending\n\
             /// from U+0080 (surrogates, not characters, fall in whichever run); a run ends where the next\n\
             /// begins, the last at U+10FFFF. Eight runs a line, as in [`RUN_FOLDS`].\n\
             #[rustfmt::skip]\n\
             pub(super) static RUN_STARTS: [u32; {n}] = [\n"
        ));
        for line in runs.chunks(8) {
            let starts: Vec<String> = line.iter().map(|(s, _)| format!("0x{s:05X},")).collect();
            text.push_str(&format!("    {}\n", starts.join(" ")));
        }
        text.push_str(&format!(
            "];\n\n\
             /// What each run of [`RUN_STARTS`] folds to: its index in [`FOLDS`].\n\
             #[rustfmt::skip]\n\
             pub(super) static RUN_FOLDS: [u16; {n}] = [\n"
        ));
        for line in runs.chunks(8) {
            let indices: Vec<String> = line
                .iter()
                .map(|(_, f)| format!("{:>3},", folds.binary_search(f).unwrap_or(usize::MAX)))
                .collect();
            text.push_str(&format!("    {}\n", indices.join(" ")));
        }
        text.push_str(&format!(
            "];\n\n\
             /// Every distinct folding, sorted: upper-case letters and digits, `#` and `/` (addresses keep\n\
             /// them), one space for what separates words; empty for what folding drops.\n\
             #[rustfmt::skip]\n\
             pub(super) static FOLDS: [&str; {}] = [\n",
            folds.len()
        ));
        for (i, fold) in folds.iter().enumerate() {
            text.push_str(&format!("    {fold:?}, // {i}\n"));
        }
        text.push_str("];\n");
        text
    }

    #[test]
    fn fold_table_is_generated_from_unicode_normalization() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/identity/fold/table.rs");
        let want = render_table();
        if std::env::var_os("UPDATE_FOLD_TABLE").is_some() {
            std::fs::write(path, &want).unwrap_or_else(|e| panic!("writing {path}: {e}"));
        }
        let have = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            have == want,
            "{path} is stale: regenerate it with `UPDATE_FOLD_TABLE=1 cargo test -p lookback-core fold_table`"
        );
    }

    /// Every code point folds as it did with `unicode-normalization` at run time, between
    /// letters (so a space it makes or drops shows), for names and addresses.
    #[test]
    fn fold_table_matches_unicode_normalization_for_every_code_point() {
        let mut text = String::new();
        for code in 0x80..=0x10_FFFF_u32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            text.clear();
            text.extend(['a', c, 'b']);
            for keep in [Keep::Name, Keep::Address] {
                assert_eq!(
                    fold(&text, keep),
                    reference_fold_text(&text, keep),
                    "U+{code:04X} {keep:?}"
                );
            }
        }
    }

    #[test]
    fn compacts() {
        assert_eq!(compact("DE LA CRUZ"), "DELACRUZ");
    }
}
