//! docs/decisions.md §15: every record state the law table names, in the spellings court records use,
//! reads as that state with the case's state (docs/charges.md A4); none falls back to
//! "unrecognised". The rules that decide each state are tested in `rules/tests_record_states.rs`.

use super::disposition::{Row, check};
use crate::classify::classify_disposition;
use crate::classify::vocabulary::{CanonicalDisposition as C, DispositionClass as K};

/// (disposition text, court state, the record state it names).
const NAMED: &[Row] = &[
    // AL Ala. Code 15-27-1: expunged.
    ("EXPUNGED", Some("AL"), C::Expunged),
    ("ORDER OF EXPUNGEMENT GRANTED", Some("AL"), C::Expunged),
    // AZ 13-911 sealed; 36-2862 marijuana expunged; 13-905 set aside.
    ("RECORD SEALED PER ARS 13-911", Some("AZ"), C::Sealed),
    ("EXPUNGED - PROP 207", Some("AZ"), C::Expunged),
    (
        "JUDGMENT OF GUILT SET ASIDE",
        Some("AZ"),
        C::ConvictionSetAside,
    ),
    // AR 16-90-1401: sealed.
    ("SEALED", Some("AR"), C::Sealed),
    // CA 1786.18 pardon; Lab. 432.7 dismissed under 1203.4, sealed, diversion.
    ("FULL PARDON GRANTED", Some("CA"), C::Pardoned),
    (
        "CONV SET ASIDE & DISM PER 1203.4 PC",
        Some("CA"),
        C::ConvictionSetAside,
    ),
    ("SEALED PER PC 1203.425", Some("CA"), C::Sealed),
    ("DIVERSION", Some("CA"), C::DeferredUnspecified),
    (
        "DIVERSION COMPLETED - DISMISSED",
        Some("CA"),
        C::DeferredCompleted,
    ),
    // CO 24-72-701: sealed.
    ("SEALED", Some("CO"), C::Sealed),
    // CT 54-142a: erased (Clean Slate erasure included).
    ("ERASED", Some("CT"), C::Erased),
    ("NOLLE - ERASED PER 54-142A", Some("CT"), C::Erased),
    ("RECORD ERASURE", Some("CT"), C::Erased),
    ("CLEAN SLATE", Some("CT"), C::Erased),
    // DE tit. 11, 4371: expunged.
    ("EXPUNGED", Some("DE"), C::Expunged),
    ("CLEAN SLATE EXPUNGEMENT", Some("DE"), C::Expunged),
    // FL 943.0585, 943.059: sealed, expunged; adjudication withheld.
    ("SEALED", Some("FL"), C::Sealed),
    ("EXPUNGED", Some("FL"), C::Expunged),
    ("ADJUDICATION WITHHELD", Some("FL"), C::DeferredUnspecified),
    ("*Adj W/H", Some("FL"), C::DeferredUnspecified),
    // GA 42-8-60 first offender; 35-3-37 record restriction.
    ("FIRST OFFENDER", Some("GA"), C::DeferredUnspecified),
    (
        "FIRST OFFENDER DISCHARGE",
        Some("GA"),
        C::FirstOffenderDischarge,
    ),
    (
        "FIRST OFFENDER - EXONERATED AND DISCHARGED",
        Some("GA"),
        C::FirstOffenderDischarge,
    ),
    (
        "DISCHARGED WITHOUT ADJUDICATION OF GUILT",
        Some("GA"),
        C::FirstOffenderDischarge,
    ),
    ("RECORD RESTRICTED", Some("GA"), C::Restricted),
    ("RESTRICTED", Some("GA"), C::Restricted),
    (
        "RESTRICTION GRANTED PER OCGA 35-3-37",
        Some("GA"),
        C::Restricted,
    ),
    // ID 19-2604: withheld judgment.
    ("WITHHELD JUDGMENT", Some("ID"), C::DeferredUnspecified),
    (
        "WITHHELD JUDGMENT - DISMISSED",
        Some("ID"),
        C::DeferredCompleted,
    ),
    // IL 20 ILCS 2630/5.2: sealed, expunged, impounded; court supervision.
    ("SEALED", Some("IL"), C::Sealed),
    ("EXPUNGED", Some("IL"), C::Expunged),
    ("IMPOUNDED", Some("IL"), C::Sealed),
    ("COURT SUPERVISION", Some("IL"), C::DeferredUnspecified),
    // IN 24-4-18-6: expunged, restricted or removed from public access; 34-28-5-15 shielded.
    ("EXPUNGED", Some("IN"), C::Expunged),
    ("RESTRICTED", Some("IN"), C::Restricted),
    ("REMOVED FROM PUBLIC ACCESS", Some("IN"), C::Restricted),
    ("INFRACTION JUDGMENT SHIELDED", Some("IN"), C::Shielded),
    // MD 14-1203.1 expunged; Crim. Proc. 10-301 shielded; 6-220 PBJ.
    ("EXPUNGED", Some("MD"), C::Expunged),
    ("SHIELDED", Some("MD"), C::Shielded),
    ("RECORD SHIELDED - 10-301", Some("MD"), C::Shielded),
    ("PBJ", Some("MD"), C::DeferredUnspecified),
    (
        "PROBATION BEFORE JUDGMENT",
        Some("MD"),
        C::DeferredUnspecified,
    ),
    // MA c. 276, 100A: sealed; continued without a finding.
    ("SEALED", Some("MA"), C::Sealed),
    ("CWOF", Some("MA"), C::DeferredUnspecified),
    (
        "CONTINUED WITHOUT A FINDING - DISMISSED",
        Some("MA"),
        C::DeferredCompleted,
    ),
    // MI 780.621: set aside (Clean Slate included).
    ("SET ASIDE", Some("MI"), C::ConvictionSetAside),
    (
        "CONVICTION SET ASIDE - CLEAN SLATE",
        Some("MI"),
        C::ConvictionSetAside,
    ),
    ("CLEAN SLATE", Some("MI"), C::ConvictionSetAside),
    // MN 332.70: sealed, expunged, pardoned; 609A.015 Clean Slate.
    ("SEALED", Some("MN"), C::Sealed),
    ("EXPUNGED", Some("MN"), C::Expunged),
    ("PARDONED", Some("MN"), C::Pardoned),
    ("CLEAN SLATE", Some("MN"), C::Expunged),
    // MS 99-19-71: expunged.
    ("EXPUNGED", Some("MS"), C::Expunged),
    // MO 610.105 closed; 610.140 expunged; SIS.
    ("RECORD CLOSED", Some("MO"), C::Closed),
    ("CLOSED PURSUANT TO RSMO 610.105", Some("MO"), C::Closed),
    ("EXPUNGED", Some("MO"), C::Expunged),
    ("SIS", Some("MO"), C::DeferredUnspecified),
    ("SIS COMPLETED", Some("MO"), C::DeferredCompleted),
    // NV 179.285: sealed.
    ("SEALED", Some("NV"), C::Sealed),
    // NH 651:5: annulled.
    ("ANNULLED", Some("NH"), C::Annulled),
    ("ANNULMENT GRANTED", Some("NH"), C::Annulled),
    ("CONVICTION ANNULLED PER RSA 651:5", Some("NH"), C::Annulled),
    // NJ 2C:52: expunged; conditional discharge, PTI.
    ("EXPUNGED", Some("NJ"), C::Expunged),
    ("CLEAN SLATE", Some("NJ"), C::Expunged),
    ("CONDITIONAL DISCHARGE", Some("NJ"), C::DeferredUnspecified),
    ("PTI", Some("NJ"), C::DeferredUnspecified),
    // NM 56-3-6 pardon; 29-3A expunged.
    ("PARDONED", Some("NM"), C::Pardoned),
    ("EXPUNGED", Some("NM"), C::Expunged),
    // NY CPL 160.50-160.59 sealed (Clean Slate included); 720.35 youthful offender.
    ("SEALED 160.50", Some("NY"), C::Sealed),
    ("CONDITIONALLY SEALED", Some("NY"), C::Sealed),
    ("CLEAN SLATE", Some("NY"), C::Sealed),
    (
        "YOUTHFUL OFFENDER ADJUDICATION",
        Some("NY"),
        C::YouthfulOffender,
    ),
    ("YOUTHFUL OFFENDER", Some("NY"), C::YouthfulOffender),
    (
        "CONVICTION VACATED - YO FINDING",
        Some("NY"),
        C::YouthfulOffender,
    ),
    (
        "PLED GUILTY - ADJUDICATED YOUTHFUL OFFENDER",
        Some("NY"),
        C::YouthfulOffender,
    ),
    ("YO", Some("NY"), C::YouthfulOffender),
    ("ACD", Some("NY"), C::DeferredUnspecified),
    // NC 15A-145 ff.: expunged, expunction.
    ("EXPUNCTION", Some("NC"), C::Expunged),
    ("EXPUNGED", Some("NC"), C::Expunged),
    // OH 2953.32: sealed, expunged.
    ("SEALED", Some("OH"), C::Sealed),
    ("EXPUNGED", Some("OH"), C::Expunged),
    // OK tit. 22, 18: expunged (Clean Slate included).
    ("EXPUNGED", Some("OK"), C::Expunged),
    ("CLEAN SLATE", Some("OK"), C::Expunged),
    // OR 137.225: set aside.
    ("SET ASIDE", Some("OR"), C::ConvictionSetAside),
    (
        "ARREST AND CONVICTION SET ASIDE ORS 137.225",
        Some("OR"),
        C::ConvictionSetAside,
    ),
    // PA 9122.1 ff.: limited access (Clean Slate).
    ("LIMITED ACCESS", Some("PA"), C::Restricted),
    ("CLEAN SLATE LIMITED ACCESS", Some("PA"), C::Restricted),
    ("CLEAN SLATE", Some("PA"), C::Restricted),
    ("ARD", Some("PA"), C::DeferredUnspecified),
    ("ARD COMPLETED", Some("PA"), C::DeferredCompleted),
    // SC, TN, UT, VT, WV, WY: expunged (VT sealed too).
    ("EXPUNGED", Some("SC"), C::Expunged),
    ("EXPUNGED", Some("TN"), C::Expunged),
    ("EXPUNGED", Some("UT"), C::Expunged),
    ("CLEAN SLATE", Some("UT"), C::Expunged),
    ("PLEA IN ABEYANCE", Some("UT"), C::DeferredUnspecified),
    ("SEALED", Some("VT"), C::Sealed),
    ("EXPUNGED", Some("VT"), C::Expunged),
    ("EXPUNGED", Some("WV"), C::Expunged),
    ("EXPUNGED", Some("WY"), C::Expunged),
    // TX 552.1425, 411.0835: expunction, order of nondisclosure; 42A.111 deferred adjudication.
    ("EXPUNCTION", Some("TX"), C::Expunged),
    ("ORDER OF NONDISCLOSURE", Some("TX"), C::Nondisclosure),
    ("NON-DISCLOSURE GRANTED", Some("TX"), C::Nondisclosure),
    (
        "PETITION FOR NONDISCLOSURE GRANTED 411.0725",
        Some("TX"),
        C::Nondisclosure,
    ),
    ("DEFERRED ADJUDICATION", Some("TX"), C::DeferredUnspecified),
    (
        "DEFERRED ADJUDICATION - DISCHARGED",
        Some("TX"),
        C::DeferredCompleted,
    ),
    // VA 19.2-392.5 sealed (from July 1, 2026); 19.2-392.4 expunged.
    ("SEALED", Some("VA"), C::Sealed),
    ("EXPUNGED", Some("VA"), C::Expunged),
    ("CLEAN SLATE", Some("VA"), C::Sealed),
    // DC 2-1652(2)(A): expunged, sealed, set aside.
    ("SEALED", Some("DC"), C::Sealed),
    ("EXPUNGED", Some("DC"), C::Expunged),
    ("SET ASIDE", Some("DC"), C::ConvictionSetAside),
    // GU 6102(c): dismissal, expungement, sealing.
    ("EXPUNGED", Some("GU"), C::Expunged),
    ("SEALED", Some("GU"), C::Sealed),
    // PR Act 254: conviction eliminated from the certificate.
    ("ELIMINATED", Some("PR"), C::Eliminated),
    (
        "CONVICTION ELIMINATED FROM CERTIFICATE",
        Some("PR"),
        C::Eliminated,
    ),
    ("ELIMINACION DE RECORD", Some("PR"), C::Eliminated),
];

#[test]
fn every_record_state_the_law_table_names_reads_as_that_state() {
    check(NAMED);
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
    // A youthful offender adjudication is not a conviction anywhere (docs/decisions.md §15); outside New
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

/// Negations and words of completion read right (docs/decisions.md §13): a grand jury's refusal to
/// indict is not the indictment it negates; a compliance dismissal, a defendant discharged by
/// the court, a count removed from the charging instrument end the case without a conviction.
#[test]
fn negations_and_words_of_completion() {
    check(&[
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
    ]);
    // A motion to dismiss that was denied, and a discharge from probation, state no outcome.
    for text in ["MOTION TO DISMISS DENIED", "DISCHARGED FROM PROBATION"] {
        let d = classify_disposition(Some(text), None);
        assert_eq!(d.class, K::Unknown, "{text}: {d:?}");
    }
}
