//! Reads well-formed JSON straight into [`Json`]'s arena tree, byte by byte, without serde's
//! visitor calls: serde_json's parser was ~87K of the ~382K instructions of a 10-charge request
//! (callgrind, native), most of it per-token dispatch and whitespace skipping.
//!
//! It reads only what it is sure serde_json reads the same way: plain strings (borrowed),
//! `true`, `false`, `null`, plain integers, objects and arrays up to [`DEPTH_AT_MOST`] deep.
//! Escaped strings and other numbers are handed to serde_json token by token. Anything else (a
//! malformed byte, deeper nesting) makes it decline, and [`Json::parse`] reads the whole text
//! with serde_json again, so errors and their messages are serde_json's own.

use bumpalo::Bump;
use serde_json::Number;

use super::tree::{Json, KeyFilter, Scratch};
use crate::writer::plain_len;

/// Nesting past this is left to serde_json, whose recursion limit (128) then decides.
pub(super) const DEPTH_AT_MOST: usize = 100;

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

    /// Whether the container is closed at once (`close`, after whitespace, consumed): `{}`, `[]`.
    fn closes(&mut self, close: u8) -> bool {
        self.skip_whitespace();
        let closed = self.peek() == Some(close);
        self.at += usize::from(closed);
        closed
    }

    /// After a member or item: `Some(true)` for a comma (another follows), `Some(false)` for
    /// `close`, either consumed; `None` for anything else.
    fn separates(&mut self, close: u8) -> Option<bool> {
        self.skip_whitespace();
        let byte = self.peek()?;
        self.at += 1;
        match byte {
            b',' => Some(true),
            _ if byte == close => Some(false),
            _ => None,
        }
    }

    fn object(&mut self) -> Option<Json<'a>> {
        self.open()?;
        let base = self.scratch.members.len();
        let mut seen = KeyFilter::default();
        let mut more = !self.closes(b'}');
        while more {
            self.skip_whitespace();
            if self.peek() != Some(b'"') {
                return None;
            }
            let key = self.string()?;
            self.expect(b':')?;
            let value = self.member_value()?;
            self.scratch.push_member(base, &mut seen, key, value);
            more = self.separates(b'}')?;
        }
        self.depth -= 1;
        Some(Json::Object(self.scratch.finish_object(base, self.arena)))
    }

    fn array(&mut self) -> Option<Json<'a>> {
        self.open()?;
        let base = self.scratch.items.len();
        let mut more = !self.closes(b']');
        while more {
            let item = self.value()?;
            self.scratch.items.push(item);
            more = self.separates(b']')?;
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
