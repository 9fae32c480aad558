//! Address standardisation (USPS Pub 28, docs/identity.md §7.1), comparison levels (§7.2) and
//! address histories with dates (§7.3).

use std::borrow::{Borrow, Cow};

use super::AddressInput;
use super::fold::{Keep, bounded, fold, fold_into};
use super::round::round4;
use super::similarity::jaro_winkler;
use super::usps;
use smallvec::SmallVec;

/// Where one of an address's texts lies in `Addr::text`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Span(usize, usize);

/// A standardised address. Its texts are stored end to end in one string (one allocation per
/// address instead of one per field) and read through the methods of the same names.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Addr {
    text: String,
    number: Span,
    pub predir: &'static str,
    name: Span,
    pub suffix: &'static str,
    pub postdir: &'static str,
    unit: Span,
    city: Span,
    state: Span,
    zip5: Span,
    po_box: Span,
    /// (start, end) as comparable `YYYYMMDD` numbers; `None` when absent or malformed.
    pub start: Option<u32>,
    pub end: Option<u32>,
    pub intl: bool,
    /// All fields as received, joined by spaces: folded only for an international comparison
    /// (most addresses never meet one).
    fields: Span,
}

impl Addr {
    fn get(&self, at: Span) -> &str {
        self.text.get(at.0..at.1).unwrap_or_default()
    }

    pub(crate) fn number(&self) -> &str {
        self.get(self.number)
    }
    pub(crate) fn name(&self) -> &str {
        self.get(self.name)
    }
    pub(crate) fn unit(&self) -> &str {
        self.get(self.unit)
    }
    pub(crate) fn city(&self) -> &str {
        self.get(self.city)
    }
    pub(crate) fn state(&self) -> &str {
        self.get(self.state)
    }
    pub(crate) fn zip5(&self) -> &str {
        self.get(self.zip5)
    }
    pub(crate) fn po_box(&self) -> &str {
        self.get(self.po_box)
    }
    fn fields(&self) -> &str {
        self.get(self.fields)
    }

    /// `s` appended to the text, and where it lies.
    fn push(&mut self, s: &str) -> Span {
        let from = self.text.len();
        self.text.push_str(s);
        Span(from, self.text.len())
    }

    /// `s` folded onto the end of the text, and where it lies (`fold_into` puts a space
    /// before it when the text is not empty: not part of it).
    fn push_folded(&mut self, s: &str) -> Span {
        let from = self.text.len();
        fold_into(&mut self.text, s, Keep::Address);
        let to = self.text.len();
        let separated = from > 0 && to > from;
        Span(from + usize::from(separated), to)
    }
}

/// Words of folded address text: runs between spaces, each `#` a word of its own (`#12` is the
/// words `#` and `12`, a unit designator and its number).
struct Words<'t>(&'t str);

impl<'t> Iterator for Words<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let rest = self.0.trim_start_matches(' ');
        if rest.is_empty() {
            self.0 = rest;
            return None;
        }
        let end = if rest.starts_with('#') {
            1
        } else {
            rest.find([' ', '#']).unwrap_or(rest.len())
        };
        let (word, rest) = rest.split_at(end);
        self.0 = rest;
        Some(word)
    }
}

/// How many words or parts of a line are kept on the stack (real lines have far fewer).
const INLINE_WORDS: usize = 24;

/// "No address" words (docs/identity.md §7.1), compared after folding.
const SENTINELS: [&str; 9] = [
    "UNKNOWN",
    "NONE",
    "N/A",
    "NA",
    "HOMELESS",
    "TRANSIENT",
    "NO ADDRESS",
    "REFUSED",
    "NOT PROVIDED",
];

/// `YYYY-MM-DD` to a comparable number; anything else is treated as absent.
pub(crate) fn date_key(s: Option<&str>) -> Option<u32> {
    let s = s?.trim();
    let b = s.as_bytes();
    if b.len() != 10 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return None;
    }
    let num = |r: core::ops::Range<usize>| -> Option<u32> {
        b.get(r)?.iter().try_fold(0u32, |a, c| {
            c.is_ascii_digit().then(|| a * 10 + u32::from(c - b'0'))
        })
    };
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let dim = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (y >= 1 && (1..=dim).contains(&d)).then_some(y * 10_000 + m * 100 + d)
}

