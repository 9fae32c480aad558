//! The request body as stage 1 reads it: a JSON document that borrows its strings from the body
//! text and keeps its arrays and object members as plain slices in one arena.
//!
//! Why not `serde_json::Value`: the workspace enables `preserve_order`, so every `Value` object is
//! an `IndexMap` hashed with SipHash, every string and key is copied, and validation and
//! `record_json` reading look fields up one by one. On the 10-charge fixture (callgrind, both
//! stages, native) that parse was ~17 % of all instructions, the trim-and-copy field reads 7 %,
//! `IndexMap` lookups with their hashing ~8 %, plus the tree's drop. Here only
//! strings with escapes are copied, objects (a dozen members or so in a request) are scanned, and
//! the tree is freed at once with its [`Arena`].
//!
//! Every document reads exactly as `Value` would: the direct reader (`reader`) reads what it is
//! sure of and declines the rest, which serde_json's parser then reads (so the same errors and
//! the same recursion limit); the same numbers, and a repeated key keeps its last value at its
//! first position, as `Value` with `preserve_order` does. The tree itself is in `tree`.
//! [`Json::to_value`] gives the `Value` itself where one is answered. One deliberate difference:
//! `Value` (with serde_json's `raw_value` feature) reads an object whose first key is serde_json's
//! private raw-value token as the JSON text of its string; here it is an object with that key,
//! like any other.

use std::fmt;

use bumpalo::Bump;
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

mod reader;
#[cfg(test)]
mod tests_reader;
mod tree;

pub use tree::{Arena, Json, Object};
use tree::{KeyFilter, Scratch};

impl<'a> Json<'a> {
    /// Parses `text` (serde_json's parser: its errors, its recursion limit of 128), keeping the
    /// tree in `arena`.
    pub fn parse(text: &'a str, arena: &'a Arena) -> serde_json::Result<Self> {
        let mut scratch = Scratch::new();
        if let Some(json) = reader::read(text, &arena.0, &mut scratch) {
            return Ok(json);
        }
        scratch.clear();
        Self::parse_with_serde(text, arena, &mut scratch)
    }

    /// [`Json::parse`] through serde_json's parser alone: what the direct reader declines.
    fn parse_with_serde(
        text: &'a str,
        arena: &'a Arena,
        scratch: &mut Scratch<'a>,
    ) -> serde_json::Result<Self> {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let json = Build {
            arena: &arena.0,
            scratch,
        }
        .deserialize(&mut deserializer)?;
        // As `serde_json::from_str`: only whitespace may follow.
        deserializer.end()?;
        Ok(json)
    }
}

/// Builds [`Json`] as serde_json's own `Value` visitor builds `Value`, member for member, into
/// `arena`.
struct Build<'s, 'de> {
    arena: &'de Bump,
    scratch: &'s mut Scratch<'de>,
}

impl<'de> Build<'_, 'de> {
    /// A builder for a nested value, on the same arena and scratch stacks.
    fn nested(&mut self) -> Build<'_, 'de> {
        Build {
            arena: self.arena,
            scratch: self.scratch,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Build<'_, 'de> {
    type Value = Json<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Json<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Build<'_, 'de> {
    type Value = Json<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json<'de>, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Json<'de>, E> {
        Ok(Json::Number(self.arena.alloc(n.into())))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Json<'de>, E> {
        Ok(Json::Number(self.arena.alloc(n.into())))
    }

    /// The parser never yields a non-finite float (`1e400` is its error), so this is never null;
    /// it mirrors `Value` anyway.
    fn visit_f64<E>(self, n: f64) -> Result<Json<'de>, E> {
        Ok(Number::from_f64(n).map_or(Json::Null, |n| Json::Number(self.arena.alloc(n))))
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Json<'de>, E> {
        Ok(Json::String(s))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json<'de>, E> {
        Ok(Json::String(self.arena.alloc_str(s)))
    }

    fn visit_none<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Json<'de>, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_unit<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Json<'de>, A::Error> {
        let base = self.scratch.items.len();
        while let Some(item) = seq.next_element_seed(self.nested())? {
            self.scratch.items.push(item);
        }
        Ok(Json::Array(self.scratch.finish_array(base, self.arena)))
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Json<'de>, A::Error> {
        let base = self.scratch.members.len();
        let mut seen = KeyFilter::default();
        while let Some(key) = map.next_key_seed(KeySeed(self.arena))? {
            let value = map.next_value_seed(self.nested())?;
            self.scratch.push_member(base, &mut seen, key, value);
        }
        Ok(Json::Object(self.scratch.finish_object(base, self.arena)))
    }
}

/// Reads an object key: borrowed from the text unless it had escapes (then copied to the arena).
struct KeySeed<'de>(&'de Bump);

impl<'de> DeserializeSeed<'de> for KeySeed<'de> {
    type Value = &'de str;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<&'de str, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'de> {
    type Value = &'de str;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<&'de str, E> {
        Ok(s)
    }

    fn visit_str<E>(self, s: &str) -> Result<&'de str, E> {
        Ok(self.0.alloc_str(s))
    }
}

