//! Rule ids (and citations) of one charge, without repeats, in the order first added. A charge
//! cites one to three rules nearly always, so up to four are kept inline: no vector per list.

use std::ops::Deref;

use serde::{Serialize, Serializer};

const INLINE: usize = 4;

/// A short list of distinct `&'static str`s (`Deref`s to a slice; serialises as one).
#[derive(Debug, Clone, Default)]
pub struct RuleIds {
    inline: [&'static str; INLINE],
    len: usize,
    /// Every id once there are more than fit inline; empty (no allocation) until then.
    spilled: Vec<&'static str>,
}

impl RuleIds {
    pub fn new() -> RuleIds {
        RuleIds::default()
    }

    /// Adds `id` unless it is already there.
    pub fn add(&mut self, id: &'static str) {
        if self.contains(&id) {
            return;
        }
        if !self.spilled.is_empty() {
            self.spilled.push(id);
        } else if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = id;
            self.len += 1;
        } else {
            self.spilled.reserve(2 * INLINE);
            self.spilled.extend_from_slice(&self.inline);
            self.spilled.push(id);
        }
    }
}

impl Deref for RuleIds {
    type Target = [&'static str];

    fn deref(&self) -> &[&'static str] {
        if self.spilled.is_empty() {
            self.inline.get(..self.len).unwrap_or_default()
        } else {
            &self.spilled
        }
    }
}

impl<const N: usize> From<[&'static str; N]> for RuleIds {
    fn from(ids: [&'static str; N]) -> RuleIds {
        let mut out = RuleIds::new();
        ids.into_iter().for_each(|id| out.add(id));
        out
    }
}

impl PartialEq for RuleIds {
    fn eq(&self, other: &RuleIds) -> bool {
        **self == **other
    }
}

impl Serialize for RuleIds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::RuleIds;

    #[test]
    fn keeps_the_first_of_each_in_order_past_the_inline_ones() {
        let ids = ["A", "B", "A", "C", "D", "B", "E", "F", "E"];
        let mut kept = RuleIds::new();
        let mut expected: Vec<&str> = Vec::new();
        for id in ids {
            kept.add(id);
            if !expected.contains(&id) {
                expected.push(id);
            }
            assert_eq!(&*kept, expected.as_slice());
        }
        assert_eq!(
            serde_json::to_string(&kept).unwrap(),
            serde_json::to_string(&expected).unwrap()
        );
        assert_eq!(RuleIds::from(["A", "B"]), RuleIds::from(["A", "B", "A"]));
    }
}
