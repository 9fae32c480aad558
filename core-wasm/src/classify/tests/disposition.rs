//! Every spelling of docs/charges.md A3 and A4, the A2 ordering traps, and sequences.

use crate::classify::CanonicalDisposition as C;
use crate::classify::DispositionClass as K;
use crate::classify::*;

/// (raw, jurisdiction_state, expected canonical). Recognised is expected unless canonical is
/// `Unknown` (then see the dedicated tables below).
pub(super) type Row = (&'static str, Option<&'static str>, C);

pub(super) fn check(rows: &[Row]) {
    let mut failures = Vec::new();
    for (raw, state, want) in rows {
        let d = classify_disposition(Some(raw), *state);
        if d.canonical != *want || d.class != want.defaults().0 || !d.recognised || d.missing {
            failures.push(format!("{raw:?} ({state:?}): got {d:?}, want {want:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// (raw, state, expected `recognised`) for values that must come out `UNKNOWN`.
fn check_unknown(rows: &[(&str, Option<&str>, bool)]) {
    let mut failures = Vec::new();
    for (raw, state, recognised) in rows {
        let d = classify_disposition(Some(raw), *state);
        if d.canonical != C::Unknown
            || d.class != K::Unknown
            || d.recognised != *recognised
            || d.missing
        {
            failures.push(format!(
                "{raw:?} ({state:?}): got {d:?}, want UNKNOWN recognised={recognised}"
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
fn a3_convictions() {
    check(&[
        ("GUILTY PLEA", None, C::ConvictedGuiltyPlea),
        ("PLEA OF GUILTY", None, C::ConvictedGuiltyPlea),
        ("PLED GUILTY", None, C::ConvictedGuiltyPlea),
        ("PLEAD GUILTY", None, C::ConvictedGuiltyPlea),
        ("JUDGMENT ON PLEA OF GUILTY", None, C::ConvictedGuiltyPlea),
        ("PG", None, C::ConvictedGuiltyPlea),
        ("GP", None, C::ConvictedGuiltyPlea),
        ("NOLO CONTENDERE", None, C::ConvictedNolo),
        ("NOLO", None, C::ConvictedNolo),
        ("NO CONTEST", None, C::ConvictedNolo),
        ("PLEA NC", None, C::ConvictedNolo),
        ("GUILTY", None, C::ConvictedAtTrial),
        ("FOUND GUILTY", None, C::ConvictedAtTrial),
        ("FINDING - GUILTY", None, C::ConvictedAtTrial),
        ("GUILTY VERDICT", None, C::ConvictedAtTrial),
        ("JURY TRIAL - GUILTY", Some("NC"), C::ConvictedAtTrial),
        ("GC", None, C::ConvictedAtTrial),
        ("GJ", None, C::ConvictedAtTrial),
        ("GUILTY TO LESSER", None, C::ConvictedLesser),
        ("GTL", None, C::ConvictedLesser),
        ("PLED DOWN", None, C::ConvictedLesser),
        ("REDUCED", None, C::ConvictedLesser),
        ("REDUCED TO DISORDERLY CONDUCT", None, C::ConvictedLesser),
        ("AMENDED - GUILTY", None, C::ConvictedLesser),
        ("CONVICTED", None, C::Convicted),
        ("CONVICTION", None, C::Convicted),
        ("CONV", None, C::Convicted),
        ("GUILTY BUT MENTALLY ILL", None, C::Convicted),
        ("GUILTY PEND SENTENCING", None, C::Convicted),
        ("SENTENCED", None, C::Convicted),
        ("FINAL SENTENCED", None, C::Convicted),
        ("CONVICTED: 484 PC-PETTY THEFT", None, C::Convicted),
        ("GI", None, C::Convicted),
        ("G", Some("WA"), C::Convicted),
        ("GV", Some("WA"), C::Convicted),
    ]);
}

#[test]
fn a3_set_aside_pardon_sealed() {
    check(&[
        (
            "CONV SET ASIDE & DISM PER 1203.4 PC",
            Some("CA"),
            C::ConvictionSetAside,
        ),
        ("VACATED", None, C::ConvictionSetAside),
        ("EXONERATED", None, C::ConvictionSetAside),
        ("CONVICTION REVERSED", None, C::ConvictionSetAside),
        ("PARDONED", None, C::Pardoned),
        ("SEALED", None, C::Sealed),
        ("EXPUNGED", None, C::Expunged),
        ("EXPUNCTION", None, C::Expunged),
        ("ORDER OF EXPUNGEMENT", None, C::Expunged),
    ]);
    for raw in ["PARDONED", "SEALED", "EXPUNGED", "VACATED"] {
        assert!(
            classify_disposition(Some(raw), None).suppress_candidate,
            "{raw}"
        );
    }
    assert!(!classify_disposition(Some("SEALED"), None).jurisdiction_sensitive);
    assert!(classify_disposition(Some("VACATED"), None).jurisdiction_sensitive);
}

#[test]
fn a3_dismissals_and_not_filed() {
    check(&[
        ("DISMISSED", None, C::Dismissed),
        ("DISMISSAL", None, C::Dismissed),
        ("DISMISS", None, C::Dismissed),
        ("DISM", None, C::Dismissed),
        ("DSM", None, C::Dismissed),
        ("CHARGE(S) DISMISSED", None, C::Dismissed),
        ("CHARGES DISMISSED", None, C::Dismissed),
        ("CASE DISMISSED", None, C::Dismissed),
        ("DISMISSED BY COURT", None, C::Dismissed),
        ("DC", Some("NC"), C::Dismissed),
        ("DISMISSED WITH PREJUDICE", None, C::Dismissed),
        ("DISMISSED WITHOUT PREJUDICE", None, C::Dismissed),
        ("DISMISSED-MOTION BY PROSECUTOR", None, C::Dismissed),
        ("WITHDRAWN", Some("PA"), C::Dismissed),
        ("ND", None, C::Dismissed),
        ("D", Some("WA"), C::Dismissed),
        ("NOLLE PROSEQUI", None, C::DismissedByProsecutor),
        ("NOLLE PROS", None, C::DismissedByProsecutor),
        ("NOLLE PROSE", None, C::DismissedByProsecutor),
        ("NOL PROS", None, C::DismissedByProsecutor),
        ("NOLPROSSED", None, C::DismissedByProsecutor),
        ("NOLLED PROSSED", None, C::DismissedByProsecutor),
        ("NOELLEPR", None, C::DismissedByProsecutor),
        (
            "DISMISSAL WITHOUT LEAVE BY DA",
            Some("NC"),
            C::DismissedByProsecutor,
        ),
        ("VD", Some("NC"), C::DismissedByProsecutor),
        (
            "DISMISSED BY DA - SPEEDY TRIAL",
            Some("NC"),
            C::DismissedByProsecutor,
        ),
        ("ST", Some("NC"), C::DismissedByProsecutor),
        ("CHARGES DROPPED", None, C::DismissedByProsecutor),
        ("DROPPED", None, C::DismissedByProsecutor),
        (
            "DISMISSAL WITH LEAVE BY DA",
            Some("NC"),
            C::DismissedWithLeave,
        ),
        ("VL", Some("NC"), C::DismissedWithLeave),
        ("NO PAPER", None, C::NotFiled),
        ("NOT FILED", None, C::NotFiled),
        ("CHARGES NOT FILED", None, C::NotFiled),
        ("CHARGE NOT FILED BY PROSECUTOR", None, C::NotFiled),
        ("DECLINED TO PROSECUTE", None, C::NotFiled),
        ("PROS REJ", Some("CA"), C::NotFiled),
        ("PROS REJ-OTHER", Some("CA"), C::NotFiled),
        ("NO COMPLAINT", Some("OR"), C::NotFiled),
        ("NO TRUE BILL", None, C::NotFiled),
        ("NB", Some("NC"), C::NotFiled),
        ("NO BILL", None, C::NotFiled),
        ("NO PROBABLE CAUSE", None, C::NotFiled),
        ("NPC", Some("NC"), C::NotFiled),
        ("NO GRAND JURY ACTION TAKEN", None, C::NotFiled),
    ]);
    assert!(classify_disposition(Some("VL"), Some("NC")).jurisdiction_sensitive);
}

#[test]
fn a3_acquittals() {
    check(&[
        ("NOT GUILTY", None, C::Acquitted),
        ("NG", None, C::Acquitted),
        ("NG NOT GUILTY", None, C::Acquitted),
        ("ACQUITTED", None, C::Acquitted),
        ("ACQUITTAL", None, C::Acquitted),
        ("ACQ", None, C::Acquitted),
        ("FOUND NOT GUILTY AT TRIAL", None, C::Acquitted),
        ("FINDING - NOT GUILTY", None, C::Acquitted),
        ("NG", Some("WA"), C::Acquitted),
        ("NGRI", None, C::AcquittedInsanity),
        (
            "ACQUITTAL BY REASON OF INSANITY",
            None,
            C::AcquittedInsanity,
        ),
        (
            "ACQUITTAL BY REASON OF MENTAL INCOMPETENCE",
            None,
            C::AcquittedInsanity,
        ),
        (
            "NOT GUILTY BY REASON OF INSANITY",
            None,
            C::AcquittedInsanity,
        ),
    ]);
}

#[test]
fn a3_deferrals() {
    check(&[
        ("DEFERRED ADJUDICATION", None, C::DeferredUnspecified),
        ("DEF ADJ", None, C::DeferredUnspecified),
        ("DEFERRED PROSECUTION", None, C::DeferredUnspecified),
        ("PRETRIAL DIVERSION", None, C::DeferredUnspecified),
        ("DIVERTED", None, C::DeferredUnspecified),
        ("ARD", Some("PA"), C::DeferredUnspecified),
        ("PTI", Some("NJ"), C::DeferredUnspecified),
        ("PBJ", Some("MD"), C::DeferredUnspecified),
        (
            "PROBATION BEFORE JUDGMENT",
            Some("MD"),
            C::DeferredUnspecified,
        ),
        ("CWOF", Some("MA"), C::DeferredUnspecified),
        (
            "CONTINUED WITHOUT A FINDING",
            Some("MA"),
            C::DeferredUnspecified,
        ),
        ("SIS", Some("MO"), C::DeferredUnspecified),
        (
            "SUSPENDED IMPOSITION OF SENTENCE",
            Some("MO"),
            C::DeferredUnspecified,
        ),
        ("ADJUDICATION WITHHELD", Some("FL"), C::DeferredUnspecified),
        ("ADJ WITHHELD", Some("FL"), C::DeferredUnspecified),
        ("WITHHOLD", Some("FL"), C::DeferredUnspecified),
        ("ACD", Some("NY"), C::DeferredUnspecified),
        (
            "ADJOURNMENT IN CONTEMPLATION OF DISMISSAL",
            Some("NY"),
            C::DeferredUnspecified,
        ),
        ("PROBATION BEFORE CONVICTION", None, C::DeferredUnspecified),
        ("DEFERRED DISPOSITION", None, C::DeferredUnspecified),
        (
            "CASE CONTINUED WITHOUT FINDING",
            Some("MA"),
            C::DeferredUnspecified,
        ),
        ("DU", None, C::DeferredUnspecified),
        ("DEFERRED PROSECUTION DISMISSAL", None, C::DeferredCompleted),
        ("DPD", Some("NC"), C::DeferredCompleted),
        (
            "DEFERRED PROCEEDING - DISMISSAL",
            None,
            C::DeferredCompleted,
        ),
        ("DISCHARGE AND DISMISSAL", Some("NC"), C::DeferredCompleted),
        ("DD", Some("NC"), C::DeferredCompleted),
        ("CONDITIONAL DISCHARGE", Some("NC"), C::DeferredCompleted),
        ("DEFERRAL DISMISSAL", Some("VA"), C::DeferredCompleted),
        ("ARD COMPLETED", Some("PA"), C::DeferredCompleted),
        ("DEFERRED", None, C::DeferredUnspecified),
        ("DEFERRED ADJ", None, C::DeferredUnspecified),
        ("WITHHELD", Some("FL"), C::DeferredUnspecified),
        ("DIVERSION", None, C::DeferredUnspecified),
        ("ADJUDICATION WITHHELD", Some("GA"), C::DeferredUnspecified),
        ("PBJ REVOKED", Some("MD"), C::DeferralRevoked),
        (
            "SUSPENDED IMPOSITION REVOCATION TO JAIL",
            Some("MO"),
            C::DeferralRevoked,
        ),
        ("DEFERRED PROSECUTION REVOKED", None, C::DeferralRevoked),
        ("GR", Some("WA"), C::DeferralRevoked),
    ]);
    // docs/decisions.md §15: a bare deferral name does not say whether it is running or completed
    // (above); the record says it is running, and it is still PENDING.
    check(&[
        (
            "DEFERRED ADJUDICATION - ACTIVE",
            Some("TX"),
            C::DeferredActive,
        ),
        ("PBJ PENDING", Some("MD"), C::DeferredActive),
        ("PRETRIAL DIVERSION IN PROGRESS", None, C::DeferredActive),
        ("ACD - PENDING", Some("NY"), C::DeferredActive),
        (
            "ADJUDICATION WITHHELD - ACTIVE PROBATION",
            Some("FL"),
            C::DeferredActive,
        ),
        ("DIVERSION NOT COMPLETED", None, C::DeferredActive),
        ("PTI NOT YET COMPLETED", Some("NJ"), C::DeferredActive),
        ("ADJ W/H - COMPLETED", Some("FL"), C::DeferredCompleted),
        (
            "CONDITIONAL DISCHARGE - DISMISSED",
            Some("NJ"),
            C::DeferredCompleted,
        ),
        ("DIVERSION - COMPLIED", None, C::DeferredCompleted),
    ]);
    // A3: deferral classes are jurisdiction sensitive; an active one is still PENDING.
    let active = classify_disposition(Some("DEFERRED ADJUDICATION - ACTIVE"), None);
    assert_eq!(
        (active.class, active.jurisdiction_sensitive),
        (K::Pending, true)
    );
    let done = classify_disposition(Some("ARD COMPLETED"), None);
    assert_eq!(
        (done.class, done.jurisdiction_sensitive),
        (K::NonConviction, true)
    );
    assert_eq!(
        classify_disposition(Some("PBJ REVOKED"), None).class,
        K::Conviction
    );
}

#[test]
fn a3_pending_transferred_superseded_mistrial() {
    check(&[
        ("PENDING", None, C::Pending),
        ("OPEN", None, C::Pending),
        ("ACTIVE", None, C::Pending),
        ("OPEN CASE PENDING", None, C::Pending),
        ("AWAITING TRIAL", None, C::Pending),
        ("PRE TRIAL", None, C::Pending),
        ("PRETRIAL", None, C::Pending),
        ("FILED PENDING TRIAL", None, C::Pending),
        ("INDICTED", None, C::Pending),
        ("TRUE BILL OF INDICTMENT", None, C::Pending),
        ("HELD TO GRAND JURY", None, C::Pending),
        ("ARRAIGNED", None, C::Pending),
        ("CONTINUED", None, C::Pending),
        ("WARRANT", None, C::Pending),
        ("WARRANT ISSUED", None, C::Pending),
        ("BENCH WARRANT", None, C::Pending),
        ("FTA", None, C::Pending),
        ("SUMMONS", None, C::Pending),
        ("PT", None, C::Pending),
        ("PU", None, C::Pending),
        ("P", Some("WA"), C::Pending),
        ("CHANGE OF VENUE", None, C::Transferred),
        ("CV", Some("NC"), C::Transferred),
        ("CV", Some("WA"), C::Transferred),
        ("TRANSFERRED", None, C::Transferred),
        ("TRANSFERRED TO DISTRICT COURT", Some("NC"), C::Transferred),
        ("TD", Some("NC"), C::Transferred),
        ("RM", Some("NC"), C::Transferred),
        ("REMANDED", None, C::Transferred),
        ("BOUND OVER", None, C::Transferred),
        ("BOUND OVER TO GRAND JURY", None, C::Transferred),
        ("HELD FOR COURT", Some("PA"), C::Transferred),
        (
            "SUPERSEDING INDICTMENT OR PROCESS",
            Some("NC"),
            C::Superseded,
        ),
        ("SI", Some("NC"), C::Superseded),
        ("AMENDED", None, C::Superseded),
        ("RECHARGED", None, C::Superseded),
        ("DISMISSAL-REDUCTION", None, C::Superseded),
        ("MISTRIAL", None, C::Mistrial),
        ("MISTRIAL-DEFENDANT DISCHARGED", None, C::Dismissed),
    ]);
    assert_eq!(
        classify_disposition(Some("TRANSFERRED"), None).class,
        K::Pending
    );
    assert_eq!(
        classify_disposition(Some("MISTRIAL"), None).class,
        K::Pending
    );
    assert_eq!(
        classify_disposition(Some("AMENDED"), None).class,
        K::Unknown
    );
}

#[test]
fn a3_unknown_values_are_recognised_no_information() {
    check_unknown(&[
        ("NO INFO", None, true),
        ("NO DISPOSITION", None, true),
        ("DISPOSITION NOT AVAILABLE", None, true),
        ("UNKNOWN", None, true),
        ("UNSPECIFIED", None, true),
        ("OTHER", None, true),
        ("OTHER SEE NOTES", None, true),
        ("SPECIFY AT NOTES", None, true),
        ("ENTERED IN ERROR", None, true),
        ("N/A", None, true),
        ("N A", None, true),
        ("UU", None, true),
        ("UNAVAILABLE", None, true),
        ("REDACTED", None, true),
        ("NONE", None, true),
    ]);
}

#[test]
fn a4_ambiguous_tokens_need_the_source_table() {
    check_unknown(&[
        ("NA", None, false),
        ("NC", None, false),
        ("NC", Some("NC"), false),
        ("NP", None, false),
        ("DC", None, false),
        ("DC", Some("DC"), false),
        ("D", None, false),
        ("G", None, false),
        ("GU", None, false),
        ("DISPOSED", None, false),
        ("CASE DISPOSED", None, false),
        ("CLOSED", None, false),
        ("RESOLVED", None, false),
        ("ADJUDICATED", None, false),
        ("WITHHELD", None, false),
        ("WITHHELD", Some("GA"), false),
        ("PAID", None, false),
        ("FINE PAID", None, false),
        ("BOND FORFEITURE", None, false),
        ("SATISFIED", None, false),
        ("COMMITTED - PAID", Some("OR"), false),
    ]);
    // With the source's table the same tokens mean something (A2 step 2).
    check(&[
        ("DC", Some("NC"), C::Dismissed),
        ("D", Some("WA"), C::Dismissed),
        ("G", Some("WA"), C::Convicted),
        ("WITHHELD", Some("FL"), C::DeferredUnspecified),
    ]);
    // NC `GU` is a disposition method, not a verdict: understood, no outcome.
    check_unknown(&[("GU", Some("NC"), true), ("JR", Some("NC"), true)]);
    // A4 PJC: a conviction for some purposes only.
    for raw in ["PJC", "PRAYER FOR JUDGMENT CONTINUED"] {
        let d = classify_disposition(Some(raw), Some("NC"));
        assert_eq!(
            (d.canonical, d.jurisdiction_sensitive),
            (C::Convicted, true),
            "{raw}"
        );
    }
}

#[test]
fn a2_ordering_traps() {
    check(&[
        // NOT GUILTY before GUILTY.
        ("NOT GUILTY", None, C::Acquitted),
        ("JURY TRIAL - NOT GUILTY", None, C::Acquitted),
        // A not-guilty plea followed by a verdict is the verdict.
        (
            "PLEA OF NOT GUILTY - FOUND GUILTY",
            None,
            C::ConvictedAtTrial,
        ),
        ("PLEA OF NOT GUILTY, FOUND NOT GUILTY", None, C::Acquitted),
        ("PLEA OF NOT GUILTY - AWAITING TRIAL", None, C::Pending),
        // GUILTY ... PENDING SENTENCING is a conviction, not a pending case.
        ("GUILTY - PENDING SENTENCING", None, C::Convicted),
        ("CONVICTED, AWAITING SENTENCING", None, C::Convicted),
        ("GUILTY - SENTENCING DEFERRED", None, C::Convicted),
        // Deferred ... dismissed is a completed deferral, in either order.
        (
            "DEFERRED ADJUDICATION - DISMISSED UPON COMPLETION",
            None,
            C::DeferredCompleted,
        ),
        (
            "DISMISSED - DEFERRED ADJUDICATION COMPLETED",
            None,
            C::DeferredCompleted,
        ),
        ("DISMISSED - DEFERRED", None, C::DeferredCompleted),
        (
            "DISMISSED UPON SUCCESSFUL COMPLETION OF PROBATION",
            None,
            C::DeferredCompleted,
        ),
        ("ACD - DISMISSED", Some("NY"), C::DeferredCompleted),
        // Set-aside is post-conviction relief, not a dismissal.
        (
            "CONV SET ASIDE & DISM PER 1203.4 PC",
            None,
            C::ConvictionSetAside,
        ),
        (
            "CONVICTION SET ASIDE - CASE DISMISSED",
            None,
            C::ConvictionSetAside,
        ),
        // Mistrial with discharge ends the case.
        ("MISTRIAL-DEFENDANT DISCHARGED", None, C::Dismissed),
        // Plea before verdict words.
        (
            "GUILTY - NEGOTIATED PLEA",
            Some("GA"),
            C::ConvictedGuiltyPlea,
        ),
        (
            "CONVICTED - PLEA OF NOLO CONTENDERE",
            Some("TX"),
            C::ConvictedNolo,
        ),
        (
            "PLEA OF GUILTY - DEFERRED ADJUDICATION",
            Some("TX"),
            C::DeferredUnspecified,
        ),
        (
            "NOLO CONTENDERE - ADJUDICATION WITHHELD",
            Some("FL"),
            C::DeferredUnspecified,
        ),
        (
            "FOUND GUILTY - ADJUDICATION WITHHELD",
            Some("FL"),
            C::DeferredUnspecified,
        ),
        (
            "FOUND GUILTY OF LESSER INCLUDED OFFENSE",
            None,
            C::ConvictedLesser,
        ),
        // This count dropped in a plea on another count.
        ("DISMISSED - PLED GUILTY TO OTHER COUNT", None, C::Dismissed),
        (
            "NOLLE PROS - PLEA AGREEMENT",
            None,
            C::DismissedByProsecutor,
        ),
        ("DISMISSED - IN PLEA BARGAIN", Some("TX"), C::Dismissed),
        // NO TRUE BILL is not a TRUE BILL.
        ("NO TRUE BILL", None, C::NotFiled),
        // "NO INFORMATION FILED" is a prosecutor's decline, not "no information".
        ("NO INFORMATION FILED", Some("FL"), C::NotFiled),
        // PJC and CWOF contain CONTINUED but are not pending.
        ("PRAYER FOR JUDGMENT CONTINUED", Some("NC"), C::Convicted),
        (
            "CONTINUED WITHOUT A FINDING",
            Some("MA"),
            C::DeferredUnspecified,
        ),
        // ACD contains DISMISSAL but is a running deferral.
        (
            "ADJOURNMENT IN CONTEMPLATION OF DISMISSAL",
            Some("NY"),
            C::DeferredUnspecified,
        ),
        // Dismissal with leave is not a plain dismissal, nor is without leave.
        (
            "SOL - STRICKEN OFF WITH LEAVE TO REINSTATE",
            Some("IL"),
            C::DismissedWithLeave,
        ),
        // Superseding indictment is not an indictment.
        ("SUPERSEDING INDICTMENT", None, C::Superseded),
        // Relief denied changes nothing; reversal for a new trial reopens.
        ("REVERSED AND REMANDED FOR NEW TRIAL", None, C::Pending),
        ("GUILTY; EXPUNGEMENT DENIED", None, C::ConvictedAtTrial),
    ]);
    // Guilty and dismissed in one entry, nothing ordering them: do not guess.
    check_unknown(&[
        ("GUILTY DISMISSED", None, false),
        ("CONVICTED / DISMISSED", None, false),
    ]);
    // A not-guilty plea alone states no outcome.
    check_unknown(&[
        ("PLEA OF NOT GUILTY", None, true),
        ("PLED NOT GUILTY", None, true),
    ]);
}

#[test]
fn a2_sentence_words_never_make_a_conviction() {
    for raw in [
        "PROBATION",
        "12 MONTHS PROBATION",
        "FINE",
        "FINED $200",
        "JAIL 30 DAYS",
        "COSTS",
        "COMMUNITY SERVICE",
        "RESTITUTION",
        "SUSPENDED SENTENCE",
        "CONDITIONAL DISCHARGE",
    ] {
        let d = classify_disposition(
            Some(raw),
            Some("IL").filter(|_| raw != "CONDITIONAL DISCHARGE"),
        );
        assert_eq!(
            (d.canonical, d.recognised),
            (C::Unknown, false),
            "{raw}: {d:?}"
        );
        assert_eq!(&*d.evidence, "rule:sentence_present", "{raw}");
    }
    // Post-disposition events alone do not decide either (A3 note).
    for raw in [
        "PROBATION REVOKED",
        "APPEAL PENDING",
        "NOTICE OF APPEAL",
        "SENTENCE MODIFIED",
        "TIME SERVED",
        "EOS",
    ] {
        let d = classify_disposition(Some(raw), None);
        assert_eq!(
            (d.canonical, d.recognised),
            (C::Unknown, false),
            "{raw}: {d:?}"
        );
    }
}

#[test]
fn a2_step4_sequences_later_final_outcome_wins() {
    check(&[
        ("ARRAIGNED; GUILTY PLEA", None, C::ConvictedGuiltyPlea),
        (
            "PLEA OF NOT GUILTY; FOUND GUILTY",
            None,
            C::ConvictedAtTrial,
        ),
        ("GUILTY; CONVICTION SET ASIDE", None, C::ConvictionSetAside),
        ("GUILTY | SEALED", None, C::Sealed),
        (
            "DEFERRED ADJUDICATION; DISMISSED",
            Some("TX"),
            C::DeferredCompleted,
        ),
        (
            "DEFERRED ADJUDICATION THEN DISMISSED",
            Some("TX"),
            C::DeferredCompleted,
        ),
        (
            "DEFERRED ADJUDICATION; NOLLE PROSEQUI",
            Some("TX"),
            C::DeferredCompleted,
        ),
        (
            "DEFERRED ADJUDICATION; ADJUDICATED GUILTY",
            Some("TX"),
            C::DeferralRevoked,
        ),
        ("PBJ\nGUILTY", Some("MD"), C::DeferralRevoked),
        (
            "DEFERRED ADJUDICATION; PROBATION REVOKED",
            Some("TX"),
            C::DeferralRevoked,
        ),
        ("GUILTY; PROBATION REVOKED", None, C::ConvictedAtTrial),
        ("GUILTY; APPEAL PENDING", None, C::ConvictedAtTrial),
        ("CONVICTED; NOTICE OF APPEAL", None, C::Convicted),
        ("PENDING; DISMISSED", None, C::Dismissed),
        ("DISMISSED; PENDING", None, C::Dismissed),
        ("MISTRIAL; NOT GUILTY", None, C::Acquitted),
        ("BOUND OVER; INDICTED", None, C::Pending),
        ("GUILTY PLEA; PLEA WITHDRAWN", None, C::Pending),
        ("NO INFO; DISMISSED", None, C::Dismissed),
        ("XYZZY; GUILTY", None, C::ConvictedAtTrial),
    ]);
    let d = classify_disposition(Some("DEFERRED ADJUDICATION; DISMISSED"), None);
    assert!(
        d.evidence.starts_with("sequence:deferral_then_dismissal"),
        "{}",
        d.evidence
    );
}

#[test]
fn missing_and_unrecognised() {
    for raw in [
        None,
        Some(""),
        Some("   "),
        Some("--"),
        Some("*"),
        Some(";;"),
    ] {
        let d = classify_disposition(raw, None);
        assert_eq!(
            (d.canonical, d.class, d.missing, d.recognised),
            (C::Unknown, K::Unknown, true, false),
            "{raw:?}"
        );
        assert_eq!(&*d.evidence, "missing");
    }
    for raw in ["XYZZY", "VD", "GR", "CV", "DPD", "JR"] {
        let d = classify_disposition(Some(raw), Some("TX"));
        assert_eq!(
            (d.canonical, d.missing, d.recognised),
            (C::Unknown, false, false),
            "{raw}: {d:?}"
        );
    }
}

#[test]
fn state_argument_is_case_insensitive_and_class_matches_canonical() {
    assert_eq!(
        classify_disposition(Some("vd"), Some(" nc ")).canonical,
        C::DismissedByProsecutor
    );
    assert_eq!(
        classify_disposition(Some("Nolle Prosequi"), None).canonical,
        C::DismissedByProsecutor
    );
    let d = classify_disposition(Some("GUILTY"), None);
    assert_eq!(&*d.evidence, "rule:guilty");
    assert_eq!(
        &*classify_disposition(Some("VD"), Some("NC")).evidence,
        "code:NC:VD"
    );
}

#[test]
fn serde_names_are_screaming_snake_case() {
    let json = serde_json::to_string(&(C::ConvictedGuiltyPlea, K::NonConviction));
    assert_eq!(
        json.ok().as_deref(),
        Some(r#"["CONVICTED_GUILTY_PLEA","NON_CONVICTION"]"#)
    );
}

/// A denied conviction is never read as one, whatever else the entry says.
#[test]
fn negated_convictions_are_never_convictions() {
    check(&[
        ("CONFINED NOT CONVICTED", None, C::Pending),
        ("DETAINED - NO CONVICTION", None, C::Pending),
        ("DISMISSED - NOT CONVICTED", None, C::Dismissed),
        (
            "NOLLE PROSEQUI, NO CONVICTION ENTERED",
            None,
            C::DismissedByProsecutor,
        ),
        ("NOT FOUND GUILTY", None, C::Acquitted),
        ("NOT GUILTY", None, C::Acquitted),
        (
            "DEFERRED - NOT ADJUDICATED GUILTY",
            None,
            C::DeferredUnspecified,
        ),
        // One undenied conviction word is enough for the conviction rules.
        (
            "PLEA OF NOT GUILTY - FOUND GUILTY",
            None,
            C::ConvictedAtTrial,
        ),
        ("GUILTY - NOT SENTENCED YET", None, C::ConvictedAtTrial),
        // "NO CONTEST" denies nothing.
        ("NO CONTEST - GUILTY", None, C::ConvictedNolo),
    ]);
    check_unknown(&[
        ("NOT CONVICTED", None, true),
        ("NON-CONVICTION", None, true),
        ("NEVER CONVICTED", None, true),
        ("PRE SENTENCED", None, false),
        ("NOT SENTENCED", None, false),
    ]);
    for raw in [
        "CONFINED NOT CONVICTED",
        "NOT CONVICTED",
        "NO CONVICTION",
        "NOT GUILTY",
        "PRE SENTENCED",
        "CONVICTION: NONE - NOT CONVICTED",
        "NOT CONVICTED; NOT SENTENCED",
    ] {
        let d = classify_disposition(Some(raw), None);
        assert_ne!(d.class, K::Conviction, "{raw}: {d:?}");
    }
}

/// Court-system spellings seen in real dispositions.
#[test]
fn court_system_spellings() {
    check(&[
        ("NEVER TO BE SERVED", Some("NC"), C::Dismissed),
        ("District Never to Be Served", Some("NC"), C::Dismissed),
        ("*Adj W/H", Some("FL"), C::DeferredUnspecified),
        ("W/HELD ADJ - DWLSR", Some("FL"), C::DeferredUnspecified),
        ("Dropped/Abandoned", Some("FL"), C::DismissedByProsecutor),
        ("*NG/Acquitted", Some("FL"), C::Acquitted),
        ("*P/T Diversion", Some("FL"), C::DeferredUnspecified),
        ("AWAITING", None, C::Pending),
        ("WAITING FOR TRIAL", None, C::Pending),
        ("BAIL SET", None, C::Pending),
        ("BOUND TO GRAND JURY", None, C::Pending),
    ]);
    check_unknown(&[
        ("*ADJ/Deliq", Some("FL"), true),
        ("DRUG COURT SANCTION", None, false),
        ("PEND SANCTION", None, false),
    ]);
}

/// docs/decisions.md §13: court-process strings. Held or waived for court, certified or
/// bound over to a grand jury, a fugitive file or a warrant: the case is open (PENDING); no true
/// bill or no indictment: NON_CONVICTION (NOT_FILED); a sentence alone stays UNKNOWN.
#[test]
fn court_process_strings() {
    check(&[
        ("Held for Court", None, C::Transferred),
        ("Waived for Court", None, C::Transferred),
        ("Waived for Court (Lower Court)", Some("PA"), C::Transferred),
        ("HELD TO ANSWER", None, C::Transferred),
        ("Preliminary Hearing Waived", None, C::Transferred),
        ("Bound Over to Grand Jury", None, C::Transferred),
        ("CERTIFIED TO GRAND JURY", None, C::Transferred),
        ("Certified to Superior Court", None, C::Transferred),
        ("Bindover", None, C::Transferred),
        ("FUGITIVE FILE", None, C::Pending),
        ("Capias Issued", None, C::Pending),
        ("BENCH WARRANT ISSUED", None, C::Pending),
        ("NO TRUE BILL", None, C::NotFiled),
        ("No Bill", None, C::NotFiled),
        ("NO INDICTMENT", None, C::NotFiled),
        ("Not Indicted", None, C::NotFiled),
        ("Grand Jury - Ignoramus", None, C::NotFiled),
        ("NOTFILED", None, C::NotFiled),
        ("No Prosecution by State", Some("FL"), C::NotFiled),
        ("*NG/Insanity", Some("FL"), C::Acquitted),
        ("PROBABLE CAUSE FOUND", Some("NC"), C::Transferred),
        ("WAIVER OF PROBABLE CAUSE", Some("NC"), C::Transferred),
        ("NO PROBABLE CAUSE", Some("NC"), C::NotFiled),
        // Released before trial: the case is open.
        ("RELEASED ON BOND", None, C::Pending),
        ("BONDED", None, C::Pending),
        ("BOND OUT", None, C::Pending),
        ("POST CASH BAIL", None, C::Pending),
        ("Bond Surrender", None, C::Pending),
        ("ROR", None, C::Pending),
        ("Released on Own Recognizance", None, C::Pending),
    ]);
    // A bond that is paid, forfeited or disposed of may be a conviction in some states, an
    // appeal bond follows one: never read pending.
    for raw in [
        "CASH BOND FORFEITED",
        "BOND FORFEITURE",
        "PAID FULL CASH BOND",
        "BONDED OUT - DISPOSED",
    ] {
        let d = classify_disposition(Some(raw), None);
        assert_eq!(d.canonical, C::Unknown, "{raw}: {d:?}");
    }
    let appeal = classify_disposition(Some("RELEASED ON APPEAL BOND"), None);
    assert_ne!(appeal.class, K::Pending, "{appeal:?}");
    check_unknown(&[
        // Sentence terms are understood but show no outcome: recognised stays false, so the
        // charge is `Insufficient Data` (A2 step 5).
        ("PROBATION 12 MONTHS", None, false),
        ("TIME SERVED", None, false),
        ("FINE AND COSTS", None, false),
    ]);
}
