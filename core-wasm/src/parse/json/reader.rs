//! Reads well-formed JSON straight into [`Json`]'s arena tree, byte by byte, without serde's
//! visitor calls: serde_json's parser was ~87K of the ~382K instructions of a 10-charge request
//! (callgrind, native), most of it per-token dispatch and whitespace skipping (issue 23).
//!
//! It reads only what it is sure serde_json reads the same way: plain strings (borrowed),
//! `true`, `false`, `null`, plain integers, objects and arrays up to [`DEPTH_AT_MOST`] deep.
//! Escaped strings and other numbers are handed to serde_json token by token. Anything else (a
//! malformed byte, deeper nesting) makes it decline, and [`Json::parse`] reads the whole text
//! with serde_json again, so errors and their messages are serde_json's own.

use bumpalo::Bump;
use serde_json::Number;

use super::{Json, KeyFilter, Scratch};
use crate::writer::plain_len;

/// Nesting past this is left to serde_json, whose recursion limit (128) then decides.
const DEPTH_AT_MOST: usize = 100;

/// The text read into `arena` (open containers on `scratch`), or `None` where serde_json must
/// read it instead.
pub(super) fn read<'a>(
    text: &'a str,
    arena: &'a Bump,
    scratch: &mut Scratch<'a>,
) -> Option<Json<'a>> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
        arena,
        scratch,
    };
    let json = reader.value()?;
    reader.skip_whitespace();
    (reader.at == reader.bytes.len()).then_some(json)
}

struct Reader<'a, 's> {
    text: &'a str,
    bytes: &'a [u8],
    /// The next byte to read.
    at: usize,
    /// Objects and arrays open around `at`.
    depth: usize,
    arena: &'a Bump,
    scratch: &'s mut Scratch<'a>,
}

