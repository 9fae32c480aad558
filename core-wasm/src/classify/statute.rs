//! Statute citations read against the vehicle-code table (docs/decisions.md §13).
//!
//! A citation is reduced to a *key*: upper case, the words that only decorate it dropped
//! (`SDCL`, `RSMo`, `O.S.`, `§`), the labels that tell one code of a jurisdiction from another
//! kept under one name (`VC`, `PC`, `TR`, `VTL`), and its numbers in order, one space apart:
//! `SDCL 32-23-1` -> `32-23-1`, `23152(a) VC` -> `VC 23152(A)`, `75 § 3802 §§ A1*` ->
//! `75 3802 A 1`, `c. 90, § 24(1)(a)` -> `90 24(1)(A)`. A label written after the number is moved
//! in front of it. The row's patterns are then matched against the start of the key.
//!
//! Pattern language (`vehicle_codes.rs`, shown in `docs/vehicle-codes.md`): `#` a number (its
//! digits, with a decimal part when the rest of the pattern allows), `{a-b}` a whole number from
//! a to b, `[xy]` one of the listed characters, `?` an optional letter, `$` the end of a section
//! number (no letter or digit follows: Massachusetts' `90 24$` is §24, not §24I, a section of its
//! own); anything else stands for itself. A match must end at a boundary: a digit is never
//! followed by a digit (`32-23-1` is not `32-23-10`), a letter never by a letter, and where a
//! jurisdiction numbers its sections with decimals (`32-23-1.2`, `20-138.1`) a `.` and a digit go
//! on with the number.
//!
//! Pure functions over static data: no allocation beyond the key, deterministic.

use std::borrow::Cow;

use super::vehicle_codes::{Section, VEHICLE_CODES, VehicleCode};

/// Where a citation sits in its jurisdiction's law.
#[derive(Debug, Clone, Copy)]
pub enum Place {
    /// A listed section (serious, not serious, or not road traffic).
    Section(&'static Section),
    /// Inside the motor-vehicle code, not a listed section.
    VehicleCode,
    /// A statute of the jurisdiction outside its motor-vehicle code.
    Outside,
}

/// A statute read against its jurisdiction's row.
#[derive(Debug, Clone)]
pub struct Citation {
    pub row: &'static VehicleCode,
    /// The citation as written (the statute field, or the words cited in the charge text).
    pub cited: String,
    pub key: String,
    pub place: Place,
    /// Whether the key lies inside the motor-vehicle code (a listed section may lie either way).
    pub inside: bool,
    /// Found in the charge text rather than the statute field.
    pub in_text: bool,
}

/// The table row of a jurisdiction (two-letter code, any case).
pub fn vehicle_code(state: &str) -> Option<&'static VehicleCode> {
    let code = state.trim().as_bytes();
    let [a, b] = code else { return None };
    let code = [a.to_ascii_uppercase(), b.to_ascii_uppercase()];
    VEHICLE_CODES
        .iter()
        .find(|row| row.state.as_bytes() == code)
}

/// Reads a statute field against the jurisdiction's row. `None` when there is no row, the text
/// names a regulation or an ordinance (`NOT_A_STATUTE`), or it is not shaped like one of the
/// jurisdiction's statutes (a city ordinance number, a placeholder, a bare number where the
/// jurisdiction needs a code label).
pub fn read_statute(statute: &str, state: &str) -> Option<Citation> {
    match read_statute_field(statute, Some(state)) {
        StatuteField::Statute(citation) => citation,
        StatuteField::NotAStatute => None,
    }
}

/// What a statute field holds, read once.
pub enum StatuteField {
    /// A regulation or a local ordinance (`NOT_A_STATUTE`): its number is not read at all, and
    /// the text decides.
    NotAStatute,
    /// A statute, as the row of the case's jurisdiction places it (`None`: no row, or not shaped
    /// like one of its statutes).
    Statute(Option<Citation>),
}

