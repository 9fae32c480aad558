//! The direct reader against serde_json's parse of the same text: what the reader reads, serde_json
//! reads to the same tree; what serde_json refuses, the reader declines.

use proptest::prelude::*;
use serde_json::Value;

use super::reader::{DEPTH_AT_MOST, read};
use super::tree::Scratch;
use super::{Arena, Json};

/// What the reader makes of `text`, and what serde_json's parser alone makes of it.
fn both(text: &str, check: impl FnOnce(Option<Json<'_>>, serde_json::Result<Json<'_>>)) {
    let (direct, serde) = (Arena::for_text(text), Arena::for_text(text));
    let (mut a, mut b) = (Scratch::new(), Scratch::new());
    check(
        read(text, &direct.0, &mut a),
        Json::parse_with_serde(text, &serde, &mut b),
    );
}

/// Whatever the reader reads, serde_json reads to the same tree (member order included);
/// whatever serde_json refuses, the reader declines. Returns whether the reader read it.
fn agrees(text: &str) -> Result<bool, TestCaseError> {
    let mut read_it = false;
    let mut outcome = Ok(());
    both(text, |direct, serde| {
        outcome = match (direct, serde) {
            (Some(d), Ok(s)) if d == s => {
                read_it = true;
                Ok(())
            }
            (None, _) => Ok(()),
            (d, s) => Err(TestCaseError::fail(format!("{text:?}: {d:?} vs {s:?}"))),
        };
    });
    outcome.map(|()| read_it)
}

fn reads(text: &str) {
    assert_eq!(agrees(text).ok(), Some(true), "{text:?}");
}

fn declines(text: &str) {
    assert_eq!(agrees(text).ok(), Some(false), "{text:?}");
}

/// Every corpus file, its request body compact and pretty, and the fixtures.
pub(super) fn corpus_texts() -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let mut texts = vec![include_str!("../../../fixtures/ten-charges.json").to_string()];
    for entry in std::fs::read_dir("../tests/corpus")? {
        let text = std::fs::read_to_string(entry?.path())?;
        let case: Value = serde_json::from_str(&text)?;
        texts.push(serde_json::to_string(&case["request"])?);
        texts.push(serde_json::to_string_pretty(&case["request"])?);
        texts.push(text);
    }
    texts.push(std::fs::read_to_string(
        "../tests/fixtures/xml/manifest.json",
    )?);
    assert!(texts.len() > 200, "only {} texts", texts.len());
    Ok(texts)
}

/// Every corpus body and fixture is read by the reader itself (not declined), to the tree
/// serde_json gives: were it to decline them, requests would silently pay for both.
#[test]
fn reads_every_corpus_body_itself() -> Result<(), Box<dyn std::error::Error>> {
    for text in &corpus_texts()? {
        reads(text);
    }
    Ok(())
}

#[test]
fn edge_cases_read_alike_or_are_declined() {
    for text in [
        "0",
        "7",
        "-0",
        "-1",
        "01",
        "-01",
        "1.",
        ".5",
        "1e",
        "1e+",
        "-",
        "+1",
        "1.5e-3",
        "2E2",
        "18446744073709551615",
        "18446744073709551616",
        "9999999999999999999",
        "10000000000000000000",
        "-9223372036854775808",
        "-9223372036854775809",
        "1e400",
        "[1,2 ,3]",
        "[1 2]",
        "[1,]",
        "[,1]",
        "{}",
        "[]",
        " { } ",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{1:2}",
        "{\"a\":1 \"b\":2}",
        "\"\\u00e9\\n\\\"\"",
        "\"\\ud800\"",
        "\"\\ud83d\\ude00\"",
        "\"\\x\"",
        "\"\\",
        "\"a\\\"",
        "\"tab\tin\"",
        "\"\u{7f}\u{e9}\u{1f600}\"",
        "true",
        "truex",
        "nul",
        "null null",
        "\u{feff}{}",
        "",
        "   ",
        "{\"a\":{\"b\":[true,false,null]}}",
        "{\"k\\u0061\":1,\"ka\":2}",
        "\r\n\t[\r\n\t]\r\n\t",
        "[\u{a0}]",
        "[1]x",
    ] {
        agrees(text).unwrap_or_else(|e| panic!("{e}"));
    }
    for text in [
        "0",
        "-0",
        "1.5e-3",
        "\"\\u00e9\"",
        "{\"a\":1,\"a\":[2]}",
        " [ ] ",
    ] {
        reads(text);
    }
    for text in [
        "01",
        "[1,]",
        "\"\\ud800\"",
        "\"tab\tin\"",
        "truex",
        "",
        "1e400",
    ] {
        declines(text);
    }
}

/// Past its own depth the reader declines; serde_json's limit then decides.
#[test]
fn deep_nesting_is_left_to_serde_json() {
    for depth in [1, 50, 99, 100, 101, 127, 128, 129, 200] {
        let arrays = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let objects = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
        for text in [arrays, objects] {
            let read_it = agrees(&text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(read_it, depth <= DEPTH_AT_MOST, "{depth}");
        }
    }
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,8}|[\"\\\\/\u{0}-\u{1f}\u{7f}\u{2028}é😀a]{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(("[ab\"\\\\é]{0,3}", inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

/// `text` with one edit at a character boundary near `at`: a byte that matters to JSON
/// inserted, or the character there removed or replaced.
fn edited(text: &str, at: usize, edit: u8, byte: u8) -> String {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    const BYTES: &[u8] = b"{}[]\":,\\ \t\n0-.eE+1tfnulx\x01/";
    let byte = char::from(BYTES[usize::from(byte) % BYTES.len()]);
    let mut out = text.to_string();
    match edit % 3 {
        0 => out.insert(at, byte),
        _ if at < out.len() => {
            out.remove(at);
            if edit % 3 == 2 {
                out.insert(at, byte);
            }
        }
        _ => out.push(byte),
    }
    out
}

proptest! {
    /// Any document, compact or pretty, is read by the reader to serde_json's tree.
    #[test]
    fn any_document_reads_as_serde_json_reads_it(value in any_json()) {
        for text in [value.to_string(), serde_json::to_string_pretty(&value).unwrap_or_default()] {
            prop_assert!(agrees(&text)?, "declined {text:?}");
        }
    }

    /// Damaged documents: read alike, or declined (serde_json then gives its error).
    #[test]
    fn damaged_documents_read_alike_or_are_declined(
        value in any_json(),
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..4),
    ) {
        let mut text = value.to_string();
        for (at, edit, byte) in edits {
            text = edited(&text, at, edit, byte);
        }
        agrees(&text)?;
    }
}
