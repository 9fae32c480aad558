//! Charge text normalisation.

use crate::classify::*;

#[test]
fn display_form_keeps_punctuation_and_abbreviations() {
    assert_eq!(
        normalize_charge_text("  poss  cont sub\t<4g & drug  paraphernalia "),
        "POSS CONT SUB <4G & DRUG PARAPHERNALIA"
    );
    assert_eq!(
        normalize_charge_text("DWLS w/o   insurance"),
        "DWLS W/O INSURANCE"
    );
    assert_eq!(normalize_charge_text(""), "");
}

#[test]
fn match_key_expands_abbreviations_and_drops_punctuation() {
    let rows = [
        ("POSS MARIJ 0-2OZ", "POSSESSION MARIJUANA 0 2 OZ"),
        ("poss cs", "POSSESSION CONTROLLED SUBSTANCE"),
        ("POSS CONT SUB <4G", "POSSESSION CONTROLLED SUBSTANCE 4 G"),
        // A number is cut from its unit, never from an ordinal.
        ("SPEEDING 15MPH OVER", "SPEEDING 15 MPH OVER"),
        ("DUS 2ND", "DRIVING UNDER SUSPENSION 2ND"),
        ("ASSAULT W/ DEADLY WEAPON", "ASSAULT WITH DEADLY WEAPON"),
        ("ASSAULT W/DEADLY WEAPON", "ASSAULT WITH DEADLY WEAPON"),
        ("DRIVING W/O INSURANCE", "DRIVING WITHOUT INSURANCE"),
        ("DWLS", "DRIVING WHILE LICENSE SUSPENDED"),
        ("DUS 3RD", "DRIVING UNDER SUSPENSION 3RD"),
        (
            "PWISD SCHEDULE II CONTROLLED SUBSTANCE",
            "POSSESSION WITH INTENT TO SELL OR DELIVER SCHEDULE II CONTROLLED SUBSTANCE",
        ),
        ("NO VALID D/L", "NO VALID DRIVERS LICENSE"),
        ("THEFT-TAKE/USE", "THEFT TAKE USE"),
        // Whole words only: POSSUM is not POSS.
        ("POSSUM HUNTING", "POSSUM HUNTING"),
        ("", ""),
    ];
    for (raw, want) in rows {
        assert_eq!(charge_match_key(raw), want, "{raw}");
    }
}

/// A word no table knows is read as the vehicle-law word it shortens (vowels, doubled letters and
/// less than a third of the end left out), and only then.
#[test]
fn match_key_reads_shortened_vehicle_words() {
    let rows = [
        ("UNSAF TURN", "UNSAFE TURN"),
        ("FAIL OBEY TRAFIC REGULATR", "FAILURE OBEY TRAFFIC REGULATR"),
        ("VEHICL EQUIP", "VEHICLE EQUIPMENT"),
        ("NO EVID ACCDNT", "NO EVID ACCIDENT"),
        // A third or more cut off: a word of its own, not CROSSWALK.
        ("CROSS REFERRAL", "CROSS REFERRAL"),
        // A consonant left out is no shortening; under five letters is never read.
        ("TRAIC STOP", "TRAIC STOP"),
        ("VEHC", "VEHC"),
    ];
    for (raw, want) in rows {
        assert_eq!(charge_match_key(raw), want, "{raw}");
    }
}