/// Reads a statute field: a regulation or an ordinance, else a statute against the row of
/// `state` (its words split once for both).
pub fn read_statute_field(statute: &str, state: Option<&str>) -> StatuteField {
    let row = state.and_then(vehicle_code);
    let upper = ascii_upper(statute);
    let tokens = tokens(&upper);
    if marks_not_a_statute(&tokens, row) {
        return StatuteField::NotAStatute;
    }
    StatuteField::Statute(row.and_then(|row| cite(row, &tokens, statute.trim())))
}

/// Words that mark a citation as an agency's regulation or a local ordinance, not a statute of the
/// jurisdiction (docs/decisions.md §13: an ordinance or regulation number neither makes nor unmakes a
/// traffic reading; the text decides): `730 CMR 7.08`, `49 CFR 395.8`, `Brockton Ordinances c12
/// §42`, `CITY ORD 10-4`, `MUNICIPAL CODE 434.03`. A word the row itself names as a label of its
/// vehicle code (Alaska's rules of the road in `13 AAC 02`, the District's `DCMR`) is not one.
const NOT_A_STATUTE: &[&str] = &[
    "CMR",
    "CFR",
    "ADMIN",
    "ADMINISTRATIVE",
    "REG",
    "REGS",
    "REGULATION",
    "REGULATIONS",
    "RULE",
    "RULES",
    "ORD",
    "ORDS",
    "ORDINANCE",
    "ORDINANCES",
    "BYLAW",
    "BYLAWS",
    "MUNICIPAL",
    "MUNI",
    "CITY",
    "TOWN",
    "TOWNSHIP",
    "VILLAGE",
    "BOROUGH",
    "COUNTY",
];

