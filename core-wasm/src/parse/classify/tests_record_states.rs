//! DECISIONS §15: every record state the law table names, in the spellings court records use,
//! reads as that state with the case's state (DISPOSITIONS.md A4); none falls back to
//! "unrecognised". The rules that decide each state are tested in `rules/tests_record_states.rs`.

use super::classify_disposition;
use super::vocabulary::{CanonicalDisposition as C, DispositionClass as K};

/// (court state, disposition text, the record state it names).
const NAMED: &[(&str, &str, C)] = &[
    // AL Ala. Code 15-27-1: expunged.
    ("AL", "EXPUNGED", C::Expunged),
    ("AL", "ORDER OF EXPUNGEMENT GRANTED", C::Expunged),
    // AZ 13-911 sealed; 36-2862 marijuana expunged; 13-905 set aside.
    ("AZ", "RECORD SEALED PER ARS 13-911", C::Sealed),
    ("AZ", "EXPUNGED - PROP 207", C::Expunged),
    ("AZ", "JUDGMENT OF GUILT SET ASIDE", C::ConvictionSetAside),
    // AR 16-90-1401: sealed.
    ("AR", "SEALED", C::Sealed),
    // CA 1786.18 pardon; Lab. 432.7 dismissed under 1203.4, sealed, diversion.
    ("CA", "FULL PARDON GRANTED", C::Pardoned),
    (
        "CA",
        "CONV SET ASIDE & DISM PER 1203.4 PC",
        C::ConvictionSetAside,
    ),
    ("CA", "SEALED PER PC 1203.425", C::Sealed),
    ("CA", "DIVERSION", C::DeferredUnspecified),
    (
        "CA",
        "DIVERSION COMPLETED - DISMISSED",
        C::DeferredCompleted,
    ),
    // CO 24-72-701: sealed.
    ("CO", "SEALED", C::Sealed),
    // CT 54-142a: erased (Clean Slate erasure included).
    ("CT", "ERASED", C::Erased),
    ("CT", "NOLLE - ERASED PER 54-142A", C::Erased),
    ("CT", "RECORD ERASURE", C::Erased),
    ("CT", "CLEAN SLATE", C::Erased),
    // DE tit. 11, 4371: expunged.
    ("DE", "EXPUNGED", C::Expunged),
    ("DE", "CLEAN SLATE EXPUNGEMENT", C::Expunged),
    // FL 943.0585, 943.059: sealed, expunged; adjudication withheld.
    ("FL", "SEALED", C::Sealed),
    ("FL", "EXPUNGED", C::Expunged),
    ("FL", "ADJUDICATION WITHHELD", C::DeferredUnspecified),
    ("FL", "*Adj W/H", C::DeferredUnspecified),
    // GA 42-8-60 first offender; 35-3-37 record restriction.
    ("GA", "FIRST OFFENDER", C::DeferredUnspecified),
    ("GA", "FIRST OFFENDER DISCHARGE", C::FirstOffenderDischarge),
    (
        "GA",
        "FIRST OFFENDER - EXONERATED AND DISCHARGED",
        C::FirstOffenderDischarge,
    ),
    (
        "GA",
        "DISCHARGED WITHOUT ADJUDICATION OF GUILT",
        C::FirstOffenderDischarge,
    ),
    ("GA", "RECORD RESTRICTED", C::Restricted),
    ("GA", "RESTRICTED", C::Restricted),
    ("GA", "RESTRICTION GRANTED PER OCGA 35-3-37", C::Restricted),
    // ID 19-2604: withheld judgment.
    ("ID", "WITHHELD JUDGMENT", C::DeferredUnspecified),
    ("ID", "WITHHELD JUDGMENT - DISMISSED", C::DeferredCompleted),
    // IL 20 ILCS 2630/5.2: sealed, expunged, impounded; court supervision.
    ("IL", "SEALED", C::Sealed),
    ("IL", "EXPUNGED", C::Expunged),
    ("IL", "IMPOUNDED", C::Sealed),
    ("IL", "COURT SUPERVISION", C::DeferredUnspecified),
    // IN 24-4-18-6: expunged, restricted or removed from public access; 34-28-5-15 shielded.
    ("IN", "EXPUNGED", C::Expunged),
    ("IN", "RESTRICTED", C::Restricted),
    ("IN", "REMOVED FROM PUBLIC ACCESS", C::Restricted),
    ("IN", "INFRACTION JUDGMENT SHIELDED", C::Shielded),
    // MD 14-1203.1 expunged; Crim. Proc. 10-301 shielded; 6-220 PBJ.
    ("MD", "EXPUNGED", C::Expunged),
    ("MD", "SHIELDED", C::Shielded),
    ("MD", "RECORD SHIELDED - 10-301", C::Shielded),
    ("MD", "PBJ", C::DeferredUnspecified),
    ("MD", "PROBATION BEFORE JUDGMENT", C::DeferredUnspecified),
    // MA c. 276, 100A: sealed; continued without a finding.
    ("MA", "SEALED", C::Sealed),
    ("MA", "CWOF", C::DeferredUnspecified),
    (
        "MA",
        "CONTINUED WITHOUT A FINDING - DISMISSED",
        C::DeferredCompleted,
    ),
    // MI 780.621: set aside (Clean Slate included).
    ("MI", "SET ASIDE", C::ConvictionSetAside),
    (
        "MI",
        "CONVICTION SET ASIDE - CLEAN SLATE",
        C::ConvictionSetAside,
    ),
    ("MI", "CLEAN SLATE", C::ConvictionSetAside),
    // MN 332.70: sealed, expunged, pardoned; 609A.015 Clean Slate.
    ("MN", "SEALED", C::Sealed),
    ("MN", "EXPUNGED", C::Expunged),
    ("MN", "PARDONED", C::Pardoned),
    ("MN", "CLEAN SLATE", C::Expunged),
    // MS 99-19-71: expunged.
    ("MS", "EXPUNGED", C::Expunged),
    // MO 610.105 closed; 610.140 expunged; SIS.
    ("MO", "RECORD CLOSED", C::Closed),
    ("MO", "CLOSED PURSUANT TO RSMO 610.105", C::Closed),
    ("MO", "EXPUNGED", C::Expunged),
    ("MO", "SIS", C::DeferredUnspecified),
    ("MO", "SIS COMPLETED", C::DeferredCompleted),
    // NV 179.285: sealed.
    ("NV", "SEALED", C::Sealed),
    // NH 651:5: annulled.
    ("NH", "ANNULLED", C::Annulled),
    ("NH", "ANNULMENT GRANTED", C::Annulled),
    ("NH", "CONVICTION ANNULLED PER RSA 651:5", C::Annulled),
    // NJ 2C:52: expunged; conditional discharge, PTI.
    ("NJ", "EXPUNGED", C::Expunged),
    ("NJ", "CLEAN SLATE", C::Expunged),
    ("NJ", "CONDITIONAL DISCHARGE", C::DeferredUnspecified),
    ("NJ", "PTI", C::DeferredUnspecified),
    // NM 56-3-6 pardon; 29-3A expunged.
    ("NM", "PARDONED", C::Pardoned),
    ("NM", "EXPUNGED", C::Expunged),
    // NY CPL 160.50-160.59 sealed (Clean Slate included); 720.35 youthful offender.
    ("NY", "SEALED 160.50", C::Sealed),
    ("NY", "CONDITIONALLY SEALED", C::Sealed),
    ("NY", "CLEAN SLATE", C::Sealed),
    ("NY", "YOUTHFUL OFFENDER ADJUDICATION", C::YouthfulOffender),
    ("NY", "YOUTHFUL OFFENDER", C::YouthfulOffender),
    ("NY", "CONVICTION VACATED - YO FINDING", C::YouthfulOffender),
    (
        "NY",
        "PLED GUILTY - ADJUDICATED YOUTHFUL OFFENDER",
        C::YouthfulOffender,
    ),
    ("NY", "YO", C::YouthfulOffender),
    ("NY", "ACD", C::DeferredUnspecified),
    // NC 15A-145 ff.: expunged, expunction.
    ("NC", "EXPUNCTION", C::Expunged),
    ("NC", "EXPUNGED", C::Expunged),
    // OH 2953.32: sealed, expunged.
    ("OH", "SEALED", C::Sealed),
    ("OH", "EXPUNGED", C::Expunged),
    // OK tit. 22, 18: expunged (Clean Slate included).
    ("OK", "EXPUNGED", C::Expunged),
    ("OK", "CLEAN SLATE", C::Expunged),
    // OR 137.225: set aside.
    ("OR", "SET ASIDE", C::ConvictionSetAside),
    (
        "OR",
        "ARREST AND CONVICTION SET ASIDE ORS 137.225",
        C::ConvictionSetAside,
    ),
    // PA 9122.1 ff.: limited access (Clean Slate).
    ("PA", "LIMITED ACCESS", C::Restricted),
    ("PA", "CLEAN SLATE LIMITED ACCESS", C::Restricted),
    ("PA", "CLEAN SLATE", C::Restricted),
    ("PA", "ARD", C::DeferredUnspecified),
    ("PA", "ARD COMPLETED", C::DeferredCompleted),
    // SC, TN, UT, VT, WV, WY: expunged (VT sealed too).
    ("SC", "EXPUNGED", C::Expunged),
    ("TN", "EXPUNGED", C::Expunged),
    ("UT", "EXPUNGED", C::Expunged),
    ("UT", "CLEAN SLATE", C::Expunged),
    ("UT", "PLEA IN ABEYANCE", C::DeferredUnspecified),
    ("VT", "SEALED", C::Sealed),
    ("VT", "EXPUNGED", C::Expunged),
    ("WV", "EXPUNGED", C::Expunged),
    ("WY", "EXPUNGED", C::Expunged),
    // TX 552.1425, 411.0835: expunction, order of nondisclosure; 42A.111 deferred adjudication.
    ("TX", "EXPUNCTION", C::Expunged),
    ("TX", "ORDER OF NONDISCLOSURE", C::Nondisclosure),
    ("TX", "NON-DISCLOSURE GRANTED", C::Nondisclosure),
    (
        "TX",
        "PETITION FOR NONDISCLOSURE GRANTED 411.0725",
        C::Nondisclosure,
    ),
    ("TX", "DEFERRED ADJUDICATION", C::DeferredUnspecified),
    (
        "TX",
        "DEFERRED ADJUDICATION - DISCHARGED",
        C::DeferredCompleted,
    ),
    // VA 19.2-392.5 sealed (from July 1, 2026); 19.2-392.4 expunged.
    ("VA", "SEALED", C::Sealed),
    ("VA", "EXPUNGED", C::Expunged),
    ("VA", "CLEAN SLATE", C::Sealed),
    // DC 2-1652(2)(A): expunged, sealed, set aside.
    ("DC", "SEALED", C::Sealed),
    ("DC", "EXPUNGED", C::Expunged),
    ("DC", "SET ASIDE", C::ConvictionSetAside),
    // GU 6102(c): dismissal, expungement, sealing.
    ("GU", "EXPUNGED", C::Expunged),
    ("GU", "SEALED", C::Sealed),
    // PR Act 254: conviction eliminated from the certificate.
    ("PR", "ELIMINATED", C::Eliminated),
    (
        "PR",
        "CONVICTION ELIMINATED FROM CERTIFICATE",
        C::Eliminated,
    ),
    ("PR", "ELIMINACION DE RECORD", C::Eliminated),
];

