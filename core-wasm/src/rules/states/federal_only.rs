//! Jurisdictions with no state lookback (`rule_basis: federal_only`): their sealing, expungement,
//! set-aside and employer-use rules.
//!
//! Where the law table marks the jurisdiction low confidence (its citations were not re-verified),
//! a row on a record state the record itself names (sealed, expunged, restricted, closed,
//! eliminated) still bars, its rationale naming the confidence (docs/decisions.md §15: when in doubt
//! whether relief forbids reporting, the record is not reported); rules that would bar more than
//! federal law on other grounds go to human review instead.

use crate::classify::{CanonicalDisposition as D, DispositionClass};
use crate::rules::catalog::*;

/// A catalogued rule that never fires: a duty, a source-level limit, or an unverified citation.
const fn notice(
    id: &'static str,
    jurisdiction: &'static str,
    summary: &'static str,
    citation: &'static str,
) -> Rule {
    Rule {
        id,
        jurisdiction,
        summary,
        citation,
        confidence: Confidence::Low,
        ..BASE
    }
}

/// A medium-confidence bar on a record status of the state's own courts.
const fn court_bar(
    id: &'static str,
    jurisdiction: &'static str,
    category: Category,
    reason: &'static str,
    summary: &'static str,
    citation: &'static str,
) -> Rule {
    Rule {
        id,
        jurisdiction,
        trigger: Trigger::Court,
        classes: KNOWN,
        category,
        action: Action::Bar,
        reason,
        summary,
        citation,
        ..BASE
    }
}

/// A low-confidence bar on a record status of the state's own courts (docs/decisions.md §15).
const fn low_bar(
    id: &'static str,
    jurisdiction: &'static str,
    states: &'static [D],
    reason: &'static str,
    summary: &'static str,
    citation: &'static str,
) -> Rule {
    Rule {
        confidence: Confidence::Low,
        ..court_bar(
            id,
            jurisdiction,
            Category::RecordState(states),
            reason,
            summary,
            citation,
        )
    }
}

const NO_STATE_RULE: &str = "No state consumer-reporting or employer-use limit on criminal records was found in the \
                             law table; federal rules apply.";

pub static AL: &[Rule] = &[court_bar(
    "AL_EXPUNGED_NOT_REPORTABLE",
    "AL",
    Category::RecordState(EXPUNGED),
    "the Alabama record is expunged",
    "Records expunged under Alabama's expungement statutes are not reported.",
    "Ala. Code 15-27-1 et seq.",
)];

pub static AK: &[Rule] = &[Rule {
    confidence: Confidence::Medium,
    ..notice(
        "AK_REPOSITORY_NONCONVICTION_LIMIT",
        "AK",
        "The state repository may not release non-conviction information to most private requesters (a limit on the \
         source, not on reporting court records; not evaluated).",
        "Alaska Stat. 12.62.160",
    )
}];

pub static AZ: &[Rule] = &[
    court_bar(
        "AZ_SEALED_NOT_REPORTABLE",
        "AZ",
        Category::RecordState(SEALED),
        "the Arizona record is sealed by court order",
        "Records sealed by court order under Arizona's 2023 sealing statute are not reported.",
        "Ariz. Rev. Stat. 13-911",
    ),
    court_bar(
        "AZ_MARIJUANA_EXPUNGED",
        "AZ",
        Category::RecordState(EXPUNGED),
        "the Arizona record is expunged (Proposition 207 marijuana expungements included)",
        "Marijuana offenses expunged under Proposition 207 are not reported.",
        "Ariz. Rev. Stat. 36-2862",
    ),
    Rule {
        id: "AZ_SET_ASIDE_NOTATION",
        jurisdiction: "AZ",
        trigger: Trigger::Court,
        classes: CONV,
        category: Category::RecordState(SET_ASIDE),
        action: Action::ReadsAs(DispositionClass::Conviction),
        reason: "an Arizona set-aside leaves the conviction on the record, so it is reported with the note that it \
                 was set aside",
        summary: "A set-aside conviction remains a conviction; it is read as one and reported with its set-aside \
                  status (DECISIONS §15).",
        citation: "Ariz. Rev. Stat. 13-905",
        ..BASE
    },
];