/// House number: digits, optional `-digits`, optional letter, optional `/digits`.
fn is_house_number(t: &str) -> bool {
    let b = t.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let s = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > s
    };
    if !digits(&mut i) {
        return false;
    }
    if b.get(i) == Some(&b'-') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if b.get(i).is_some_and(u8::is_ascii_uppercase) {
        i += 1;
    }
    if b.get(i) == Some(&b'/') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

fn is_fraction(t: &str) -> bool {
    match t.split_once('/') {
        Some((a, b)) => {
            !a.is_empty() && !b.is_empty() && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

/// Leading Queens-style hyphenated house number (`289-01 ...`), kept verbatim (Pub 28 §231):
/// (the number, as received, and the rest of the line).
fn split_hyphen_number(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let (head, rest) = t.split_once(char::is_whitespace)?;
    let (a, b) = head.split_once('-')?;
    let b_digits = b.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let ok = !a.is_empty()
        && a.bytes().all(|c| c.is_ascii_digit())
        && !b_digits.is_empty()
        && b_digits.bytes().all(|c| c.is_ascii_digit())
        && b.len() - b_digits.len() <= 1;
    ok.then_some((head, rest))
}

/// Parse a delivery line right to left (Pub 28 §231): unit, post-directional, suffix,
/// street name, pre-directional, house number. The words borrow one folded copy of the line,
/// made in `text` (a buffer the caller reuses).
fn parse_street(line: &str, text: &mut String, a: &mut Addr) {
    text.clear();
    let line = match split_hyphen_number(line) {
        Some((number, rest)) => {
            // ASCII digits, a hyphen and at most one letter (`split_hyphen_number`).
            text.extend(number.chars().map(|c| c.to_ascii_uppercase()));
            rest
        }
        None => line,
    };
    fold_into(text, line, Keep::Address);
    let words: SmallVec<[&str; INLINE_WORDS]> = Words(text.as_str()).collect();
    let mut t: &[&str] = words.as_slice();
    if t.is_empty() {
        return;
    }
    // PO BOX n (also POST OFFICE BOX n, POBOX n): never compared with a street address.
    let box_at = match t {
        ["PO", "BOX", ..] => Some(2),
        ["POST", "OFFICE", "BOX", ..] | ["P", "O", "BOX", ..] => Some(3),
        ["POBOX", ..] => Some(1),
        _ => None,
    };
    if let Some(i) = box_at
        && let Some(n) = t.get(i)
    {
        a.po_box = a.push(n);
        return;
    }
    // Secondary unit at the end: `<designator> <id>`, or a designator needing no number.
    let n = t.len();
    if n >= 2 {
        let designator = t.get(n - 2).and_then(|d| usps::unit(d));
        let id = t.get(n - 1).copied().unwrap_or("");
        if designator.is_some() && usps::suffix(id).is_none() {
            a.unit = a.push(id);
            t = t.get(..n - 2).unwrap_or_default();
        } else if let Some((_, false)) = t.get(n - 1).and_then(|d| usps::unit(d))
            && n >= 3
        {
            a.unit = a.push(id);
            t = t.get(..n - 1).unwrap_or_default();
        }
    }
    if let Some((first, rest)) = t.split_first()
        && is_house_number(first)
    {
        a.number = a.push(first);
        t = rest;
        if let Some((f, rest)) = t.split_first()
            && is_fraction(f)
        {
            a.push(" ");
            a.number.1 = a.push(f).1;
            t = rest;
        }
    }
    if t.len() >= 2
        && let Some((first, rest)) = t.split_first()
        && let Some(d) = usps::directional(first)
    {
        a.predir = d;
        t = rest;
    }
    if t.len() >= 2
        && let Some((last, rest)) = t.split_last()
        && let Some(d) = usps::directional(last)
    {
        a.postdir = d;
        t = rest;
    }
    // A suffix only when another word remains as the street name (`123 AVENUE C`).
    if t.len() >= 2
        && let Some((last, rest)) = t.split_last()
        && let Some(s) = usps::suffix(last)
    {
        a.suffix = s;
        t = rest;
    }
    let from = a.text.len();
    for w in t {
        if a.text.len() > from {
            a.text.push(' ');
        }
        a.text.push_str(usps::ordinal(w));
    }
    a.name = Span(from, a.text.len());
}

/// `... ST 62704` or `... ST 62704-1234` at the end of a part: (text before, state, zip).
fn state_zip_tail(part: &str) -> Option<(&str, &str, &str)> {
    let p = part.trim_end();
    let (before_zip, zip) = p.rsplit_once(char::is_whitespace)?;
    let z = zip.as_bytes();
    let zip_ok = (z.len() == 5 || (z.len() == 10 && z.get(5) == Some(&b'-')))
        && z.iter()
            .enumerate()
            .all(|(i, c)| i == 5 || c.is_ascii_digit());
    if !zip_ok {
        return None;
    }
    let before_zip = before_zip.trim_end();
    let (rest, st) = match before_zip.rsplit_once(char::is_whitespace) {
        Some((r, s)) => (r.trim(), s),
        None => ("", before_zip),
    };
    (st.len() == 2 && st.bytes().all(|c| c.is_ascii_alphabetic())).then_some((rest, st, zip))
}

/// `word` folded into `buf` (cleared first), for a table lookup without a new string per word.
fn folded<'b>(buf: &'b mut String, word: &str) -> &'b str {
    buf.clear();
    fold_into(buf, word, Keep::Address);
    buf
}

/// A part of a single line: borrowed when it is one piece of the line, joined otherwise.
type Piece<'a> = Cow<'a, str>;

/// `parts` joined by spaces, borrowed when there is only one.
fn joined<'a>(parts: &[&'a str]) -> Piece<'a> {
    match parts {
        [] => Cow::Borrowed(""),
        [one] => Cow::Borrowed(one),
        _ => Cow::Owned(parts.join(" ")),
    }
}

