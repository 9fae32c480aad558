//! Name component (docs/identity.md §4.2-4.3): discrete levels per part, best pairing over the
//! names and aliases of both sides, swapped first/last, suffix conflicts.

use std::borrow::Cow;

use super::names::{NameVariant, Part};
use super::nicknames;
use super::round::round4;
use super::similarity::jaro_winkler;

const W_LAST: f64 = 0.50;
const W_FIRST: f64 = 0.35;
const W_MIDDLE: f64 = 0.15;
const SWAP_FACTOR: f64 = 0.90;
/// Above this a direct pairing beats any swapped one: the weights sum to 1 (within a rounding
/// step), so a pairing is at most 1 + 2.3e-16 and a swapped one at most SWAP_FACTOR + 2.1e-16.
const SWAP_CANNOT_WIN: f64 = SWAP_FACTOR + 1e-9;
const SUFFIX_CONFLICT_FACTOR: f64 = 0.90;

/// Splink's NameComparison cut points (docs/identity.md §4.2).
const JW_HIGH: f64 = 0.92;
const JW_LOW: f64 = 0.88;

/// Up to six short notes describing a pairing, without heap allocation.
#[derive(Debug, Clone, Copy, Default)]
struct Notes {
    items: [&'static str; 6],
    len: usize,
}

impl Notes {
    fn push(&mut self, s: &'static str) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = s;
            self.len += 1;
        }
    }
    fn iter(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.items.iter().take(self.len).copied()
    }
}

fn surname_level(a: &Part, b: &Part) -> (f64, &'static str) {
    if a.full.is_empty() || b.full.is_empty() {
        return (0.0, "surname missing");
    }
    if a.compact() == b.compact() {
        return (1.0, "exact surname");
    }
    let subset = |x: &str, y: &str| x.split(' ').all(|t| y.split(' ').any(|u| u == t));
    if subset(&a.full, &b.full) || subset(&b.full, &a.full) {
        return (0.90, "compound surname partial");
    }
    let mut jw = jaro_winkler(a.compact(), b.compact());
    for x in a.full.split(' ').filter(|t| t.len() >= 3) {
        for y in b.full.split(' ').filter(|t| t.len() >= 3) {
            jw = jw.max(jaro_winkler(x, y));
        }
    }
    if jw >= JW_HIGH {
        (0.85, "fuzzy surname")
    } else if jw >= JW_LOW {
        (0.70, "weak fuzzy surname")
    } else {
        (0.0, "surname mismatch")
    }
}

fn given_level(a: &str, b: &str) -> (f64, &'static str) {
    if a.is_empty() || b.is_empty() {
        return (0.0, "first name missing");
    }
    if a == b {
        return if a.len() > 1 {
            (1.0, "exact first name")
        } else {
            (0.6, "first initial only")
        };
    }
    if a.len() == 1 || b.len() == 1 {
        return if a.as_bytes().first() == b.as_bytes().first() {
            (0.6, "first initial match")
        } else {
            (0.0, "first initial mismatch")
        };
    }
    if nicknames::equivalent(a, b) {
        return (0.90, "nickname");
    }
    // Prefixes of 4+ letters only (CHRIS/CHRISTOPHER, not JAN/JANE).
    let (short, long) = if b.len() < a.len() { (b, a) } else { (a, b) };
    if short.len() >= 4 && long.starts_with(short) {
        return (0.90, "first name prefix");
    }
    let jw = jaro_winkler(a, b);
    if jw >= JW_HIGH {
        (0.85, "fuzzy first name")
    } else if jw >= JW_LOW {
        (0.70, "weak fuzzy first name")
    } else {
        (0.0, "first name mismatch")
    }
}

