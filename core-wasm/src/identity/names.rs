//! Name normalisation into comparable variants (docs/identity.md §4.1): folding, honorifics,
//! generational suffixes, aliases and the `AKA` parts of a full subject name.

use super::fold::{Keep, MAX_COMPARED_CHARS, bounded, compact, fold};
use super::{Person, PersonName};

/// One folded name part, with its compact (space-free) form precomputed for the hot loop.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Part {
    pub full: String,
    /// `None` when `full` has no spaces and is its own compact form (most names): no copy.
    compact: Option<String>,
}

impl Part {
    /// Bounded ([`bounded`]): a hostile 50,000-character name costs what a 100-character one does.
    pub(crate) fn new(mut full: String) -> Self {
        // No more bytes than the bound, no more characters: nothing to cut (every real name).
        if full.len() > MAX_COMPARED_CHARS {
            full.truncate(bounded(&full).len());
        }
        let compact = full.contains(' ').then(|| compact(&full));
        Part { full, compact }
    }

    /// The part without spaces (`DE LA CRUZ` -> `DELACRUZ`).
    pub(crate) fn compact(&self) -> &str {
        self.compact.as_deref().unwrap_or(&self.full)
    }
}

/// A normalised name: the primary name or one alias.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct NameVariant {
    pub first: Part,
    pub middle: Part,
    pub last: Part,
    /// JR/II = 2, SR = 1, III = 3, IV = 4, V = 5 (docs/identity.md §4.1 step 4).
    pub generation: Option<u8>,
    pub alias: bool,
}

const HONORIFICS: [&str; 5] = ["MR", "MRS", "MS", "MISS", "DR"];

/// Generation number of a suffix token. A lone `I` is never a suffix (a middle initial).
fn generation(token: &str) -> Option<u8> {
    match token {
        "SR" | "SENIOR" => Some(1),
        "JR" | "JUNIOR" | "II" | "2ND" => Some(2),
        "III" | "3RD" => Some(3),
        "IV" | "4TH" => Some(4),
        "V" => Some(5),
        _ => None,
    }
}

/// Split trailing generational suffixes off a folded surname (at least one word stays). Folded
/// text has single spaces and no space at either end, so what stays is a prefix of `last`.
fn split_suffix(last: &str) -> (&str, Option<u8>) {
    let mut kept = last;
    let mut gen_ = None;
    while let Some((rest, tok)) = kept.rsplit_once(' ') {
        match generation(tok) {
            Some(g) => {
                gen_ = Some(g);
                kept = rest;
            }
            None => break,
        }
    }
    (kept, gen_)
}

/// `folded` without its trailing generational suffixes, and their generation.
fn without_suffix(mut folded: String) -> (String, Option<u8>) {
    let (kept, gen_) = split_suffix(&folded);
    let kept = kept.len();
    folded.truncate(kept);
    (folded, gen_)
}

/// Folded text with leading honorifics removed (what stays is a suffix of it).
fn without_honorifics(mut folded: String) -> String {
    let mut cut = 0;
    for t in folded.split(' ') {
        if !HONORIFICS.contains(&t) {
            break;
        }
        cut += t.len() + 1;
    }
    folded.drain(..cut.min(folded.len()));
    folded
}

/// Folded given name with leading honorifics removed.
fn given(raw: &str) -> String {
    without_honorifics(fold(raw, Keep::Name))
}

fn variant(n: &PersonName, alias: bool) -> Option<NameVariant> {
    let first = given(&n.first);
    let middle = fold(&n.middle, Keep::Name);
    let (last, generation) = without_suffix(fold(&n.last, Keep::Name));
    if first.is_empty() && last.is_empty() {
        return None;
    }
    Some(NameVariant {
        first: Part::new(first),
        middle: Part::new(middle),
        last: Part::new(last),
        generation,
        alias,
    })
}

