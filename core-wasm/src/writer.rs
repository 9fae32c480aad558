//! The answer writer: any `Serialize` value as compact JSON text, byte for byte what
//! `serde_json::to_string` writes. serde_json sends every string through a byte-by-byte escape
//! loop and every piece of text through `io::Write`; here a string with nothing to escape (almost
//! all of them: keys, ids, rule ids, labels, dates, sentences) is checked eight bytes at a time
//! and copied whole, and numbers are written by the formatters serde_json itself uses (`itoa`,
//! `zmij`).
//!
//! `api::tests` pins every answer the engine writes against `serde_json::to_string` over the
//! corpus and the XML samples; the tests below cover every serde shape and any string or number.

use chrono::{Datelike, NaiveDate};
use serde::ser::{self, Error as _, Impossible, Serialize};
use serde_json::Error;

type Result<T = (), E = Error> = std::result::Result<T, E>;

/// `value` as compact JSON text, exactly as `serde_json::to_string` writes it, into a buffer of
/// `capacity` bytes to begin with (a good guess saves growing it, which copies it each time).
pub fn to_string<T: Serialize + ?Sized>(value: &T, capacity: usize) -> Result<String> {
    #[cfg(test)]
    if reference::ON.get() {
        return serde_json::to_string(value);
    }
    let mut writer = Writer {
        out: String::with_capacity(capacity),
    };
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// `value` as [`to_string`] writes it, written by `write` straight into the buffer (a value that
/// writes itself faster than its `Serialize` does: `decision::json`), with what `write`
/// returns. In tests under [`reference::with_serde_json`], `serde_json::to_string(value)` and
/// `None`: the two must give the same bytes.
pub(crate) fn to_string_by<T: Serialize + ?Sized, R>(
    value: &T,
    capacity: usize,
    write: impl FnOnce(&T, &mut Writer) -> Result<R>,
) -> Result<(String, Option<R>)> {
    #[cfg(test)]
    if reference::ON.get() {
        return Ok((serde_json::to_string(value)?, None));
    }
    let mut writer = Writer {
        out: String::with_capacity(capacity),
    };
    let written = write(value, &mut writer)?;
    Ok((writer.out, Some(written)))
}

/// An answer being written: through `Serialize` (`&mut Writer` is a serde `Serializer`), or
/// piece by piece by the methods below.
pub(crate) struct Writer {
    out: String,
}

/// The pieces a value writing itself puts down.
impl Writer {
    /// How many bytes are written so far: where the next value starts.
    pub(crate) fn len(&self) -> usize {
        self.out.len()
    }

    /// JSON text from the code (punctuation and keys: `,"charge":`), copied as it stands.
    #[inline(always)]
    pub(crate) fn raw(&mut self, json: &'static str) {
        self.out.push_str(json);
    }

    /// A string from the record or composed from it, escaped where it must be.
    #[inline]
    pub(crate) fn text(&mut self, value: &str) {
        self.str(value);
    }

    /// The engine's words (`lead`) and a text of the record as one string, the text in
    /// (escaped) quotes when `quoted`: only the text is checked for escapes, as the words hold
    /// none (the debug assertion holds every test to that). Escaping goes byte by byte, so the
    /// pieces escaped are the whole escaped.
    pub(crate) fn framed_text(&mut self, lead: &'static str, text: &str, quoted: bool) {
        debug_assert!(!needs_escape(lead.as_bytes()), "words to escape: {lead}");
        let quote = if quoted { "\\\"" } else { "" };
        self.out
            .reserve(lead.len() + text.len() + 2 * quote.len() + 2);
        self.out.push('"');
        self.out.push_str(lead);
        self.out.push_str(quote);
        if needs_escape(text.as_bytes()) {
            escape_into(&mut self.out, text);
        } else {
            self.out.push_str(text);
        }
        self.out.push_str(quote);
        self.out.push('"');
    }

    /// An optional string: `null` when there is none.
    #[inline]
    pub(crate) fn optional_text(&mut self, value: Option<&str>) {
        match value {
            Some(value) => self.str(value),
            None => self.raw("null"),
        }
    }

    /// A string the engine names (a rule id, a citation, a field name, a label): quoted without
    /// the escape check, as [`Writer::name`] (`rules::registry` tests every rule's text).
    #[inline(always)]
    pub(crate) fn code_text(&mut self, value: &'static str) {
        self.name(value);
    }

    /// A boolean.
    #[inline(always)]
    pub(crate) fn bool(&mut self, value: bool) {
        self.raw(if value { "true" } else { "false" });
    }

    /// A whole number.
    pub(crate) fn uint(&mut self, value: u32) {
        self.integer(value);
    }

    /// A float, as serde_json writes an `f64`.
    pub(crate) fn f64(&mut self, value: f64) {
        if !self.ten_thousandths(value) {
            self.float(value, value.is_finite());
        }
    }

    /// A date as `YYYY-MM-DD` in quotes, as chrono writes it, digit by digit: through the date
    /// type's `Serialize` each date went through a UTF-8 check and the escape check (about 300
    /// instructions a date, a few dozen dates an answer). `false`, with nothing written, for a
    /// year outside 0..=9999 (chrono writes those with a sign).
    pub(crate) fn date(&mut self, date: NaiveDate) -> bool {
        let Some(year) = u32::try_from(date.year()).ok().filter(|y| *y <= 9999) else {
            return false;
        };
        let digit = |n: u32| char::from(b'0' + u8::try_from(n % 10).unwrap_or(0));
        let (month, day) = (date.month(), date.day());
        self.out.reserve(12);
        self.out.push('"');
        for n in [year / 1000, year / 100, year / 10, year] {
            self.out.push(digit(n));
        }
        self.out.push('-');
        self.out.push(digit(month / 10));
        self.out.push(digit(month));
        self.out.push('-');
        self.out.push(digit(day / 10));
        self.out.push(digit(day));
        self.out.push('"');
        true
    }

    /// Text `compose` writes at write time, as one string: it goes straight into the answer
    /// and is checked once, whole (checking each piece as it is handed over cost more than the
    /// pieces' copies). Text with something to escape (rare) is taken back out and escaped.
    pub(crate) fn composed(
        &mut self,
        compose: impl FnOnce(&mut String) -> std::fmt::Result,
    ) -> Result {
        self.out.push('"');
        let start = self.out.len();
        compose(&mut self.out).map_err(Error::custom)?;
        if needs_escape(self.out.as_bytes().get(start..).unwrap_or_default()) {
            let text = self.out.split_off(start);
            escape_into(&mut self.out, &text);
        }
        self.out.push('"');
        Ok(())
    }

    /// Any value, through its `Serialize`.
    #[inline]
    pub(crate) fn serde<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        value.serialize(self)
    }
}