pub static AR: &[Rule] = &[
    court_bar(
        "AR_SEALED_NOT_REPORTABLE",
        "AR",
        Category::RecordState(SEALED),
        "the Arkansas record is sealed and treated as if the event never occurred",
        "Records sealed under the Comprehensive Criminal Record Sealing Act are not reported.",
        "Ark. Code Ann. 16-90-1401 et seq.",
    ),
    notice(
        "AR_REPOSITORY_NONCONVICTION_LIMIT",
        "AR",
        "State repository releases to employers omit arrests without conviction except recent felony arrests (a limit on \
         the source; not evaluated).",
        "Ark. Code Ann. 12-12-1009 (as summarized by secondary sources)",
    ),
];

pub static DE: &[Rule] = &[court_bar(
    "DE_EXPUNGED_NOT_REPORTABLE",
    "DE",
    Category::RecordState(EXPUNGED),
    "the Delaware record is expunged",
    "Expunged records (including automatic expungement) are not reported.",
    "Del. Code Ann. tit. 11, 4371 et seq.",
)];

pub static FL: &[Rule] = &[
    court_bar(
        "FL_SEALED_EXPUNGED",
        "FL",
        Category::RecordState(SEALED_OR_EXPUNGED),
        "the Florida record is sealed or expunged by court order",
        "Court-ordered sealed or expunged records are not reported.",
        "Fla. Stat. 943.0585, 943.059",
    ),
    Rule {
        id: "FL_ADJUDICATION_WITHHELD",
        jurisdiction: "FL",
        trigger: Trigger::Court,
        classes: NONCONV,
        category: Category::Deferral,
        action: Action::Review,
        reason: "a Florida withheld adjudication is not a conviction for many purposes, and its FCRA treatment is unsettled",
        summary: "Adjudication withheld is treated as a non-conviction (federal 7-year limit) and flagged for review.",
        citation: "n/a (interpretive)",
        confidence: Confidence::Low,
        ..BASE
    },
];

pub static GA: &[Rule] = &[
    Rule {
        id: "GA_FIRST_OFFENDER",
        jurisdiction: "GA",
        trigger: Trigger::Court,
        classes: NONCONV,
        category: Category::Deferral,
        action: Action::Review,
        reason: "a completed Georgia deferral may be a first-offender discharge, which generally may not be disclosed \
                 for employment (unverified)",
        summary: "Records of a first offender who completed the sentence are not a conviction and generally may not be \
                  used or disclosed for employment. Unverified, so completed Georgia deferrals go to review.",
        citation: "O.C.G.A. 42-8-60 et seq., 42-8-62.1",
        confidence: Confidence::Low,
        ..BASE
    },
    low_bar(
        "GA_FIRST_OFFENDER",
        "GA",
        &[D::FirstOffenderDischarge],
        "a Georgia first offender discharged without an adjudication of guilt has no conviction, and the record \
         generally may not be disclosed for employment",
        "First-offender discharge row: the record names the discharge, so it is not reported (DECISIONS §15).",
        "O.C.G.A. 42-8-60 et seq., 42-8-62.1",
    ),
    low_bar(
        "GA_RESTRICTED_RECORDS",
        "GA",
        &[D::Restricted, D::Sealed],
        "the Georgia record is restricted under the record-restriction statute",
        "Records restricted under Georgia's record-restriction statute are not reported.",
        "O.C.G.A. 35-3-37",
    ),
];

pub static ID: &[Rule] = &[Rule {
    id: "ID_WITHHELD_JUDGMENT",
    jurisdiction: "ID",
    trigger: Trigger::Court,
    classes: NONCONV,
    category: Category::Deferral,
    action: Action::Review,
    reason: "an Idaho withheld judgment that was set aside is not a conviction for many purposes, so a person decides",
    summary: "A withheld judgment later set aside or dismissed is treated as a non-conviction and flagged for review.",
    citation: "Idaho Code 19-2604",
    ..BASE
}];

