//! Text of a reading that every charge reading alike holds: a record's repeated
//! charge shares its first reading's text instead of copying it, and each text is made in one
//! allocation, gathered on the stack first (an evidence line is short).

use std::fmt::{self, Write};
use std::rc::Rc;

/// Text shared by the charges of a record that read alike.
pub type Shared = Rc<str>;

/// `pieces` end to end.
pub fn joined(pieces: &[&str]) -> Shared {
    let mut out = Gathered::default();
    for piece in pieces {
        out.push(piece);
    }
    out.finish()
}

/// Formatted text.
pub fn formatted(args: fmt::Arguments<'_>) -> Shared {
    let mut out = Gathered::default();
    // Writing into `Gathered` cannot fail.
    let _ = out.write_fmt(args);
    out.finish()
}

/// Bytes gathered on the stack before a line is shared (longer lines go to the heap first).
const ON_STACK: usize = 128;

/// Text gathered on the stack, or in a `String` once it outgrows it. Not `smallvec` (used for
/// identity's word lists): its `extend_from_slice` measured +2.3K instructions a request here.
struct Gathered {
    stack: [u8; ON_STACK],
    len: usize,
    heap: Option<String>,
}

impl Default for Gathered {
    fn default() -> Self {
        Self {
            stack: [0; ON_STACK],
            len: 0,
            heap: None,
        }
    }
}

impl Gathered {
    fn push(&mut self, piece: &str) {
        if let Some(heap) = &mut self.heap {
            heap.push_str(piece);
            return;
        }
        let end = self.len + piece.len();
        match self.stack.get_mut(self.len..end) {
            Some(room) => {
                room.copy_from_slice(piece.as_bytes());
                self.len = end;
            }
            None => {
                let mut heap = String::with_capacity(end.max(2 * ON_STACK));
                heap.push_str(self.on_stack());
                heap.push_str(piece);
                self.heap = Some(heap);
            }
        }
    }

    /// The stack's text: whole `str` pieces only, so always UTF-8.
    fn on_stack(&self) -> &str {
        std::str::from_utf8(self.stack.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }

    fn finish(self) -> Shared {
        match &self.heap {
            Some(heap) => Rc::from(heap.as_str()),
            None => Rc::from(self.on_stack()),
        }
    }
}

impl Write for Gathered {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        self.push(piece);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_text_is_gathered_whole() {
        assert_eq!(&*joined(&["code:", "NC", ":", "VD"]), "code:NC:VD");
        assert_eq!(&*joined(&[]), "");
        let long = "é".repeat(ON_STACK);
        assert_eq!(&*joined(&["a", &long, "b"]), format!("a{long}b"));
        assert_eq!(
            &*formatted(format_args!("{}-{long}", 7)),
            format!("7-{long}")
        );
    }
}
