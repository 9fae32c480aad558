//! Equality of an object's key with the key asked for, without a call to `memcmp` for the
//! short keys requests have: every field read scans its object's keys, and the call cost more
//! than comparing the bytes.

/// Whether `a` and `b` are the same text: up to 16 bytes as two overlapping words (or halves
/// of one), longer ones as slices.
#[inline]
pub fn key_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let len = a.len();
    if len != b.len() {
        return false;
    }
    match len {
        8..=16 => {
            word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, len - 8) == word::<8>(b, len - 8)
        }
        4..=7 => {
            word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, len - 4) == word::<4>(b, len - 4)
        }
        _ => a == b,
    }
}

/// The `N` bytes of `bytes` from `at` (callers keep `at + N` within it).
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

    use super::key_eq;

    /// Every length up to 20, a difference at every position: found.
    #[test]
    fn a_difference_anywhere_is_found() {
        for len in 0..20 {
            let key = "k".repeat(len);
            assert!(key_eq(&key, &key.clone()));
            for at in 0..len {
                let mut other = key.clone().into_bytes();
                other[at] = b'x';
                let other = String::from_utf8(other).unwrap_or_default();
                assert!(!key_eq(&key, &other), "{len} {at}");
            }
            assert!(!key_eq(&key, &format!("{key}k")));
        }
    }

    proptest! {
        #[test]
        fn as_string_equality(a in "[a-c_]{0,20}", b in "[a-c_]{0,20}") {
            prop_assert_eq!(key_eq(&a, &b), a == b);
            prop_assert!(key_eq(&a, &a.clone()));
        }
    }
}