pub static IL: &[Rule] = &[
    Rule {
        id: "IL_EMPLOYER_ARREST_RECORD",
        jurisdiction: "IL",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        action: Action::Bar,
        reason: "an Illinois employer may not use an arrest that did not lead to a conviction",
        summary: "Employers may not use an arrest record (arrest not leading to conviction, juvenile record, or \
                  expunged, sealed or impounded record) in employment decisions.",
        citation: "775 ILCS 5/2-103",
        ..BASE
    },
    Rule {
        id: "IL_EMPLOYER_ARREST_RECORD",
        jurisdiction: "IL",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::Juvenile,
        action: Action::Bar,
        reason: "an Illinois employer may not use a juvenile record",
        summary: "Juvenile row of 2-103.",
        citation: "775 ILCS 5/2-103",
        ..BASE
    },
    Rule {
        confidence: Confidence::Medium,
        ..notice(
            "IL_CONVICTION_ASSESSMENT",
            "IL",
            "Conviction records may be used only after an individualized assessment and notice (an employer process; not \
             evaluated).",
            "775 ILCS 5/2-103.1",
        )
    },
    court_bar(
        "IL_SEALED_EXPUNGED",
        "IL",
        Category::RecordState(SEALED_OR_EXPUNGED),
        "the Illinois record is sealed or expunged",
        "Sealed and expunged records (including automatic cannabis expungements) are not reported.",
        "20 ILCS 2630/5.2",
    ),
];

pub static IA: &[Rule] = &[notice(
    "IA_NO_DISPOSITION_18MO",
    "IA",
    "State criminal history without a disposition 18 months after arrest is released only with a signed release (a \
     limit on the source; not evaluated).",
    "Iowa Code 692.2 (as summarized by secondary source)",
)];

pub static LA: &[Rule] = &[
    Rule {
        id: "LA_EMPLOYER_NONCONVICTION",
        jurisdiction: "LA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        action: Action::Bar,
        effective_from: Some("2021-08-01"),
        reason: "a Louisiana employer may not consider a charge that did not end in a conviction",
        summary: "Employers with 20 or more employees may not consider an arrest or a charge that did not result in a \
                  conviction (from Aug. 1, 2021).",
        citation: "La. Rev. Stat. 23:291.2 (Act 406 of 2021)",
        ..BASE
    },
    Rule {
        id: "LA_EMPLOYER_NONCONVICTION",
        jurisdiction: "LA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: PENDING,
        action: Action::Review,
        effective_from: Some("2021-08-01"),
        reason: "whether Louisiana's bar covers a pending charge is unclear",
        summary: "Pending row: whether a pending charge counts as one that did not result in a conviction is unclear.",
        citation: "La. Rev. Stat. 23:291.2 (Act 406 of 2021)",
        confidence: Confidence::Low,
        ..BASE
    },
];

pub static ME: &[Rule] = &[notice(
    "ME_CONFIDENTIAL_CHRI",
    "ME",
    "Non-conviction data and certain older records are confidential under Maine's Criminal History Record Information \
     Act (a limit on the source; not evaluated).",
    "Me. Rev. Stat. tit. 16, 703-705",
)];

pub static MI: &[Rule] = &[
    Rule {
        id: "MI_EMPLOYER_MISDEMEANOR_ARREST",
        jurisdiction: "MI",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        category: Category::BelowFelony,
        action: Action::Bar,
        reason: "a Michigan employer may not keep a record of a misdemeanor arrest that did not end in a conviction",
        summary: "Employers may not request, make or keep a record of a misdemeanor arrest, detention or disposition \
                  where no conviction resulted (felony arrests are not covered; an unknown level goes to review).",
        citation: "Mich. Comp. Laws 37.2205a",
        ..BASE
    },
    court_bar(
        "MI_SET_ASIDE",
        "MI",
        Category::RecordState(SET_ASIDE),
        "a Michigan conviction that was set aside is treated as no conviction",
        "Convictions set aside (including automatic Clean Slate set-asides) are not reported.",
        "Mich. Comp. Laws 780.621 et seq., 780.621g",
    ),
];