impl Writer {
    #[inline]
    fn str(&mut self, value: &str) {
        if needs_escape(value.as_bytes()) {
            return self.escaped(value);
        }
        self.out.reserve(value.len() + 2);
        self.out.push('"');
        self.out.push_str(value);
        self.out.push('"');
    }

    /// A name from the code (a field's key, a variant's name): copied without the escape check,
    /// as the engine names nothing with a character to escape (the debug assertion holds every
    /// test to that). Keys are most of the strings an answer has.
    #[inline(always)]
    fn name(&mut self, name: &'static str) {
        debug_assert!(!needs_escape(name.as_bytes()), "a name to escape: {name}");
        self.out.reserve(name.len() + 3);
        self.out.push('"');
        self.out.push_str(name);
        self.out.push('"');
    }

    /// A string with something to escape, escaped as serde_json does, in quotes.
    #[cold]
    #[inline(never)]
    fn escaped(&mut self, value: &str) {
        self.out.push('"');
        escape_into(&mut self.out, value);
        self.out.push('"');
    }

    /// The opening of an enum variant with data: `{"variant":`.
    fn variant(&mut self, variant: &'static str) {
        self.out.push('{');
        self.name(variant);
        self.out.push(':');
    }

    fn integer<I: itoa::Integer>(&mut self, value: I) {
        self.out.push_str(itoa::Buffer::new().format(value));
    }

