//! A short list kept on the stack, moved to the heap only past its inline capacity: the words
//! of an address line and the parts of a single line, read once per address.

/// Up to `N` items inline; any more, and all of them, in a `Vec` (never for real addresses).
#[derive(Debug)]
pub(crate) struct StackVec<T, const N: usize> {
    inline: [T; N],
    len: usize,
    spilled: Vec<T>,
}

impl<T: Copy + Default, const N: usize> StackVec<T, N> {
    pub(crate) fn as_slice(&self) -> &[T] {
        if self.spilled.is_empty() {
            self.inline.get(..self.len).unwrap_or_default()
        } else {
            &self.spilled
        }
    }

    fn push(&mut self, item: T) {
        if self.spilled.is_empty() {
            if let Some(slot) = self.inline.get_mut(self.len) {
                *slot = item;
                self.len += 1;
                return;
            }
            self.spilled.extend_from_slice(&self.inline);
        }
        self.spilled.push(item);
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for StackVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut out = StackVec {
            inline: [T::default(); N],
            len: 0,
            spilled: Vec::new(),
        };
        for item in items {
            out.push(item);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_in_order() {
        let short: StackVec<u8, 3> = (1..=3).collect();
        assert_eq!(short.as_slice(), &[1, 2, 3]);
        assert!(short.spilled.is_empty());
        let long: StackVec<u8, 3> = (1..=5).collect();
        assert_eq!(long.as_slice(), &[1, 2, 3, 4, 5]);
        let none: StackVec<u8, 3> = core::iter::empty().collect();
        assert!(none.as_slice().is_empty());
    }
}