#[test]
fn every_record_state_the_law_table_names_reads_as_that_state() {
    let mut wrong = Vec::new();
    for (state, text, want) in NAMED {
        let d = classify_disposition(Some(text), Some(state));
        if d.canonical != *want || !d.recognised {
            wrong.push(format!("{state} {text:?}: got {d:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A word that means one thing in one state and another elsewhere is read with the case's state
/// (A4): annulled is New Hampshire's annulment there and a set-aside elsewhere; erased is
/// Connecticut's erasure there and an expungement elsewhere; Clean Slate is each state's own
/// relief and nothing where no row names it; a closed record only in Missouri.
#[test]
fn a_states_own_word_is_read_with_the_case_state() {
    let read = |text: &str, state: &str| classify_disposition(Some(text), Some(state)).canonical;
    assert_eq!(read("ANNULLED", "NH"), C::Annulled);
    assert_eq!(read("ANNULLED", "MA"), C::ConvictionSetAside);
    assert_eq!(read("ERASED", "CT"), C::Erased);
    assert_eq!(read("ERASED", "NY"), C::Expunged);
    assert_eq!(read("CLEAN SLATE", "PA"), C::Restricted);
    assert_eq!(read("CLEAN SLATE", "NY"), C::Sealed);
    assert_eq!(read("CLEAN SLATE", "MI"), C::ConvictionSetAside);
    assert_eq!(read("CLEAN SLATE", "TX"), C::Unknown);
    assert_eq!(read("RECORD CLOSED", "MO"), C::Closed);
    assert_eq!(read("CLOSED", "MO"), C::Unknown);
    assert_eq!(read("RESTRICTED", "GA"), C::Restricted);
    assert_eq!(read("RESTRICTED", "OH"), C::Unknown);
    assert_eq!(read("RECORD RESTRICTED", "OH"), C::Restricted);
    assert_eq!(read("ELIMINATED", "PR"), C::Eliminated);
    assert_eq!(read("FIRST OFFENDER DISCHARGE", "TN"), C::DeferredCompleted);
    // A youthful offender adjudication is not a conviction anywhere (DECISIONS §15); outside New
    // York a youthful offender *sentence* after a guilty plea is a conviction.
    assert_eq!(
        read("YOUTHFUL OFFENDER ADJUDICATION", "AL"),
        C::YouthfulOffender
    );
    assert_eq!(
        read("PLED GUILTY - SENTENCED AS YOUTHFUL OFFENDER", "FL"),
        C::ConvictedGuiltyPlea
    );
    assert_eq!(
        classify_disposition(Some("YOUTHFUL OFFENDER"), Some("NY")).class,
        K::NonConviction
    );
    // Relief refused changes nothing.
    for text in [
        "ANNULMENT DENIED",
        "MOTION TO SHIELD DENIED",
        "NONDISCLOSURE DENIED",
    ] {
        let d = classify_disposition(Some(text), Some("NH"));
        assert_eq!(d.class, K::Unknown, "{text}: {d:?}");
    }
}

/// Negations and words of completion read right (DECISIONS §13): a grand jury's refusal to
/// indict is not the indictment it negates; a compliance dismissal, a defendant discharged by
/// the court, a count removed from the charging instrument end the case without a conviction.
#[test]
fn negations_and_words_of_completion() {
    let cases: &[(&str, Option<&str>, C)] = &[
        ("NOT TRUE BILL", Some("TX"), C::NotFiled),
        ("NO TRUE BILL", Some("GA"), C::NotFiled),
        ("NO BILL", None, C::NotFiled),
        ("GRAND JURY - NOT A TRUE BILL", None, C::NotFiled),
        ("TRUE BILL", None, C::Pending),
        ("NO PAPERED", Some("DC"), C::NotFiled),
        ("NO CHARGES FILED", None, C::NotFiled),
        ("COMPLIED WITH LAW", Some("TX"), C::Dismissed),
        ("DISMISSED - COMPLIED WITH LAW", Some("TX"), C::Dismissed),
        ("DEFENDANT DISCHARGED", Some("PA"), C::Dismissed),
        (
            "DISCHARGED AT PRELIMINARY HEARING",
            Some("PA"),
            C::Dismissed,
        ),
        (
            "REMOVED FROM CHARGING INSTRUMENT",
            None,
            C::DismissedByProsecutor,
        ),
        ("REMOVED FROM INDICTMENT", None, C::DismissedByProsecutor),
        ("NOT PROSECUTED", None, C::DismissedByProsecutor),
        ("NONSUIT", Some("GA"), C::Dismissed),
        (
            "DEFERRED ADJUDICATION - DISCHARGED",
            Some("TX"),
            C::DeferredCompleted,
        ),
        ("PBJ - DISCHARGED", Some("MD"), C::DeferredCompleted),
        ("DIVERSION NOT COMPLETED", None, C::DeferredActive),
    ];
    let mut wrong = Vec::new();
    for (text, state, want) in cases {
        let d = classify_disposition(Some(text), *state);
        if d.canonical != *want {
            wrong.push(format!("{text:?} ({state:?}): got {d:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // A motion to dismiss that was denied, and a discharge from probation, state no outcome.
    for text in ["MOTION TO DISMISS DENIED", "DISCHARGED FROM PROBATION"] {
        let d = classify_disposition(Some(text), None);
        assert_eq!(d.class, K::Unknown, "{text}: {d:?}");
    }
}
