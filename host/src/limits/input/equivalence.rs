//! The streaming check answers as the old `Value` walk ([`super::oracle`]) did, on generated
//! bodies of the shapes the caps look at: records with people, aliases, addresses, searches,
//! cases and offenses, vendor XML, long strings with multi-byte characters, escaped keys and
//! strings, numbers out of range, nesting at serde_json's recursion limit, and broken JSON.
//!
//! One deliberate difference, with a key given twice in one object: `Value` kept its last value
//! at its first place, so the old walk never looked at the earlier values; the streaming check
//! checks every value where it stands. The totals and the identity cost still take the last.

use std::collections::HashSet;
use std::fmt::{self, Write as _};

use proptest::prelude::*;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use super::caps::{Exceeded, InputLimits};
use super::oracle;

/// A JSON document as generated: objects keep their members in order, repeats included.
#[derive(Debug, Clone)]
enum Json {
    Null,
    Bool(bool),
    Number(&'static str),
    /// The text and which of its characters are written as `\u` escapes (bit `i % 8`).
    String(String, u8),
    Array(Vec<Json>),
    Object(Vec<((String, u8), Json)>),
}

impl Json {
    fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { " false " }),
            Json::Number(n) => out.push_str(n),
            Json::String(text, escapes) => write_string(text, *escapes, out),
            Json::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(if i % 2 == 0 { "," } else { ", " });
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Json::Object(members) => {
                out.push('{');
                for (i, ((key, escapes), value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(key, *escapes, out);
                    out.push_str(if i % 2 == 0 { ":" } else { " :\n" });
                    value.write(out);
                }
                out.push('}');
            }
        }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }
}

/// A JSON string; the characters picked by `escapes`, and any that must be, as escapes.
fn write_string(text: &str, escapes: u8, out: &mut String) {
    out.push('"');
    for (i, c) in text.chars().enumerate() {
        let must = c == '"' || c == '\\' || c < ' ';
        if escapes & (1 << (i % 8)) != 0 || must {
            let mut units = [0; 2];
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{unit:04x}");
            }
        } else {
            out.push(c);
        }
    }
    out.push('"');
}

/// The keys the caps look at, and a few they do not.
const KEYS: [&str; 26] = [
    "record",
    "xml",
    "record_json",
    "criminal_search_results",
    "criminal_records",
    "offenses",
    "candidate_info",
    "aliases",
    "subject_aliases",
    "addresses",
    "first_name",
    "middle_name",
    "last_name",
    "sub_first_name",
    "subject_name",
    "cases",
    "offense_id",
    "search_id",
    "candidate_to_verify",
    "candidate_in_record",
    "charge",
    "line1",
    "x",
    "",
    "first_name ",
    "First_Name",
];

/// Texts around the small caps, with characters of 1 to 4 bytes and ones that must be escaped.
fn text() -> impl Strategy<Value = String> {
    let chars = prop::sample::select(vec![
        'a', 'Z', '7', ' ', 'É', 'ß', '中', '😀', '"', '\\', '\n', '\u{1}', '/',
    ]);
    prop::collection::vec(chars, 0..12).prop_map(|chars| chars.into_iter().collect())
}

fn string() -> impl Strategy<Value = Json> {
    (text(), escapes()).prop_map(|(text, escapes)| Json::String(text, escapes))
}

/// Mostly raw, sometimes some or all characters escaped.
fn escapes() -> impl Strategy<Value = u8> {
    prop_oneof![3 => Just(0), 1 => any::<u8>(), 1 => Just(u8::MAX)]
}

fn key(name: &'static str) -> impl Strategy<Value = (String, u8)> {
    escapes().prop_map(move |escapes| (name.to_owned(), escapes))
}

fn any_key() -> impl Strategy<Value = (String, u8)> {
    (prop::sample::select(KEYS.to_vec()), escapes())
        .prop_map(|(name, escapes)| (name.to_owned(), escapes))
}