/// Split a single-line address `street[, unit], city, ST ZIP` (docs/identity.md §7.1, V54).
/// Returns (street, city, state, postal code).
fn split_single_line(s: &str) -> (Piece<'_>, Piece<'_>, &str, &str) {
    let parts: SmallVec<[&str; INLINE_WORDS]> = s
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let parts = parts.as_slice();
    let n = parts.len();
    let last = parts.last().copied().unwrap_or("");
    if let Some((rest, st, zip)) = state_zip_tail(last) {
        if n >= 2 {
            let (city, street) = if !rest.is_empty() {
                (rest, joined(parts.get(..n - 1).unwrap_or_default()))
            } else if n >= 3 {
                (
                    parts.get(n - 2).copied().unwrap_or(""),
                    joined(parts.get(..n - 2).unwrap_or_default()),
                )
            } else {
                ("", Cow::Borrowed(parts.first().copied().unwrap_or("")))
            };
            return (street, Cow::Borrowed(city), st, zip);
        }
        // One part, no commas: the street ends at the last suffix (plus any unit after it).
        let toks: SmallVec<[&str; INLINE_WORDS]> = rest.split_whitespace().collect();
        let toks = toks.as_slice();
        let mut buf = String::new();
        let mut end = None;
        for (i, w) in toks.iter().enumerate().skip(2) {
            if usps::suffix(folded(&mut buf, w)).is_some() {
                end = Some(i + 1);
            }
        }
        if let Some(mut e) = end {
            let unit_follows = toks
                .get(e)
                .is_some_and(|w| usps::unit(folded(&mut buf, w)).is_some());
            if unit_follows && e + 2 <= toks.len() {
                e += 2;
            }
            let street = toks.get(..e).unwrap_or_default();
            let city = toks.get(e..).unwrap_or_default();
            return (
                Cow::Owned(street.join(" ")),
                Cow::Owned(city.join(" ")),
                st,
                zip,
            );
        }
        return (Cow::Borrowed(rest), Cow::Borrowed(""), st, zip);
    }
    // No ZIP: `street, city, ST`.
    if n >= 3 && usps::is_state(&fold(last, Keep::Address)) {
        let street = joined(parts.get(..n - 2).unwrap_or_default());
        let city = parts.get(n - 2).copied().unwrap_or("");
        return (street, Cow::Borrowed(city), last, "");
    }
    (Cow::Borrowed(s), Cow::Borrowed(""), "", "")
}