/// Whether the words of a citation mark it as a regulation or an ordinance (`NOT_A_STATUTE`, or
/// `BY LAW(S)`), under the row of `state` when there is one.
fn marks_not_a_statute(tokens: &[Tok<'_>], row: Option<&VehicleCode>) -> bool {
    tokens.iter().enumerate().any(|(i, token)| {
        let Tok::Word(word) = token else {
            return false;
        };
        let by_law = *word == "BY" && matches!(tokens.get(i + 1), Some(Tok::Word("LAW" | "LAWS")));
        (by_law || NOT_A_STATUTE.contains(word)) && !row.is_some_and(|row| is_label_word(row, word))
    })
}

/// The text with ASCII letters in upper case, borrowed when they already are (a statute as
/// courts write it, a charge's display form): reading a statute allocates nothing for it.
fn ascii_upper(text: &str) -> Cow<'_, str> {
    if text.bytes().any(|b| b.is_ascii_lowercase()) {
        Cow::Owned(text.to_ascii_uppercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// Finds a citation written inside the charge text (`SPEEDING (RSMo 304.010)`, `23152(A)
/// VC-DUI`). Only a number that stands beside one of the jurisdiction's labels or a `§` counts,
/// so amounts, ages and speeds in the text are never read as sections.
pub fn find_in_text(charge: &str, state: &str) -> Option<Citation> {
    // Most charge texts carry no section number at all: no need to read them.
    if charge.bytes().filter(u8::is_ascii_digit).count() < 3 {
        return None;
    }
    let row = vehicle_code(state)?;
    let upper = ascii_upper(charge);
    let tokens = tokens(&upper);
    let mut start = 0;
    while start < tokens.len() {
        let end = run_end(row, &tokens, start);
        if end > start {
            let run = tokens.get(start..end).unwrap_or(&[]);
            // A citation has at least three digits (`VEH:2+PR` is no citation; Massachusetts'
            // `c90 §17` has a two-digit chapter and section).
            let digits: usize = run
                .iter()
                .map(|t| match t {
                    Tok::Num(n) => n.bytes().filter(u8::is_ascii_digit).count(),
                    _ => 0,
                })
                .sum();
            let numbers = digits >= 3;
            let marked = run.iter().any(|t| !matches!(t, Tok::Num(_)));
            // `730 CMR §7.08`, `Brockton Ordinances c12 §42`: the words just before the run
            // say it is a regulation or an ordinance, not a statute.
            let before = tokens.get(start.saturating_sub(4)..start).unwrap_or(&[]);
            if numbers && marked && !marks_not_a_statute(before, Some(row)) {
                let cited = run.iter().map(Tok::text).collect::<Vec<_>>().join(" ");
                if let Some(citation) = cite(row, run, &cited) {
                    return Some(Citation {
                        in_text: true,
                        ..citation
                    });
                }
            }
            start = end;
        } else {
            start += 1;
        }
    }
    None
}

/// The end of a run of citation tokens starting at `start`: numbers, `§` and label words.
fn run_end(row: &VehicleCode, tokens: &[Tok<'_>], start: usize) -> usize {
    let mut end = start;
    while let Some(token) = tokens.get(end) {
        let part = match token {
            Tok::Num(_) | Tok::Section => true,
            Tok::Word(w) => is_label_word(row, w),
        };
        if !part {
            break;
        }
        end += 1;
    }
    end
}

/// Words that mark a citation in any jurisdiction.
const GENERIC_LABELS: &[&str] = &[
    "SEC", "SECTION", "STAT", "STATS", "STATUTE", "CODE", "TITLE", "CHAPTER", "CH", "ANN",
];

fn is_label_word(row: &VehicleCode, word: &str) -> bool {
    GENERIC_LABELS.contains(&word)
        || row
            .labels
            .iter()
            .chain(row.code_labels.iter().map(|(alias, _)| alias))
            .any(|label| label.split(' ').any(|w| w == word))
}

/// Key and place of a token sequence under `row`.
fn cite(row: &'static VehicleCode, tokens: &[Tok<'_>], cited: &str) -> Option<Citation> {
    let key = key(row, tokens);
    if key.is_empty() {
        return None;
    }
    let inside = row
        .vehicle_code
        .iter()
        .any(|p| matches(p, &key, row.decimal_sections).is_some());
    let section = row
        .sections
        .iter()
        .filter_map(|s| matches(s.key, &key, row.decimal_sections).map(|len| (len, s)))
        .fold(None::<(usize, &Section)>, |best, (len, s)| match best {
            Some((best_len, _)) if best_len >= len => best,
            _ => Some((len, s)),
        })
        .map(|(_, s)| s);
    let place = match section {
        Some(section) => Place::Section(section),
        None if inside => Place::VehicleCode,
        None if row
            .statutes
            .iter()
            .any(|p| matches(p, &key, row.decimal_sections).is_some()) =>
        {
            Place::Outside
        }
        None => return None,
    };
    Some(Citation {
        row,
        cited: cited.to_string(),
        key,
        place,
        inside,
        in_text: false,
    })
}

/// A token of a citation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok<'a> {
    Word(&'a str),
    Num(&'a str),
    Section,
}

impl<'a> Tok<'a> {
    fn text(&self) -> &'a str {
        match self {
            Tok::Word(w) | Tok::Num(w) => w,
            Tok::Section => "§",
        }
    }
}

/// Splits upper-cased text into words, numbers and `§`. A number runs on through letters, the
/// separators `- . : , /` when an alphanumeric follows, and short parenthesised subdivisions
/// written against it (`23152(A)`, `316.193(3C1)`); a word written against a number is split
/// from it (`C90` -> `C`, `90`). Bytes, not characters: citations are ASCII but for `§`; any
/// other non-ASCII byte separates.
fn tokens(upper: &str) -> Vec<Tok<'_>> {
    let bytes = upper.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        if c == 0xC2 && bytes.get(i + 1) == Some(&0xA7) {
            out.push(Tok::Section);
            i += 2;
        } else if c.is_ascii_digit() {
            let next = number_end(bytes, i);
            out.push(Tok::Num(upper.get(i..next).unwrap_or("")));
            i = next;
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while bytes.get(i).is_some_and(u8::is_ascii_alphabetic) {
                i += 1;
            }
            out.push(Tok::Word(upper.get(start..i).unwrap_or("")));
        } else {
            i += 1;
        }
    }
    out
}

/// The end of the number starting at `i`.
fn number_end(bytes: &[u8], mut i: usize) -> usize {
    while let Some(&c) = bytes.get(i) {
        let next_alnum = bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric);
        let separator = matches!(c, b'-' | b'.' | b':' | b',' | b'/') && next_alnum;
        if c.is_ascii_alphanumeric() || separator {
            i += 1;
        } else if c == b'(' {
            match parenthesised(bytes, i) {
                Some(next) => i = next,
                None => break,
            }
        } else {
            break;
        }
    }
    i
}