#[cfg(test)]
mod tests {
    use proptest::test_runner::TestCaseError;
    use serde_json::Value;

    use super::tree::SCANNED_KEYS;
    use super::*;

    /// `text` read both ways: equal values, printed alike (key order included: `Map`'s equality
    /// ignores it), or the same error.
    fn same_as_value(text: &str) {
        let arena = Arena::for_text(text);
        match (
            Json::parse(text, &arena),
            serde_json::from_str::<Value>(text),
        ) {
            (Ok(json), Ok(value)) => {
                let converted = json.to_value();
                assert_eq!(converted, value, "{text}");
                assert_eq!(converted.to_string(), value.to_string(), "{text}");
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{text}"),
            (a, b) => panic!("{text}: {a:?} vs {b:?}"),
        }
    }

    fn members<'j>(json: &'j Json<'_>) -> Vec<(&'j str, String)> {
        json.as_object()
            .map(|o| {
                o.iter()
                    .map(|(k, v)| (k, v.to_value().to_string()))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn a_repeated_key_keeps_its_last_value_at_its_first_position() {
        let text = r#"{"a": 1, "b": 2, "a": {"x": 3}, "c": 4, "b": null}"#;
        let arena = Arena::for_text(text);
        let json = Json::parse(text, &arena).unwrap();
        assert_eq!(
            members(&json),
            [
                ("a", r#"{"x":3}"#.into()),
                ("b", "null".into()),
                ("c", "4".into())
            ]
        );
        same_as_value(text);
    }

    proptest::proptest! {
        /// Keys from a small alphabet repeat often, and many differ only where the filter
        /// cannot see (same length and last byte): every repeat is still found.
        #[test]
        fn any_repeated_keys_resolve_as_values_do(
            keys in proptest::collection::vec("[ab]{0,3}[xy]", 0..40),
        ) {
            let body: Vec<String> = (keys.iter().enumerate())
                .map(|(i, k)| format!("\"{k}\": {i}"))
                .collect();
            let text = format!("{{{}}}", body.join(", "));
            // Member by member: `to_value` would hide a key kept twice.
            let arena = Arena::for_text(&text);
            let json = Json::parse(&text, &arena).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let value: Value = serde_json::from_str(&text)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let expected: Vec<(&str, String)> = (value.as_object().into_iter().flatten())
                .map(|(k, v)| (k.as_str(), v.to_string()))
                .collect();
            proptest::prop_assert_eq!(members(&json), expected);
        }
    }

    #[test]
    fn large_objects_resolve_repeated_keys_alike() {
        for size in [SCANNED_KEYS - 1, SCANNED_KEYS, SCANNED_KEYS + 1, 200] {
            // Every key once, then some again: early, late, and one three times over.
            let mut keys: Vec<String> = (0..size).map(|i| format!("k{i}")).collect();
            keys.extend(["k0", "k5", "k0", "new"].map(String::from));
            keys.push(format!("k{}", size - 1));
            let body: Vec<String> = keys
                .iter()
                .enumerate()
                .map(|(i, k)| format!("\"{k}\": {i}"))
                .collect();
            let text = format!("{{{}}}", body.join(", "));
            same_as_value(&text);
            let arena = Arena::for_text(&text);
            let json = Json::parse(&text, &arena).unwrap();
            assert_eq!(json.as_object().map(Object::len), Some(size + 1));
            assert_eq!(
                json.get("k0").and_then(Json::as_f64),
                Some((size + 2) as f64)
            );
        }
    }

    #[test]
    fn strings_are_borrowed_unless_escaped() {
        let text = r#"{"plain": "text", "esc\u0061ped": "line\nbreak", "quote": "\"q\""}"#;
        let arena = Arena::for_text(text);
        let json = Json::parse(text, &arena).unwrap();
        let Some(object) = json.as_object() else {
            panic!("not an object");
        };
        // Borrowed: the very bytes of `text`, not a copy in the arena.
        let in_text = |s: &str| text.as_bytes().as_ptr_range().contains(&s.as_ptr());
        let kinds: Vec<(bool, bool)> = object
            .iter()
            .map(|(k, v)| (in_text(k), v.as_str().is_some_and(in_text)))
            .collect();
        assert_eq!(kinds, [(true, true), (false, false), (true, false)]);
        assert_eq!(
            json.get("escaped").and_then(Json::as_str),
            Some("line\nbreak")
        );
        assert_eq!(json.get("quote").and_then(Json::as_str), Some("\"q\""));
        same_as_value(text);
    }

    #[test]
    fn numbers_are_values_numbers() {
        for number in [
            "0",
            "42",
            "-7",
            "-0",
            "1.0",
            "-2.50",
            "0.1",
            "1e2",
            "1E-2",
            "1.5e3",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "1e308",
        ] {
            let text = format!("[{number}]");
            same_as_value(&text);
            let arena = Arena::for_text(&text);
            let (Ok(Json::Array(json)), Ok(Value::Array(value))) = (
                Json::parse(&text, &arena),
                serde_json::from_str::<Value>(&text),
            ) else {
                panic!("{number} did not parse");
            };
            let Json::Number(n) = &json[0] else {
                panic!("{number} is not a number: {json:?}");
            };
            // As `text_owned` renders ids: printed exactly as `Value` prints them.
            assert_eq!(n.to_string(), value[0].to_string(), "{number}");
            assert_eq!(json[0].as_f64(), value[0].as_f64(), "{number}");
        }
        // Out of f64's range: serde_json's error, not null.
        assert!(Json::parse("[1e400]", &Arena::for_text("")).is_err());
        same_as_value("[1e400]");
        same_as_value("[-1e400]");
    }

    #[test]
    fn malformed_text_fails_with_values_error() {
        for text in [
            "",
            "{",
            "[1,]",
            r#"{"a" 1}"#,
            r#"{"a": 1,}"#,
            "1 2",
            "\u{feff}{}",
            r#""\ud800""#,
            r#""\x""#,
            "nul",
            "{\"a\": \"tab\tinside\"}",
        ] {
            assert!(
                Json::parse(text, &Arena::for_text(text)).is_err(),
                "{text:?}"
            );
            same_as_value(text);
        }
    }

    #[test]
    fn nesting_has_values_recursion_limit() {
        for depth in 120..=130 {
            let arrays = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            same_as_value(&arrays);
            let objects = format!("{}1{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
            same_as_value(&objects);
        }
        let too_deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let arena = Arena::for_text(&too_deep);
        let error = Json::parse(&too_deep, &arena).err().map(|e| e.to_string());
        assert!(error.is_some_and(|e| e.contains("recursion limit")));
    }

    #[test]
    fn accessors() {
        let text = r#"{"s": "x", "b": true, "n": 2, "z": null, "a": [{}], "o": {}}"#;
        let arena = Arena::for_text(text);
        let json = Json::parse(text, &arena).unwrap();
        let get = |k| json.get(k).unwrap_or(&Json::Null);
        assert_eq!(get("s").as_str(), Some("x"));
        assert_eq!(get("b").as_bool(), Some(true));
        assert_eq!(get("n").as_f64(), Some(2.0));
        assert!(get("z").is_null() && get("missing").is_null());
        assert_eq!(get("a").as_array().map(<[_]>::len), Some(1));
        assert!(get("o").is_object() && get("o").as_object().is_some_and(Object::is_empty));
        assert_eq!(
            (get("s").as_f64(), get("n").as_str(), get("s").get("x")),
            (None, None, None)
        );
        assert!(
            json.as_object()
                .is_some_and(|o| o.contains_key("z") && !o.contains_key("y"))
        );
    }

    /// The one place `Value` does not read JSON as JSON (see the module comment): with
    /// serde_json's `raw_value` feature, this private key makes the object its string's JSON.
    #[test]
    fn serde_jsons_raw_value_token_is_an_ordinary_key() {
        let text = r#"{"$serde_json::private::RawValue": "{\"a\": 1}"}"#;
        let arena = Arena::for_text(text);
        let json = Json::parse(text, &arena).unwrap();
        assert_eq!(
            json.get("$serde_json::private::RawValue")
                .and_then(Json::as_str),
            Some(r#"{"a": 1}"#)
        );
        let value: Value = serde_json::from_str(text).unwrap();
        assert_eq!(value.to_string(), r#"{"a":1}"#);
    }

    /// Every corpus file and request body, and the fixtures, read both ways.
    #[test]
    fn corpus_reads_as_value_reads_it() -> Result<(), Box<dyn std::error::Error>> {
        for text in &super::tests_reader::corpus_texts()? {
            assert!(Json::parse(text, &Arena::for_text(text)).is_ok());
            same_as_value(text);
        }
        Ok(())
    }
}
