//! Invariants over arbitrary input: no panic, deterministic, internally consistent.

use proptest::prelude::*;

use crate::classify::*;

fn state() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        Just(Some("NC".to_string())),
        Just(Some("WA".to_string())),
        Just(Some("FL".to_string())),
        Just(Some("WI".to_string())),
        ".{0,4}".prop_map(Some),
    ]
}

/// Strings built from table words, so the rules (not only the fallback) get exercised.
fn wordy() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "GUILTY",
        "NOT",
        "PLEA",
        "OF",
        "DISMISSED",
        "DEFERRED",
        "ADJUDICATION",
        "NOLLE",
        "PROS",
        "PENDING",
        "SENTENCING",
        "SET",
        "ASIDE",
        "SEALED",
        "-",
        ";",
        "/",
        "W/O",
        "DUI",
        "SPEEDING",
        "FELONY",
        "CLASS",
        "A",
        "M1",
        "(F2)",
        "TRAFFIC",
        "LICENSE",
        "SUSPENDED",
        "THEN",
        "PBJ",
        "REVOKED",
        "NA",
        "N/A",
        "é",
        "ß",
        "İ",
        "\u{0}",
        "(",
        ")",
        "[",
    ]);
    prop::collection::vec(words, 0..8).prop_map(|w| w.join(" "))
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), wordy()]
}

proptest! {
    #[test]
    fn disposition_never_panics_and_is_deterministic(raw in any_text(), st in state()) {
        let a = classify_disposition(Some(&raw), st.as_deref());
        let b = classify_disposition(Some(&raw), st.as_deref());
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.class, a.canonical.defaults().0);
        if !a.recognised || a.missing {
            prop_assert_eq!(a.canonical, CanonicalDisposition::Unknown);
        }
        if a.missing {
            prop_assert!(!a.recognised);
        }
        prop_assert!(!a.evidence.is_empty());
    }

    #[test]
    fn severity_never_panics_and_is_deterministic(raw in any_text(), st in state()) {
        let a = classify_severity(Some(&raw), st.as_deref());
        prop_assert_eq!(&a, &classify_severity(Some(&raw), st.as_deref()));
        if !a.recognised {
            prop_assert_eq!(a.level, SeverityLevel::Unknown);
        }
        prop_assert_eq!(severity_from_charge_text(&raw), severity_from_charge_text(&raw));
    }

    #[test]
    fn traffic_and_text_never_panic_and_are_deterministic(charge in any_text(), statute in proptest::option::of(any_text()), ty in any_text()) {
        let sev = classify_severity(Some(&ty), None);
        let a = classify_traffic(&charge, statute.as_deref(), &sev);
        prop_assert_eq!(a, classify_traffic(&charge, statute.as_deref(), &sev));
        let shown = normalize_charge_text(&charge);
        prop_assert_eq!(normalize_charge_text(&shown), shown.clone());
        let key = charge_match_key(&charge);
        prop_assert_eq!(&key, &charge_match_key(&charge));
        prop_assert!(!key.contains("  "));
    }
}

/// Charge words around which abbreviations are swapped in: vehicle and crime words, level words,
/// punctuation.
fn charge_words() -> impl Strategy<Value = Vec<&'static str>> {
    let words = prop::sample::select(vec![
        "SPEEDING",
        "VEHICLE",
        "DRIVING",
        "LICENSE",
        "WITHOUT",
        "LAMP",
        "LANE",
        "NO",
        "VALID",
        "FRAUD",
        "POSSESSION",
        "FELONY",
        "TOWED",
        "SAFETY",
        "DEVICE",
        "PLATE",
        "INSURANCE",
        "OPERATING",
        "LODGING",
        "THEFT",
        "EXCEED",
        "LIMIT",
        "RIGHT",
        "REGISTRATION",
        "CHECKS",
        "PASSING",
        "HIGHWAY",
        "MOTOR",
        "1ST",
        "CLS",
        "26",
        "OR",
        "MORE",
        "-",
        "/",
        "(M2)",
        "(PO)",
    ]);
    prop::collection::vec(words, 0..8)
}

proptest! {
    // Every table row is tried in every case: fewer cases cover the rows just as well.
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Writing any abbreviation of the table in place of its expansion, anywhere in a
    /// charge, never changes how the charge is classified, nor the evidence.
    #[test]
    fn an_abbreviation_in_place_of_its_expansion_changes_nothing(
        words in charge_words(),
        at in any::<prop::sample::Index>(),
        ty in prop::sample::select(vec!["", "MISDEMEANOR", "INFRACTION", "FELONY", "TRAFFIC"]),
        st in prop::sample::select(vec![None, Some("SD"), Some("FL")]),
    ) {
        let at = at.index(words.len() + 1);
        let with = |word: &str| {
            let mut w: Vec<&str> = words.clone();
            w.insert(at, word);
            w.join(" ")
        };
        let sev = classify_severity(Some(ty), st);
        for (short, long) in crate::classify::tables::text::ABBREVIATIONS {
            let spelled = read_traffic(&with(long), None, st, &sev);
            let abbreviated = read_traffic(&with(short), None, st, &sev);
            prop_assert_eq!(spelled, abbreviated, "{} / {}", with(long), with(short));
        }
    }
}
