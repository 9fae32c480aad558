//! Every raw disposition and type in `reference/xml/samples/*.record.json`, hard-coded here so
//! the test never reads outside the crate.

use super::CanonicalDisposition as C;
use super::SeverityLevel as L;
use super::TrafficKind as T;
use super::*;

struct Sample {
    file: &'static str,
    state: &'static str,
    charge: &'static str,
    type_: Option<&'static str>,
    disposition: Option<&'static str>,
    canonical: C,
    level: L,
    class: Option<&'static str>,
    traffic: T,
}

const fn s(
    file: &'static str,
    state: &'static str,
    charge: &'static str,
    type_: Option<&'static str>,
    disposition: Option<&'static str>,
    expected: (C, L, Option<&'static str>, T),
) -> Sample {
    let (canonical, level, class, traffic) = expected;
    Sample {
        file,
        state,
        charge,
        type_,
        disposition,
        canonical,
        level,
        class,
        traffic,
    }
}

const SAMPLES: &[Sample] = &[
    s(
        "01",
        "GA",
        "AGGRAVATED ASSAULT",
        Some("Felony"),
        Some("GUILTY - NEGOTIATED PLEA"),
        (C::ConvictedGuiltyPlea, L::Felony, None, T::NotTraffic),
    ),
    s(
        "02",
        "MN",
        "THEFT-TAKE/USE/TRANSFER MOVABLE PROP-NO CONSENT",
        Some("M"),
        Some("CONVICTED"),
        (C::Convicted, L::Misdemeanor, None, T::NotTraffic),
    ),
    s(
        "02",
        "MN",
        "TRESPASS-RETURN TO PROPERTY WITHIN ONE YEAR",
        Some("M"),
        Some("DISMISSED"),
        (C::Dismissed, L::Misdemeanor, None, T::NotTraffic),
    ),
    s(
        "02",
        "MN",
        "DWI-SECOND-DEGREE DRIVING WHILE IMPAIRED",
        Some("GM"),
        Some("CONVICTED"),
        (
            C::Convicted,
            L::Misdemeanor,
            Some("GROSS"),
            T::SeriousTraffic,
        ),
    ),
    s(
        "02",
        "MN",
        "ASSAULT-5TH DEGREE-INFLICT OR ATTEMPT BODILY HARM",
        Some("M"),
        Some("DISMISSED"),
        (C::Dismissed, L::Misdemeanor, None, T::NotTraffic),
    ),
    s(
        "02",
        "MN",
        "DISORDERLY CONDUCT-BRAWLING OR FIGHTING",
        Some("M"),
        Some("GUILTY PLEA"),
        (C::ConvictedGuiltyPlea, L::Misdemeanor, None, T::NotTraffic),
    ),
    s(
        "02",
        "MN",
        "DAMAGE TO PROPERTY-1ST DEGREE-REDUCE VALUE OVER $1000",
        Some("F"),
        Some("DISMISSED"),
        (C::Dismissed, L::Felony, None, T::NotTraffic),
    ),
    s(
        "03",
        "TX",
        "DRIVING WHILE INTOXICATED",
        Some("Class B Misdemeanor"),
        Some("CONVICTED - PLEA OF NOLO CONTENDERE"),
        (
            C::ConvictedNolo,
            L::Misdemeanor,
            Some("B"),
            T::SeriousTraffic,
        ),
    ),
    s(
        "03",
        "TX",
        "THEFT PROP >=$2,500<$30K",
        Some("State Jail Felony"),
        Some("CONVICTED"),
        (C::Convicted, L::Felony, Some("SJF"), T::NotTraffic),
    ),
    s(
        "04",
        "FL",
        "POSSESSION OF CANNABIS 20 GRAMS OR LESS",
        Some("MM"),
        Some("NOLLE PROSEQUI"),
        (
            C::DismissedByProsecutor,
            L::Misdemeanor,
            None,
            T::NotTraffic,
        ),
    ),
    s(
        "04",
        "FL",
        "RESISTING OFFICER WITHOUT VIOLENCE",
        Some("MM"),
        Some("DISMISSED"),
        (C::Dismissed, L::Misdemeanor, None, T::NotTraffic),
    ),
    s(
        "05",
        "NC",
        "PWISD SCHEDULE II CONTROLLED SUBSTANCE",
        Some("FELONY CLASS H"),
        Some("PENDING"),
        (C::Pending, L::Felony, Some("H"), T::NotTraffic),
    ),
    s(
        "05",
        "NC",
        "POSSESS DRUG PARAPHERNALIA",
        Some("MISDEMEANOR CLASS 1"),
        Some("OPEN - AWAITING TRIAL"),
        (C::Pending, L::Misdemeanor, Some("1"), T::NotTraffic),
    ),
    // WA infraction "COMMITTED": found committed (a finding, jurisdiction sensitive); minor traffic anyway.
    s(
        "06",
        "WA",
        "SPEEDING 11-15 MPH OVER LIMIT",
        Some("INFRACTION"),
        Some("COMMITTED - PAID"),
        (C::Convicted, L::Infraction, None, T::MinorTraffic),
    ),
    s(
        "06",
        "WA",
        "FAIL TO PROVIDE PROOF OF INSURANCE",
        Some("TRAFFIC"),
        Some("DISMISSED - PROOF PROVIDED"),
        (C::Dismissed, L::Unknown, None, T::MinorTraffic),
    ),
    s(
        "07",
        "TX",
        "THEFT PROP >=$100<$750",
        Some("MB"),
        Some("DEFERRED ADJUDICATION"),
        (
            C::DeferredUnspecified,
            L::Misdemeanor,
            Some("B"),
            T::NotTraffic,
        ),
    ),
    s(
        "07",
        "TX",
        "CRIMINAL MISCHIEF >=$100<$750",
        Some("MB"),
        Some("DISMISSED - IN PLEA BARGAIN"),
        (C::Dismissed, L::Misdemeanor, Some("B"), T::NotTraffic),
    ),
    s(
        "07",
        "TX",
        "POSS MARIJ 0-2OZ",
        Some("MB"),
        Some("DEFERRED ADJUDICATION - DISMISSED UPON COMPLETION"),
        (
            C::DeferredCompleted,
            L::Misdemeanor,
            Some("B"),
            T::NotTraffic,
        ),
    ),
    s(
        "08",
        "OH",
        "RECEIVING STOLEN PROPERTY",
        Some("F5"),
        None,
        (C::Unknown, L::Felony, Some("5"), T::NotTraffic),
    ),
    s(
        "08",
        "OH",
        "NOT SPECIFIED",
        None,
        None,
        (C::Unknown, L::Unknown, None, T::NotTraffic),
    ),
    s(
        "09",
        "AZ",
        "CRIMINAL DAMAGE-DEFACE/DAMAGE PROPERTY",
        Some("MISDEMEANOR CLASS 2"),
        Some("GUILTY"),
        (
            C::ConvictedAtTrial,
            L::Misdemeanor,
            Some("2"),
            T::NotTraffic,
        ),
    ),
    s(
        "09",
        "AZ",
        "DISORDERLY CONDUCT-FIGHTING",
        Some("MISDEMEANOR CLASS 1"),
        Some("DISMISSED W/O PREJUDICE"),
        (C::Dismissed, L::Misdemeanor, Some("1"), T::NotTraffic),
    ),
    s(
        "09",
        "AZ",
        "SHOPLIFTING-REMOVAL OF GOODS",
        Some("MISDEMEANOR CLASS 1"),
        Some("GUILTY"),
        (
            C::ConvictedAtTrial,
            L::Misdemeanor,
            Some("1"),
            T::NotTraffic,
        ),
    ),
    s(
        "10",
        "OH",
        "PETTY THEFT",
        Some("M1"),
        Some("GUILTY"),
        (
            C::ConvictedAtTrial,
            L::Misdemeanor,
            Some("1"),
            T::NotTraffic,
        ),
    ),
    s(
        "10",
        "OH",
        "DISORDERLY CONDUCT",
        Some("MM"),
        Some("DISMISSED"),
        (C::Dismissed, L::PettyOffense, Some("MINOR"), T::NotTraffic),
    ),
    s(
        "11",
        "CO",
        "POSS CONT SUB <4G & DRUG PARAPHERNALIA (SCH I/II)",
        Some("DF4"),
        Some("GUILTY"),
        (C::ConvictedAtTrial, L::Felony, Some("DF4"), T::NotTraffic),
    ),
    s(
        "11",
        "CO",
        "POSSESSION OF DRUG PARAPHERNALIA",
        Some("PO2"),
        Some("DISMISSED"),
        (C::Dismissed, L::PettyOffense, Some("2"), T::NotTraffic),
    ),
    s(
        "12",
        "IL",
        "RETAIL THEFT/DISP MERCH/<$300",
        Some("CLASS A MISDEMEANOR"),
        Some("FINDING OF GUILTY"),
        (
            C::ConvictedAtTrial,
            L::Misdemeanor,
            Some("A"),
            T::NotTraffic,
        ),
    ),
    s(
        "12",
        "IL",
        "CRIMINAL TRESPASS TO LAND",
        Some("CLASS B MISDEMEANOR"),
        Some("NOLLE PROS"),
        (
            C::DismissedByProsecutor,
            L::Misdemeanor,
            Some("B"),
            T::NotTraffic,
        ),
    ),
    s(
        "12",
        "IL",
        "RESISTING/OBSTRUCTING A PEACE OFFICER",
        Some("CLASS A MISDEMEANOR"),
        Some("SOL - STRICKEN OFF WITH LEAVE TO REINSTATE"),
        (
            C::DismissedWithLeave,
            L::Misdemeanor,
            Some("A"),
            T::NotTraffic,
        ),
    ),
];

#[test]
fn every_sample_value_is_classified_sensibly() {
    let mut failures = Vec::new();
    for x in SAMPLES {
        let d = classify_disposition(x.disposition, Some(x.state));
        let sev = classify_severity(x.type_, Some(x.state));
        let traffic = classify_traffic(x.charge, None, &sev);
        let got = (d.canonical, sev.level, sev.class.as_deref(), traffic);
        let want = (x.canonical, x.level, x.class, x.traffic);
        if got != want {
            failures.push(format!(
                "sample {} {:?}/{:?}: got {got:?}, want {want:?}",
                x.file, x.disposition, x.type_
            ));
        }
        // Present values are understood; absent ones are flagged missing.
        assert_eq!(d.missing, x.disposition.is_none(), "{}", x.file);
        assert_eq!(
            d.recognised,
            x.disposition.is_some(),
            "{} {:?}",
            x.file,
            x.disposition
        );
        assert_eq!(
            sev.recognised,
            x.type_.is_some(),
            "{} {:?}",
            x.file,
            x.type_
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn samples_with_sentence_comments_are_not_read_as_dispositions() {
    // Sentence comments from the samples, if a vendor put them in the disposition field.
    for raw in [
        "5 YEARS, SERVE 2 IN CONFINEMENT, BALANCE ON PROBATION; RESTITUTION: PAYABLE TO VICTIM THROUGH CLERK",
        "STAYED 60 DAYS ON CONDITIONS OF PROBATION",
        "JAIL: CREDIT FOR TIME SERVED",
        "2 YRS PROBATION; TREATMENT AS DIRECTED; \"NO CONTACT\" ORDER W/ CO-DEFENDANT",
    ] {
        let d = classify_disposition(Some(raw), None);
        assert_eq!(
            (d.canonical, d.recognised),
            (C::Unknown, false),
            "{raw}: {d:?}"
        );
    }
    // TX sentence comment on a deferred adjudication: still a deferral, never a conviction.
    let d = classify_disposition(
        Some("ADJUDICATION OF GUILT DEFERRED; 12 MONTHS COMMUNITY SUPERVISION"),
        Some("TX"),
    );
    assert_eq!(d.canonical, C::DeferredUnspecified);
}