fn middle_level(a: &str, b: &str) -> (Option<f64>, &'static str) {
    if a.is_empty() || b.is_empty() {
        return (None, "middle not compared");
    }
    if a == b {
        return (Some(1.0), "exact middle");
    }
    if a.len() == 1 || b.len() == 1 {
        // A different initial is strong negative evidence (FTC 2016; docs/identity.md §4.3).
        return if a.as_bytes().first() == b.as_bytes().first() {
            (Some(0.9), "middle initial consistent")
        } else {
            (Some(0.0), "middle conflict")
        };
    }
    if nicknames::equivalent(a, b) {
        return (Some(0.9), "middle nickname");
    }
    if jaro_winkler(a, b) >= JW_HIGH {
        return (Some(0.85), "fuzzy middle");
    }
    (Some(0.0), "middle conflict")
}

/// One side of a pairing, possibly with first and last exchanged.
#[derive(Clone, Copy)]
struct View<'a> {
    first: &'a Part,
    middle: &'a Part,
    last: &'a Part,
    generation: Option<u8>,
}

impl<'a> View<'a> {
    fn of(v: &'a NameVariant) -> Self {
        View {
            first: &v.first,
            middle: &v.middle,
            last: &v.last,
            generation: v.generation,
        }
    }
    fn swapped(v: &'a NameVariant) -> Self {
        View {
            first: &v.last,
            middle: &v.middle,
            last: &v.first,
            generation: v.generation,
        }
    }
}

fn pair_score(c: View<'_>, r: View<'_>) -> (f64, Notes) {
    let (l, ld) = surname_level(c.last, r.last);
    let (mut f, mut fd) = given_level(c.first.compact(), r.first.compact());
    let mut by_middle = false;
    if f < 0.8 {
        let goes_by = |x: View<'_>, y: View<'_>| {
            x.middle.full.len() > 1 && x.middle.compact() == y.first.compact()
        };
        if goes_by(c, r) || goes_by(r, c) {
            f = 0.80;
            fd = "goes by middle name";
            by_middle = true;
        }
    }
    let (m, md) = if by_middle {
        (None, "middle not compared")
    } else {
        middle_level(c.middle.compact(), r.middle.compact())
    };
    let mut notes = Notes::default();
    notes.push(ld);
    notes.push(fd);
    notes.push(md);
    if l == 0.0 && f == 0.0 {
        notes.push("name disagreement");
        return (0.0, notes);
    }
    let mut s = match m {
        None => (W_LAST * l + W_FIRST * f) / (W_LAST + W_FIRST),
        Some(m) => W_LAST * l + W_FIRST * f + W_MIDDLE * m,
    };
    if let (Some(a), Some(b)) = (c.generation, r.generation)
        && a != b
    {
        s *= SUFFIX_CONFLICT_FACTOR;
        notes.push("suffix conflict");
    }
    (s, notes)
}

/// The name component.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NameScore {
    pub score: f64,
    pub desc: Cow<'static, str>,
    /// Hard NAME conflict: surname and given name both 0 in every pairing.
    pub conflict: bool,
    /// Record given name missing/initial only, or a surname missing (docs/identity.md §9).
    pub thin: bool,
}