fn leaf() -> impl Strategy<Value = Json> {
    let numbers = prop::sample::select(vec![
        "0",
        "-1",
        "12.5e3",
        "18446744073709551616",
        "-0",
        "1E-400",
        "1e400",
    ]);
    prop_oneof![
        Just(Json::Null),
        any::<bool>().prop_map(Json::Bool),
        numbers.prop_map(Json::Number),
        string(),
        string(),
    ]
}

/// Any document, its keys drawn from the caps' own (so repeats and lists of any kind happen).
fn any_json() -> impl Strategy<Value = Json> {
    leaf().prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Json::Array),
            prop::collection::vec((any_key(), inner), 0..6).prop_map(Json::Object),
        ]
    })
}

/// An object of the members given (each maybe absent), in any order, with some others.
fn object(members: Vec<BoxedStrategy<((String, u8), Json)>>) -> BoxedStrategy<Json> {
    let extra = prop::collection::vec((any_key(), any_json()), 0..2);
    let members: Vec<_> = members
        .into_iter()
        .map(|member| prop::option::weighted(0.8, member))
        .collect();
    (members, extra)
        .prop_map(|(members, extra)| {
            members
                .into_iter()
                .flatten()
                .chain(extra)
                .collect::<Vec<_>>()
        })
        .prop_shuffle()
        .prop_map(Json::Object)
        .boxed()
}

/// The member `name`: mostly of the shape given, sometimes any value.
fn member(name: &'static str, value: BoxedStrategy<Json>) -> BoxedStrategy<((String, u8), Json)> {
    (key(name), prop_oneof![6 => value, 1 => any_json()]).boxed()
}

fn list(item: BoxedStrategy<Json>, most: usize) -> BoxedStrategy<Json> {
    prop::collection::vec(item, 0..=most)
        .prop_map(Json::Array)
        .boxed()
}

fn name_fields() -> Vec<BoxedStrategy<((String, u8), Json)>> {
    ["first_name", "middle_name", "last_name", "subject_name"]
        .into_iter()
        .map(|name| member(name, string().boxed()))
        .collect()
}

fn person() -> BoxedStrategy<Json> {
    let alias = object(name_fields());
    let address = object(vec![member("line1", string().boxed())]);
    let mut members = name_fields();
    members.push(member("aliases", list(alias.clone(), 3)));
    members.push(member("subject_aliases", list(alias, 3)));
    members.push(member("addresses", list(address, 3)));
    object(members)
}

/// Vendor XML: case and charge elements of every dialect, sometimes broken.
fn xml() -> impl Strategy<Value = Json> {
    let element = prop::sample::select(vec![
        "<case>",
        "</case>",
        "<CriminalCase>",
        "</CriminalCase>",
        "<Record/>",
        "<chargeinfo/>",
        "<hr:Charge/>",
        "<Count></Count>",
        "<other a='1'/>",
        "text &amp; more",
        "<broken",
    ]);
    (prop::collection::vec(element, 0..10), escapes()).prop_map(|(elements, escapes)| {
        Json::String(
            format!("<ScreeningResults>{}</ScreeningResults>", elements.concat()),
            escapes,
        )
    })
}

fn record_json() -> BoxedStrategy<Json> {
    let offense = object(vec![
        member("offense_id", string().boxed()),
        member("charge", string().boxed()),
    ]);
    let case = object(vec![member("offenses", list(offense, 3))]);
    let court = object(vec![member("criminal_records", list(case, 3))]);
    object(vec![member("criminal_search_results", list(court, 3))])
}

fn record_body() -> BoxedStrategy<Json> {
    let row = object(vec![member("offense_id", string().boxed())]);
    let record = object(vec![
        member("candidate_info", person()),
        member("xml", xml().boxed()),
        member("record_json", record_json()),
        member("cases", list(row, 4)),
        member("search_id", string().boxed()),
    ]);
    object(vec![member("record", record)])
}

fn identity_body() -> BoxedStrategy<Json> {
    object(vec![
        member("candidate_to_verify", person()),
        member("candidate_in_record", person()),
    ])
}