pub static MS: &[Rule] = &[low_bar(
    "MS_EXPUNGED",
    "MS",
    EXPUNGED,
    "the Mississippi record is expunged",
    "Expunged records are not reported.",
    "Miss. Code Ann. 99-19-71",
)];

pub static MO: &[Rule] = &[
    low_bar(
        "MO_CLOSED_EXPUNGED",
        "MO",
        &[D::Closed, D::Expunged, D::Sealed],
        "the Missouri record is closed or expunged and not public",
        "Closed-record row: the record names a closed or expunged record, so it is not reported (DECISIONS §15).",
        "Mo. Rev. Stat. 610.100-610.105, 610.140",
    ),
    Rule {
        id: "MO_CLOSED_EXPUNGED",
        jurisdiction: "MO",
        trigger: Trigger::Court,
        classes: NONCONV,
        action: Action::Review,
        reason: "a Missouri record that ended without a conviction is usually closed to the public (unverified)",
        summary: "Closed records (nolle, dismissals, completed suspended imposition of sentence) and expunged records are not \
              public. Low confidence, so Missouri-court non-convictions go to review.",
        citation: "Mo. Rev. Stat. 610.100-610.105, 610.140",
        confidence: Confidence::Low,
        ..BASE
    },
];

pub static NE: &[Rule] = &[notice(
    "NE_NONCONVICTION_DISSEMINATION",
    "NE",
    "Agencies may not publicly disseminate arrest information without conviction after about a year (a limit on the \
     source; not evaluated).",
    "Neb. Rev. Stat. 29-3523",
)];

pub static NJ: &[Rule] = &[
    low_bar(
        "NJ_EXPUNGED",
        "NJ",
        SEALED_OR_EXPUNGED,
        "the New Jersey record is expunged and deemed not to have occurred",
        "Expunged records (Clean Slate and marijuana expungements included; records written as sealed) are deemed not \
         to have occurred; not reported.",
        "N.J. Stat. Ann. 2C:52-1 et seq., 2C:52-5.3, 2C:52-6.1",
    ),
    notice(
        "NJ_OPPORTUNITY_TO_COMPETE",
        "NJ",
        "Employer ban-the-box timing rule (not evaluated).",
        "N.J. Stat. Ann. 34:6B-14",
    ),
];

pub static ND: &[Rule] = &[notice(
    "ND_FEDERAL_ONLY",
    "ND",
    NO_STATE_RULE,
    "15 U.S.C. 1681c",
)];

pub static OH: &[Rule] = &[low_bar(
    "OH_SEALED_EXPUNGED",
    "OH",
    SEALED_OR_EXPUNGED,
    "the Ohio record is sealed or expunged",
    "Sealed or expunged records are not reported.",
    "Ohio Rev. Code 2953.32, 2953.33",
)];

pub static OK: &[Rule] = &[low_bar(
    "OK_EXPUNGED",
    "OK",
    SEALED_OR_EXPUNGED,
    "the Oklahoma record is expunged",
    "Expunged records (including Clean Slate; sealed under 22-19) are not reported.",
    "Okla. Stat. tit. 22, 18-19",
)];

pub static OR: &[Rule] = &[
    court_bar(
        "OR_SET_ASIDE",
        "OR",
        Category::RecordState(SET_ASIDE),
        "an Oregon conviction or arrest that was set aside is deemed not to have occurred",
        "A conviction or arrest set aside under ORS 137.225 is deemed not to have occurred; not reported.",
        "Or. Rev. Stat. 137.225",
    ),
    Rule {
        confidence: Confidence::Medium,
        ..notice(
            "OR_BAN_THE_BOX",
            "OR",
            "Employers may not ask about criminal history before the interview (timing; not evaluated).",
            "Or. Rev. Stat. 659A.360",
        )
    },
];

