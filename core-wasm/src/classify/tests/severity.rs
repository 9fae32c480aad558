//! Every spelling of docs/charges.md B2 and B3, the B4 state overrides, and charge-text levels.

use crate::classify::SeverityLevel as L;
use crate::classify::*;

/// (raw type, jurisdiction_state, level, class).
type Row = (&'static str, Option<&'static str>, L, Option<&'static str>);

fn check(rows: &[Row]) {
    let mut failures = Vec::new();
    for (raw, state, level, class) in rows {
        let s = classify_severity(Some(raw), *state);
        if s.level != *level || s.class.as_deref() != *class || !s.recognised || s.missing {
            failures.push(format!(
                "{raw:?} ({state:?}): got {s:?}, want {level:?} {class:?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn b2_b3_felony() {
    check(&[
        ("FELONY", None, L::Felony, None),
        ("Felony", None, L::Felony, None),
        ("FEL", None, L::Felony, None),
        ("F", None, L::Felony, None),
        ("FE", None, L::Felony, None),
        ("F1", None, L::Felony, Some("1")),
        ("F2", None, L::Felony, Some("2")),
        ("F3", None, L::Felony, Some("3")),
        ("F4", None, L::Felony, Some("4")),
        ("F5", None, L::Felony, Some("5")),
        ("F6", None, L::Felony, Some("6")),
        ("F-1", None, L::Felony, Some("1")),
        ("FELONY 1", None, L::Felony, Some("1")),
        ("FELONY 6", None, L::Felony, Some("6")),
        ("FA", Some("WI"), L::Felony, Some("A")),
        ("FB", Some("WI"), L::Felony, Some("B")),
        ("FC", Some("WI"), L::Felony, Some("C")),
        ("FD", Some("WI"), L::Felony, Some("D")),
        ("FE", Some("WI"), L::Felony, Some("E")),
        ("FF", Some("WI"), L::Felony, Some("F")),
        ("FG", Some("WI"), L::Felony, Some("G")),
        ("FH", Some("WI"), L::Felony, Some("H")),
        ("FI", Some("WI"), L::Felony, Some("I")),
        ("FELONY CLASS A", Some("OR"), L::Felony, Some("A")),
        ("FELONY CLASS B", Some("OR"), L::Felony, Some("B")),
        ("FELONY CLASS C", Some("OR"), L::Felony, Some("C")),
        ("CLASS X", Some("IL"), L::Felony, Some("X")),
        ("CLASS X FELONY", Some("IL"), L::Felony, Some("X")),
        ("CAPITAL", None, L::Felony, Some("CAPITAL")),
        ("CAP", None, L::Felony, Some("CAPITAL")),
        ("CF", None, L::Felony, Some("CAPITAL")),
        ("CAPITAL FELONY", Some("FL"), L::Felony, Some("CAPITAL")),
        ("LIFE FELONY", Some("FL"), L::Felony, Some("LIFE")),
        ("SJF", Some("TX"), L::Felony, Some("SJF")),
        ("STATE JAIL FELONY", Some("TX"), L::Felony, Some("SJF")),
        ("INDICTABLE", Some("NJ"), L::Felony, None),
        ("CRIME OF THE 2ND DEGREE", Some("NJ"), L::Felony, Some("2")),
        (
            "CRIME OF THE FOURTH DEGREE",
            Some("NJ"),
            L::Felony,
            Some("4"),
        ),
        ("FU", Some("WI"), L::Felony, Some("UNCLASSIFIED")),
        ("THIRD DEGREE FELONY", Some("FL"), L::Felony, Some("3")),
        ("CLASS 4 FELONY", Some("IL"), L::Felony, Some("4")),
        ("LEVEL 4 DRUG FELONY", Some("CO"), L::Felony, Some("4")),
    ]);
}

#[test]
fn b2_b3_misdemeanor() {
    check(&[
        ("MISDEMEANOR", None, L::Misdemeanor, None),
        ("MISD", None, L::Misdemeanor, None),
        ("MIS", None, L::Misdemeanor, None),
        ("M", None, L::Misdemeanor, None),
        ("MI", None, L::Misdemeanor, None),
        ("M1", Some("PA"), L::Misdemeanor, Some("1")),
        ("M2", Some("PA"), L::Misdemeanor, Some("2")),
        ("M3", Some("PA"), L::Misdemeanor, Some("3")),
        ("M4", Some("OH"), L::Misdemeanor, Some("4")),
        ("MISDEMEANOR 1", None, L::Misdemeanor, Some("1")),
        ("MA", Some("WI"), L::Misdemeanor, Some("A")),
        ("MB", Some("TX"), L::Misdemeanor, Some("B")),
        ("MC", Some("TX"), L::Misdemeanor, Some("C")),
        ("MU", Some("WI"), L::Misdemeanor, Some("UNCLASSIFIED")),
        ("GM", Some("MN"), L::Misdemeanor, Some("GROSS")),
        ("GROSS", Some("WA"), L::Misdemeanor, Some("GROSS")),
        (
            "GROSS MISDEMEANOR",
            Some("MN"),
            L::Misdemeanor,
            Some("GROSS"),
        ),
        ("A1", Some("NC"), L::Misdemeanor, Some("A1")),
        ("1", Some("NC"), L::Misdemeanor, Some("1")),
        ("2", Some("NC"), L::Misdemeanor, Some("2")),
        ("3", Some("NC"), L::Misdemeanor, Some("3")),
        ("DP", Some("NJ"), L::Misdemeanor, None),
        ("DISORDERLY PERSONS", Some("NJ"), L::Misdemeanor, None),
        ("Class B Misdemeanor", Some("TX"), L::Misdemeanor, Some("B")),
        ("MISDEMEANOR CLASS 1", Some("NC"), L::Misdemeanor, Some("1")),
        (
            "FIRST DEGREE MISDEMEANOR",
            Some("FL"),
            L::Misdemeanor,
            Some("1"),
        ),
    ]);
}

#[test]
fn b2_b3_lower_levels() {
    check(&[
        ("PETTY OFFENSE", None, L::PettyOffense, None),
        ("PO", None, L::PettyOffense, None),
        ("PETTY", None, L::PettyOffense, None),
        ("PETTY MISDEMEANOR", Some("MN"), L::PettyOffense, None),
        ("PDP", Some("NJ"), L::PettyOffense, None),
        (
            "PETTY DISORDERLY PERSONS",
            Some("NJ"),
            L::PettyOffense,
            None,
        ),
        ("MM", Some("OH"), L::PettyOffense, Some("MINOR")),
        (
            "MINOR MISDEMEANOR",
            Some("OH"),
            L::PettyOffense,
            Some("MINOR"),
        ),
        ("SUMMARY", Some("PA"), L::PettyOffense, Some("SUMMARY")),
        ("S", Some("PA"), L::PettyOffense, Some("SUMMARY")),
        ("SUM", Some("PA"), L::PettyOffense, Some("SUMMARY")),
        ("INFRACTION", None, L::Infraction, None),
        ("INF", None, L::Infraction, None),
        ("I", Some("CA"), L::Infraction, None),
        ("I", None, L::Infraction, None),
        ("CITED CITATION", None, L::Infraction, None),
        ("CIVIL INFRACTION", Some("MI"), L::Infraction, None),
        ("NON MOVING TRAFFIC VIOLATION", None, L::Infraction, None),
        ("VIOLATION", Some("NY"), L::Violation, None),
        ("VIOL", None, L::Violation, None),
        ("V", Some("OR"), L::Violation, None),
        ("N", Some("WI"), L::Violation, None),
        ("ORDINANCE", None, L::Ordinance, None),
        ("ORD", None, L::Ordinance, None),
        ("MUNI", None, L::Ordinance, None),
        ("MUNICIPAL ORDINANCE VIOLATION", None, L::Ordinance, None),
        ("CITY CODE", None, L::Ordinance, None),
        ("COUNTY CODE", None, L::Ordinance, None),
        (
            "City - Designated Continuing Violation",
            None,
            L::Ordinance,
            None,
        ),
        ("CIVIL", None, L::Civil, None),
        ("C", None, L::Civil, None),
        ("CIV", None, L::Civil, None),
        ("ADMINISTRATIVE", None, L::Civil, None),
        ("COMM", None, L::Civil, None),
    ]);
}

#[test]
fn b2_b3_unknown_values() {
    for raw in ["U", "UNK", "UNKNOWN", "N/A", "*", "-", "0", "UU"] {
        let s = classify_severity(Some(raw), None);
        assert_eq!(
            (s.level, s.recognised, s.missing),
            (L::Unknown, true, false),
            "{raw}"
        );
    }
    for raw in [None, Some(""), Some("  ")] {
        let s = classify_severity(raw, None);
        assert_eq!(
            (s.level, s.recognised, s.missing),
            (L::Unknown, false, true),
            "{raw:?}"
        );
    }
    // Not understood, or ambiguous without a source table.
    for (raw, state) in [
        ("IC", Some("PA")),
        ("N", None),
        ("N", Some("TX")),
        ("XYZ", None),
        ("CLASS A", None),
        ("FELONY OR MISDEMEANOR", Some("CA")),
        ("MA", Some("MA")),
    ] {
        let s = classify_severity(Some(raw), state);
        assert_eq!(
            (s.level, s.recognised, s.missing),
            (L::Unknown, false, false),
            "{raw} {state:?}: {s:?}"
        );
    }
}

#[test]
fn b3_traffic_and_juvenile_flags() {
    for raw in ["T", "TR", "TRAF", "TRAFFIC", "TRD"] {
        let s = classify_severity(Some(raw), None);
        assert_eq!(
            (s.level, s.traffic_hint, s.recognised),
            (L::Unknown, true, true),
            "{raw}"
        );
    }
    let s = classify_severity(Some("TRAFFIC MISDEMEANOR"), None);
    assert_eq!((s.level, s.traffic_hint), (L::Misdemeanor, true));
    let s = classify_severity(Some("TRAFFIC INFRACTION"), None);
    assert_eq!((s.level, s.traffic_hint), (L::Infraction, true));
    // B2 note: a criminal traffic charge is never an infraction.
    let s = classify_severity(Some("CRIMINAL TRAFFIC VIOLATION"), None);
    assert_eq!(
        (s.level, s.traffic_hint, s.recognised),
        (L::Unknown, true, true)
    );
    for (raw, level) in [
        ("JF", L::Felony),
        ("JM", L::Misdemeanor),
        ("JU", L::Unknown),
        ("JUVENILE FELONY", L::Felony),
    ] {
        let s = classify_severity(Some(raw), None);
        assert_eq!(
            (s.level, s.juvenile, s.recognised),
            (level, true, true),
            "{raw}"
        );
    }
}

#[test]
fn b4_state_overrides() {
    check(&[
        // `I` is a felony class in NC and WI, an infraction elsewhere.
        ("I", Some("NC"), L::Felony, Some("I")),
        ("I", Some("WI"), L::Felony, Some("I")),
        ("H", Some("NC"), L::Felony, Some("H")),
        ("B1", Some("NC"), L::Felony, Some("B1")),
        ("FELONY CLASS H", Some("NC"), L::Felony, Some("H")),
        // FL clerk case types (GK).
        ("MM", Some("FL"), L::Misdemeanor, None),
        ("CF", Some("FL"), L::Felony, None),
        // CO drug felony / petty offense classes (sample 11).
        ("DF4", Some("CO"), L::Felony, Some("DF4")),
        ("DM1", Some("CO"), L::Misdemeanor, Some("DM1")),
        ("PO2", Some("CO"), L::PettyOffense, Some("2")),
        ("X", Some("IL"), L::Felony, Some("X")),
        ("IND", Some("NJ"), L::Felony, None),
        // Massachusetts' civil motor vehicle and civil infractions; Michigan's civil infractions.
        ("CM", Some("MA"), L::Infraction, None),
        ("CI", Some("MA"), L::Infraction, None),
        ("CI", Some("MI"), L::Infraction, None),
        ("CMVI", None, L::Infraction, None),
        // Ohio's minor misdemeanour is below a misdemeanour.
        ("MM", Some("OH"), L::PettyOffense, Some("MINOR")),
    ]);
    // Outside their state these codes are not read.
    for (raw, state) in [
        ("H", Some("TX")),
        ("DF4", Some("TX")),
        ("X", None),
        ("1", None),
        ("DP", None),
        ("CM", Some("TX")),
        ("CM", None),
        ("CI", Some("TX")),
    ] {
        assert!(
            !classify_severity(Some(raw), state).recognised,
            "{raw} {state:?}"
        );
    }
}

#[test]
fn severity_in_charge_text() {
    let rows: &[(&str, Option<L>)] = &[
        ("FELONY THEFT", Some(L::Felony)),
        ("MISD POSSESSION", Some(L::Misdemeanor)),
        ("RETAIL THEFT (M1)", Some(L::Misdemeanor)),
        ("BURGLARY [F2]", Some(L::Felony)),
        ("FELONIOUS ASSAULT", Some(L::Felony)),
        ("DWI - GROSS MISDEMEANOR", Some(L::Misdemeanor)),
        (
            "POSSESSION OF MARIJUANA - PETTY MISDEMEANOR",
            Some(L::PettyOffense),
        ),
        ("SPEEDING - TRAFFIC INFRACTION", Some(L::Infraction)),
        ("FAILURE TO APPEAR ON A FELONY", Some(L::Felony)),
        // Says nothing.
        ("PETTY THEFT", None),
        ("POSS OF FIREARM BY CONVICTED FELON", None),
        ("POSS FIREARM BY FEL", None),
        ("THEFT (MA)", None),
        ("POSS CONT SUB <4G & DRUG PARAPHERNALIA (SCH I/II)", None),
        ("ASSAULT (C)", None),
        ("", None),
        // Two levels: cannot tell.
        ("FELONY OR MISDEMEANOR THEFT", None),
    ];
    for (charge, want) in rows {
        assert_eq!(severity_from_charge_text(charge), *want, "{charge}");
    }
}

/// Offenses graded alike essentially everywhere give a level; words that make the
/// grade vary between states, inchoate forms and disagreeing families give none.
#[test]
fn level_inferred_from_the_offense() {
    let level = |charge: &str| inferred_level(charge).map(|(l, _, _)| l);
    for charge in [
        "ROBBERY 1ST DEGREE",
        "HOME INVASION ROBBERY W/FIREARM",
        "KIDNAP MINOR FOR RANSOM",
        "MURDER 2ND DEGREE",
        "HOMICIDE WILLFUL KILL WITH FIREARM",
        "BURGL-OF DWELLING UNARMED",
        "BURG OCCUPIED DWELLING",
        "RAPE",
    ] {
        assert_eq!(level(charge), Some(L::Felony), "{charge}");
    }
    for charge in [
        // The grade varies between states.
        "BURGLARY OF A VEHICLE",
        "BURGL TOOLS POSSESS",
        "BURGLARY 4TH DEGREE",
        "NEGLIGENT HOMICIDE",
        "HOMICIDE NEGLIG MANSL VEH",
        "VEHICULAR MANSLAUGHTER",
        // Inchoate and accessory forms, threats, reports.
        "ATTEMPT TO ROBBERY-NO FIREARM OR WEAPON",
        "CONSPIRACY TO COMMIT BURGLARY",
        "ACCESSORY AFTER THE FACT ROBBERY",
        "THREATEN TO KIDNAP",
        "FALSE REPORT OF ROBBERY",
        // No such offense, and words merely containing one.
        "THEFT",
        "GRAPE STOMPING",
        "",
    ] {
        assert_eq!(level(charge), None, "{charge}");
    }
    let (_, family, word) = inferred_level("Robbery 2nd Degree").unwrap_or((L::Unknown, "", ""));
    assert_eq!((family, word), ("robbery", "ROBBERY"));
}