/// True when the line is one of the "no address" words. They have no digits and folding keeps
/// every digit, so a line with a digit (most lines) is not folded to find out.
fn is_sentinel(line: &str) -> bool {
    !line.bytes().any(|b| b.is_ascii_digit())
        && SENTINELS.contains(&fold(line, Keep::Address).as_str())
}

/// Standardise one address; `None` when it carries nothing usable.
pub(crate) fn standardise(input: &AddressInput) -> Option<Addr> {
    let (mut s1, s2, city, st, pc, p) = match input {
        AddressInput::Structured(p) => (
            p.street_one.trim(),
            p.street_two.trim(),
            p.city.trim(),
            p.state.trim(),
            p.postal_code.trim(),
            Some(p),
        ),
        AddressInput::SingleLine(s) => (s.trim(), "", "", "", "", None),
    };
    if is_sentinel(s1) {
        s1 = "";
    }
    if s1.is_empty() && s2.is_empty() && city.is_empty() && st.is_empty() && pc.is_empty() {
        return None;
    }
    let raw = s1.len() + s2.len() + city.len() + st.len() + pc.len();
    // The fields as received, then what they standardise to: at most as long again, plus
    // separators and a few expanded ordinals and codes.
    let mut a = Addr {
        text: String::with_capacity(2 * raw + 16),
        start: date_key(p.and_then(|p| p.start_date.as_deref())),
        end: date_key(p.and_then(|p| p.end_date.as_deref())),
        intl: p.is_some_and(|p| p.international),
        ..Addr::default()
    };
    for (i, part) in [s1, s2, city, st, pc].into_iter().enumerate() {
        if i > 0 {
            a.text.push(' ');
        }
        a.text.push_str(part);
    }
    a.fields = Span(0, a.text.len());
    let (street, city, st, pc) =
        if !s1.is_empty() && city.is_empty() && st.is_empty() && pc.is_empty() {
            split_single_line(s1)
        } else {
            (Cow::Borrowed(s1), Cow::Borrowed(city), st, pc)
        };
    // One folded copy of the delivery line, then of the second line: a buffer for both.
    let mut folded = String::with_capacity(street.len().max(s2.len()) + 8);
    parse_street(&street, &mut folded, &mut a);
    if !s2.is_empty() {
        folded.clear();
        fold_into(&mut folded, s2, Keep::Address);
        let mut t = Words(&folded);
        match (t.next(), t.next()) {
            (Some(d), Some(id)) if usps::unit(d).is_some() => a.unit = a.push(id),
            (Some(only), None) => a.unit = a.push(only),
            _ => {}
        }
    }
    a.city = a.push_folded(&city);
    let state = a.push_folded(st);
    a.state = match usps::state_code(a.get(state)) {
        Some(code) => {
            a.text.truncate(state.0);
            a.push(code)
        }
        None => state,
    };
    let from = a.text.len();
    for digit in pc.bytes().filter(u8::is_ascii_digit).take(5) {
        a.text.push(char::from(digit));
    }
    a.zip5 = Span(from, a.text.len());
    Some(a)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Locality {
    Match,
    Conflict,
    Unknown,
}

/// "Locality agrees" (docs/identity.md §7.2): ZIP5 on both sides, else city+state on both sides.
fn locality(a: &Addr, b: &Addr) -> Locality {
    let eq = |x: bool| {
        if x {
            Locality::Match
        } else {
            Locality::Conflict
        }
    };
    if !a.zip5().is_empty() && !b.zip5().is_empty() {
        eq(a.zip5() == b.zip5())
    } else if !a.city().is_empty()
        && !b.city().is_empty()
        && !a.state().is_empty()
        && !b.state().is_empty()
    {
        eq(a.city() == b.city() && a.state() == b.state())
    } else {
        Locality::Unknown
    }
}

/// Token-set Jaccard for international addresses (no USPS rules).
fn jaccard(a: &str, b: &str) -> f64 {
    let mut ta: Vec<&str> = a.split(' ').filter(|t| !t.is_empty()).collect();
    let mut tb: Vec<&str> = b.split(' ').filter(|t| !t.is_empty()).collect();
    ta.sort_unstable();
    ta.dedup();
    tb.sort_unstable();
    tb.dedup();
    let inter = ta.iter().filter(|t| tb.contains(t)).count();
    let union = ta.len() + tb.len() - inter;
    inter as f64 / union.max(1) as f64
}

/// One candidate address against one record address (docs/identity.md §7.2).
pub(crate) fn compare_pair(a: &Addr, b: &Addr) -> (f64, &'static str) {
    if a.intl || b.intl {
        let j = jaccard(
            &fold(a.fields(), Keep::Address),
            &fold(b.fields(), Keep::Address),
        );
        return if j >= 0.9 {
            (1.0, "international address match")
        } else if j >= 0.6 {
            (0.5, "partial international address match")
        } else {
            (0.0, "address mismatch")
        };
    }
    let loc = locality(a, b);
    if !a.po_box().is_empty() || !b.po_box().is_empty() {
        if a.po_box() == b.po_box() && loc != Locality::Conflict {
            return (1.0, "exact PO box match");
        }
        return (0.0, "PO box vs street address");
    }
    if a.number().is_empty() || a.name().is_empty() || b.number().is_empty() || b.name().is_empty()
    {
        return if loc == Locality::Match {
            (0.3, "same ZIP/city only")
        } else {
            (0.0, "address mismatch")
        };
    }
    if loc == Locality::Conflict {
        return (0.0, "address mismatch");
    }
    let same_num = a.number() == b.number();
    let same_name = a.name() == b.name();
    let sfx_ok = a.suffix == b.suffix;
    let dir_ok = a.predir == b.predir && a.postdir == b.postdir;
    let sfx_soft = sfx_ok || a.suffix.is_empty() || b.suffix.is_empty();
    let dir_soft =
        dir_ok || ((a.predir.is_empty() || b.predir.is_empty()) && a.postdir == b.postdir);
    let units_ok = a.unit().is_empty() || b.unit().is_empty() || a.unit() == b.unit();
    if same_num && same_name && sfx_ok && dir_ok {
        return match (loc, units_ok) {
            (Locality::Match, true) => (1.0, "exact address match"),
            (Locality::Match, false) => (0.9, "address match (unit differs)"),
            _ => (0.9, "street line match (city/ZIP not comparable)"),
        };
    }
    if same_num
        && loc == Locality::Match
        && ((same_name && sfx_soft && dir_soft)
            || (sfx_ok && dir_ok && jaro_winkler(bounded(a.name()), bounded(b.name())) >= 0.90))
    {
        return (0.8, "partial address match");
    }
    if loc == Locality::Match {
        (0.3, "same ZIP/city only")
    } else {
        (0.0, "address mismatch")
    }
}

/// Date ranges overlap (an open end is "today"); unknown starts are assumed to overlap.
fn overlap(a: &Addr, b: &Addr) -> bool {
    match (a.start, b.start) {
        (Some(sa), Some(sb)) => sa <= b.end.unwrap_or(u32::MAX) && sb <= a.end.unwrap_or(u32::MAX),
        _ => true,
    }
}

/// The address component.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct AddressScore {
    /// -1.0 when either side has no usable address.
    pub score: f64,
    pub desc: Cow<'static, str>,
}