/// `(A)`, `(3C1)`, `(1-A)` written against a number: the index after it.
fn parenthesised(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while let Some(&c) = bytes.get(i) {
        if c == b')' {
            return (i > open + 1).then_some(i + 1);
        }
        if !(c.is_ascii_alphanumeric() || c == b'-' || c == b'.') || i - open > 8 {
            return None;
        }
        i += 1;
    }
    None
}

/// The key of a citation under `row` (see the module comment); empty when it has no number.
fn key(row: &VehicleCode, tokens: &[Tok<'_>]) -> String {
    // (is a code label, text) of the first four numbers and code labels.
    let mut items: [(bool, &str); 4] = [(false, ""); 4];
    let mut count = 0;
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        if count == items.len() {
            break;
        }
        let mut item = None;
        match token {
            Tok::Num(n) => item = Some((false, *n)),
            Tok::Word(_) => {
                if let Some((canonical, words)) = code_label_at(row, tokens, i) {
                    item = Some((true, canonical));
                    i += words - 1;
                }
            }
            Tok::Section => {}
        }
        if let (Some(item), Some(slot)) = (item, items.get_mut(count)) {
            *slot = item;
            count += 1;
        }
        i += 1;
    }
    // Every number is an item (a code label is made of words), so this asks all of them.
    if !tokens.iter().any(|t| matches!(t, Tok::Num(_))) {
        return String::new();
    }
    let items = items.get_mut(..count).unwrap_or_default();
    // `23152(A) VC` -> `VC 23152(A)`: a single label written after the number goes in front.
    let labels = items.iter().filter(|(label, _)| *label).count();
    if labels == 1 && items.last().is_some_and(|(label, _)| *label) && items.len() > 1 {
        items.rotate_right(1);
    }
    let mut key = String::with_capacity(items.iter().map(|(_, t)| t.len() + 1).sum());
    for (n, (_, text)) in items.iter().enumerate() {
        if n > 0 {
            key.push(' ');
        }
        key.push_str(text);
    }
    key
}