/// Best pairing over all candidate x record variants (docs/identity.md §4.3).
pub(crate) fn score(cand: &[NameVariant], rec: &[NameVariant]) -> NameScore {
    let mut best = 0.0;
    let mut best_notes = Notes::default();
    best_notes.push("no names");
    let mut via_alias = false;
    for c in cand {
        for r in rec {
            let (mut s, mut notes) = pair_score(View::of(c), View::of(r));
            // A pairing scores at most 1, so the swapped one (times SWAP_FACTOR) cannot beat a
            // direct pairing above SWAP_FACTOR: not scored (the exact match, most records).
            if s <= SWAP_CANNOT_WIN {
                let (s2, mut notes2) = pair_score(View::of(c), View::swapped(r));
                let s2 = s2 * SWAP_FACTOR;
                if s2 > s {
                    notes2.push("first/last swapped");
                    s = s2;
                    notes = notes2;
                }
            }
            if s > best {
                best = s;
                best_notes = notes;
                via_alias = c.alias || r.alias;
            }
        }
    }
    let best = round4(best);
    let thin = match (cand.first(), rec.first()) {
        (Some(c), Some(r)) => {
            c.last.full.is_empty() || r.last.full.is_empty() || r.first.compact().len() <= 1
        }
        _ => true,
    };
    let conflict = !cand.is_empty() && !rec.is_empty() && best == 0.0;
    let desc = if best == 1.0 {
        Cow::Borrowed(if via_alias {
            "exact name match via alias"
        } else {
            "exact name match"
        })
    } else if conflict {
        Cow::Borrowed("name mismatch")
    } else {
        let mut d = String::with_capacity(64);
        for n in best_notes.iter().filter(|n| *n != "middle not compared") {
            if !d.is_empty() {
                d.push_str("; ");
            }
            d.push_str(n);
        }
        if via_alias {
            d.push_str(" (via alias)");
        }
        Cow::Owned(d)
    };
    NameScore {
        score: best,
        desc,
        conflict,
        thin,
    }
}

#[cfg(test)]
mod tests {
    use super::super::names::variants;
    use super::super::{Person, PersonName};
    use super::*;

    fn part(s: &str) -> Part {
        Part::new(s.into())
    }