    /// A whole number of ten-thousandths from -1 to 1 (identity's scores, rounded to four
    /// places) written digit by digit, as `zmij` writes it for a fifth of the work; `false`,
    /// with nothing written, for any other value. Two such numbers are 1e-4 apart, so the
    /// shortest text that reads back as the number is its four places without trailing zeros.
    fn ten_thousandths(&mut self, value: f64) -> bool {
        let magnitude = value.abs();
        let scaled = (magnitude * 10_000.0).round();
        // NaN fails both comparisons.
        if !(scaled <= 10_000.0 && scaled / 10_000.0 == magnitude) {
            return false;
        }
        let digit = |n: u16| char::from(b'0' + (n % 10) as u8);
        let whole = scaled as u16;
        if value.is_sign_negative() {
            self.out.push('-');
        }
        self.out.push(digit(whole / 10_000));
        self.out.push('.');
        let (mut fraction, mut place) = (whole % 10_000, 1000);
        loop {
            self.out.push(digit(fraction / place));
            fraction %= place;
            place /= 10;
            if fraction == 0 {
                return true;
            }
        }
    }

    /// A float as serde_json writes it: `zmij`'s shortest text when finite, else `null`.
    fn float<F: zmij::Float>(&mut self, value: F, finite: bool) {
        if finite {
            self.out.push_str(zmij::Buffer::new().format_finite(value));
        } else {
            self.out.push_str("null");
        }
    }
}

/// `value` escaped as serde_json escapes strings, onto `out`: the two-character escapes JSON
/// has, `\u00XX` (lower-case hex) for other control characters, all else as it is.
fn escape_into(out: &mut String, value: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = value.as_bytes();
    let (mut run, mut at) = (0, 0);
    loop {
        // Past the plain bytes eight at a time: an escaped string is mostly plain runs.
        at += plain_len(bytes.get(at..).unwrap_or_default());
        let Some(&byte) = bytes.get(at) else {
            break;
        };
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            _ => "",
        };
        // Runs end at ASCII bytes, so each is whole UTF-8.
        out.push_str(value.get(run..at).unwrap_or_default());
        if escape.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xf)]));
        } else {
            out.push_str(escape);
        }
        at += 1;
        run = at;
    }
    out.push_str(value.get(run..).unwrap_or_default());
}

/// Whether a string holds a byte JSON must escape: a control character, `"` or `\`. Eight bytes
/// at a time in plain `u64` arithmetic (the wasm module has no SIMD), the last word overlapping
/// the one before it; four to seven bytes as two overlapping halves of one word.
#[inline]
pub(crate) fn needs_escape(bytes: &[u8]) -> bool {
    let len = bytes.len();
    if len >= 8 {
        let mut words = bytes.chunks_exact(8);
        if words.any(|word| word_needs_escape(u64::from_le_bytes(array(word)))) {
            return true;
        }
        let last = bytes.get(len - 8..).map(array).unwrap_or_default();
        return !words.remainder().is_empty() && word_needs_escape(u64::from_le_bytes(last));
    }
    if len >= 4 {
        let head = bytes.get(..4).map(array).unwrap_or_default();
        let tail = bytes.get(len - 4..).map(array).unwrap_or_default();
        let word = u64::from(u32::from_le_bytes(head)) | u64::from(u32::from_le_bytes(tail)) << 32;
        return word_needs_escape(word);
    }
    bytes.iter().any(|b| *b < 0x20 || *b == b'"' || *b == b'\\')
}

/// How many bytes from the start of `bytes` need no escaping: the index of the first control
/// character, `"` or `\`, or the length when there is none. Eight bytes at a time, the last few
/// in a word padded with spaces; within the word that has one, its lowest flagged byte is the
/// first (a borrow only carries upwards from a flagged byte).
#[inline]
pub(crate) fn plain_len(bytes: &[u8]) -> usize {
    let mut at = 0;
    let mut words = bytes.chunks_exact(8);
    for word in words.by_ref() {
        let escapes = escape_mask(u64::from_le_bytes(array(word)));
        if escapes != 0 {
            return at + first_flagged(escapes);
        }
        at += 8;
    }
    let mut last = [b' '; 8];
    for (padded, byte) in last.iter_mut().zip(words.remainder()) {
        *padded = *byte;
    }
    match escape_mask(u64::from_le_bytes(last)) {
        0 => bytes.len(),
        escapes => at + first_flagged(escapes),
    }
}