/// How a generated document is made into a body.
#[derive(Debug, Clone)]
enum Damage {
    None,
    /// Cut after this many bytes (modulo the length), maybe inside a character.
    Cut(usize),
    /// This byte put in at this place (modulo the length).
    Insert(usize, u8),
    /// This text after the document.
    Trailing(&'static str),
    /// The document as the value of a member under this many lists: serde_json stops at 128
    /// levels.
    Nested(usize),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        12 => Just(Damage::None),
        1 => any::<usize>().prop_map(Damage::Cut),
        2 => (any::<usize>(), prop::sample::select(b",:{}[]\"\\x 0".to_vec()))
            .prop_map(|(at, byte)| Damage::Insert(at, byte)),
        1 => prop::sample::select(vec![" ", "\n", "x", "{}", ","]).prop_map(Damage::Trailing),
        1 => (120..=128_usize).prop_map(Damage::Nested),
    ]
}

fn body(document: &Json, damage: &Damage) -> Vec<u8> {
    let mut body = document.text().into_bytes();
    match *damage {
        Damage::None => {}
        Damage::Cut(at) => body.truncate(at % (body.len() + 1)),
        Damage::Insert(at, byte) => body.insert(at % (body.len() + 1), byte),
        Damage::Trailing(text) => body.extend_from_slice(text.as_bytes()),
        Damage::Nested(depth) => {
            let mut nested = format!("{{\"x\":{}", "[".repeat(depth)).into_bytes();
            nested.extend_from_slice(&body);
            nested.extend_from_slice(format!("{}}}", "]".repeat(depth)).as_bytes());
            body = nested;
        }
    }
    body
}

fn limits() -> impl Strategy<Value = InputLimits> {
    (
        1..7_usize,
        1..12_usize,
        0..4_usize,
        0..3_usize,
        0..5_usize,
        0..6_usize,
        20..200_usize,
    )
        .prop_map(
            |(name, text, aliases, addresses, cases, charges, xml)| InputLimits {
                max_name_chars: name,
                max_text_chars: text,
                max_aliases: aliases,
                max_addresses: addresses,
                max_cases: cases,
                max_charges: charges,
                max_xml_bytes: xml,
            },
        )
}

/// Whether `body` parses and some object in it names a key twice (as serde_json unescapes it).
fn repeats_a_key(body: &[u8]) -> bool {
    struct Repeats(bool);
    impl<'de> Deserialize<'de> for Repeats {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(RepeatsVisitor)
        }
    }
    struct RepeatsVisitor;
    impl<'de> Visitor<'de> for RepeatsVisitor {
        type Value = Repeats;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("JSON")
        }
        fn visit_bool<E>(self, _: bool) -> Result<Repeats, E> {
            Ok(Repeats(false))
        }
        fn visit_i64<E>(self, _: i64) -> Result<Repeats, E> {
            Ok(Repeats(false))
        }
        fn visit_u64<E>(self, _: u64) -> Result<Repeats, E> {
            Ok(Repeats(false))
        }
        fn visit_f64<E>(self, _: f64) -> Result<Repeats, E> {
            Ok(Repeats(false))
        }
        fn visit_unit<E>(self) -> Result<Repeats, E> {
            Ok(Repeats(false))
        }
        fn visit_str<E>(self, _: &str) -> Result<Repeats, E> {
            Ok(Repeats(false))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Repeats, A::Error> {
            let mut repeats = false;
            while let Some(Repeats(inner)) = items.next_element()? {
                repeats |= inner;
            }
            Ok(Repeats(repeats))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut members: A) -> Result<Repeats, A::Error> {
            let (mut keys, mut repeats) = (HashSet::new(), false);
            while let Some(key) = members.next_key::<String>()? {
                repeats |= !keys.insert(key);
                repeats |= members.next_value::<Repeats>()?.0;
            }
            Ok(Repeats(repeats))
        }
    }
    serde_json::from_slice::<Repeats>(body).is_ok_and(|r| r.0)
}

