//! A charge is read once: its words and match key come from one pass over its display form,
//! and a record's repeated charges, types and dispositions are read once (`ChargeReader`).

use proptest::prelude::*;

use crate::classify::shared::Shared;
use crate::classify::text::{ChargeText, clean, cleaned};
use crate::classify::*;

/// Text with the pieces the tokeniser treats specially: `W/` and `W/O` at and inside words,
/// punctuation, digits against letters, abbreviations, whitespace of every kind, non-ASCII.
fn charge_text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "W/O", "W/", "W/OTHER", "W/O/INS", "(W/O", "DWLS", "D/L", "POSS", "CS", "55MPH", "SPD",
        "LMT", "-", ":", "/", "&", "1ST", "DR", "LIC", "É", "ß", "İ", "\t", "\n", "\u{b}",
        "\u{a0}", "  ", "VEH", "x", "speeding", "W",
    ]);
    prop_oneof![
        any::<String>(),
        prop::collection::vec(piece.clone(), 0..10).prop_map(|p| p.concat()),
        prop::collection::vec(piece, 0..10).prop_map(|p| p.join(" ")),
    ]
}

proptest! {
    #[test]
    fn words_are_the_cleaned_text_and_the_display_form_is_stable(raw in charge_text()) {
        let display = normalize_charge_text(&raw);
        prop_assert_eq!(&display, &raw.to_uppercase().split_whitespace().collect::<Vec<_>>().join(" "));
        let text = ChargeText::new(&display);
        let cleaned = clean(&raw);
        prop_assert_eq!(&text.words[..], &cleaned.split_whitespace().collect::<Vec<_>>()[..]);
        prop_assert_eq!(text.key().join(" "), charge_match_key(&raw));
    }

    /// A reader gives every charge what reading it alone gives, however often it repeats and
    /// whatever its parts hold (parts that run together alike are still different charges).
    #[test]
    fn a_reader_reads_each_charge_as_if_alone(
        charges in prop::collection::vec(
            (
                prop::sample::select(vec!["SPEEDING", "DUI", "SPEEDING 1", "", "POSSESSION:CS"]),
                prop::option::of(prop::sample::select(vec!["", "1", "VC 22350", "22350 VC"])),
                prop::option::of(prop::sample::select(vec!["", "M", "MISDEMEANOR", "1M", "INFRACTION"])),
                prop::option::of(prop::sample::select(vec!["CA", "SD", "C", "ASD"])),
                prop::option::of(prop::sample::select(vec!["GUILTY", "DISMISSED", "", "1:GUILTY"])),
            ),
            0..12,
        )
    ) {
        let mut reader = ChargeReader::default();
        for (charge, statute, ty, state, disposition) in charges {
            let read = reader.charge(charge, statute, ty, state);
            prop_assert_eq!(&read, &read_charge(charge, statute, ty, state));
            prop_assert_eq!(
                reader.disposition(disposition, state),
                (classify_disposition(disposition, state), disposition.map(Shared::from))
            );
        }
    }
}

proptest! {
    /// `cleaned` borrows only text that `clean` would give back unchanged.
    #[test]
    fn cleaned_is_clean(raw in prop_oneof![
        charge_text(),
        prop::collection::vec(prop::sample::select(vec!["A", "1", " ", "  ", "B2", "-"]), 0..8)
            .prop_map(|p| p.concat()),
    ]) {
        let (borrowed, owned) = (cleaned(&raw), clean(&raw));
        prop_assert_eq!(borrowed.as_ref(), owned.as_str());
    }
}