    fn person<'a>(f: &'a str, m: &'a str, l: &'a str) -> Person<'a> {
        Person {
            name: PersonName {
                first: f.into(),
                middle: m.into(),
                last: l.into(),
            },
            ..Person::default()
        }
    }

    fn sc(c: &Person, r: &Person) -> NameScore {
        score(&variants(c), &variants(r))
    }

    #[test]
    fn surname_levels() {
        assert_eq!(surname_level(&part("DE LA CRUZ"), &part("DELACRUZ")).0, 1.0);
        assert_eq!(
            surname_level(&part("GARCIA"), &part("GARCIA LOPEZ")).0,
            0.90
        );
        assert_eq!(surname_level(&part("JOHNSON"), &part("JONSON")).0, 0.85);
        assert_eq!(surname_level(&part("SMITH"), &part("SMYTH")).0, 0.70);
        assert_eq!(surname_level(&part("SMITH"), &part("SMYTHE")).0, 0.0);
        assert_eq!(
            surname_level(&part(""), &part("SMITH")).1,
            "surname missing"
        );
    }

    #[test]
    fn given_levels() {
        assert_eq!(given_level("JOHN", "JOHN"), (1.0, "exact first name"));
        assert_eq!(given_level("J", "J"), (0.6, "first initial only"));
        assert_eq!(given_level("J", "JOHN"), (0.6, "first initial match"));
        assert_eq!(given_level("K", "JOHN"), (0.0, "first initial mismatch"));
        assert_eq!(given_level("BILL", "WILLIAM"), (0.9, "nickname"));
        assert_eq!(
            given_level("CHRISTOPHER", "CHRISTOPH"),
            (0.9, "first name prefix")
        );
        assert_eq!(
            given_level("JONATHAN", "JONATHON"),
            (0.85, "fuzzy first name")
        );
        assert_eq!(
            given_level("STEPHEN", "STEVEN"),
            (0.70, "weak fuzzy first name")
        );
        assert_eq!(given_level("JAN", "JANE").1, "fuzzy first name");
        assert_eq!(given_level("MARY", "SUSAN"), (0.0, "first name mismatch"));
        assert_eq!(given_level("", "SUSAN"), (0.0, "first name missing"));
    }

    #[test]
    fn middle_levels() {
        assert_eq!(middle_level("", "A"), (None, "middle not compared"));
        assert_eq!(
            middle_level("A", "ALBERT"),
            (Some(0.9), "middle initial consistent")
        );
        assert_eq!(middle_level("B", "ALBERT"), (Some(0.0), "middle conflict"));
        assert_eq!(
            middle_level("BOB", "ROBERT"),
            (Some(0.9), "middle nickname")
        );
        assert_eq!(
            middle_level("JONATHAN", "JONATHON"),
            (Some(0.85), "fuzzy middle")
        );
        assert_eq!(
            middle_level("ALBERT", "ALBERT"),
            (Some(1.0), "exact middle")
        );
        assert_eq!(
            middle_level("ALBERT", "EDWARD"),
            (Some(0.0), "middle conflict")
        );
    }

    #[test]
    fn pairings() {
        let exact = sc(
            &person("John", "Albert", "Smith"),
            &person("JOHN", "ALBERT", "SMITH"),
        );
        assert_eq!((exact.score, &*exact.desc), (1.0, "exact name match"));
        let swapped = sc(&person("WEI", "", "ZHANG"), &person("ZHANG", "", "WEI"));
        assert_eq!(swapped.score, 0.9);
        assert!(swapped.desc.ends_with("first/last swapped"));
        let by_middle = sc(
            &person("JOHN", "ROBERT", "SMITH"),
            &person("ROBERT", "", "SMITH"),
        );
        assert_eq!(by_middle.desc, "exact surname; goes by middle name");
        let sfx = sc(
            &person("JOHN", "", "SMITH JR"),
            &person("JOHN", "", "SMITH SR"),
        );
        assert_eq!(sfx.score, 0.9);
        assert!(sfx.desc.contains("suffix conflict"));
        let none = sc(&person("MARY", "", "JONES"), &person("PETER", "", "BROWN"));
        assert!(none.conflict);
        assert_eq!(none.desc, "name mismatch");
        let empty = score(&[], &variants(&person("A", "", "B")));
        assert!(!empty.conflict && empty.thin);
        assert_eq!(empty.desc, "no names");
        let initial = sc(&person("JOHN", "", "SMITH"), &person("J", "", "SMITH"));
        assert!(initial.thin);
    }

    /// The bound that lets `score` skip swapped pairings: no pairing scores above 1 + 2.3e-16.
    #[test]
    fn pairings_score_at_most_one() {
        let names = [
            "JOHN",
            "J",
            "SMITH",
            "SMYTH",
            "ROBERT",
            "BOB",
            "",
            "DE LA CRUZ",
            "JR",
        ];
        let views: Vec<NameVariant> = names
            .iter()
            .flat_map(|f| names.iter().map(move |l| (f, l)))
            .flat_map(|(f, l)| names.iter().map(move |m| (f, m, l)))
            .map(|(f, m, l)| NameVariant {
                first: part(f),
                middle: part(m),
                last: part(l),
                generation: None,
                alias: false,
            })
            .collect();
        for c in views.iter().step_by(7) {
            for r in &views {
                let (s, _) = pair_score(View::of(c), View::of(r));
                assert!(s <= 1.0 + 2.3e-16, "{s}");
                assert!(s * SWAP_FACTOR < SWAP_CANNOT_WIN);
            }
        }
        assert_eq!(W_LAST + W_FIRST + W_MIDDLE, 1.0);
    }

    #[test]
    fn alias_on_either_side() {
        let mut c = person("MARY", "", "JOHNSON");
        c.aliases.push(PersonName {
            first: "MARY".into(),
            middle: "".into(),
            last: "WILLIAMS".into(),
        });
        let r = person("MARY", "", "WILLIAMS");
        let s = sc(&c, &r);
        assert_eq!((s.score, &*s.desc), (1.0, "exact name match via alias"));
        let s = sc(&r, &c);
        assert_eq!(s.desc, "exact name match via alias", "record-side alias");
        let mut r2 = person("MARIE", "", "JOHNSEN");
        r2.aliases.push(PersonName {
            first: "MARIA".into(),
            middle: "".into(),
            last: "WILLIAMS".into(),
        });
        let s = sc(&person("MARY", "", "WILLIAMS"), &r2);
        assert!(s.desc.ends_with(" (via alias)"), "{}", s.desc);
    }
}
