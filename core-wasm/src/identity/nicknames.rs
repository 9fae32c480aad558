//! Nickname/diminutive equivalence (DESIGN §4.2): two given names are equivalent when
//! they share a canonical name in `data/nicknames.csv` (CC0, see `data/README.md`).

use std::sync::OnceLock;

const TABLE: &str = include_str!("data/nicknames.csv");

/// (name, canonical id) pairs sorted by name; a canonical name maps to its own id.
fn index() -> &'static [(&'static str, u16)] {
    static INDEX: OnceLock<Vec<(&'static str, u16)>> = OnceLock::new();
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
            let id = u16::try_from(id).unwrap_or(u16::MAX);
            out.extend(names(row).map(|name| (name, id)));
        }
        out.sort_unstable();
        out.dedup();
        out
    })
}

/// Canonical ids of `name` (already folded and compact), ascending.
fn roots(name: &str) -> &'static [(&'static str, u16)] {
    let idx = index();
    let start = idx.partition_point(|(n, _)| *n < name);
    let rows = idx.get(start..).unwrap_or(&[]);
    // A name has a few rows at most: walk them rather than search again for the end.
    let len = rows.iter().take_while(|(n, _)| *n == name).count();
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
    ra.iter().any(|(_, x)| rb.iter().any(|(_, y)| x == y))
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
}
