//! docs/decisions.md §7.4 traffic lists: every phrase, the type-hint rules and the traps.

use crate::classify::TrafficKind as T;
use crate::classify::*;

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
        // A bare speed needs a limit, an excess or a vehicle word: a wind speed is no speeding.
        (
            "VIOL ANEMOMETER (WIND SPEED) TOWER REGULATIONS",
            "",
            T::NotTraffic,
        ),
        (
            "PHYSICIAN FALSELY CERTIFY A DISABILITY FOR A LICENSE PLATE",
            "",
            T::NotTraffic,
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
        // Registration needs a vehicle word: a pharmacy or a trade can lack one.
        ("NO REGISTRATION", "", T::NotTraffic),
        ("NO VEHICLE REGISTRATION", "", T::MinorTraffic),
        ("MAN/ETC PHARM/ETC NO REG", "", T::NotTraffic),
        ("EXPIRED TAGS", "", T::MinorTraffic),
        // A licence needs a driving or vehicle word: any trade's licence can lapse.
        ("NO VALID LICENSE", "MISDEMEANOR", T::NotTraffic),
        ("DRIVING - NO VALID LICENSE", "MISDEMEANOR", T::MinorTraffic),
        ("NO VALID D/L", "", T::MinorTraffic),
        ("NO DRIVERS LICENSE", "", T::MinorTraffic),
        ("EXPIRED LICENSE", "", T::NotTraffic),
        ("EXPIRED DRIVER LICENSE", "", T::MinorTraffic),
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
        // A minor text declared a felony is not cleared on wording alone: the signals disagree.
        ("SPEEDING", "FELONY", T::Unknown),
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
        classify_traffic("COUNT 2", Some("VC 26708(A)"), &sev("INFRACTION")),
        T::MinorTraffic
    );
    assert_eq!(
        classify_traffic("COUNT 2", Some("VC 26708(A)"), &sev("MISDEMEANOR")),
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

/// Court-table spellings, concept families with a vehicle context, word order.
#[test]
fn families_and_abbreviations_of_court_text() {
    check(&[
        ("EXCEED SPD LMT 1ST CLS 26 OR MORE", "", T::MinorTraffic),
        ("DR RT LN/SM DRT-RESLT AC", "", T::MinorTraffic),
        ("TOWD VEH-IMP SAFETY DEV", "", T::MinorTraffic),
        (
            "DRIVING WITHOUT A VALID DRIVER LICENSE",
            "",
            T::MinorTraffic,
        ),
        (
            "Rear Lamps Required - Height of Mounting",
            "",
            T::MinorTraffic,
        ),
        (
            "Clearance lamps on trucks",
            "PETTY OFFENSE",
            T::MinorTraffic,
        ),
        ("Unsecured load on vehicle", "", T::MinorTraffic),
        (
            "Failure to Flag or Light Extended Load",
            "",
            T::MinorTraffic,
        ),
        (
            "Seatbelts- Drivers Ages 14-18 Required",
            "",
            T::MinorTraffic,
        ),
        (
            "Failure to transfer title to motor vehicle",
            "",
            T::MinorTraffic,
        ),
        ("Loss of Plates", "", T::MinorTraffic),
        ("IMPROPER COMML DRIVERS LICENSE", "", T::MinorTraffic),
        ("Passing in No Passing Zone", "", T::MinorTraffic),
        ("Turn Signal Required / Visibility", "", T::MinorTraffic),
        // No vehicle context: a trade licence, a lodging house, a day care.
        (
            "OPERATING LODGING ESTABLISHMENT WITHOUT A LICENSE",
            "",
            T::NotTraffic,
        ),
        (
            "Illegal Operation of Unregistered Family Day Care Home",
            "",
            T::NotTraffic,
        ),
        (
            "PRACTICING CONTRACTING WITHOUT A LICENSE",
            "",
            T::NotTraffic,
        ),
        // A vehicle word beside a crime word is not minor traffic.
        ("Passing NSF Checks $400 or less", "", T::NotTraffic),
        (
            "Prohibited Big Game Hunting On Highway/Right Of Way",
            "",
            T::NotTraffic,
        ),
        ("Unsecured Load with Injury/Death", "", T::NotTraffic),
        ("Display Another's Drivers License", "", T::NotTraffic),
        ("LOADED FIREARM IN VEHICLE", "", T::NotTraffic),
        (
            "Leave Child in Veh > 15 minutes - neglect",
            "",
            T::NotTraffic,
        ),
        // Serious families found in court tables.
        ("DWLSR - INFRACTION", "", T::SeriousTraffic),
        ("Driving Under Revocation (M1)", "", T::SeriousTraffic),
        (
            "Zero Tolerance / Consume Alcohol or any Drug Under 21",
            "",
            T::SeriousTraffic,
        ),
        ("Failure to Stop For Road Block", "", T::SeriousTraffic),
    ]);
}

/// docs/decisions.md §13: a statute inside the state's vehicle code and not a serious section reads
/// minor whatever its level, unless the level is a felony or the text names a crime; a statute
/// elsewhere in the state's law never makes a charge minor; ordinance and placeholder numbers
/// say nothing (a title-32 misdemeanor is not serious for its level alone).
#[test]
fn state_vehicle_codes() {
    let read = |charge: &str, statute: &str, state: &str, ty: &str| {
        read_traffic(charge, Some(statute), Some(state), &sev(ty)).kind
    };
    assert_eq!(
        read("Deviating", "32-26-31", "SD", "PETTY OFFENSE"),
        T::MinorTraffic
    );
    assert_eq!(
        read("Deviating", "32-26-31", "SD", "MISDEMEANOR"),
        T::MinorTraffic
    );
    assert_eq!(read("Deviating", "32-26-31", "SD", ""), T::MinorTraffic);
    assert_eq!(read("Deviating", "32-26-31", "SD", "FELONY"), T::Unknown);
    assert_eq!(
        read("Title Application - False Statement", "32-26-31", "SD", ""),
        T::Unknown
    );
    assert_eq!(
        read("COUNT 1", "316.0741", "FL", "INFRACTION"),
        T::MinorTraffic
    );
    // A serious section is serious whatever the text; a non-road part is never minor.
    assert_eq!(read("COUNT 1", "32-23-1", "SD", ""), T::SeriousTraffic);
    assert_eq!(
        read("COUNT 1", "327.35", "FL", "MISDEMEANOR"),
        T::NotTraffic
    );
    // Minor text under another title of the same code: the signals disagree.
    assert_eq!(
        read("Speeding", "22-30A-1", "SD", "MISDEMEANOR"),
        T::Unknown
    );
    // Ordinance and placeholder numbers say nothing.
    assert_eq!(
        read("City - Speeding (M2)", "10.12.310", "SD", ""),
        T::MinorTraffic
    );
    assert_eq!(read("Speeding", "88888888888", "FL", ""), T::MinorTraffic);
    // Without the state the number is not read.
    assert_eq!(
        read("Deviating", "32-26-31", "", "PETTY OFFENSE"),
        T::NotTraffic
    );
    let evidence = read_traffic("Speeding", Some("22-30A-1"), Some("SD"), &sev("")).evidence;
    assert!(
        evidence.contains("outside South Dakota Codified Laws Title 32")
            && evidence.contains("vehicle-code table SD, high confidence"),
        "{evidence}"
    );
}

/// Serious families in any word order, more minor family words, and
/// crime words excused by what stands beside them.
#[test]
fn families_in_any_word_order_and_excused_crime_words() {
    check(&[
        // A withdrawn licence beside a driving word, any order.
        (
            "DRIVING WITH COMMERCIAL LICENSE CANCELED",
            "",
            T::SeriousTraffic,
        ),
        ("DRIVE WHILE PRIVILEGE REVOKED", "", T::SeriousTraffic),
        (
            "OPERATE MOTOR VEHICLE DURING DISQUALIFICATION",
            "",
            T::SeriousTraffic,
        ),
        // An out-of-service order is a commercial-vehicle rule, not on the serious list: from
        // text alone a person looks (a vehicle-code statute reads it minor).
        (
            "DRIVING WHILE SUBJECT TO OUT-OF-SERVICE ORDER",
            "",
            T::Unknown,
        ),
        // Alcohol or intoxication beside driving or a vehicle.
        (
            "OPERATING COMMERCIAL VEHICLE W/ANY ALCOHOL IN SYSTEM",
            "",
            T::SeriousTraffic,
        ),
        (
            "DRIVING AFTER CONSUMING ALCOHOL UNDER 21",
            "",
            T::SeriousTraffic,
        ),
        ("CONSUME ALCOHOL UNDER 21", "", T::NotTraffic),
        ("PUBLIC INTOXICATION", "", T::NotTraffic),
        // A scene left after a crash, any spelling.
        (
            "LEAVING ACCIDENT SCENE - FAILURE TO PROVIDE INFORMATION",
            "",
            T::SeriousTraffic,
        ),
        // Minor family words.
        ("MAXIMUM SPEEDS ON INTERSTATE HIGHWAYS", "", T::MinorTraffic),
        ("DRIVING TO LEFT ON GRADE OR CURVE", "", T::MinorTraffic),
        ("CROSSING CENTER LINE", "", T::MinorTraffic),
        (
            "STOP FROM ALLEY BEFORE ENTERING ROADWAY",
            "",
            T::MinorTraffic,
        ),
        ("FAILURE TO STOP AT GRADE CROSSINGS", "", T::MinorTraffic),
        ("TOWING PROVISIONS NOT MET", "", T::MinorTraffic),
        (
            "MOVEMENT OF LOAD OR WIDE FARM MACHINERY DURING DARKNESS",
            "",
            T::MinorTraffic,
        ),
        ("DANGLING OBJECTS", "", T::MinorTraffic),
        ("NO REAR VIEW MIRROR", "", T::MinorTraffic),
        ("MUD FLAPS REQUIRED", "", T::MinorTraffic),
        ("PEDESTRIAN SOLICITING RIDES", "", T::MinorTraffic),
        ("CHILD PASSENGER RESTRAINT REQUIRED", "", T::MinorTraffic),
        ("PARKING IN FIRE LANE", "", T::MinorTraffic),
        // Words that stay ambiguous without a vehicle: no minor reading.
        ("UNLAWFUL RESTRAINT", "", T::NotTraffic),
        ("STOP WORK ORDER VIOLATION", "", T::NotTraffic),
        ("LEFT CHILD UNATTENDED", "", T::NotTraffic),
        // Carrying papers is no possession offense; a parking space is no vehicle taken.
        (
            "VEHICLE REGISTRATION NOT IN POSSESSION",
            "",
            T::MinorTraffic,
        ),
        (
            "POSSESSION OF COMMERCIAL DRIVERS LICENSE REQUIRED",
            "",
            T::MinorTraffic,
        ),
        (
            "UNAUTHORIZED USE OF HANDICAPPED PARKING ZONE",
            "",
            T::MinorTraffic,
        ),
        // The excuse lifts only its own word.
        (
            "POSSESSION OF CONTROLLED SUBSTANCE IN VEHICLE NOT IN POSSESSION",
            "",
            T::NotTraffic,
        ),
        ("POSSESSION OF MARIJUANA IN VEHICLE", "", T::NotTraffic),
        ("UNAUTHORIZED USE OF MOTOR VEHICLE", "", T::NotTraffic),
    ]);
}

/// Motor-carrier regulation: from text alone `unknown`, never minor, unless the level is
/// no crime; a statute the vehicle-code table places decides; a crime word still reads `none`.
#[test]
fn motor_carrier_regulation_needs_a_level_or_a_statute() {
    check(&[
        ("Log Book", "MISDEMEANOR", T::Unknown),
        // Beside a level that is no crime, a carrier's duty reads as the level says.
        ("LOGBOOK VIOLATION", "PETTY OFFENSE", T::MinorTraffic),
        (
            "OUT-OF-SVCE ORDER VIOLATION",
            "CIVIL INFRACTION",
            T::MinorTraffic,
        ),
        ("HOURS OF SERVICE VIOLATION CMV", "", T::Unknown),
        (
            "Fail to Allow Inspection of Commercial Vehicle (M2)",
            "MISDEMEANOR",
            T::Unknown,
        ),
        ("Out of Service Order Violation", "MISDEMEANOR", T::Unknown),
        ("HazMat Violation (M1)", "MISDEMEANOR", T::Unknown),
        (
            "Violating Motor Carrier Statutes and Regulations",
            "",
            T::Unknown,
        ),
        ("FALSIFIED LOG BOOK", "MISDEMEANOR", T::NotTraffic),
        ("Log Book", "FELONY", T::Unknown),
        // An equipment violation of a truck stays minor (docs/decisions.md §7.4 lists equipment).
        (
            "Vehicle Equipment Violation",
            "MISDEMEANOR",
            T::MinorTraffic,
        ),
    ]);
    let read = |charge: &str, statute: &str, state: &str| {
        read_traffic(charge, Some(statute), Some(state), &sev("MISDEMEANOR")).kind
    };
    // Outside the vehicle code: nothing reads minor, the statute says what it is.
    assert_eq!(read("Log Book", "49-28A-3", "SD"), T::NotTraffic);
    // Inside it, not a serious section: minor whatever the level (docs/decisions.md §13).
    assert_eq!(read("Log Book", "32-26-31", "SD"), T::MinorTraffic);
    let evidence = read_traffic("Log Book", None, Some("SD"), &sev("")).evidence;
    assert!(evidence.contains("motor-carrier regulation"), "{evidence}");
}

/// Court tables that drop `TO`, vowels or letters (from the tuning part of
/// California's literals): still minor at a level that is no crime.
#[test]
fn dropped_words_of_court_tables() {
    check(&[
        ("FAIL STOP/YIELD:INOP SIGN", "INFRACTION", T::MinorTraffic),
        ("FAIL YLD INTSEC NO SIGNS", "", T::MinorTraffic),
        ("FOLOW TOO CLOSE:EMERG VEH", "", T::MinorTraffic),
        ("START/BACKUP VEHICLE:HWY", "", T::MinorTraffic),
        ("IMP METH:RHT HAND TRN SIG", "", T::MinorTraffic),
        ("FLR/DISP COMP NM PILOT CR", "INFRACTION", T::MinorTraffic),
        ("FAIL OBEY WARNING DEVICE", "INFRACTION", T::MinorTraffic),
        // Without a level a warning device is no vehicle's.
        ("FAIL OBEY WARNING DEVICE", "", T::NotTraffic),
        // A backup without a vehicle word is no driving.
        ("BACKUP GENERATOR VIOLATION", "", T::NotTraffic),
    ]);
}

/// The operating rule: a road vehicle beside a word of operating or equipping it reads
/// minor with no level or a level that is no crime; never beside a crime word, drink, a
/// weapon, a taking or a sale, never at a misdemeanour or felony level on its own.
#[test]
fn a_vehicle_beside_an_operating_word() {
    check(&[
        ("BICYCLE OPR OBEY VEH LAWS", "", T::MinorTraffic),
        ("OPERATE LIMO W/O EXITS", "", T::MinorTraffic),
        ("BIKE OPERATOR NOT SEATED", "", T::MinorTraffic),
        ("Riding On Outside Of Vehicle", "", T::MinorTraffic),
        ("REC VEHICLE:ILLEGAL SEAT", "VIOLATION", T::MinorTraffic),
        // Not on its own at a level that is a crime (the families still read what they know).
        ("BICYCLE OPR OBEY VEH LAWS", "MISDEMEANOR", T::NotTraffic),
        ("OPERATE LIMO W/O EXITS", "FELONY", T::NotTraffic),
        // Taking, selling, dealing, renting: no rule of the road.
        ("TAKE VEH W/O OWNER CONSNT", "", T::NotTraffic),
        ("OPERATE VEHICLE WITHOUT OWNER CONSENT", "", T::NotTraffic),
        ("DLR DISPLAY VEH SALE VIOL", "", T::NotTraffic),
        // Drink, drugs and alcohol concentrations: impaired driving or the open question of an
        // open container, never settled by this rule.
        ("RIDE BIKE UNDER INFLUENCE", "", T::NotTraffic),
        ("FR:OPR VEHICLE UNDER INF", "", T::NotTraffic),
        (
            "Operate Commercial Vehicle Between .04 to .08%",
            "",
            T::NotTraffic,
        ),
        ("STORE OPEN/ETC ALC IN VEH DRIVER", "", T::NotTraffic),
        // Weapons, shooting, a crash, a fine.
        ("DRVR/ETC ALLOW F/A IN VEH", "", T::NotTraffic),
        ("CARRY LOADED F/ARM IN VEH", "MISDEMEANOR", T::NotTraffic),
        ("DISCHARGE F/ARM FROM VEH", "", T::NotTraffic),
        ("DRIVE BY SHOOTING FROM VEHICLE", "", T::NotTraffic),
        ("FAIL TO PAY FINE VEH OPR", "", T::NotTraffic),
        // A park is a place.
        ("Vehicles In Parks After Hours", "", T::NotTraffic),
    ]);
    let evidence = read_traffic("BICYCLE OPR OBEY VEH LAWS", None, None, &sev("")).evidence;
    assert_eq!(
        &*evidence,
        "traffic.minor: \"OPERATE\" beside \"VEHICLE*\", no level"
    );
    // A statute outside the vehicle code never makes it minor (docs/decisions.md §13).
    let outside = read_traffic(
        "OPR VEH PROHIBITED AREA",
        Some("647(E) PC"),
        Some("CA"),
        &sev(""),
    );
    assert_eq!(outside.kind, T::Unknown, "{}", outside.evidence);
}

/// An open container, or drinking, in a vehicle (docs/decisions.md §13, ruled 2026-12-06): minor when
/// the text names the vehicle and no impairment; not traffic without a vehicle; impaired
/// driving, alcohol for the under-aged and a felony level are never minor.
#[test]
fn open_container_in_a_vehicle() {
    check(&[
        (
            "ALCOHOL IN MV, POSSESS OPEN CONTAINER OF",
            "CIVIL INFRACTION",
            T::MinorTraffic,
        ),
        ("POSS OPEN CONTAINER:DRIVE", "", T::MinorTraffic),
        ("PASSENGER:W/OPEN ALC CONT", "INFRACTION", T::MinorTraffic),
        ("DRNK ALC/MARIJ WHLE DRVNG", "INFRACTION", T::MinorTraffic),
        (
            "OPEN CONTAINER IN MOTOR VEHICLE",
            "MISDEMEANOR",
            T::MinorTraffic,
        ),
        // No vehicle: an open container in a public place is no traffic matter.
        ("POSS OPEN ALCOHOL:PUBLIC", "INFRACTION", T::NotTraffic),
        ("OPEN CONTAINER IN PARK", "", T::NotTraffic),
        // Impairment named: impaired driving.
        ("OPEN CONTAINER WHILE DUI", "MISDEMEANOR", T::SeriousTraffic),
        (
            "DRIVING WITH OPEN CONTAINER UNDER THE INFLUENCE",
            "",
            T::SeriousTraffic,
        ),
        (
            "OPERATING VEHICLE WITH ALCOHOL IN SYSTEM",
            "",
            T::SeriousTraffic,
        ),
        // Alcohol for the under-aged, or a felony: never minor.
        (
            "FURNISH ALCOHOL TO MINOR IN VEHICLE",
            "MISDEMEANOR",
            T::SeriousTraffic,
        ),
        ("OPEN CONTAINER IN VEHICLE", "FELONY", T::Unknown),
    ]);
    let evidence = read_traffic(
        "OPEN CONTAINER IN MOTOR VEHICLE",
        None,
        None,
        &sev("MISDEMEANOR"),
    )
    .evidence;
    assert!(evidence.contains("no impairment named"), "{evidence}");
}

/// A level below misdemeanor is evidence (infraction, violation, petty, summary, civil, the
/// Massachusetts CM/CI, Ohio's MM): with vehicle, road or driving conduct in the text and no
/// crime word it reads minor, and the evidence says the level did.
#[test]
fn a_level_below_misdemeanor_beside_vehicle_conduct() {
    check(&[
        (
            "MASS PIKE—TANDEM TOO CLOSE",
            "CIVIL INFRACTION",
            T::MinorTraffic,
        ),
        (
            "SUMNR/CALHN TUNL—$20 VIOLATION",
            "INFRACTION",
            T::MinorTraffic,
        ),
        ("WEIGHT VIOLATION", "VIOLATION", T::MinorTraffic),
        (
            "JUNIOR OPERATOR WITH PASSENGER UNDER 18",
            "SUMMARY",
            T::MinorTraffic,
        ),
        (
            "MOBILE PHONE, OPERATOR UNDER 18 USE",
            "PETTY OFFENSE",
            T::MinorTraffic,
        ),
        ("HOURS OF SERVICE VIOLATION", "CIVIL", T::MinorTraffic),
        // The same words at a misdemeanour level say nothing on their own.
        ("WEIGHT VIOLATION", "MISDEMEANOR", T::NotTraffic),
        ("HOURS OF SERVICE VIOLATION", "MISDEMEANOR", T::Unknown),
        // A crime word still keeps it from minor.
        (
            "DISCLOSURE OF DRIVER LICENSE INFORMATION",
            "INFRACTION",
            T::NotTraffic,
        ),
        (
            "MASS PIKE—SPEEDING TO ENDANGER",
            "CIVIL INFRACTION",
            T::NotTraffic,
        ),
    ]);
    let levels = [("CM", "MA"), ("CI", "MA"), ("CI", "MI"), ("MM", "OH")];
    for (code, state) in levels {
        let severity = classify_severity(Some(code), Some(state));
        let reading = read_traffic("WEIGHT VIOLATION", None, Some(state), &severity);
        assert_eq!(reading.kind, T::MinorTraffic, "{code} ({state})");
        assert!(
            reading.evidence.contains("below misdemeanor"),
            "{code} ({state}): {}",
            reading.evidence
        );
    }
}

/// A vehicle word inside a crime is not traffic: a child left in a vehicle, disclosing licence
/// or motor-vehicle records, dumping waste tyres, trespass on or entering a school bus.
#[test]
fn a_vehicle_word_inside_a_crime() {
    for level in ["", "MISDEMEANOR", "FELONY", "INFRACTION"] {
        check(&[
            ("LEAVE CHILD UNATTENDED IN VEHICLE", level, T::NotTraffic),
            ("LEAVE CHILD UNDER 6 IN VEHICLE", level, T::NotTraffic),
            (
                "DISCLOSURE OF DRIVER LICENSE INFORMATION",
                level,
                T::NotTraffic,
            ),
            (
                "DISCLOSE PERSONAL INFO FROM MOTOR VEHICLE RECORD",
                level,
                T::NotTraffic,
            ),
            ("DUMP WASTE TIRES", level, T::NotTraffic),
            ("WASTE TIRE HAULER NO REGISTRATION", level, T::NotTraffic),
            ("TRESPASS ON SCHOOL BUS", level, T::NotTraffic),
            ("ENTER SCHOOL BUS W/O AUTHORIZATION", level, T::NotTraffic),
            ("BAT W/INJ:TRNS WRKR/PSNGR", level, T::NotTraffic),
        ]);
    }
    // With a vehicle-code statute the crime word sends it to a person.
    let read = read_traffic(
        "TRESPASS ON SCHOOL BUS",
        Some("VC 39002"),
        Some("CA"),
        &sev("MISDEMEANOR"),
    );
    assert_eq!(read.kind, T::Unknown, "{}", read.evidence);
}

/// Racing is serious, but not at a level that is no crime (docs/decisions.md §7.4 does not list it;
/// Massachusetts makes some of it a civil motor vehicle infraction).
#[test]
fn racing_at_a_level_that_is_no_crime() {
    check(&[
        ("RACING MOTOR VEHICLE", "CIVIL INFRACTION", T::MinorTraffic),
        ("RACING MOTOR VEHICLE", "MISDEMEANOR", T::SeriousTraffic),
        ("RACING MOTOR VEHICLE", "", T::SeriousTraffic),
        ("DRAG RACE", "FELONY", T::SeriousTraffic),
    ]);
}

/// The road rule: a violation of a turnpike's, a tunnel's or a bridge's rules, with no level or
/// a level that is no crime; never a non-motor-vehicle one, never a crime.
#[test]
fn the_rules_of_a_road() {
    check(&[
        ("MASS PIKE—$15 VIOLATION", "", T::MinorTraffic),
        (
            "TURNPIKE REGULATION VIOLATION",
            "INFRACTION",
            T::MinorTraffic,
        ),
        ("TOBIN BRIDGE—TRAFFIC VIOLATION", "", T::MinorTraffic),
        ("MDC WAY/RESERV—NON-MV VIOLATION", "", T::NotTraffic),
        ("TOBIN BRIDGE—DISORDERLY CONDUCT", "", T::NotTraffic),
        ("MASS PIKE—$15 VIOLATION", "MISDEMEANOR", T::NotTraffic),
    ]);
}

/// Statutes (item 1 of docs/decisions.md §13): a vehicle-code section outside the serious list reads
/// minor at any level below felony, commercial-vehicle rules and registration included; a
/// statute outside the code does not decide, and a level that is no crime with minor text still
/// reads minor; a regulation or an ordinance number is no statute at all.
#[test]
fn statutes_registration_commercial_and_ordinances() {
    let read = |charge: &str, statute: &str, state: &str, level: &str| {
        read_traffic(
            charge,
            Some(statute),
            Some(state),
            &classify_severity(Some(level), Some(state)),
        )
    };
    for (charge, statute, state, level) in [
        ("FAIL TO SURRENDER TITLE", "75 1113", "PA", "SUMMARY"),
        (
            "REGISTRATION, FL SURRENDER ON TRANSFER",
            "90/2/A",
            "MA",
            "CM",
        ),
        ("PLATES NOT DISPLAYED", "VTL 402", "NY", "INFRACTION"),
        (
            "FAIL TO HAVE REGISTRATION IN POSSESSION",
            "4503.21",
            "OH",
            "MM",
        ),
        (
            "OPERATE CMV AFTER OUT OF SERVICE ORDER",
            "VTL 385",
            "NY",
            "INFRACTION",
        ),
        (
            "HAZARDOUS MATERIALS VEHICLE PARKED ON ROADWAY",
            "75 4903",
            "PA",
            "SUMMARY",
        ),
        ("HOURS OF SERVICE VIOLATION", "75 4107", "PA", "MISDEMEANOR"),
        ("RACING MOTOR VEHICLE", "90/17B/A", "MA", "CM"),
        (
            "ALCOHOL IN MV, POSSESS OPEN CONTAINER OF",
            "90/24I",
            "MA",
            "CM",
        ),
        ("SPEEDING", "c90 §17", "MA", "CM"),
        // Outside the code, at a level that is no crime: the level and the text decide.
        ("WEIGHT VIOLATION ON STATE HWAY", "c85 §30", "MA", "CM"),
    ] {
        let r = read(charge, statute, state, level);
        assert_eq!(
            r.kind,
            T::MinorTraffic,
            "{charge} [{statute}]: {}",
            r.evidence
        );
    }
    // Outside the code at a misdemeanour level: a person looks.
    let r = read("WEIGHT VIOLATION ON STATE HWAY", "c85 §30", "MA", "M");
    assert_eq!(r.kind, T::Unknown, "{}", r.evidence);
    // A serious section stays serious at any level; a felony or a crime word is never minor.
    let r = read("LICENSE SUSPENDED, OP MV WITH", "90/23/D", "MA", "CM");
    assert_eq!(r.kind, T::SeriousTraffic, "{}", r.evidence);
    let r = read("FAIL TO SURRENDER TITLE", "75 1113", "PA", "FELONY");
    assert_eq!(r.kind, T::Unknown, "{}", r.evidence);
    let r = read("RMV DOCUMENT, FORGE/MISUSE", "90/24B/B", "MA", "F");
    assert_eq!(r.kind, T::Unknown, "{}", r.evidence);
}

/// A speeding charge whose statute field holds a town ordinance number: the number neither
/// makes nor unmakes the reading (docs/decisions.md §13), the text decides, and the evidence says so.
#[test]
fn a_town_ordinance_number_never_decides() {
    for (statute, state) in [
        ("CITY ORD 434.03", "OH"),
        ("Brockton Ordinances c12 §49", "MA"),
        ("730 CMR §7.08(6)(c)", "MA"),
    ] {
        let r = read_traffic(
            "SPEEDING 45 IN 35",
            Some(statute),
            Some(state),
            &sev("MISDEMEANOR"),
        );
        assert_eq!(r.kind, T::MinorTraffic, "{statute}: {}", r.evidence);
        assert!(
            r.evidence.contains("ordinance or regulation"),
            "{}",
            r.evidence
        );
        // Nor does it unmake a serious or a non-traffic reading.
        let r = read_traffic("DUI", Some(statute), Some(state), &sev("MISDEMEANOR"));
        assert_eq!(r.kind, T::SeriousTraffic, "{statute}: {}", r.evidence);
        let r = read_traffic(
            "SHOPLIFTING",
            Some(statute),
            Some(state),
            &sev("MISDEMEANOR"),
        );
        assert_eq!(r.kind, T::NotTraffic, "{statute}: {}", r.evidence);
    }
}

/// A speed in figures is a vehicle's speed; a wind speed and a drug's weight are not.
#[test]
fn a_speed_in_figures() {
    check(&[
        ("SPEED 45 IN 35", "", T::MinorTraffic),
        ("SPEED 65/55", "", T::MinorTraffic),
        ("SPD 65/55", "", T::MinorTraffic),
        ("SPD 26", "MISDEMEANOR", T::MinorTraffic),
        ("SPEED 78", "MISDEMEANOR", T::MinorTraffic),
        ("WIND SPEED 40", "", T::NotTraffic),
        ("SALE OF SPEED 10 GRAMS", "", T::NotTraffic),
        ("SPEED 2", "", T::NotTraffic),
    ]);
}

/// Crimes that name a vehicle, a licence, a road or a bus, in general court wording: none reads
/// minor at any level or with none (a vehicle word inside a crime is not traffic).
const CRIMES_WITH_VEHICLE_WORDS: &[&str] = &[
    "LEAVING CHILD UNATTENDED IN MOTOR VEHICLE",
    "CHILD ENDANGERMENT LEFT IN CAR",
    "UNLAWFUL DISCLOSURE OF DRIVER RECORD",
    "DISCLOSING MOTOR VEHICLE RECORDS",
    "ILLEGAL DUMPING OF WASTE TIRES",
    "WASTE TIRE STORAGE VIOLATION",
    "TRESPASS ON SCHOOL BUS",
    "UNLAWFULLY BOARDING SCHOOL BUS",
    "ENTERING SCHOOL BUS WITHOUT PERMISSION",
    "BURGLARY OF VEHICLE",
    "BREAKING INTO MOTOR VEHICLE",
    "THEFT OF MOTOR VEHICLE PARTS",
    "STOLEN LICENSE PLATE",
    "POSSESSION OF STOLEN VEHICLE",
    "UNAUTHORIZED USE OF MOTOR VEHICLE",
    "JOYRIDING",
    "CARJACKING",
    "CRIMINAL MISCHIEF TO VEHICLE",
    "KEYING A CAR",
    "DAMAGE TO VEHICLE",
    "SLASHING TIRES",
    "THROWING OBJECT AT VEHICLE",
    "SHOOTING INTO OCCUPIED VEHICLE",
    "DISCHARGING FIREARM FROM VEHICLE",
    "CARRYING CONCEALED WEAPON IN VEHICLE",
    "LOADED FIREARM IN VEHICLE",
    "POSSESSION OF MARIJUANA IN VEHICLE",
    "DRUG PARAPHERNALIA IN VEHICLE",
    "TRANSPORTING ILLEGAL ALIENS",
    "HUMAN SMUGGLING VEHICLE",
    "PROSTITUTION SOLICITATION FROM VEHICLE",
    "INDECENT EXPOSURE IN VEHICLE",
    "LEWD CONDUCT IN VEHICLE",
    "FALSE REPORT OF STOLEN VEHICLE",
    "INSURANCE FRAUD STAGED ACCIDENT",
    "ODOMETER TAMPERING",
    "ALTERING VIN",
    "REMOVE VIN PLATE",
    "FORGED INSPECTION STICKER",
    "COUNTERFEIT REGISTRATION",
    "FALSE STATEMENT ON TITLE APPLICATION",
    "TITLE FRAUD",
    "FRAUDULENT USE OF DISABLED PLACARD",
    "SELLING VEHICLE WITHOUT DEALER LICENSE",
    "CURBSTONING",
    "CHOP SHOP",
    "FLEEING POLICE IN VEHICLE",
    "ASSAULT WITH MOTOR VEHICLE",
    "ROAD RAGE ASSAULT",
    "HIT AND RUN PROPERTY DAMAGE",
    "ANIMAL CRUELTY LEFT IN VEHICLE",
    "DOG LEFT IN HOT CAR",
    "OPEN CONTAINER IN PUBLIC",
    "PUBLIC INTOXICATION",
    "DISORDERLY CONDUCT",
    "TRESPASSING ON RAILROAD PROPERTY",
    "LOITERING NEAR HIGHWAY",
    "SOLICITATION OF PROSTITUTION",
    "RESISTING ARREST",
    "OBSTRUCTING AN OFFICER",
    "FAILURE TO APPEAR TRAFFIC",
    "CONTEMPT OF COURT",
    "VIOLATION OF PROBATION",
    "IDENTITY THEFT",
    "FRAUDULENT DRIVERS LICENSE",
    "POSSESSION OF FRAUDULENT DRIVERS LICENSE",
    "LENDING DRIVERS LICENSE TO ANOTHER",
    "USING ANOTHERS LICENSE",
    "MANUFACTURE FAKE ID",
    "SALE OF ALCOHOL TO MINOR",
    "FURNISHING ALCOHOL TO MINOR",
    "MINOR IN POSSESSION OF ALCOHOL",
    "HUNTING FROM VEHICLE",
    "SPOTLIGHTING DEER FROM VEHICLE",
    "SHINING DEER",
    "FISHING WITHOUT LICENSE",
    "BOATING WITHOUT LIFE JACKETS",
    "OPERATING VESSEL WITHOUT REGISTRATION",
    "AIRCRAFT OPERATION WITHOUT LICENSE",
    "TAXI OPERATING WITHOUT PERMIT",
    "TOW TRUCK OPERATING WITHOUT LICENSE",
    "RECKLESS ENDANGERMENT",
    "STALKING WITH VEHICLE",
    "KIDNAPPING VEHICLE",
    "CHILD PORNOGRAPHY",
    "CONSPIRACY TO COMMIT THEFT OF VEHICLES",
    "RECEIVING STOLEN PROPERTY AUTOMOBILE",
    "TRAFFICKING STOLEN VEHICLE PARTS",
    "INSURANCE FRAUD",
    "BAIL JUMPING",
    "ESCAPE FROM CUSTODY TRANSPORT VEHICLE",
    "CONTRABAND IN JAIL",
    "ARSON OF MOTOR VEHICLE",
    "DESTRUCTION OF TRAFFIC SIGNAL",
    "TAMPERING WITH TRAFFIC SIGNAL",
    "STEALING STREET SIGN",
    "THEFT OF GASOLINE DRIVE OFF",
];

#[test]
fn crimes_with_vehicle_words_are_never_minor() {
    let mut failures = Vec::new();
    for level in ["", "INFRACTION", "PETTY OFFENSE", "MISDEMEANOR", "FELONY"] {
        for charge in CRIMES_WITH_VEHICLE_WORDS {
            let reading = read_traffic(charge, None, None, &sev(level));
            if reading.kind == T::MinorTraffic {
                failures.push(format!("{charge:?} at {level:?}: {}", reading.evidence));
            }
        }
    }
    assert!(failures.is_empty(), "read minor:\n{}", failures.join("\n"));
}
