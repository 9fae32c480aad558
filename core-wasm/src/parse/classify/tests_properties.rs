//! Invariants over arbitrary input: no panic, deterministic, internally consistent.

use proptest::prelude::*;

use super::*;

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