/// The code label (canonical name, words used) starting at token `i`, longest alias first.
fn code_label_at(row: &VehicleCode, tokens: &[Tok<'_>], i: usize) -> Option<(&'static str, usize)> {
    let Some(Tok::Word(first)) = tokens.get(i) else {
        return None;
    };
    row.code_labels
        .iter()
        // Most aliases differ in their first word: ruled out without walking them.
        .filter(|(alias, _)| {
            alias.starts_with(first)
                && matches!(alias.as_bytes().get(first.len()), None | Some(b' '))
        })
        .filter_map(|(alias, canonical)| {
            let mut words = 0;
            let all = alias.split(' ').enumerate().all(|(k, w)| {
                words = k + 1;
                matches!(tokens.get(i + k), Some(Tok::Word(t)) if *t == w)
            });
            all.then_some((*canonical, words))
        })
        .max_by_key(|(_, words)| *words)
}

/// Length of the match of `pattern` at the start of `key`, if it matches up to a boundary.
pub(crate) fn matches(pattern: &str, key: &str, decimal_sections: bool) -> Option<usize> {
    let (p, k) = (pattern.as_bytes(), key.as_bytes());
    // The literal start of the pattern rules most keys out without walking the rest.
    let mut literal = 0;
    while let Some(&c) = p.get(literal) {
        if matches!(c, b'#' | b'{' | b'[' | b'?' | b'$') {
            break;
        }
        if k.get(literal) != Some(&c) {
            return None;
        }
        literal += 1;
    }
    let decimals_go_on = decimal_sections && p.iter().any(|c| matches!(c, b'-' | b':' | b' '));
    match_at(p, literal, k, literal, decimals_go_on)
}

fn match_at(p: &[u8], pi: usize, k: &[u8], ki: usize, decimals_go_on: bool) -> Option<usize> {
    let Some(&c) = p.get(pi) else {
        return boundary(k, ki, decimals_go_on).then_some(ki);
    };
    let digits_from = |at: usize| k.iter().skip(at).take_while(|c| c.is_ascii_digit()).count();
    match c {
        b'#' => {
            let n = digits_from(ki);
            if n == 0 {
                return None;
            }
            let after = ki + n;
            // With a decimal part first (`44.1`), then without, so `46.#?.#` still reads
            // `46.61.502`.
            let decimal = (k.get(after) == Some(&b'.') && p.get(pi + 1) != Some(&b'.'))
                .then(|| digits_from(after + 1))
                .filter(|d| *d > 0)
                .and_then(|d| match_at(p, pi + 1, k, after + 1 + d, decimals_go_on));
            decimal.or_else(|| match_at(p, pi + 1, k, after, decimals_go_on))
        }
        b'{' => {
            let close = p.iter().skip(pi).position(|c| *c == b'}')? + pi;
            let (low, high) = std::str::from_utf8(p.get(pi + 1..close)?)
                .ok()?
                .split_once('-')?;
            let n = digits_from(ki);
            let value: u32 = std::str::from_utf8(k.get(ki..ki + n)?).ok()?.parse().ok()?;
            let in_range = low.parse::<u32>().ok()? <= value && value <= high.parse().ok()?;
            in_range
                .then(|| match_at(p, close + 1, k, ki + n, decimals_go_on))
                .flatten()
        }
        b'[' => {
            let close = p.iter().skip(pi).position(|c| *c == b']')? + pi;
            let set = p.get(pi + 1..close)?;
            let got = k.get(ki)?;
            set.contains(got)
                .then(|| match_at(p, close + 1, k, ki + 1, decimals_go_on))
                .flatten()
        }
        b'?' => {
            let letter = k.get(ki).is_some_and(u8::is_ascii_alphabetic);
            letter
                .then(|| match_at(p, pi + 1, k, ki + 1, decimals_go_on))
                .flatten()
                .or_else(|| match_at(p, pi + 1, k, ki, decimals_go_on))
        }
        b'$' => {
            let ends = !k.get(ki).is_some_and(u8::is_ascii_alphanumeric);
            ends.then(|| match_at(p, pi + 1, k, ki, decimals_go_on))
                .flatten()
        }
        literal => (k.get(ki) == Some(&literal))
            .then(|| match_at(p, pi + 1, k, ki + 1, decimals_go_on))
            .flatten(),
    }
}

/// Whether a match may end at `at` (see the module comment).
fn boundary(k: &[u8], at: usize, decimals_go_on: bool) -> bool {
    let (Some(prev), Some(next)) = (at.checked_sub(1).and_then(|i| k.get(i)), k.get(at)) else {
        return true;
    };
    if prev.is_ascii_digit() && next.is_ascii_digit() {
        return false;
    }
    if prev.is_ascii_alphabetic() && next.is_ascii_alphabetic() {
        return false;
    }
    let decimal = *next == b'.' && k.get(at + 1).is_some_and(u8::is_ascii_digit);
    !(decimals_go_on && prev.is_ascii_digit() && decimal)
}