pub static PA: &[Rule] = &[
    Rule {
        id: "PA_EMPLOYER_CONVICTIONS_ONLY",
        jurisdiction: "PA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        action: Action::Bar,
        reason: "a Pennsylvania employer may consider only felony and misdemeanor convictions",
        summary: "Employers may consider only felony and misdemeanor convictions related to the job; arrests, \
                  non-convictions and summary offenses are not usable.",
        citation: "18 Pa. Cons. Stat. 9125",
        ..BASE
    },
    Rule {
        id: "PA_EMPLOYER_CONVICTIONS_ONLY",
        jurisdiction: "PA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: PENDING,
        action: Action::Review,
        reason: "a Pennsylvania employer may consider only convictions, and whether that reaches a pending charge in a \
                 screening report is debated",
        summary: "Pending row: an open arrest is not a conviction; whether 9125 reaches CRA reports is debated.",
        citation: "18 Pa. Cons. Stat. 9125",
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: "PA_SUMMARY_OFFENSE_TRAFFIC",
        jurisdiction: "PA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: CONV,
        category: Category::Summary,
        action: Action::Bar,
        reason: "a Pennsylvania employer may not use a summary offense",
        summary: "Summary offenses (most traffic included) are not usable by employers.",
        citation: "18 Pa. Cons. Stat. 9125",
        ..BASE
    },
    Rule {
        id: "PA_CLEAN_SLATE_LIMITED_ACCESS",
        jurisdiction: "PA",
        trigger: Trigger::Court,
        classes: NONCONV,
        action: Action::Bar,
        reason: "a Pennsylvania charge that did not end in a conviction is automatically limited from public access",
        summary: "Records subject to limited access (automatic for non-convictions; summary and many misdemeanor \
                  convictions after a conviction-free period, periods unverified) may not be disseminated.",
        citation: "18 Pa. Cons. Stat. 9122.1, 9122.2, 9122.5",
        ..BASE
    },
    court_bar(
        "PA_CLEAN_SLATE_LIMITED_ACCESS",
        "PA",
        Category::RecordState(SEALED),
        "the Pennsylvania record is under limited access",
        "Sealed (limited-access) row.",
        "18 Pa. Cons. Stat. 9122.1, 9122.2, 9122.5",
    ),
];

pub static RI: &[Rule] = &[Rule {
    id: "RI_EMPLOYER_ARREST",
    jurisdiction: "RI",
    scope: Scope::EmployerUse,
    trigger: Trigger::Applicant,
    classes: NONCONV_AND_PENDING,
    action: Action::Review,
    reason: "a Rhode Island employer may not ask about arrests or charges (low-confidence research)",
    summary: "Employers may not ask whether an applicant was arrested or charged (convictions only). Low confidence, so \
              non-convictions and pending charges go to review.",
    citation: "R.I. Gen. Laws 28-5-7(7)",
    confidence: Confidence::Low,
    ..BASE
}];

pub static SC: &[Rule] = &[low_bar(
    "SC_EXPUNGED",
    "SC",
    EXPUNGED,
    "the South Carolina record is expunged",
    "Expunged records are not reported.",
    "S.C. Code Ann. 17-22-910 et seq.",
)];

pub static SD: &[Rule] = &[notice(
    "SD_FEDERAL_ONLY",
    "SD",
    NO_STATE_RULE,
    "15 U.S.C. 1681c",
)];

pub static TN: &[Rule] = &[low_bar(
    "TN_EXPUNGED",
    "TN",
    EXPUNGED,
    "the Tennessee record is expunged",
    "Expunged records are not reported.",
    "Tenn. Code Ann. 40-32-101",
)];

pub static UT: &[Rule] = &[low_bar(
    "UT_EXPUNGED",
    "UT",
    EXPUNGED,
    "the Utah record is expunged",
    "Expunged records (including Clean Slate) are not reported.",
    "Utah Code Ann. 77-40a-101 et seq., 77-40a-205",
)];

