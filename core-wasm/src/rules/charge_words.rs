//! The words in a charge's text and statute that some rules turn on (marijuana, simple
//! possession, a few named offenses), found in one pass over the text: a substring search per
//! word cost about 3,600 instructions a charge, more than the rest of the charge's facts.

/// The words, upper case, each with the group it counts for. A word may contain a space, so the
/// text is searched as one string (charge, a space, statute), as the rules read it.
const WORDS: [(&[u8], Group); 23] = [
    (b"MARIJUANA", Group::Marijuana),
    (b"MARIHUANA", Group::Marijuana),
    (b"CANNABIS", Group::Marijuana),
    (b"11357", Group::MarijuanaAndPossession),
    (b"18.2-250.1", Group::Marijuana),
    (b"POSS", Group::Possession),
    (b"INTENT", Group::Supply),
    (b"DISTRIB", Group::Supply),
    (b"SELL", Group::Supply),
    (b"SALE", Group::Supply),
    (b"TRAFFICK", Group::Supply),
    (b"CULTIVAT", Group::Supply),
    (b"MANUFACT", Group::Supply),
    (b"PWID", Group::Supply),
    (b"DWAI", Group::DwaiOrLoitering),
    (b"ABILITY IMPAIRED", Group::DwaiOrLoitering),
    (b"LOITERING FOR THE PURPOSE", Group::DwaiOrLoitering),
    (b"LOITER FOR PROSTITUTION", Group::DwaiOrLoitering),
    (b"LOITERING PROSTITUTION", Group::DwaiOrLoitering),
    (b"DRUNK", Group::MinorMisdemeanorMa),
    (b"AFFRAY", Group::MinorMisdemeanorMa),
    (b"DISTURB", Group::MinorMisdemeanorMa),
    (b"SIMPLE ASSAULT", Group::MinorMisdemeanorMa),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Marijuana,
    /// `11357` (California's marijuana possession statute) counts for both.
    MarijuanaAndPossession,
    Possession,
    /// Intent, sale, manufacture: not simple possession.
    Supply,
    DwaiOrLoitering,
    MinorMisdemeanorMa,
}

/// For each byte, the words (bits of `WORDS`) that start with it in either case.
const STARTING: [u32; 256] = with_byte_at(0);
/// For each byte, the words whose second byte it is, in either case: with [`STARTING`], a text
/// position is compared only with the words its first two bytes begin (every word has two).
const SECOND: [u32; 256] = with_byte_at(1);

const fn with_byte_at(position: usize) -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut at = 0;
    while at < WORDS.len() {
        let word = WORDS[at].0;
        if position < word.len() {
            let byte = word[position];
            table[byte.to_ascii_uppercase() as usize] |= 1 << at;
            table[byte.to_ascii_lowercase() as usize] |= 1 << at;
        }
        at += 1;
    }
    table
}

/// What a charge's words say, for the rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChargeWords {
    pub marijuana: bool,
    pub marijuana_possession: bool,
    pub dwai_or_loitering: bool,
    pub minor_misdemeanor_ma: bool,
}

impl ChargeWords {
    /// The words of `charge` and `statute` (ASCII case ignored, as if both were upper-cased and
    /// joined by a space).
    pub fn of(charge: &str, statute: &str) -> ChargeWords {
        let mut stack = [0u8; STACK_TEXT];
        let mut heap = Vec::new();
        let text = joined(charge, statute, &mut stack, &mut heap);
        let mut found = [false; 6];
        for at in 0..text.len() {
            let rest = text.get(at..).unwrap_or_default();
            let mut words = match rest {
                [first, second, ..] => STARTING[usize::from(*first)] & SECOND[usize::from(*second)],
                _ => 0,
            };
            while words != 0 {
                let word = words.trailing_zeros() as usize;
                words &= words - 1;
                if let Some((bytes, group)) = WORDS.get(word)
                    && rest
                        .get(..bytes.len())
                        .is_some_and(|r| r.eq_ignore_ascii_case(bytes))
                {
                    found[*group as usize] = true;
                }
            }
        }
        let has = |group: Group| found[group as usize];
        let marijuana = has(Group::Marijuana) || has(Group::MarijuanaAndPossession);
        let possession = has(Group::Possession) || has(Group::MarijuanaAndPossession);
        ChargeWords {
            marijuana,
            marijuana_possession: marijuana && possession && !has(Group::Supply),
            dwai_or_loitering: has(Group::DwaiOrLoitering),
            minor_misdemeanor_ma: has(Group::MinorMisdemeanorMa),
        }
    }
}

