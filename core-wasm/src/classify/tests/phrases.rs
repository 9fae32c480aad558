//! The phrase index and the ASCII `clean` give exactly what the plain word-by-word code gives.

use proptest::prelude::*;

use crate::classify::phrases::{Group, PhraseIndexBuilder};
use crate::classify::text::Words;

/// Phrases with plain and prefix first words, shared first words and one empty phrase.
const PHRASES: &[&str] = &[
    "SPEED",
    "SPEED LIMIT*",
    "SPEEDING",
    "SP*",
    "S*",
    "LICENSE SUSPENDED",
    "LICENSE",
    "DRIV* NO LICENSE",
    "DRIVING",
    "NO",
    "NO VALID DRIVERS LICENSE",
    "",
    "DISMISS* WITH*",
    "D*",
    "1ST",
];

/// `PHRASES` backwards (with a phrase listed twice).
const REVERSED: &[&str] = &[
    "1ST",
    "D*",
    "DISMISS* WITH*",
    "",
    "NO VALID DRIVERS LICENSE",
    "NO",
    "DRIVING",
    "DRIV* NO LICENSE",
    "LICENSE",
    "LICENSE SUSPENDED",
    "S*",
    "SP*",
    "SPEEDING",
    "SPEED LIMIT*",
    "SPEED",
    "D*",
];

fn words() -> impl Strategy<Value = Vec<&'static str>> {
    let word = prop::sample::select(vec![
        "SPEED",
        "SPEEDING",
        "LIMIT",
        "LIMITS",
        "S",
        "SP",
        "LICENSE",
        "SUSPENDED",
        "DRIVER",
        "DRIVING",
        "NO",
        "VALID",
        "DRIVERS",
        "DISMISSED",
        "WITHOUT",
        "1ST",
        "",
        "X",
    ]);
    prop::collection::vec(word, 0..9)
}

proptest! {
    #[test]
    fn index_agrees_with_word_by_word_matching(text in words()) {
        let mut builder = PhraseIndexBuilder::default();
        let ids = builder.intern_all(PHRASES);
        // Two groups over the same phrases, one in reverse order: each answers in its own order.
        let group = Group::new(&mut builder, PHRASES);
        let reversed = Group::new(&mut builder, REVERSED);
        let index = builder.build();
        let joined = text.join(" ");
        let words = Words::new(&joined);
        let hits = index.scan(words.as_slice());
        for (id, phrase) in ids.iter().zip(PHRASES) {
            prop_assert_eq!(hits.has(*id), words.has(phrase), "{} in {}", phrase, joined);
        }
        prop_assert_eq!(hits.any(), PHRASES.iter().any(|p| words.has(p)));
        prop_assert_eq!(group.first(&hits), PHRASES.iter().copied().find(|p| words.has(p)));
        prop_assert_eq!(reversed.first(&hits), REVERSED.iter().copied().find(|p| words.has(p)));
        prop_assert_eq!(group.any(&hits), hits.any());
        let slice = words.as_slice();
        for start in 0..slice.len() {
            let want = ids.iter().zip(PHRASES).find(|(_, p)| {
                let from = Words::new(&joined).without(0, start);
                from.find(p).is_some_and(|(at, _)| at == start)
            });
            prop_assert_eq!(index.first_at(slice, start), want.map(|(id, _)| *id));
        }
    }
}

proptest! {
    /// The ASCII fast path of `clean` gives what the character path gives.
    #[test]
    fn ascii_clean_agrees_with_the_character_path(raw in "[ -~\t\n]{0,40}") {
        prop_assert_eq!(
            crate::classify::text::clean_ascii(&raw),
            crate::classify::text::clean_chars(&raw)
        );
    }
}