/// One of the record's totals (the XML's, or the searches' summed over every court and case),
/// as against one field or list (`record.xml` given as a list is one).
fn is_total(over: &Exceeded) -> bool {
    (over.field == "record.xml" && over.unit != "items") || over.field.contains("[]")
}

/// With a repeated key: the totals and the identity cost as before; a field the old walk found
/// over its cap still refuses the body (maybe naming another field, earlier in the text).
fn check_repeated<T: PartialEq + fmt::Debug>(
    new: &Result<T, Exceeded>,
    old: &Result<T, Exceeded>,
) -> Result<(), TestCaseError> {
    match (new, old) {
        (Err(new), _) if is_total(new) => {
            prop_assert_eq!(Err::<(), _>(new), old.as_ref().map(|_| ()))
        }
        (_, Err(old)) if is_total(old) => prop_assert_eq!(new.as_ref().map(|_| ()), Err(old)),
        (Ok(new), Ok(old)) => prop_assert_eq!(new, old),
        (Ok(_), Err(old)) => {
            return Err(TestCaseError::fail(format!(
                "the old walk refused ({old:?}), the new check passed"
            )));
        }
        (Err(_), _) => {}
    }
    Ok(())
}

fn compare(limits: &InputLimits, body: &[u8]) -> Result<(), TestCaseError> {
    let record = (
        limits.check_record(body),
        oracle::check_record(limits, body),
    );
    let identity = (
        limits.check_identity(body),
        oracle::check_identity(limits, body),
    );
    if repeats_a_key(body) {
        check_repeated(&record.0, &record.1)?;
        check_repeated(&identity.0, &identity.1)?;
    } else {
        prop_assert_eq!(record.0, record.1);
        prop_assert_eq!(identity.0, identity.1);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn records_check_as_the_value_walk_did(
        document in record_body(), damage in damage(), limits in limits()
    ) {
        compare(&limits, &body(&document, &damage))?;
    }

    #[test]
    fn identity_bodies_check_as_the_value_walk_did(
        document in identity_body(), damage in damage(), limits in limits()
    ) {
        compare(&limits, &body(&document, &damage))?;
    }

    #[test]
    fn any_document_checks_as_the_value_walk_did(
        document in any_json(), damage in damage(), limits in limits()
    ) {
        compare(&limits, &body(&document, &damage))?;
    }
}

/// The difference the module's header names: an earlier value of a repeated key is checked.
#[test]
fn an_earlier_value_of_a_repeated_key_is_checked() {
    let limits = InputLimits {
        max_name_chars: 5,
        ..InputLimits::default()
    };
    let body = br#"{"record": {"candidate_info": {"first_name": "JOHNNY", "first_name": "JON"}}}"#;
    assert_eq!(oracle::check_record(&limits, body), Ok(()));
    let over = limits.check_record(body).unwrap_err();
    assert_eq!(over.field, "record.candidate_info.first_name");
    assert!(repeats_a_key(body));
    // The totals take the last value, as the engine reads it.
    let body = br#"{"record": {"record_json": {"criminal_search_results": [{"criminal_records": [{}, {}, {}]}]}, "record_json": {}}}"#;
    let small = InputLimits {
        max_cases: 2,
        ..InputLimits::default()
    };
    assert_eq!(small.check_record(body), Ok(()));
    assert_eq!(oracle::check_record(&small, body), Ok(()));
}

/// The other difference: serde_json's raw-value token is a key like any other.
#[test]
fn the_raw_value_token_is_an_ordinary_key() {
    let limits = InputLimits {
        max_text_chars: 8,
        ..InputLimits::default()
    };
    let body = br#"{"$serde_json::private::RawValue": "{\"search_id\": \"1\"}"}"#;
    assert_eq!(oracle::check_record(&limits, body), Ok(()));
    let over = limits.check_record(body).unwrap_err();
    assert_eq!(over.field, "$serde_json::private::RawValue");
}