/// The index of the lowest byte flagged in `mask` (not zero) by [`escape_mask`].
#[inline]
fn first_flagged(mask: u64) -> usize {
    (mask.trailing_zeros() / 8) as usize
}

/// A slice of exactly `N` bytes as an array.
#[inline]
fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    <[u8; N]>::try_from(bytes).unwrap_or([b' '; N])
}

/// For a word `w`, `(w - 0x01..01 * n) & !w & 0x80..80` is non-zero exactly when some byte of
/// `w` is below `n` (for `n <= 0x80`).
#[inline]
fn word_needs_escape(w: u64) -> bool {
    escape_mask(w) != 0
}

/// The high bit of each byte of `w` that JSON must escape, exact up to the lowest one (a higher
/// byte may be flagged by a borrow from it).
#[inline]
fn escape_mask(w: u64) -> u64 {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w & HIGH;
    let quote = w ^ (ONES * u64::from(b'"'));
    let backslash = w ^ (ONES * u64::from(b'\\'));
    below(w, 0x20) | below(quote, 1) | below(backslash, 1)
}

/// `$m! { serialize_i8(i8); ... }` for every integer method of `serde::Serializer`.
macro_rules! with_integer_methods {
    ($m:ident) => {
        $m! {
            serialize_i8(i8);
            serialize_i16(i16);
            serialize_i32(i32);
            serialize_i64(i64);
            serialize_i128(i128);
            serialize_u8(u8);
            serialize_u16(u16);
            serialize_u32(u32);
            serialize_u64(u64);
            serialize_u128(u128);
        }
    };
}

