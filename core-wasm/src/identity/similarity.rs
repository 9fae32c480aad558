//! Jaro-Winkler similarity of folded text (names, street names), read byte by byte.

/// `strsim::jaro_winkler`, over bytes when both texts are ASCII (folded text always is): there a
/// byte is a character, so the score is the same, without decoding or counting characters.
pub(crate) fn jaro_winkler(a: &str, b: &str) -> f64 {
    if a.is_ascii() && b.is_ascii() {
        strsim::generic_jaro_winkler(&Bytes(a.as_bytes()), &Bytes(b.as_bytes()))
    } else {
        strsim::jaro_winkler(a, b)
    }
}

/// A text's bytes, as the sequence `strsim`'s generic measures iterate.
struct Bytes<'t>(&'t [u8]);

impl<'t> IntoIterator for &Bytes<'t> {
    type Item = u8;
    type IntoIter = core::iter::Copied<core::slice::Iter<'t, u8>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_score_as_over_characters() {
        let words = [
            "",
            "A",
            "JOHN",
            "JON",
            "JONATHAN",
            "JONATHON",
            "SMITH",
            "SMYTH",
            "SMYTHE",
            "QUENTIN",
            "SAMPLETON",
            "DELACRUZ",
            "DE LA CRUZ",
            "MAIN",
            "MIAN",
            "MARTHA",
            "MARHTA",
            "DIXON",
            "DICKSONX",
            "AAAA",
            "AAAB",
            "BAAA",
            "1ST",
            "MUÑOZ",
            "MUNOZ",
        ];
        for a in words {
            for b in words {
                assert_eq!(
                    jaro_winkler(a, b).to_bits(),
                    strsim::jaro_winkler(a, b).to_bits(),
                    "{a} / {b}"
                );
            }
        }
    }
}
