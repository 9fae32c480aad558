//! The tree [`Json`] a request body is read into, its arena, and the stacks that build it,
//! shared by the direct reader and serde_json's (the parent module reads text into it).

use bumpalo::Bump;
use serde_json::{Map, Number, Value};

use crate::text_eq::text_eq;

/// Where a document's arrays, objects and escaped strings live: one block (or a few) for the
/// whole tree, freed at once when the reading is done, instead of a vector per object that is
/// allocated, grown and freed one by one.
pub struct Arena(pub(super) Bump);

/// The largest first block: a large body is mostly one long string (vendor XML), whose tree is
/// small; a large tree gets more blocks, each twice the last.
const FIRST_BLOCK_AT_MOST: usize = 64 * 1024;

impl Arena {
    /// An arena sized for a document of `text`: its tree takes about as many bytes as a
    /// pretty-printed body (more blocks are added if not).
    pub fn for_text(text: &str) -> Self {
        Arena(Bump::with_capacity(text.len().min(FIRST_BLOCK_AT_MOST)))
    }
}

/// A JSON value borrowing from the text it was parsed from and from its [`Arena`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Json<'a> {
    Null,
    Bool(bool),
    /// In the arena, so that a value is plain data, copied as bytes.
    Number(&'a Number),
    /// Borrowed from the text unless it had escapes (then from the arena).
    String(&'a str),
    Array(&'a [Json<'a>]),
    Object(Object<'a>),
}

/// A JSON object: its members in text order, each key once.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Object<'a>(&'a [(&'a str, Json<'a>)]);

impl<'a> Json<'a> {
    /// The member `key` of an object; `None` for a missing member or any other value.
    pub fn get(&self, key: &str) -> Option<&'a Json<'a>> {
        self.as_object().and_then(|o| o.get(key))
    }

    pub fn as_str(&self) -> Option<&'a str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Object<'a>> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&'a [Json<'a>]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A number as `f64`, as [`Value::as_f64`] reads it.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Json::Object(_))
    }

    /// The `Value` that parsing the same text gives.
    pub fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number(Number::clone(n)),
            Json::String(s) => Value::String(s.to_string()),
            Json::Array(items) => Value::Array(items.iter().map(Json::to_value).collect()),
            Json::Object(o) => Value::Object(o.to_map()),
        }
    }
}

/// Objects up to this size check each new key against the earlier ones as they are read; larger
/// ones (never seen in a real request) are resolved once, by sorting, so that a body with a
/// hundred thousand keys in one object costs n log n, not n².
pub(super) const SCANNED_KEYS: usize = 32;

/// An object's members, in text order, as they were read.
pub(super) type Member<'a> = (&'a str, Json<'a>);

impl<'a> Object<'a> {
    /// The value of `key` (a linear scan: request objects are small).
    pub fn get(&self, key: &str) -> Option<&'a Json<'a>> {
        (self.0.iter().find(|(k, _)| text_eq(k, key))).map(|(_, v)| v)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Members in text order.
    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &'a Json<'a>)> {
        self.0.iter().map(|(k, v)| (*k, v))
    }

    /// The `Map` that parsing the same text gives.
    pub fn to_map(&self) -> Map<String, Value> {
        let mut map = Map::with_capacity(self.0.len());
        for (key, value) in self.0 {
            map.insert(key.to_string(), value.to_value());
        }
        map
    }
}

/// Members of a large object (see [`SCANNED_KEYS`]) in text order, a repeated key resolved.
fn resolve_repeats<'a>(members: &[Member<'a>]) -> Vec<Member<'a>> {
    // Stable: a key's occurrences stay in text order, the first one leading its run.
    let mut order: Vec<usize> = (0..members.len()).collect();
    order.sort_by(|&a, &b| members[a].0.cmp(members[b].0));
    let mut first = vec![0; members.len()];
    for run in order.chunk_by(|&a, &b| members[a].0 == members[b].0) {
        for &at in run {
            first[at] = run[0];
        }
    }
    // A later occurrence overwrites the value at its key's first position; the last wins.
    let mut kept = Vec::with_capacity(members.len());
    let mut kept_at = vec![0; members.len()];
    for (at, &(key, value)) in members.iter().enumerate() {
        if first[at] == at {
            kept_at[at] = kept.len();
            kept.push((key, value));
        } else {
            kept[kept_at[first[at]]].1 = value;
        }
    }
    kept
}

/// The members and items of the objects and arrays still open while a document is read, one
/// stack each: a finished object or array is copied from the top of its stack into the arena,
/// exactly sized. Two vectors a document, instead of one or more for each of its containers.
pub(super) struct Scratch<'a> {
    pub(super) members: Vec<Member<'a>>,
    pub(super) items: Vec<Json<'a>>,
}

impl<'a> Scratch<'a> {
    /// Room for the open containers of a request (record, record_json, a court, a case, a
    /// charge and its sentence hold about 35 members at once), so neither stack regrows: that
    /// was six reallocations a request, ~2.5K instructions.
    pub(super) fn new() -> Self {
        Scratch {
            members: Vec::with_capacity(64),
            items: Vec::with_capacity(32),
        }
    }

    /// Forgets whatever a reading that gave up left open.
    pub(super) fn clear(&mut self) {
        self.members.clear();
        self.items.clear();
    }

    /// Adds a member to the object whose members start at `base`; a repeated key (of a small
    /// object) overwrites the value at its first position.
    pub(super) fn push_member(
        &mut self,
        base: usize,
        seen: &mut KeyFilter,
        key: &'a str,
        value: Json<'a>,
    ) {
        let members = self.members.get_mut(base..).unwrap_or_default();
        if members.len() < SCANNED_KEYS
            && seen.maybe_seen(key)
            && let Some(member) = members.iter_mut().find(|(k, _)| *k == key)
        {
            member.1 = value;
            return;
        }
        self.members.push((key, value));
    }

    /// The object whose members start at `base`, moved into `arena`, repeats resolved.
    pub(super) fn finish_object(&mut self, base: usize, arena: &'a Bump) -> Object<'a> {
        let members = self.members.get(base..).unwrap_or_default();
        let kept = if members.len() <= SCANNED_KEYS {
            arena.alloc_slice_copy(members)
        } else {
            arena.alloc_slice_copy(&resolve_repeats(members))
        };
        self.members.truncate(base);
        Object(kept)
    }

    /// The array whose items start at `base`, moved into `arena`.
    pub(super) fn finish_array(&mut self, base: usize, arena: &'a Bump) -> &'a [Json<'a>] {
        let items = arena.alloc_slice_copy(self.items.get(base..).unwrap_or_default());
        self.items.truncate(base);
        items
    }
}

/// The keys an object has had so far, as one bit each for their length and last byte: a key
/// whose bit is clear was not seen, so the scan for a repeat (next to never one in a request)
/// is skipped for nearly every member. It was ~9K instructions of a 10-charge body.
#[derive(Default)]
pub(super) struct KeyFilter(u64);

impl KeyFilter {
    /// Whether `key` may have been seen before; notes it as seen either way.
    fn maybe_seen(&mut self, key: &str) -> bool {
        let last = key.as_bytes().last().copied().unwrap_or(0);
        let bit = 1u64 << ((key.len().wrapping_mul(7) ^ usize::from(last)) % 64);
        let seen = self.0 & bit != 0;
        self.0 |= bit;
        seen
    }
}
