//! Equality of two texts a word at a time, for the hot comparisons (object keys, rule ids, the
//! classifier's seen keys, table words). In the wasm module `==` on slices calls
//! compiler-builtins' `memcmp`, a byte-at-a-time loop, and wasmtime checks its epoch deadline on
//! every pass of a loop: a 40-byte key cost 40 passes and 40 checks where this takes five.

/// Whether `a` and `b` hold the same bytes: up to 16 bytes as two overlapping words (or halves
/// or bytes of one), longer ones eight bytes a pass and an overlapping last word.
#[inline]
pub fn text_eq(a: &str, b: &str) -> bool {
    bytes_eq(a.as_bytes(), b.as_bytes())
}

/// [`text_eq`] on bytes.
#[inline]
pub fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let len = a.len();
    if len != b.len() {
        return false;
    }
    match len {
        0 => true,
        1..=3 => {
            // First, middle and last byte: every byte of a text this short.
            let at = |i: usize| (a.get(i), b.get(i));
            [0, len / 2, len - 1].into_iter().all(|i| {
                let (x, y) = at(i);
                x == y
            })
        }
        4..=7 => {
            word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, len - 4) == word::<4>(b, len - 4)
        }
        8..=16 => {
            word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, len - 8) == word::<8>(b, len - 8)
        }
        _ => {
            let words = a.chunks_exact(8).zip(b.chunks_exact(8));
            words
                .into_iter()
                .all(|(x, y)| word::<8>(x, 0) == word::<8>(y, 0))
                && word::<8>(a, len - 8) == word::<8>(b, len - 8)
        }
    }
}

/// Whether `text` starts with `prefix` ([`bytes_eq`] on its first bytes).
#[inline]
pub fn starts_with(text: &str, prefix: &str) -> bool {
    text.as_bytes()
        .get(..prefix.len())
        .is_some_and(|head| bytes_eq(head, prefix.as_bytes()))
}

/// The `N` bytes of `bytes` from `at` (callers keep `at + N` within it); arrays this short
/// compare as one integer, with no call.
#[inline]
fn word<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    bytes
        .get(at..at + N)
        .and_then(|word| <[u8; N]>::try_from(word).ok())
        .unwrap_or([0; N])
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{bytes_eq, starts_with, text_eq};

    /// Every length up to 40, a difference at every position: found.
    #[test]
    fn a_difference_anywhere_is_found() {
        for len in 0..40 {
            let key = "k".repeat(len);
            assert!(text_eq(&key, &key.clone()));
            for at in 0..len {
                let mut other = key.clone().into_bytes();
                other[at] = b'x';
                let other = String::from_utf8(other).unwrap_or_default();
                assert!(!text_eq(&key, &other), "{len} {at}");
                assert!(!starts_with(&format!("{other}tail"), &key), "{len} {at}");
            }
            assert!(!text_eq(&key, &format!("{key}k")));
            assert!(starts_with(&format!("{key}tail"), &key));
            assert!(!starts_with(&key, &format!("{key}k")));
        }
    }

    proptest! {
        #[test]
        fn as_string_equality(a in "[a-c_]{0,40}", b in "[a-c_]{0,40}") {
            prop_assert_eq!(text_eq(&a, &b), a == b);
            prop_assert!(text_eq(&a, &a.clone()));
            prop_assert_eq!(starts_with(&a, &b), a.starts_with(&b));
        }

        #[test]
        fn as_byte_equality(a in proptest::collection::vec(any::<u8>(), 0..40),
                            b in proptest::collection::vec(any::<u8>(), 0..40)) {
            prop_assert_eq!(bytes_eq(&a, &b), a == b);
        }
    }
}
