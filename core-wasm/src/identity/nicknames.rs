//! Nickname/diminutive equivalence (docs/identity.md §4.2): two given names are equivalent when
//! they share a canonical name in `data/nicknames.csv` (CC0, see `data/README.md`).

use std::sync::OnceLock;

/// A `static`, not a `const`: the index holds offsets into this one copy of the text.
static TABLE: &str = include_str!("data/nicknames.csv");

/// One name of `TABLE` in the index: where it is in `TABLE` and its canonical id, six bytes
/// where a `(&str, u16)` takes twelve (the index lives in every fresh instance's memory).
#[derive(Clone, Copy)]
struct Entry {
    at: u16,
    len: u8,
    id: u16,
}

impl Entry {
    /// `name`, a slice of `TABLE`, with canonical id `id`; `None` past what an entry can hold
    /// (the table is 4 KB of short names; its tests build the index and count every name).
    fn new(name: &'static str, id: usize) -> Option<Self> {
        let at = name.as_ptr().addr().checked_sub(TABLE.as_ptr().addr())?;
        Some(Self {
            at: u16::try_from(at).ok()?,
            len: u8::try_from(name.len()).ok()?,
            id: u16::try_from(id).ok()?,
        })
    }

    fn name(self) -> &'static str {
        let at = usize::from(self.at);
        TABLE
            .get(at..at + usize::from(self.len))
            .unwrap_or_default()
    }
}

/// Every name with its canonical ids, sorted by (name, id); a canonical name maps to its own id.
fn index() -> &'static [Entry] {
    static INDEX: OnceLock<Vec<Entry>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let rows = || {
            TABLE
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
        };
        let names = |row: &'static str| row.split(',').map(str::trim).filter(|n| !n.is_empty());
        // Exactly as many as there are: the index lives in every fresh instance's memory.
        let mut out = Vec::with_capacity(rows().map(|row| names(row).count()).sum());
        for (id, row) in rows().enumerate() {
            out.extend(names(row).filter_map(|name| Entry::new(name, id)));
        }
        out.sort_unstable_by(|a, b| (a.name(), a.id).cmp(&(b.name(), b.id)));
        out.dedup_by(|a, b| (a.name(), a.id) == (b.name(), b.id));
        out
    })
}

/// The entries of `name` (already folded and compact), canonical ids ascending.
fn roots(name: &str) -> &'static [Entry] {
    let idx = index();
    let start = idx.partition_point(|e| e.name() < name);
    let rows = idx.get(start..).unwrap_or(&[]);
    // A name has a few rows at most: walk them rather than search again for the end.
    let len = rows.iter().take_while(|e| e.name() == name).count();
    rows.get(..len).unwrap_or(&[])
}

/// True when both names share a canonical name (`BILL`~`WILLIAM`, `BILL`~`WILL`).
pub(crate) fn equivalent(a: &str, b: &str) -> bool {
    let ra = roots(a);
    // Most pairs (surname against given name in swapped pairings) are not in the table at all.
    if ra.is_empty() {
        return false;
    }
    let rb = roots(b);
    ra.iter().any(|x| rb.iter().any(|y| x.id == y.id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_canonical() {
        assert!(equivalent("BILL", "WILLIAM"));
        assert!(equivalent("BILL", "WILL"));
        assert!(equivalent("BOB", "ROBERT"));
        assert!(equivalent("ROBERT", "ROBERT"));
        assert!(equivalent("AL", "ALEXANDER"));
        assert!(!equivalent("ALBERT", "ALEXANDER"));
        assert!(!equivalent("JAN", "JANE"));
        assert!(
            !equivalent("ZELDA", "ZELDA"),
            "names outside the table have no roots"
        );
    }

    #[test]
    fn table_is_well_formed() {
        for row in TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            for n in row.split(',') {
                assert!(
                    !n.is_empty() && n.chars().all(|c| c.is_ascii_uppercase()),
                    "bad entry {n:?}"
                );
            }
        }
        assert!(index().len() > 500);
    }

    #[test]
    fn index_holds_every_name_of_the_table_with_its_row() {
        let mut expected: Vec<(&str, usize)> = TABLE
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .enumerate()
            .flat_map(|(id, row)| row.split(',').map(move |n| (n.trim(), id)))
            .filter(|(n, _)| !n.is_empty())
            .collect();
        expected.sort_unstable();
        expected.dedup();
        let indexed: Vec<(&str, usize)> = index()
            .iter()
            .map(|e| (e.name(), usize::from(e.id)))
            .collect();
        assert_eq!(indexed, expected);
    }
}
