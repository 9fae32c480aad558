//! One pass of serde_json's parser over a body, checking the caps as it reads: no tree, strings
//! borrowed from the body unless they have escapes (then serde_json's scratch buffer), a stack of
//! path segments rendered only for a field over its cap. The same parser as `Value`'s, so the
//! same syntax errors, numbers out of range and recursion limit make a body "not JSON".
//!
//! What the old `Value` walk reported, in the same order: the record's totals (`record.xml`, then
//! the cases and charges of `record.record_json`) before any field, then the first field over
//! its cap in document order, a list's length before anything inside it. The pass does not stop
//! at that field: the totals and the rest of the syntax are still to be read.
//!
//! Two differences from `Value`, both reading the body as the engine does (`core-wasm`'s
//! `parse::json`): a key given twice has every value checked where it stands (`Value` kept the
//! last at the first's place, so the earlier ones went unchecked; the totals and the identity
//! price still count the last), and an object whose first key is serde_json's private raw-value
//! token is an object like any other (`Value` read its string as JSON text).

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::caps::{ALIAS_LISTS, Exceeded, InputLimits, NAME_FIELDS};

/// The body a check reads.
#[derive(Debug, Clone, Copy)]
pub(super) enum Body {
    /// `/evaluate` and `/transform-xml`: a `record` with totals.
    Record,
    /// The identity match: two persons to price.
    Identity,
}

/// A body read to its end.
pub(super) struct Scanned {
    /// The record's totals checked (record body) or the identity cost (identity body).
    pub(super) totals: Found,
    /// The first field or list over its cap, in document order.
    pub(super) first_over: Option<Exceeded>,
}

/// Reads `body`; `None` when it is not a JSON object (any syntax error, wherever it is).
pub(super) fn scan(limits: &InputLimits, body: &[u8], kind: Body) -> Option<Scanned> {
    // Anything but an object passes: no need to parse a body that cannot be one.
    let first_byte = body
        .iter()
        .find(|b| !matches!(b, b' ' | b'\n' | b'\t' | b'\r'));
    if first_byte != Some(&b'{') {
        return None;
    }
    // One UTF-8 check of the whole body, so the parser reads `&str` and skips the check per
    // string and key. Bytes that are not UTF-8 made the parse fail anyway (in a string) or were
    // a syntax error (anywhere else): such a body is still "not JSON".
    let text = std::str::from_utf8(body).ok()?;
    let role = match kind {
        Body::Record => Role::RecordBody,
        Body::Identity => Role::IdentityBody,
    };
    let mut scan = Scan {
        limits,
        shortest_cap: limits.max_name_chars.min(limits.max_text_chars),
        path: Vec::with_capacity(16),
        first_over: None,
    };
    let mut parser = serde_json::Deserializer::from_str(text);
    let totals = ValueSeed {
        scan: &mut scan,
        role,
    }
    .deserialize(&mut parser)
    .ok()?;
    parser.end().ok()?;
    Some(Scanned {
        totals,
        first_over: scan.first_over,
    })
}

/// What a value tells the object or list holding it: the counts behind the totals and the
/// identity cost. A value of the wrong type for its place tells nothing, as `Value::get` and
/// `as_array` gave nothing.
#[derive(Debug)]
pub(super) enum Found {
    Nothing,
    /// The items of a list (a case's offenses, a person's aliases or addresses).
    Items(usize),
    /// Cases and the charges in them (a court, a list of courts, a `record_json`).
    Cases {
        cases: usize,
        charges: usize,
    },
    /// An identity person's aliases and addresses.
    Person {
        aliases: usize,
        addresses: usize,
    },
    /// `record.xml`, or the whole record, checked against the totals.
    Checked(Result<(), Exceeded>),
    /// The identity match's pairings.
    Pairings(usize),
}

/// Where a value sits, as far as the totals and the identity cost care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Plain,
    RecordBody,
    /// `record`.
    Record,
    /// `record.xml`.
    Xml,
    /// `record.record_json`.
    RecordJson,
    /// `record_json.criminal_search_results`.
    Courts,
    Court,
    /// A court's `criminal_records`.
    Cases,
    Case,
    /// A case's `offenses`.
    Offenses,
    IdentityBody,
    /// `candidate_to_verify` or `candidate_in_record`.
    Person,
    /// A person's `aliases` or `addresses`.
    PersonList,
}

