//! DECISIONS §7.4 traffic lists: every phrase, the type-hint rules and the traps.

use super::TrafficKind as T;
use super::*;

fn sev(raw: &str) -> Severity {
    classify_severity(Some(raw), None)
}

fn check(rows: &[(&str, &str, T)]) {
    let mut failures = Vec::new();
    for (charge, type_, want) in rows {
        let got = classify_traffic(charge, None, &sev(type_));
        if got != *want {
            failures.push(format!(
                "{charge:?} type {type_:?}: got {got:?}, want {want:?}"
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
fn minor_traffic_list() {
    check(&[
        ("SPEEDING", "INFRACTION", T::MinorTraffic),
        (
            "SPEEDING 11-15 MPH OVER LIMIT",
            "INFRACTION",
            T::MinorTraffic,
        ),
        ("SPEED 15 OVER", "", T::MinorTraffic),
        ("69/55 MPH", "", T::MinorTraffic),
        ("EXCEEDING POSTED SPEED LIMIT", "", T::MinorTraffic),
        ("FAIL TO STOP AT STOP SIGN", "", T::MinorTraffic),
        ("FAILURE TO STOP", "", T::MinorTraffic),
        ("RAN RED LIGHT", "", T::MinorTraffic),
        ("DISREGARD TRAFFIC SIGNAL", "", T::MinorTraffic),
        ("FAILURE TO YIELD RIGHT OF WAY", "", T::MinorTraffic),
        ("FAIL TO YIELD", "", T::MinorTraffic),
        ("DEFECTIVE EQUIPMENT", "", T::MinorTraffic),
        ("EQUIPMENT VIOLATION", "", T::MinorTraffic),
        ("DEFECTIVE TAIL LIGHTS", "", T::MinorTraffic),
        ("WINDOW TINT VIOLATION", "", T::MinorTraffic),
        ("EXPIRED REGISTRATION", "", T::MinorTraffic),
        ("NO REGISTRATION", "", T::MinorTraffic),
        ("EXPIRED TAGS", "", T::MinorTraffic),
        ("NO VALID LICENSE", "MISDEMEANOR", T::MinorTraffic),
        ("NO VALID D/L", "", T::MinorTraffic),
        ("NO DRIVERS LICENSE", "", T::MinorTraffic),
        ("EXPIRED LICENSE", "", T::MinorTraffic),
        ("DRIVING WITHOUT A LICENSE", "", T::MinorTraffic),
        ("UNLICENSED DRIVER", "", T::MinorTraffic),
        (
            "FAIL TO PROVIDE PROOF OF INSURANCE",
            "TRAFFIC",
            T::MinorTraffic,
        ),
        ("NO INSURANCE", "", T::MinorTraffic),
        ("DRIVING W/O INSURANCE", "", T::MinorTraffic),
        (
            "FAILURE TO MAINTAIN FINANCIAL RESPONSIBILITY",
            "",
            T::MinorTraffic,
        ),
        ("SEAT BELT VIOLATION", "", T::MinorTraffic),
        ("NO SEATBELT", "", T::MinorTraffic),
        ("CHILD RESTRAINT VIOLATION", "", T::MinorTraffic),
        ("PARKING VIOLATION", "", T::MinorTraffic),
        ("ILLEGALLY PARKED", "", T::MinorTraffic),
        ("IMPROPER LANE CHANGE", "", T::MinorTraffic),
        ("FOLLOWING TOO CLOSELY", "", T::MinorTraffic),
        ("CARELESS DRIVING", "", T::MinorTraffic),
        ("TEXTING WHILE DRIVING", "", T::MinorTraffic),
    ]);
}

#[test]
fn serious_traffic_list() {
    check(&[
        ("DUI", "TRAFFIC", T::SeriousTraffic),
        ("DUI", "INFRACTION", T::SeriousTraffic),
        ("DWI", "", T::SeriousTraffic),
        ("OWI", "", T::SeriousTraffic),
        ("OUI", "", T::SeriousTraffic),
        ("OVI", "M1", T::SeriousTraffic),
        ("DUII", "", T::SeriousTraffic),
        (
            "DWI-SECOND-DEGREE DRIVING WHILE IMPAIRED",
            "GM",
            T::SeriousTraffic,
        ),
        (
            "DRIVING WHILE INTOXICATED",
            "Class B Misdemeanor",
            T::SeriousTraffic,
        ),
        (
            "DRIVING UNDER THE INFLUENCE OF ALCOHOL",
            "",
            T::SeriousTraffic,
        ),
        (
            "OPERATING A VEHICLE UNDER THE INFLUENCE",
            "",
            T::SeriousTraffic,
        ),
        ("RECKLESS DRIVING", "TRAFFIC", T::SeriousTraffic),
        ("SPEEDING - RECKLESS DRIVING", "", T::SeriousTraffic),
        ("LEAVING THE SCENE OF AN ACCIDENT", "", T::SeriousTraffic),
        ("HIT AND RUN", "", T::SeriousTraffic),
        ("FAIL TO STOP AND RENDER AID", "", T::SeriousTraffic),
        ("FAILURE TO STOP AFTER ACCIDENT", "", T::SeriousTraffic),
        ("VEHICULAR HOMICIDE", "FELONY", T::SeriousTraffic),
        ("VEHICULAR MANSLAUGHTER", "", T::SeriousTraffic),
        ("VEHICULAR ASSAULT", "", T::SeriousTraffic),
        ("HOMICIDE BY VEHICLE", "", T::SeriousTraffic),
        ("INTOXICATION MANSLAUGHTER", "", T::SeriousTraffic),
        ("FLEEING OR ELUDING A POLICE OFFICER", "", T::SeriousTraffic),
        ("FLEEING AND ELUDING", "", T::SeriousTraffic),
        (
            "DRIVING WHILE LICENSE SUSPENDED",
            "TRAFFIC",
            T::SeriousTraffic,
        ),
        ("DWLS", "TRAFFIC", T::SeriousTraffic),
        ("DWLS 3RD DEGREE", "MISDEMEANOR", T::SeriousTraffic),
        ("DRIVING WHILE REVOKED", "", T::SeriousTraffic),
        ("DRIVING ON SUSPENDED LICENSE", "", T::SeriousTraffic),
        ("DRIVING WITH LICENSE CANCELLED", "", T::SeriousTraffic),
        ("DRIVING UNDER SUSPENSION", "", T::SeriousTraffic),
        ("DUS", "", T::SeriousTraffic),
        ("HABITUAL TRAFFIC OFFENDER", "", T::SeriousTraffic),
        ("STREET RACING", "", T::SeriousTraffic),
        ("SPEED CONTEST", "", T::SeriousTraffic),
    ]);
}

#[test]
fn word_boundaries_and_context() {
    check(&[
        // DUI is not found inside other words.
        ("CONDUIT THEFT", "MISDEMEANOR", T::NotTraffic),
        ("PRODUIT", "", T::NotTraffic),
        // Not traffic although a minor word appears.
        ("FAIL TO REGISTER AS SEX OFFENDER", "FELONY", T::NotTraffic),
        ("INSURANCE FRAUD", "FELONY", T::NotTraffic),
        ("FORGED VEHICLE REGISTRATION", "", T::NotTraffic),
        ("POSSESSION OF SPEED", "", T::NotTraffic),
        (
            "PRACTICING MEDICINE WITHOUT A LICENSE",
            "FELONY",
            T::NotTraffic,
        ),
        ("AGGRAVATED ASSAULT", "Felony", T::NotTraffic),
        (
            "THEFT PROP >=$2,500<$30K",
            "State Jail Felony",
            T::NotTraffic,
        ),
        // A minor text declared a felony is not cleared on wording alone.
        ("SPEEDING", "FELONY", T::SeriousTraffic),
    ]);
}

#[test]
fn type_and_statute_are_hints_only() {
    // A TRAFFIC type alone never makes a DUI minor (§7.4).
    assert_eq!(
        classify_traffic("DUI", None, &sev("TRAFFIC")),
        T::SeriousTraffic
    );
    assert_eq!(
        classify_traffic("DUI", None, &sev("TRAFFIC INFRACTION")),
        T::SeriousTraffic
    );
    // Unreadable text: a non-criminal traffic type is minor, anything else follows the ordinary rules.
    assert_eq!(
        classify_traffic("NOT SPECIFIED", None, &sev("TRAFFIC INFRACTION")),
        T::MinorTraffic
    );
    assert_eq!(
        classify_traffic("NOT SPECIFIED", None, &sev("TRAFFIC")),
        T::SeriousTraffic
    );
    assert_eq!(
        classify_traffic("NOT SPECIFIED", None, &sev("TRAFFIC MISDEMEANOR")),
        T::SeriousTraffic
    );
    assert_eq!(
        classify_traffic("NOT SPECIFIED", None, &sev("INFRACTION")),
        T::NotTraffic
    );
    // Statutes: a vehicle-code section marks the domain; DUI sections are serious whatever the text.
    assert_eq!(
        classify_traffic("OBSTRUCTED VIEW", Some("VC 26708(A)"), &sev("INFRACTION")),
        T::MinorTraffic
    );
    assert_eq!(
        classify_traffic("OBSTRUCTED VIEW", Some("VC 26708(A)"), &sev("MISDEMEANOR")),
        T::SeriousTraffic
    );
    assert_eq!(
        classify_traffic("COUNT 1", Some("VC 23152(A)"), &sev("INFRACTION")),
        T::SeriousTraffic
    );
    assert_eq!(
        classify_traffic("COUNT 1", Some("RCW 46.61.502"), &sev("")),
        T::SeriousTraffic
    );
    assert_eq!(
        classify_traffic("COUNT 1", Some("PC 49.04"), &sev("MB")),
        T::SeriousTraffic
    );
    assert_eq!(
        classify_traffic("THEFT", Some("PC 484"), &sev("MISDEMEANOR")),
        T::NotTraffic
    );
    assert_eq!(
        classify_traffic("COUNT 1", Some("DWLS 3"), &sev("")),
        T::SeriousTraffic
    );
}

#[test]
fn serde_names_are_snake_case() {
    let json = serde_json::to_string(&[T::NotTraffic, T::MinorTraffic, T::SeriousTraffic]);
    assert_eq!(
        json.ok().as_deref(),
        Some(r#"["not_traffic","minor_traffic","serious_traffic"]"#)
    );
}