/// Charge and statute texts up to this long (nearly all) are joined on the stack.
const STACK_TEXT: usize = 256;

/// `charge`, a space, `statute`: in `stack` when it fits, else in `heap`.
fn joined<'a>(
    charge: &str,
    statute: &str,
    stack: &'a mut [u8; STACK_TEXT],
    heap: &'a mut Vec<u8>,
) -> &'a [u8] {
    let len = charge.len() + 1 + statute.len();
    let parts = [charge.as_bytes(), b" ", statute.as_bytes()];
    match stack.get_mut(..len) {
        Some(text) => {
            let mut at = 0;
            for part in parts {
                if let Some(slot) = text.get_mut(at..at + part.len()) {
                    slot.copy_from_slice(part);
                }
                at += part.len();
            }
            text
        }
        None => {
            parts.iter().for_each(|part| heap.extend_from_slice(part));
            heap
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::ChargeWords;

    /// The substring searches this pass replaced, word for word.
    fn searched(charge: &str, statute: &str) -> ChargeWords {
        let text = format!("{charge} {statute}").to_ascii_uppercase();
        let has = |words: &[&str]| words.iter().any(|w| text.contains(w));
        let marijuana = has(&["MARIJUANA", "MARIHUANA", "CANNABIS", "11357", "18.2-250.1"]);
        let possession = has(&["POSS", "11357"])
            && !has(&[
                "INTENT", "DISTRIB", "SELL", "SALE", "TRAFFICK", "CULTIVAT", "MANUFACT", "PWID",
            ]);
        ChargeWords {
            marijuana,
            marijuana_possession: marijuana && possession,
            dwai_or_loitering: has(&[
                "DWAI",
                "ABILITY IMPAIRED",
                "LOITERING FOR THE PURPOSE",
                "LOITER FOR PROSTITUTION",
                "LOITERING PROSTITUTION",
            ]),
            minor_misdemeanor_ma: has(&["DRUNK", "AFFRAY", "DISTURB", "SIMPLE ASSAULT"]),
        }
    }

    #[test]
    fn each_word_in_any_case_and_across_the_join() {
        for (charge, statute) in [
            ("Poss of marijuana", ""),
            ("POSSESSION", "HS 11357(b)"),
            ("possession with intent marihuana", ""),
            ("cannabis sale", "18.2-250.1"),
            ("Driving while ability", "impaired"),
            ("simple", "assault"),
            ("Loitering for the purpose of drugs", ""),
            ("loiter for prostitution", ""),
            ("LOITERING PROSTITUTION", "x"),
            ("drunk and disorderly; affray", "272 s 53"),
            ("disturbing the peace", ""),
            ("DWAI", "1192.1"),
            ("pwid cannabis", ""),
            ("theft", "cultivate manufacture traffick distrib sell"),
            ("", ""),
            ("ſ POSS ﬀ MARIJUANA é", "İ"),
        ] {
            assert_eq!(
                ChargeWords::of(charge, statute),
                searched(charge, statute),
                "{charge:?} {statute:?}"
            );
        }
    }

    /// Texts longer than the stack buffer are joined on the heap, words across the join found.
    #[test]
    fn long_texts_as_short_ones() {
        let long = "x".repeat(super::STACK_TEXT);
        for (charge, statute) in [
            (format!("{long} simple"), "assault".to_string()),
            ("poss of".to_string(), format!("cannabis {long}")),
            (long.clone(), long.clone()),
        ] {
            assert_eq!(
                ChargeWords::of(&charge, &statute),
                searched(&charge, &statute)
            );
        }
    }

    proptest! {
        #[test]
        fn as_the_substring_searches(
            charge in "[a-zA-Z0-9 .()-]{0,40}|.{0,20}",
            statute in "[a-zA-Z0-9 .()-]{0,12}",
            word in prop::sample::select(vec!["marijuana", "POSS", "11357", "Intent", "ability impaired", "simple assault", "18.2-250.1", "SALE"]),
            at in 0usize..40,
        ) {
            let mut charge = charge;
            let at = (0..=at.min(charge.len())).rev().find(|i| charge.is_char_boundary(*i)).unwrap_or(0);
            charge.insert_str(at, word);
            prop_assert_eq!(ChargeWords::of(&charge, &statute), searched(&charge, &statute));
        }
    }
}
