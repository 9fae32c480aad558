//! Lists of varying length stored end to end in one allocation, for the compiled tables.
//!
//! A `Vec<Vec<T>>` table gives every list an allocation of its own, and a pushed-to `Vec`
//! starts with room for four: a phrase of one word held 56 bytes of heap for its 12. The
//! pre-initialised module carries every table in its memory image, and a browser copies that
//! image into each fresh instance page by page, so the slack was paid on every record.

/// Lists of `T`, numbered from 0.
pub(crate) struct Jagged<T> {
    items: Vec<T>,
    /// `ends[i]` is where list `i` ends in `items` (it starts where list `i - 1` ends).
    ends: Vec<End>,
}

/// Where a list ends: the compiled tables hold a few thousand items at most (the tests build
/// every shipped table), so two bytes a list, not four, in every fresh instance's memory.
type End = u16;

fn end(at: usize) -> End {
    debug_assert!(
        at <= usize::from(End::MAX),
        "a jagged table past {} items",
        End::MAX
    );
    End::try_from(at).unwrap_or(End::MAX)
}

impl<T> Jagged<T> {
    /// The lists in order, each one's items in order.
    pub(crate) fn from_lists<L: IntoIterator<Item = T>>(
        lists: impl IntoIterator<Item = L>,
    ) -> Self {
        let mut items = Vec::new();
        let ends = lists
            .into_iter()
            .map(|list| {
                items.extend(list);
                end(items.len())
            })
            .collect();
        Self { items, ends }.shrunk()
    }

    /// `lists` lists, list `i` holding the values of the `(i, value)` pairs in their order;
    /// pairs naming a list at or past `lists` are dropped.
    pub(crate) fn from_pairs(lists: usize, pairs: impl IntoIterator<Item = (usize, T)>) -> Self {
        let mut pairs: Vec<(usize, T)> = pairs.into_iter().filter(|(i, _)| *i < lists).collect();
        // Stable: a list keeps its values in the order they came.
        pairs.sort_by_key(|(i, _)| *i);
        let mut ends = Vec::with_capacity(lists);
        let mut at = 0;
        for list in 0..lists {
            at += pairs.get(at..).map_or(0, |rest| {
                rest.iter().take_while(|(i, _)| *i == list).count()
            });
            ends.push(end(at));
        }
        let items = pairs.into_iter().map(|(_, value)| value).collect();
        Self { items, ends }.shrunk()
    }

    /// List `i`; empty when there is no such list.
    pub(crate) fn get(&self, i: usize) -> &[T] {
        let start = match i.checked_sub(1) {
            Some(before) => self.ends.get(before).copied(),
            None => Some(0),
        };
        match (start, self.ends.get(i)) {
            (Some(start), Some(end)) => self
                .items
                .get(usize::from(start)..usize::from(*end))
                .unwrap_or_default(),
            _ => &[],
        }
    }

    /// How many lists there are.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Every list's items, list after list.
    pub(crate) fn items(&self) -> &[T] {
        &self.items
    }

    /// Without the room left over from building: the tables live as long as the instance.
    fn shrunk(mut self) -> Self {
        self.items.shrink_to_fit();
        self.ends.shrink_to_fit();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::Jagged;

    #[test]
    fn lists_keep_their_items_and_order() {
        let jagged = Jagged::from_lists([vec![1, 2], vec![], vec![3]]);
        assert_eq!(jagged.len(), 3);
        assert_eq!(jagged.get(0), [1, 2]);
        assert_eq!(jagged.get(1), [] as [i32; 0]);
        assert_eq!(jagged.get(2), [3]);
        assert_eq!(jagged.get(3), [] as [i32; 0]);
        assert_eq!(jagged.items(), [1, 2, 3]);
    }

    #[test]
    fn pairs_go_to_their_list_in_the_order_they_came() {
        let jagged = Jagged::from_pairs(4, [(2, 'a'), (0, 'b'), (2, 'c'), (9, 'x'), (0, 'd')]);
        assert_eq!(jagged.len(), 4);
        assert_eq!(jagged.get(0), ['b', 'd']);
        assert_eq!(jagged.get(1), [] as [char; 0]);
        assert_eq!(jagged.get(2), ['a', 'c']);
        assert_eq!(jagged.get(3), [] as [char; 0]);
        assert_eq!(jagged.items(), ['b', 'd', 'a', 'c']);
    }
}
