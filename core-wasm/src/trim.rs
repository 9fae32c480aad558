//! `str::trim` with a shortcut for text that begins and ends with a printable ASCII character,
//! as nearly every field of a record does: such text has nothing to trim at either end, yet
//! `str::trim` decodes a character from each end through its generic pattern code (~65
//! instructions a call; ~13K of a 10-charge request, callgrind, native).

/// `text.trim()`, the same text for every input.
#[inline]
pub fn trim(text: &str) -> &str {
    match text.as_bytes() {
        [first, .., last] if printable(*first) && printable(*last) => text,
        [only] if printable(*only) => text,
        _ => text.trim(),
    }
}

/// A printable ASCII character other than the space: never whitespace, never part of a
/// multi-byte character.
#[inline]
fn printable(byte: u8) -> bool {
    (0x21..0x7f).contains(&byte)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn trims_what_str_trim_trims() {
        for text in [
            "",
            " ",
            "a",
            " a",
            "a ",
            " a ",
            "\ta\n",
            "\u{a0}a",
            "a\u{a0}",
            "\u{3000}x\u{2029}",
            "\u{b}a",
            "a\u{c}",
            "é",
            "aé",
            "éa",
            "\u{85}",
            "a\u{85}",
            "ab",
            "a b",
        ] {
            assert_eq!(trim(text), text.trim(), "{text:?}");
        }
    }

    proptest! {
        #[test]
        fn any_text_trims_as_str_trim_does(
            text in any::<String>(),
            spaced in "[ \\t\\n\\r\\x0b\\x0c\\x1c-\\x1f\\u{85}\\u{a0}\\u{2000}\\u{feff}a-z!~é]{0,8}",
        ) {
            prop_assert_eq!(trim(&text), text.trim());
            prop_assert_eq!(trim(&spaced), spaced.trim());
        }
    }
}