/// All comparable variants of a person: the primary name first, then aliases, then the
/// `AKA` parts of `full_name`. The primary comes from `full_name` when the split fields
/// are empty, and borrows its generational suffix when the split surname lacks one.
pub(crate) fn variants(p: &Person) -> Vec<NameVariant> {
    let mut out = Vec::with_capacity(1 + p.aliases.len());
    let primary = variant(&p.name, false);
    // Beside split fields, a full name only adds aliases and a suffix to borrow: parsed only
    // when it may hold one (a full parse cost about as much as the rest of the subject's names).
    let segments = match (p.full_name.as_deref(), &primary) {
        (Some(full), Some(v)) if !may_add(full, v.generation.is_none()) => Vec::new(),
        (Some(full), _) => full_name_segments(full),
        (None, _) => Vec::new(),
    };
    let mut segs = segments.into_iter();
    let full_primary = segs.next();
    match (primary, full_primary) {
        (Some(mut v), Some(fp)) => {
            if v.generation.is_none()
                && fp.generation.is_some()
                && fp.last.compact() == v.last.compact()
            {
                v.generation = fp.generation;
            }
            out.push(v);
        }
        (Some(v), None) => out.push(v),
        (None, Some(fp)) => out.push(fp),
        (None, None) => {}
    }
    out.extend(p.aliases.iter().filter_map(|a| variant(a, true)));
    out.extend(segs);
    out
}

/// Markers separating alias parts in a subject name (`JOHN SMITH AKA JOHNNY SMITH`), compared
/// without periods and case in a stack buffer (every word of a subject name is tested).
fn is_aka(raw_token: &str) -> bool {
    let mut t = [0u8; 5];
    let mut len = 0;
    for b in raw_token.bytes().filter(|b| *b != b'.') {
        let Some(slot) = t.get_mut(len) else {
            return false;
        };
        *slot = b.to_ascii_uppercase();
        len += 1;
    }
    matches!(
        t.get(..len).unwrap_or_default(),
        b"AKA" | b"A/K/A" | b"ALIAS" | b"FKA" | b"F/K/A" | b"NKA" | b"N/K/A"
    )
}

/// Whether a full name may hold an alias (an `AKA` word) or, when `suffix_wanted`, a
/// generational suffix: false only when [`full_name_segments`] would give no alias and a primary
/// without a generation. Non-ASCII text may fold into either, so it always may; ASCII folds
/// word by word as here (letters and digits upper-cased, `'`, `` ` `` and `.` dropped, any other
/// character a break).
fn may_add(full: &str, suffix_wanted: bool) -> bool {
    if !full.is_ascii() {
        return true;
    }
    // The words `full_name_segments` tests: a comma is a word of its own.
    if (full.split(|c: char| c.is_whitespace() || c == ',')).any(is_aka) {
        return true;
    }
    suffix_wanted
        && (full.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '\'' | '`' | '.'))))
            .any(|word| folds_to_generation(word.as_bytes()))
}

/// Whether an ASCII word folds to a generational suffix (the longest is six letters).
fn folds_to_generation(word: &[u8]) -> bool {
    let mut folded = [0u8; 6];
    let mut len = 0;
    for b in word.iter().filter(|b| !matches!(b, b'\'' | b'`' | b'.')) {
        let Some(slot) = folded.get_mut(len) else {
            return false;
        };
        *slot = b.to_ascii_uppercase();
        len += 1;
    }
    let folded = folded.get(..len).unwrap_or_default();
    std::str::from_utf8(folded).is_ok_and(|word| generation(word).is_some())
}

/// Surname particles kept with the surname when a full name has no comma (`JUAN DE LA CRUZ`).
const PARTICLES: [&str; 16] = [
    "DE", "LA", "DEL", "DELA", "LOS", "LAS", "VAN", "VON", "DER", "DEN", "DI", "DA", "DOS", "DU",
    "LE", "ST",
];