/// Which of an object's two counted members a value is (`None`: not counted).
type Slot = Option<usize>;

impl Role {
    /// The role of member `key` of an object in this role.
    fn member(self, key: &str) -> (Role, Slot) {
        match (self, key) {
            (Role::Plain, _) => (Role::Plain, None),
            (Role::RecordBody, "record") => (Role::Record, Some(0)),
            (Role::Record, "xml") => (Role::Xml, Some(0)),
            (Role::Record, "record_json") => (Role::RecordJson, Some(1)),
            (Role::RecordJson, "criminal_search_results") => (Role::Courts, Some(0)),
            (Role::Court, "criminal_records") => (Role::Cases, Some(0)),
            (Role::Case, "offenses") => (Role::Offenses, Some(0)),
            (Role::IdentityBody, "candidate_to_verify") => (Role::Person, Some(0)),
            (Role::IdentityBody, "candidate_in_record") => (Role::Person, Some(1)),
            (Role::Person, "aliases") => (Role::PersonList, Some(0)),
            (Role::Person, "addresses") => (Role::PersonList, Some(1)),
            _ => (Role::Plain, None),
        }
    }

    /// The role of an item of a list in this role.
    fn item(self) -> Role {
        match self {
            Role::Courts => Role::Court,
            Role::Cases => Role::Case,
            _ => Role::Plain,
        }
    }

    /// What an object in this role tells, from its counted members (the last of a repeated
    /// key, as `Value`'s map kept).
    fn object(self, [first, second]: [Found; 2], limits: &InputLimits) -> Found {
        match self {
            Role::RecordBody => match first {
                Found::Checked(checked) => Found::Checked(checked),
                _ => Found::Checked(Ok(())),
            },
            Role::Record => match (first, second) {
                (Found::Checked(Err(over)), _) => Found::Checked(Err(over)),
                (_, Found::Cases { cases, charges }) => {
                    Found::Checked(limits.search_totals(cases, charges))
                }
                _ => Found::Checked(Ok(())),
            },
            Role::RecordJson | Role::Court => match first {
                Found::Cases { cases, charges } => Found::Cases { cases, charges },
                _ => Found::Cases {
                    cases: 0,
                    charges: 0,
                },
            },
            Role::Case => Found::Items(items(&first)),
            Role::Person => Found::Person {
                aliases: items(&first),
                addresses: items(&second),
            },
            Role::IdentityBody => {
                let person = |found: &Found| match *found {
                    Found::Person { aliases, addresses } => (aliases, addresses),
                    _ => (0, 0),
                };
                let (verify, record) = (person(&first), person(&second));
                Found::Pairings((1 + verify.0) * (1 + record.0) + verify.1 * record.1)
            }
            _ => Found::Nothing,
        }
    }

    /// What a list in this role tells, from its length and its items' counts summed.
    fn list(self, len: usize, cases: usize, charges: usize) -> Found {
        match self {
            Role::Courts => Found::Cases { cases, charges },
            Role::Cases => Found::Cases {
                cases: len,
                charges,
            },
            Role::Offenses | Role::PersonList => Found::Items(len),
            _ => Found::Nothing,
        }
    }
}

fn items(found: &Found) -> usize {
    match *found {
        Found::Items(n) => n,
        _ => 0,
    }
}

/// A step of the path to a value: an object's key or a list's index.
enum Segment<'de> {
    Key(Cow<'de, str>),
    Index(usize),
}

/// The pass's state: the caps, where it is, the first field over its cap.
struct Scan<'l, 'de> {
    limits: &'l InputLimits,
    /// No string this short is over either character cap: most are not looked at.
    shortest_cap: usize,
    path: Vec<Segment<'de>>,
    first_over: Option<Exceeded>,
}

impl Scan<'_, '_> {
    /// The key naming the value being read (a list's items are named by the list's key).
    fn key(&self) -> &str {
        self.path
            .iter()
            .rev()
            .find_map(|segment| match segment {
                Segment::Key(key) => Some(key.as_ref()),
                Segment::Index(_) => None,
            })
            .unwrap_or_default()
    }