/// Best pair over both address histories (docs/identity.md §7.3).
pub(crate) fn score<A: Borrow<Addr>>(cand: &[A], rec: &[A]) -> AddressScore {
    if cand.is_empty() || rec.is_empty() {
        return AddressScore {
            score: -1.0,
            desc: Cow::Borrowed("address not available"),
        };
    }
    let mut best = -1.0;
    let mut desc: &'static str = "address mismatch";
    let mut halved = false;
    for a in cand.iter().map(Borrow::borrow) {
        for b in rec.iter().map(Borrow::borrow) {
            let (mut s, d) = compare_pair(a, b);
            let h = s > 0.0 && !overlap(a, b);
            if h {
                // Someone else may have lived there at the time.
                s *= 0.5;
            }
            if s > best {
                (best, desc, halved) = (s, d, h);
            }
        }
    }
    AddressScore {
        score: round4(best),
        desc: if halved {
            Cow::Owned(format!("{desc} (non-overlapping dates)"))
        } else {
            Cow::Borrowed(desc)
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::PostalAddress;
    use super::*;

    fn addr<'a>(
        s1: &'a str,
        s2: &'a str,
        city: &'a str,
        st: &'a str,
        zip: &'a str,
    ) -> AddressInput<'a> {
        AddressInput::Structured(PostalAddress {
            street_one: s1.into(),
            street_two: s2.into(),
            city: city.into(),
            state: st.into(),
            postal_code: zip.into(),
            ..PostalAddress::default()
        })
    }

    fn std1(i: &AddressInput) -> Addr {
        standardise(i).unwrap_or_default()
    }

    #[test]
    fn standardises_delivery_line() {
        let a = std1(&addr(
            "123 North Main Street",
            "Apartment 4",
            "Springfield",
            "Illinois",
            "62704-1234",
        ));
        assert_eq!(
            (a.number(), a.predir, a.name(), a.suffix, a.unit()),
            ("123", "N", "MAIN", "ST", "4")
        );
        assert_eq!(
            (a.city(), a.state(), a.zip5()),
            ("SPRINGFIELD", "IL", "62704")
        );
        let a = std1(&addr("101 1/2 First Ave NW #12", "", "", "", ""));
        assert_eq!(
            (a.number(), a.name(), a.suffix, a.postdir, a.unit()),
            ("101 1/2", "1ST", "AVE", "NW", "12")
        );
        let a = std1(&addr("289-01 Union Tpke", "", "Queens", "NY", "11427"));
        assert_eq!(
            (a.number(), a.name(), a.suffix),
            ("289-01", "UNION", "TPKE")
        );
        let a = std1(&addr("123 Avenue C", "", "New York", "NY", ""));
        assert_eq!((a.name(), a.suffix), ("AVENUE C", ""));
        let a = std1(&addr("P.O. Box 77", "", "Austin", "TX", "78701"));
        assert_eq!(a.po_box(), "77");
        let a = std1(&addr("55 Front St", "", "", "", ""));
        assert_eq!((a.name(), a.suffix, a.unit()), ("FRONT", "ST", ""));
        let a = std1(&addr("55 Oak St Rear", "", "", "", ""));
        assert_eq!((a.name(), a.unit()), ("OAK", "REAR"));
        assert_eq!(standardise(&addr("Homeless", "", "", "", "")), None);
        assert_eq!(standardise(&addr("", "", "", "", "")), None);
    }

    #[test]
    fn splits_single_lines() {
        let s = split_single_line;
        assert_eq!(
            s("123 Main St, Springfield, IL 62704"),
            ("123 Main St".into(), "Springfield".into(), "IL", "62704")
        );
        assert_eq!(
            s("123 Main St, Apt 4, Springfield, IL 62704").0,
            "123 Main St Apt 4"
        );
        assert_eq!(s("123 Main St, Springfield IL 62704-1234").1, "Springfield");
        assert_eq!(s("123 Main St, IL 62704").0, "123 Main St");
        assert_eq!(
            s("123 Main St Apt 4 Springfield IL 62704"),
            (
                "123 Main St Apt 4".into(),
                "Springfield".into(),
                "IL",
                "62704"
            )
        );
        assert_eq!(
            s("123 Main St, Springfield, IL"),
            ("123 Main St".into(), "Springfield".into(), "IL", "")
        );
        assert_eq!(s("somewhere").0, "somewhere");
    }

    fn cmp(a: AddressInput, b: AddressInput) -> (f64, &'static str) {
        compare_pair(&std1(&a), &std1(&b))
    }

    #[test]
    fn levels() {
        let base = || addr("123 N Main St", "Apt 4", "Springfield", "IL", "62704");
        assert_eq!(
            cmp(
                base(),
                addr("123 North Main Street", "", "Springfield", "IL", "62704")
            ),
            (1.0, "exact address match")
        );
        assert_eq!(
            cmp(
                base(),
                addr("123 N Main St", "Apt 5", "Springfield", "IL", "62704")
            ),
            (0.9, "address match (unit differs)")
        );
        assert_eq!(
            cmp(base(), addr("123 N Main St", "", "", "", "")),
            (0.9, "street line match (city/ZIP not comparable)")
        );
        assert_eq!(
            cmp(
                base(),
                addr("123 Main St", "", "Springfield", "IL", "62704")
            ),
            (0.8, "partial address match")
        );
        assert_eq!(
            cmp(
                base(),
                addr("123 N Mian St", "", "Springfield", "IL", "62704")
            ),
            (0.8, "partial address match")
        );
        assert_eq!(
            cmp(base(), addr("9 Elm Rd", "", "Springfield", "IL", "62704")),
            (0.3, "same ZIP/city only")
        );
        assert_eq!(
            cmp(base(), addr("", "", "Springfield", "IL", "")),
            (0.3, "same ZIP/city only")
        );
        assert_eq!(
            cmp(base(), addr("123 N Main St", "", "Dallas", "TX", "75201")),
            (0.0, "address mismatch")
        );
        assert_eq!(
            cmp(base(), addr("PO Box 5", "", "Springfield", "IL", "62704")),
            (0.0, "PO box vs street address")
        );
        assert_eq!(
            cmp(
                addr("PO Box 5", "", "", "", "62704"),
                addr("P O Box 5", "", "", "", "62704")
            ),
            (1.0, "exact PO box match")
        );
        assert_eq!(
            cmp(
                addr("PO Box 5", "", "", "", "62704"),
                addr("PO Box 6", "", "", "", "62704")
            ),
            (0.0, "PO box vs street address")
        );
        assert_eq!(
            cmp(
                addr("PO Box 5", "", "", "", "62704"),
                addr("PO BOX 5", "", "", "", "62704")
            ),
            (1.0, "exact PO box match")
        );
    }

    #[test]
    fn international() {
        let intl = |s: &'static str| {
            AddressInput::Structured(PostalAddress {
                street_one: s.into(),
                city: "Toronto".into(),
                international: true,
                ..PostalAddress::default()
            })
        };
        assert_eq!(cmp(intl("10 King St W"), intl("10 King St W")).0, 1.0);
        assert_eq!(cmp(intl("10 King St W"), intl("10 King St E")).0, 0.5);
        assert_eq!(cmp(intl("10 King St W"), intl("99 Bay Rd")).0, 0.0);
    }

    #[test]
    fn histories_and_dates() {
        let dated = |s: Option<&'static str>, e: Option<&'static str>| {
            AddressInput::Structured(PostalAddress {
                street_one: "123 Main St".into(),
                postal_code: "62704".into(),
                start_date: s.map(Into::into),
                end_date: e.map(Into::into),
                ..PostalAddress::default()
            })
        };
        let a = [std1(&dated(Some("2010-01-01"), Some("2012-12-31")))];
        let b = [std1(&dated(Some("2015-01-01"), Some("")))];
        let s = score(&a, &b);
        assert_eq!(
            (s.score, &*s.desc),
            (0.5, "exact address match (non-overlapping dates)")
        );
        let c = [std1(&dated(Some("2012-06-01"), None))];
        assert_eq!(score(&a, &c).score, 1.0);
        assert_eq!(score(&a, &[]).score, -1.0);
        let other = [
            std1(&addr("1 Elm St", "", "Dallas", "TX", "75201")),
            std1(&dated(None, None)),
        ];
        assert_eq!(score(&a, &other).score, 1.0, "best pair over the history");
        assert_eq!(date_key(Some("2019-02-29")), None);
        assert_eq!(date_key(Some("2020-02-29")), Some(20_200_229));
    }
}