pub static VT: &[Rule] = &[
    low_bar(
        "VT_SEALED_EXPUNGED",
        "VT",
        SEALED_OR_EXPUNGED,
        "the Vermont record is sealed or expunged",
        "Sealed and expunged records are not reported.",
        "Vt. Stat. Ann. tit. 13, 7601-7609",
    ),
    notice(
        "VT_BAN_THE_BOX",
        "VT",
        "No criminal-history question on the initial application (not evaluated).",
        "Vt. Stat. Ann. tit. 21, 495j",
    ),
];

pub static VA: &[Rule] = &[
    court_bar(
        "VA_MARIJUANA_POSSESSION",
        "VA",
        Category::MarijuanaPossession,
        "Virginia records of simple marijuana possession are closed to the public",
        "Records of arrest, charge or conviction for simple marijuana possession are not open for public inspection; \
         employers may not require disclosure.",
        "Va. Code Ann. 19.2-389.3",
    ),
    Rule {
        effective_from: Some("2026-07-01"),
        ..court_bar(
            "VA_SEALING_2026",
            "VA",
            Category::RecordState(SEALED),
            "the Virginia record is sealed",
            "Sealed records may not be disseminated except for listed purposes (from July 1, 2026).",
            "Va. Code Ann. 19.2-392.5 et seq., 19.2-392.15",
        )
    },
    Rule {
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        ..court_bar(
            "VA_EXPUNGED",
            "VA",
            Category::RecordState(EXPUNGED),
            "a Virginia employer may not require disclosure of an expunged record",
            "Employers may not require disclosure of expunged records.",
            "Va. Code Ann. 19.2-392.4",
        )
    },
];

pub static WV: &[Rule] = &[low_bar(
    "WV_EXPUNGED",
    "WV",
    EXPUNGED,
    "the West Virginia record is expunged",
    "Expunged records are not reported.",
    "W. Va. Code 61-11-26",
)];

pub static WI: &[Rule] = &[Rule {
    id: "WI_ARREST_RECORD",
    jurisdiction: "WI",
    scope: Scope::EmployerUse,
    trigger: Trigger::Applicant,
    classes: NONCONV,
    action: Action::Bar,
    reason: "a Wisconsin employer may not discriminate on an arrest record that did not end in a conviction",
    summary: "Employment discrimination based on arrest record is prohibited; a pending charge substantially related to \
              the job may be considered.",
    citation: "Wis. Stat. 111.321, 111.335",
    ..BASE
}];

pub static WY: &[Rule] = &[low_bar(
    "WY_EXPUNGED",
    "WY",
    EXPUNGED,
    "the Wyoming record is expunged",
    "Expunged records are not reported.",
    "Wyo. Stat. Ann. 7-13-1401 et seq.",
)];

pub static AS: &[Rule] = &[notice(
    "AS_FEDERAL_ONLY",
    "AS",
    NO_STATE_RULE,
    "15 U.S.C. 1681c",
)];

pub static MP: &[Rule] = &[notice(
    "MP_FEDERAL_ONLY",
    "MP",
    NO_STATE_RULE,
    "15 U.S.C. 1681c",
)];

pub static PR: &[Rule] = &[low_bar(
    "PR_CERTIFICATE_ELIMINATION",
    "PR",
    &[D::Eliminated],
    "the Puerto Rico conviction was eliminated from the criminal-record certificate",
    "Convictions may be eliminated from the police certificate on petition (misdemeanors after 6 months, most felonies \
     after 5 years); a record that names the elimination is not reported (DECISIONS §15).",
    "P.R. Laws Ann. tit. 34, 1725 et seq. (Act No. 254 of 1974, as amended by Act 314-2004)",
)];

pub static VI: &[Rule] = &[notice(
    "VI_FEDERAL_ONLY",
    "VI",
    NO_STATE_RULE,
    "15 U.S.C. 1681c",
)];