    /// The path as the message names it: `record.cases[0].offense_id`.
    fn field(&self) -> String {
        let mut field = String::new();
        for segment in &self.path {
            match segment {
                Segment::Key(key) => {
                    if !field.is_empty() {
                        field.push('.');
                    }
                    field.push_str(key);
                }
                Segment::Index(i) => {
                    let _ = write!(field, "[{i}]");
                }
            }
        }
        field
    }

    fn string(&mut self, text: &str, role: Role) -> Found {
        if self.first_over.is_none() && text.len() > self.shortest_cap {
            self.text(text);
        }
        if role == Role::Xml {
            Found::Checked(self.limits.xml(text))
        } else {
            Found::Nothing
        }
    }

    fn text(&mut self, text: &str) {
        let key = self.key();
        if key == "xml" {
            return;
        }
        let limit = if NAME_FIELDS.contains(&key) {
            self.limits.max_name_chars
        } else {
            self.limits.max_text_chars
        };
        // Bytes bound characters from above: only a long string is counted.
        if text.len() > limit {
            let chars = text.chars().count();
            if chars > limit {
                self.first_over = Some(Exceeded::new(self.field(), "characters", chars, limit));
            }
        }
    }

    /// A list has ended; `clean_before`: nothing was over its cap before it began. Its length is
    /// reported ahead of anything inside it.
    fn list_ended(&mut self, len: usize, clean_before: bool) {
        if !clean_before {
            return;
        }
        let key = self.key();
        let limit = if ALIAS_LISTS.contains(&key) {
            self.limits.max_aliases
        } else if key == "addresses" {
            self.limits.max_addresses
        } else {
            self.limits.max_charges
        };
        if len > limit {
            self.first_over = Some(Exceeded::new(self.field(), "items", len, limit));
        }
    }
}

/// Reads one value in its role.
struct ValueSeed<'s, 'l, 'de> {
    scan: &'s mut Scan<'l, 'de>,
    role: Role,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_, '_, 'de> {
    type Value = Found;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Found, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_, '_, 'de> {
    type Value = Found;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Found, E> {
        Ok(Found::Nothing)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Found, E> {
        Ok(Found::Nothing)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Found, E> {
        Ok(Found::Nothing)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Found, E> {
        Ok(Found::Nothing)
    }

    fn visit_unit<E>(self) -> Result<Found, E> {
        Ok(Found::Nothing)
    }

    fn visit_str<E>(self, text: &str) -> Result<Found, E> {
        Ok(self.scan.string(text, self.role))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut list: A) -> Result<Found, A::Error> {
        let Self { scan, role } = self;
        let clean_before = scan.first_over.is_none();
        let (mut len, mut cases, mut charges) = (0, 0, 0);
        loop {
            scan.path.push(Segment::Index(len));
            let item = list.next_element_seed(ValueSeed {
                scan: &mut *scan,
                role: role.item(),
            })?;
            scan.path.pop();
            match item {
                None => break,
                Some(Found::Cases {
                    cases: c,
                    charges: n,
                }) => {
                    cases += c;
                    charges += n;
                }
                Some(Found::Items(n)) => charges += n,
                Some(_) => {}
            }
            len += 1;
        }
        scan.list_ended(len, clean_before);
        Ok(role.list(len, cases, charges))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut object: A) -> Result<Found, A::Error> {
        let Self { scan, role } = self;
        let mut counted = [Found::Nothing, Found::Nothing];
        while let Some(key) = object.next_key_seed(KeySeed)? {
            let (member, slot) = role.member(&key);
            scan.path.push(Segment::Key(key));
            let found = object.next_value_seed(ValueSeed {
                scan: &mut *scan,
                role: member,
            })?;
            scan.path.pop();
            if let Some(slot) = slot {
                counted[slot] = found;
            }
        }
        Ok(role.object(counted, scan.limits))
    }
}

/// Reads an object's key, borrowed unless it had escapes.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(key))
    }

    fn visit_str<E>(self, key: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(key.to_owned()))
    }
}