impl<'a> Reader<'a, '_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// JSON's whitespace, the four bytes serde_json skips.
    fn skip_whitespace(&mut self) {
        let rest = self.bytes.get(self.at..).unwrap_or_default();
        self.at += (rest.iter())
            .take_while(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
            .count();
    }

    /// Whitespace, then `byte`, which is consumed.
    fn expect(&mut self, byte: u8) -> Option<()> {
        self.skip_whitespace();
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    fn value(&mut self) -> Option<Json<'a>> {
        self.skip_whitespace();
        match self.peek()? {
            b'{' => self.object(),
            b'[' => self.array(),
            b'"' => self.string().map(Json::String),
            b't' => self.literal(b"true", Json::Bool(true)),
            b'f' => self.literal(b"false", Json::Bool(false)),
            b'n' => self.literal(b"null", Json::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    /// A member's value: a string or `null` (most of them) read here, without a call to
    /// [`Reader::value`].
    #[inline]
    fn member_value(&mut self) -> Option<Json<'a>> {
        self.skip_whitespace();
        match self.peek() {
            Some(b'"') => self.string().map(Json::String),
            Some(b'n') => self.literal(b"null", Json::Null),
            _ => self.value(),
        }
    }

    fn literal(&mut self, word: &[u8], json: Json<'a>) -> Option<Json<'a>> {
        let end = self.at + word.len();
        (self.bytes.get(self.at..end) == Some(word)).then(|| {
            self.at = end;
            json
        })
    }

    /// Opens a container at `at` (its bracket consumed), or declines past [`DEPTH_AT_MOST`].
    fn open(&mut self) -> Option<()> {
        self.depth += 1;
        self.at += 1;
        (self.depth <= DEPTH_AT_MOST).then_some(())
    }

    fn object(&mut self) -> Option<Json<'a>> {
        self.open()?;
        let base = self.scratch.members.len();
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.at += 1;
        } else {
            let mut seen = KeyFilter::default();
            loop {
                self.skip_whitespace();
                if self.peek() != Some(b'"') {
                    return None;
                }
                let key = self.string()?;
                self.expect(b':')?;
                let value = self.member_value()?;
                self.scratch.push_member(base, &mut seen, key, value);
                self.skip_whitespace();
                match self.peek()? {
                    b',' => self.at += 1,
                    b'}' => {
                        self.at += 1;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        self.depth -= 1;
        Some(Json::Object(self.scratch.finish_object(base, self.arena)))
    }

    fn array(&mut self) -> Option<Json<'a>> {
        self.open()?;
        let base = self.scratch.items.len();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.at += 1;
        } else {
            loop {
                let item = self.value()?;
                self.scratch.items.push(item);
                self.skip_whitespace();
                match self.peek()? {
                    b',' => self.at += 1,
                    b']' => {
                        self.at += 1;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        self.depth -= 1;
        Some(Json::Array(self.scratch.finish_array(base, self.arena)))
    }

    /// The string whose opening quote is at `at`: borrowed from the text, or, if it has
    /// escapes, as serde_json decodes it, in the arena. A control byte declines (serde_json's
    /// error). The bytes that need no escaping are skipped eight at a time.
    // Inlined where keys and member values are read: the call's register saves and constants
    // were a fifth of a short string's cost (callgrind, ~4K instructions a 10-charge request).
    #[inline(always)]
    fn string(&mut self) -> Option<&'a str> {
        let open = self.at;
        let body = self.bytes.get(open + 1..)?;
        let len = plain_len(body);
        if body.get(len) != Some(&b'"') {
            return self.escaped_string(open, len);
        }
        let close = open + 1 + len;
        self.at = close + 1;
        self.text.get(open + 1..close)
    }

    /// [`Reader::string`] past its first escape (or control byte, which declines) at `len`
    /// bytes into the string opened at `open`.
    #[cold]
    fn escaped_string(&mut self, open: usize, mut len: usize) -> Option<&'a str> {
        let body = self.bytes.get(open + 1..)?;
        while *body.get(len)? == b'\\' {
            // The escaped byte is never the closing quote; a `\u` escape's four hex digits need
            // no care here, serde_json checks them below.
            len += 2;
            len += plain_len(body.get(len..)?);
        }
        if *body.get(len)? != b'"' {
            return None;
        }
        let close = open + 1 + len;
        self.at = close + 1;
        let decoded: String = serde_json::from_str(self.text.get(open..=close)?).ok()?;
        Some(self.arena.alloc_str(&decoded))
    }

    /// The number starting at `at`: a plain integer below 10^19 here, any other through
    /// serde_json on the token alone (its own float reading and its -0, overflow and
    /// leading-zero rules); a token serde_json refuses declines.
    fn number(&mut self) -> Option<Json<'a>> {
        let start = self.at;
        let mut end = start;
        while let Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') = self.bytes.get(end) {
            end += 1;
        }
        self.at = end;
        let token = self.bytes.get(start..end)?;
        let number = match plain_integer(token) {
            Some(n) => Number::from(n),
            None => serde_json::from_str(self.text.get(start..end)?).ok()?,
        };
        Some(Json::Number(self.arena.alloc(number)))
    }
}

/// `token` as a non-negative integer of at most 19 digits (so it fits `u64`), no leading zero.
fn plain_integer(token: &[u8]) -> Option<u64> {
    let plain = matches!(token.len(), 1..=19)
        && token.iter().all(u8::is_ascii_digit)
        && (token.len() == 1 || token.first() != Some(&b'0'));
    plain.then(|| {
        token
            .iter()
            .fold(0u64, |n, digit| n * 10 + u64::from(digit - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::Value;

    use super::super::{Arena, Json, Scratch};
    use super::read;

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

    /// Every corpus body and fixture is read by the reader itself (not declined), to the tree
    /// serde_json gives: were it to decline them, requests would silently pay for both.
    #[test]
    fn reads_every_corpus_body_itself() -> Result<(), Box<dyn std::error::Error>> {
        let mut texts = vec![include_str!("../../../fixtures/ten-charges.json").to_string()];
        for entry in std::fs::read_dir("../tests/corpus")? {
            let text = std::fs::read_to_string(entry?.path())?;
            let case: Value = serde_json::from_str(&text)?;
            texts.push(serde_json::to_string(&case["request"])?);
            texts.push(serde_json::to_string_pretty(&case["request"])?);
            texts.push(text);
        }
        assert!(texts.len() > 200, "only {} texts", texts.len());
        for text in &texts {
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
                assert_eq!(read_it, depth <= super::DEPTH_AT_MOST, "{depth}");
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
}