/// Parse a full name into segments; the first is the primary name, the rest aliases.
/// Accepts `LAST, FIRST MIDDLE SUFFIX` and `FIRST MIDDLE LAST SUFFIX`.
fn full_name_segments(raw: &str) -> Vec<NameVariant> {
    let mut out: Vec<NameVariant> = Vec::new();
    // A comma is a word of its own, so `DOE,JANE` splits like `DOE , JANE`.
    let spaced = if raw.contains(',') {
        std::borrow::Cow::Owned(raw.replace(',', " , "))
    } else {
        std::borrow::Cow::Borrowed(raw)
    };
    let mut current = String::with_capacity(spaced.len() + 1);
    let flush = |seg: &str, out: &mut Vec<NameVariant>| {
        let alias = !out.is_empty();
        if let Some(mut v) = parse_segment(seg, alias) {
            // `DOE, JANE AKA SMITH`: a one-word alias is a surname; keep the given names.
            if let (true, Some(p)) = (v.first.full.is_empty(), out.first()) {
                v.first = p.first.clone();
                v.middle = p.middle.clone();
            }
            out.push(v);
        }
    };
    for tok in spaced.split_whitespace() {
        if is_aka(tok) {
            flush(&current, &mut out);
            current.clear();
        } else {
            current.push_str(tok);
            current.push(' ');
        }
    }
    flush(&current, &mut out);
    out
}