/// Integers, as serde_json writes them (`itoa`).
macro_rules! integers {
    ($($method:ident($ty:ty);)*) => {$(
        fn $method(self, value: $ty) -> Result {
            self.integer(value);
            Ok(())
        }
    )*};
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    with_integer_methods!(integers);

    fn serialize_bool(self, value: bool) -> Result {
        self.out.push_str(if value { "true" } else { "false" });
        Ok(())
    }

    fn serialize_f32(self, value: f32) -> Result {
        self.float(value, value.is_finite());
        Ok(())
    }

    fn serialize_f64(self, value: f64) -> Result {
        self.f64(value);
        Ok(())
    }

    fn serialize_bytes(self, value: &[u8]) -> Result {
        // An array of numbers, as serde_json writes bytes.
        let mut array = ser::Serializer::serialize_seq(self, Some(value.len()))?;
        for byte in value {
            ser::SerializeSeq::serialize_element(&mut array, byte)?;
        }
        ser::SerializeSeq::end(array)
    }

    fn serialize_none(self) -> Result {
        self.serialize_unit()
    }

    fn serialize_unit(self) -> Result {
        self.out.push_str("null");
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result {
        self.serialize_unit()
    }

    fn serialize_char(self, value: char) -> Result {
        self.str(value.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_str(self, value: &str) -> Result {
        self.str(value);
        Ok(())
    }

    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result {
        use std::fmt::Write as _;
        self.composed(|out| write!(out, "{value}"))
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }

    /// Inlined, as [`Compound::field`] is, so the variant's name is copied as a constant.
    #[inline(always)]
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.name(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        self.variant(variant);
        value.serialize(&mut *self)?;
        self.out.push('}');
        Ok(())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::open(self, "[", "]"))
    }

    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>> {
        Ok(Compound::open(self, "[", "]"))
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>> {
        Ok(Compound::open(self, "[", "]"))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>> {
        self.variant(variant);
        Ok(Compound::open(self, "[", "]}"))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>> {
        Ok(Compound::open(self, "{", "}"))
    }

    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Compound<'a>> {
        // serde_json's raw JSON values are structs of this name; the engine writes none.
        if name == "$serde_json::private::RawValue" {
            return Err(Error::custom(
                "the answer writer does not write raw JSON values",
            ));
        }
        Ok(Compound::open(self, "{", "}"))
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>> {
        self.variant(variant);
        Ok(Compound::open(self, "{", "}}"))
    }
}

/// An array or object being written: its members separated by commas, then its closing text.
pub(crate) struct Compound<'a> {
    writer: &'a mut Writer,
    first: bool,
    close: &'static str,
}

impl<'a> Compound<'a> {
    fn open(writer: &'a mut Writer, open: &str, close: &'static str) -> Self {
        writer.out.push_str(open);
        Compound {
            writer,
            first: true,
            close,
        }
    }

    fn member<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.separate();
        value.serialize(&mut *self.writer)
    }

    /// Inlined into each field's caller, where `key` is a constant: its copy is then a few
    /// moves, not a call to `memcpy`.
    #[inline(always)]
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result {
        self.separate();
        self.writer.name(key);
        self.writer.out.push(':');
        value.serialize(&mut *self.writer)
    }

    fn separate(&mut self) {
        if !self.first {
            self.writer.out.push(',');
        }
        self.first = false;
    }

    fn close(self) -> Result {
        self.writer.out.push_str(self.close);
        Ok(())
    }
}

/// The serde traits of arrays (members) and objects with named fields.
macro_rules! compound {
    ($($trait:ident: $method:ident($($key:ident: $key_ty:ty)?) => $write:ident;)*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            #[inline(always)]
            fn $method<T: Serialize + ?Sized>(&mut self, $($key: $key_ty,)? value: &T) -> Result {
                self.$write($($key,)? value)
            }
            fn end(self) -> Result {
                self.close()
            }
        }
    )*};
}

compound! {
    SerializeSeq: serialize_element() => member;
    SerializeTuple: serialize_element() => member;
    SerializeTupleStruct: serialize_field() => member;
    SerializeTupleVariant: serialize_field() => member;
    SerializeStruct: serialize_field(key: &'static str) => field;
    SerializeStructVariant: serialize_field(key: &'static str) => field;
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result {
        self.separate();
        key.serialize(MapKey(&mut *self.writer))
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.writer.out.push(':');
        value.serialize(&mut *self.writer)
    }
    fn end(self) -> Result {
        self.close()
    }
}

/// An object key, as serde_json takes them: strings, and booleans and numbers written as strings.
struct MapKey<'a>(&'a mut Writer);

impl MapKey<'_> {
    fn float_key<F: zmij::Float>(self, value: F, finite: bool) -> Result {
        if !finite {
            return Err(Error::custom(
                "float key must be finite (got NaN or +/-inf)",
            ));
        }
        self.0.out.push('"');
        self.0.float(value, true);
        self.0.out.push('"');
        Ok(())
    }
}

fn key_must_be_a_string() -> Error {
    Error::custom("key must be a string")
}

/// A scalar key: its text as a value, in quotes.
macro_rules! quoted {
    ($($method:ident($ty:ty);)*) => {$(
        fn $method(self, value: $ty) -> Result {
            self.0.out.push('"');
            ser::Serializer::$method(&mut *self.0, value)?;
            self.0.out.push('"');
            Ok(())
        }
    )*};
}

/// Key shapes serde_json refuses.
macro_rules! refused {
    ($($method:ident($($ty:ty),*) -> $ok:ty;)*) => {$(
        fn $method(self, $(_: $ty),*) -> Result<$ok> {
            Err(key_must_be_a_string())
        }
    )*};
}

impl ser::Serializer for MapKey<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(self, value: &str) -> Result {
        self.0.str(value);
        Ok(())
    }

    fn serialize_char(self, value: char) -> Result {
        self.0.str(value.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.0.str(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }

    quoted! {
        serialize_bool(bool);
    }
    with_integer_methods!(quoted);

    fn serialize_f32(self, value: f32) -> Result {
        self.float_key(value, value.is_finite())
    }

    fn serialize_f64(self, value: f64) -> Result {
        self.float_key(value, value.is_finite())
    }

    refused! {
        serialize_bytes(&[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_seq(Option<usize>) -> Impossible<(), Error>;
        serialize_tuple(usize) -> Impossible<(), Error>;
        serialize_tuple_struct(&'static str, usize) -> Impossible<(), Error>;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>;
        serialize_map(Option<usize>) -> Impossible<(), Error>;
        serialize_struct(&'static str, usize) -> Impossible<(), Error>;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>;
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result {
        Err(key_must_be_a_string())
    }
}

/// Test support: answers written by `serde_json::to_string` instead, on this thread, so tests can
/// compare the two byte for byte through the engine's real entry points.
#[cfg(test)]
pub(crate) mod reference {
    use std::cell::Cell;

    thread_local! {
        pub(super) static ON: Cell<bool> = const { Cell::new(false) };
    }

    /// Runs `f` with serde_json as the answer writer on this thread.
    pub(crate) fn with_serde_json<R>(f: impl FnOnce() -> R) -> R {
        ON.set(true);
        let out = f();
        ON.set(false);
        out
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;
    use serde::Serialize;
    use serde_json::json;

    use super::*;

    fn both<T: Serialize + ?Sized>(value: &T) -> (String, String) {
        let ours = to_string(value, 0).unwrap_or_else(|e| format!("error: {e}"));
        let theirs = serde_json::to_string(value).unwrap_or_else(|e| format!("error: {e}"));
        (ours, theirs)
    }

    /// Both checks, every escaped byte at every position of texts up to 20 bytes long: the
    /// whole-string check finds it, and a plain run ends at it (a second one later never moves
    /// where the first run ends).
    #[test]
    fn escape_checks_find_every_escaped_byte_at_every_position() {
        let mut escaped = vec![b'"', b'\\'];
        escaped.extend(0u8..0x20);
        for len in 0..20 {
            let plain = vec![b'a'; len];
            assert!(!needs_escape(&plain) && plain_len(&plain) == len);
            for at in 0..len {
                for byte in &escaped {
                    let mut text = plain.clone();
                    text[at] = *byte;
                    assert!(needs_escape(&text), "{byte:#x} at {at} of {len}");
                    text.push(b'"');
                    assert_eq!(plain_len(&text), at, "{byte:#x} at {at} of {len}");
                }
                // Bytes next to the escaped ones never count.
                for byte in [0x20, b'!', b'#', b'[', b']', 0x7f, 0x80, 0xff] {
                    let mut text = plain.clone();
                    text[at] = byte;
                    assert!(!needs_escape(&text), "{byte:#x} at {at} of {len}");
                    assert_eq!(plain_len(&text), len, "{byte:#x} at {at} of {len}");
                }
            }
        }
    }

    proptest::proptest! {
        /// Any bytes, escaped ones often and several to a word: the run ends at the first.
        #[test]
        fn a_plain_run_ends_at_the_first_escaped_byte(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just(b'"'),
                    proptest::strategy::Just(b'\\'),
                    0u8..0x21,
                    proptest::arbitrary::any::<u8>(),
                ],
                0..40,
            ),
        ) {
            let first = bytes.iter().position(|b| *b < 0x20 || *b == b'"' || *b == b'\\');
            proptest::prop_assert_eq!(plain_len(&bytes), first.unwrap_or(bytes.len()));
            proptest::prop_assert_eq!(needs_escape(&bytes), first.is_some());
        }
    }

    #[derive(Serialize)]
    enum Shape {
        Unit,
        Newtype(u8),
        Tuple(i32, &'static str),
        Struct { a: Option<f64>, b: char },
    }

    #[derive(Serialize)]
    struct Wrapper(&'static str);

    #[derive(Serialize)]
    struct Empty {}

    #[test]
    fn every_serde_shape_is_written_as_serde_json_writes_it() {
        let mut keyed: BTreeMap<i64, bool> = BTreeMap::new();
        keyed.insert(-3, true);
        keyed.insert(7, false);
        let values = [
            json!(null),
            json!([]),
            json!({}),
            json!({"a": [1, -2, 3.5, 1e300, -0.0, 5e-324, u64::MAX, i64::MIN], "b": {"c": null}}),
            json!([
                "plain",
                "quote\"",
                "back\\slash",
                "\u{1}\u{1f}\n\t\r\u{8}\u{c}",
                "é ü 😀 \u{2028}"
            ]),
            json!({"ke\"y": "v", "": ""}),
        ];
        for value in &values {
            let (ours, theirs) = both(value);
            assert_eq!(ours, theirs);
        }
        let (ours, theirs) = both(&(
            Shape::Unit,
            Shape::Newtype(7),
            Shape::Tuple(-1, "x\"y"),
            Shape::Struct {
                a: Some(f64::NAN),
                b: '"',
            },
            Shape::Struct { a: None, b: 'é' },
        ));
        assert_eq!(ours, theirs);
        let (ours, theirs) = both(&(Wrapper("w"), Empty {}, (), Some(f32::INFINITY), 1.5f32));
        assert_eq!(ours, theirs);
        let (ours, theirs) = both(&keyed);
        assert_eq!(ours, theirs);
        for text in ["plain", "with \"quotes\" and \\", "\u{1}", ""] {
            let (ours, theirs) = both(&Composed(text));
            assert_eq!(ours, theirs);
        }
        let bytes: &[u8] = &[0, 1, 255];
        let (ours, theirs) = both(&serde_bytes_like(bytes));
        assert_eq!(ours, theirs);
        let mut unit_keyed = BTreeMap::new();
        unit_keyed.insert((), 1);
        assert!(to_string(&unit_keyed, 0).is_err() && serde_json::to_string(&unit_keyed).is_err());
    }

    /// Text serialised through `Display` (`collect_str`), written in two pieces.
    struct Composed(&'static str);

    impl Serialize for Composed {
        fn serialize<S: ser::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            s.collect_str(&format_args!("{}|{}", self.0, self.0))
        }
    }

    /// `&[u8]` serialises as a sequence; a `serialize_bytes` caller needs a wrapper.
    fn serde_bytes_like(bytes: &[u8]) -> impl Serialize + '_ {
        struct Bytes<'a>(&'a [u8]);
        impl Serialize for Bytes<'_> {
            fn serialize<S: ser::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                s.serialize_bytes(self.0)
            }
        }
        Bytes(bytes)
    }

    /// Every whole number of ten-thousandths from -1 to 1, and the floats either side of each
    /// (which the digit-by-digit path must leave to `zmij`).
    #[test]
    fn scores_are_written_as_serde_json_writes_them() {
        for n in -10_000i32..=10_000 {
            let score = f64::from(n) / 10_000.0;
            for value in [score, score.next_up(), score.next_down()] {
                let (ours, theirs) = both(&value);
                assert_eq!(ours, theirs, "{value:e}");
            }
        }
        for value in [-0.0, f64::NAN, f64::INFINITY, 1.00005, 10_000.0] {
            let (ours, theirs) = both(&value);
            assert_eq!(ours, theirs, "{value:e}");
        }
    }

    proptest! {
        #[test]
        fn any_string_and_number_is_written_as_serde_json_writes_it(
            text in any::<String>(),
            ascii in "[ -~\\x00-\\x1f]{0,40}",
            number in any::<f64>(),
            integer in any::<i64>(),
        ) {
            let value = json!({text.clone(): [text, ascii], "n": number, "i": integer});
            let (ours, theirs) = both(&value);
            prop_assert_eq!(ours, theirs);
        }

        /// Composed text escaped piece by piece is the whole text escaped, wherever a piece
        /// boundary falls (next to an escaped byte or inside a run).
        #[test]
        fn any_composed_text_is_written_as_serde_json_writes_it(
            text in any::<String>(),
            ascii in "[ -~\\x00-\\x1f]{0,40}",
        ) {
            struct Pieces(String, String);
            impl Serialize for Pieces {
                fn serialize<S: ser::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                    s.collect_str(&format_args!("{}{}\"{}", self.0, self.1, self.0))
                }
            }
            let (ours, theirs) = both(&[Pieces(text, ascii)]);
            prop_assert_eq!(ours, theirs);
        }
    }
}