fn parse_segment(seg: &str, alias: bool) -> Option<NameVariant> {
    let mut pieces = seg.splitn(2, ',');
    let head = fold(pieces.next().unwrap_or(""), Keep::Name);
    let (first, middle, last, gen_) = match pieces.next() {
        // LAST, FIRST MIDDLE [SUFFIX]  (a suffix may also follow the surname)
        Some(rest) => {
            let (last, g1) = without_suffix(head);
            let rest = given(rest);
            let (given_names, g2) = split_suffix(&rest);
            let (first, middle) = given_names.split_once(' ').unwrap_or((given_names, ""));
            (first.to_string(), middle.to_string(), last, g1.or(g2))
        }
        // FIRST [MIDDLE...] [PARTICLES] LAST [SUFFIX]
        None => {
            // Already folded: only the honorifics to drop.
            let head = without_honorifics(head);
            let (body, g) = split_suffix(&head);
            let toks: Vec<&str> = body.split(' ').filter(|t| !t.is_empty()).collect();
            match toks.len() {
                0 => return None,
                1 => (String::new(), String::new(), body.to_string(), g),
                n => {
                    let mut start = n - 1;
                    while start > 1 && toks.get(start - 1).is_some_and(|t| PARTICLES.contains(t)) {
                        start -= 1;
                    }
                    let first = toks.first().copied().unwrap_or("").to_string();
                    let middle = toks.get(1..start).map(|m| m.join(" ")).unwrap_or_default();
                    let last = toks.get(start..).map(|m| m.join(" ")).unwrap_or_default();
                    (first, middle, last, g)
                }
            }
        }
    };
    if first.is_empty() && last.is_empty() {
        return None;
    }
    Some(NameVariant {
        first: Part::new(first),
        middle: Part::new(middle),
        last: Part::new(last),
        generation: gen_,
        alias,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pn<'a>(f: &'a str, m: &'a str, l: &'a str) -> PersonName<'a> {
        PersonName {
            first: f.into(),
            middle: m.into(),
            last: l.into(),
        }
    }

    #[test]
    fn primary_normalised() {
        let p = Person {
            name: pn("Mr. José", "a.", "Muñoz-Díaz, Jr."),
            ..Person::default()
        };
        let v = variants(&p);
        assert_eq!(v.len(), 1);
        let v0 = &v[0];
        assert_eq!(
            (
                v0.first.full.as_str(),
                v0.middle.full.as_str(),
                v0.last.full.as_str()
            ),
            ("JOSE", "A", "MUNOZ DIAZ")
        );
        assert_eq!(v0.last.compact(), "MUNOZDIAZ");
        assert_eq!(v0.generation, Some(2));
    }

    #[test]
    fn suffixes() {
        assert_eq!(split_suffix("SMITH III"), ("SMITH", Some(3)));
        assert_eq!(split_suffix("SMITH SR"), ("SMITH", Some(1)));
        assert_eq!(split_suffix("SMITH I"), ("SMITH I", None));
        assert_eq!(split_suffix("JR"), ("JR", None));
        assert_eq!(split_suffix("V"), ("V", None));
    }

    /// A part is compared on its first 100 characters, so a hostile name's cost is
    /// bounded (multi-byte characters cut on a boundary).
    #[test]
    fn parts_are_bounded() {
        assert_eq!(Part::new("É".repeat(50_000)).full.chars().count(), 100);
        assert_eq!(Part::new("SMITH".into()).full, "SMITH");
    }

    #[test]
    fn empty_names_are_skipped() {
        let p = Person {
            name: pn("", "X", ""),
            aliases: vec![pn("", "", "JONES")],
            ..Person::default()
        };
        let v = variants(&p);
        assert_eq!(v.len(), 1);
        assert!(v[0].alias);
    }

    #[test]
    fn full_name_forms() {
        let seg = full_name_segments("SMITH, JOHN ALBERT JR AKA JOHNNY SMITH a.k.a. JONES");
        let got: Vec<(&str, &str, &str, Option<u8>, bool)> = seg
            .iter()
            .map(|v| {
                (
                    v.first.full.as_str(),
                    v.middle.full.as_str(),
                    v.last.full.as_str(),
                    v.generation,
                    v.alias,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("JOHN", "ALBERT", "SMITH", Some(2), false),
                ("JOHNNY", "", "SMITH", None, true),
                ("JOHN", "ALBERT", "JONES", None, true),
            ]
        );
        let seg = full_name_segments("Juan Carlos de la Cruz III");
        assert_eq!(seg[0].first.full, "JUAN");
        assert_eq!(seg[0].middle.full, "CARLOS");
        assert_eq!(seg[0].last.full, "DE LA CRUZ");
        assert_eq!(seg[0].generation, Some(3));
        assert!(full_name_segments("  ").is_empty());
        assert_eq!(full_name_segments("SMITH")[0].last.full, "SMITH");
    }

    #[test]
    fn full_name_fills_gaps() {
        // split fields lack the suffix: borrowed from subject_name
        let p = Person {
            name: pn("JOHN", "", "SMITH"),
            full_name: Some("SMITH, JOHN JR AKA JACK SMITH".into()),
            ..Person::default()
        };
        let v = variants(&p);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].generation, Some(2));
        assert_eq!(v[1].first.full, "JACK");
        // no split fields: the full name is the primary
        let p = Person {
            full_name: Some("JOHN A SMITH".into()),
            ..Person::default()
        };
        let v = variants(&p);
        assert_eq!(
            (
                v[0].first.full.as_str(),
                v[0].last.full.as_str(),
                v[0].alias
            ),
            ("JOHN", "SMITH", false)
        );
    }

    /// What `variants` skips when a full name cannot add is what parsing it would have added:
    /// no alias, and no suffix when one is wanted, whatever words and separators it has.
    #[test]
    fn a_full_name_skipped_adds_nothing() {
        let cases = [
            "SMITH, JOHN JR",
            "John Smith j.r.",
            "JOHN SMITH J'R",
            "SMITH,JOHN,III",
            "JOHN SMITH-IV",
            "JOHN SMITH aka JACK SMITH",
            "SMITH, JOHN A.K.A., JACK",
            "JOHN VAN DER V",
            "JOHN QUINCY SMITHSONIAN",
            "JOHN ÉMILE SMITH",
        ];
        for full in cases {
            assert_skip_is_sound(full);
        }
    }

    fn assert_skip_is_sound(full: &str) {
        let segments = full_name_segments(full);
        if !may_add(full, false) {
            assert!(segments.len() <= 1, "{full:?}: {segments:?}");
        }
        if !may_add(full, true) {
            assert!(
                segments.len() <= 1 && segments.iter().all(|s| s.generation.is_none()),
                "{full:?}: {segments:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn any_full_name_skipped_adds_nothing(
            words in proptest::collection::vec(proptest::sample::select(vec![
                "JOHN", "smith", "Jr", "j.r", "S'R", "ii", "I", "III", "iv", "V", "v.", "2nd",
                "3RD", "4th", "SENIOR", "junior", "AKA", "a.k.a.", "A/K/A", "fka", "Alias", "DE",
                "LA", "MR", "É", "JUNIORS", "VI", "",
            ]), 0..6),
            separators in proptest::collection::vec(proptest::sample::select(vec![
                " ", ",", ", ", "-", ".", "'", "`", "/", "  ", "\t", ";", "(",
            ]), 6),
        ) {
            let mut full = String::new();
            for (word, separator) in words.iter().zip(&separators) {
                full.push_str(word);
                full.push_str(separator);
            }
            assert_skip_is_sound(&full);
        }
    }
}
