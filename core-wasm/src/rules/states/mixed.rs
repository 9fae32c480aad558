//! Jurisdictions with CRA duties, employer-use limits or mixed local statutes but no general CRA
//! lookback: CT, HI, IN, MN, NC, DC, GU.

use crate::classify::CanonicalDisposition as D;
use crate::rules::Effect;
use crate::rules::catalog::*;

/// Connecticut's erasure and the records CRAs receive as erased (docs/decisions.md §15).
const ERASED: &[D] = &[D::Erased, D::Sealed, D::Expunged];

pub static CT: &[Rule] = &[
    Rule {
        id: "CT_ERASED_NOT_REPORTABLE",
        jurisdiction: "CT",
        trigger: Trigger::Court,
        classes: NONCONV,
        category: Category::AcquittalOrDismissal,
        action: Action::Bar,
        reason: "a Connecticut acquittal or dismissal is erased and may not be disclosed",
        summary: "Records erased under 54-142a (acquittals and dismissals at once; nolles after 13 months; Clean Slate \
                  erasure) may not be disclosed; CRAs must delete erased records within 30 days.",
        citation: "Conn. Gen. Stat. 54-142a, 54-142e",
        ..BASE
    },
    Rule {
        id: "CT_ERASED_NOT_REPORTABLE",
        jurisdiction: "CT",
        trigger: Trigger::Court,
        classes: NONCONV,
        category: Category::Nolle,
        action: Action::Lookback {
            window: Window {
                years: 1,
                months: 1,
            },
            clock: Clock::Disposition,
            salary: None,
            outside: Effect::Bar,
        },
        reason: "Connecticut's erasure of a nolle 13 months after it was entered",
        summary: "Nolle row: erased 13 months after the nolle.",
        citation: "Conn. Gen. Stat. 54-142a, 54-142e",
        ..BASE
    },
    Rule {
        id: "CT_ERASED_NOT_REPORTABLE",
        jurisdiction: "CT",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(ERASED),
        action: Action::Bar,
        reason: "the Connecticut record is erased",
        summary: "Erased (sealed or expunged) row, including Clean Slate erasure.",
        citation: "Conn. Gen. Stat. 54-142a, 54-142e",
        ..BASE
    },
    Rule {
        id: "CT_CRA_EMPLOYMENT_DUTIES",
        jurisdiction: "CT",
        summary: "A CRA issuing an employment report with criminal matters must notify the consumer and report only \
                  up-to-date information (a procedure; not evaluated).",
        citation: "Conn. Gen. Stat. 31-51i",
        ..BASE
    },
    Rule {
        id: "CT_EMPLOYER_ERASED",
        jurisdiction: "CT",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::RecordState(ERASED),
        action: Action::Bar,
        reason: "a Connecticut employer may not use an erased record",
        summary: "Employers may not require disclosure of erased records or discriminate on them.",
        citation: "Conn. Gen. Stat. 31-51i(c)",
        ..BASE
    },
];

const HI_CUSTODY: Clock = Clock::OutOfCustody;

pub static HI: &[Rule] = &[
    Rule {
        id: "HI_FELONY_7YR",
        jurisdiction: "HI",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: CONV,
        category: Category::Felony,
        action: Action::Lookback {
            window: Window::years(7),
            clock: HI_CUSTODY,
            salary: None,
            outside: Effect::Bar,
        },
        reason: "Hawaii's 7-year limit on felony convictions, not counting time in custody",
        summary: "Felony convictions older than 7 years (excluding incarceration) may not be considered.",
        citation: "Haw. Rev. Stat. 378-2.5(c) (Act 51, 2020, SB 2193)",
        ..BASE
    },
    Rule {
        id: "HI_MISDEMEANOR_5YR",
        jurisdiction: "HI",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: CONV,
        category: Category::NotFelony,
        action: Action::Lookback {
            window: Window::years(5),
            clock: HI_CUSTODY,
            salary: None,
            outside: Effect::Bar,
        },
        reason: "Hawaii's 5-year limit on misdemeanor convictions, not counting time in custody",
        summary: "Misdemeanor convictions older than 5 years (excluding incarceration) may not be considered; a \
                  conviction of unknown level goes to review between 5 and 7 years (past 7, both windows bar it).",
        citation: "Haw. Rev. Stat. 378-2.5(c)",
        ..BASE
    },
    Rule {
        id: "HI_ARREST_RECORD",
        jurisdiction: "HI",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV_AND_PENDING,
        action: Action::Bar,
        reason: "a Hawaii employer may not use an arrest or court record that is not a conviction, pending or not",
        summary: "Employers may not discriminate on an arrest and court record (which includes being charged); only \
                  convictions inside the window may be considered (pending charges included).",
        citation: "Haw. Rev. Stat. 378-2, 378-2.5",
        ..BASE
    },
    Rule {
        id: "HI_JUVENILE_CONFIDENTIAL",
        jurisdiction: "HI",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::Juvenile,
        action: Action::Bar,
        reason: "a Hawaii family-court adjudication is confidential and not a conviction",
        summary: "Family-court adjudications confidential under 571-84 are not convictions.",
        citation: "Haw. Rev. Stat. 378-2.5(c); 571-84",
        ..BASE
    },
    Rule {
        id: "HI_CONDITIONAL_OFFER",
        jurisdiction: "HI",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        summary: "Conviction inquiry only after a conditional offer, and the conviction must relate rationally to the job \
                  (an employer duty; not evaluated).",
        citation: "Haw. Rev. Stat. 378-2.5(a)-(b)",
        ..BASE
    },
    Rule {
        id: "HI_EXEMPT_EMPLOYERS",
        jurisdiction: "HI",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        summary: "Listed employers (state agencies, schools, financial institutions, health care, private security and \
                  others required by law to check) are exempt (not evaluated: the request does not say; the limits are \
                  applied, which is the protective choice).",
        citation: "Haw. Rev. Stat. 378-2.5(d)",
        ..BASE
    },
];

pub static IN: &[Rule] = &[
    Rule {
        id: "IN_EXPUNGED_NOT_REPORTABLE",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(EXPUNGED),
        action: Action::Bar,
        reason: "Indiana does not allow reporting an expunged record",
        summary: "May not knowingly report a record marked expunged or removed from public access.",
        citation: "Ind. Code 24-4-18-6(a)(1)",
        ..BASE
    },
    Rule {
        id: "IN_RESTRICTED_NOT_REPORTABLE",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(&[D::Restricted, D::Sealed]),
        action: Action::Bar,
        reason: "Indiana does not allow reporting a record restricted by a court or removed from public access",
        summary: "May not knowingly report a record restricted by a court and marked restricted.",
        citation: "Ind. Code 24-4-18-6(a)(2)",
        ..BASE
    },
    Rule {
        id: "IN_NONCONVICTION_OPEN_QUESTION",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        classes: NONCONV,
        action: Action::Review,
        reason: "whether Indiana still bars reporting Indiana-court charges that did not end in a conviction is an open question",
        summary: "The 2012 law barred reporting non-convictions; later amendments appear to have dropped it. Open \
                  question in the law table, so Indiana-court non-convictions go to human review.",
        citation: "Ind. Code 24-4-18-6 (as amended eff. July 1, 2014); HEA 1033 (2012); HB 1392 (2013)",
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: "IN_INFRACTION_NONDISCLOSURE",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        classes: NONCONV,
        category: Category::ViolationOrInfraction,
        action: Action::Bar,
        reason: "an Indiana infraction that was dismissed or not prosecuted may not be disclosed",
        summary: "Courts may not disclose infraction records that were dismissed, not prosecuted or vacated.",
        citation: "Ind. Code 34-28-5-15",
        ..BASE
    },
    Rule {
        id: "IN_INFRACTION_NONDISCLOSURE",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(&[D::Shielded]),
        action: Action::Bar,
        reason: "an Indiana infraction judgment that was shielded may not be disclosed",
        summary: "Shielded row: satisfied infraction judgments shielded on petition after 5 years.",
        citation: "Ind. Code 34-28-5-15",
        ..BASE
    },
    Rule {
        id: "IN_LEVEL6_CONVERTED",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        summary: "A Class D / Level 6 felony entered as or converted to a Class A misdemeanor may not be reported as a \
                  felony (a display duty; not evaluated).",
        citation: "Ind. Code 24-4-18-6(a)(3)",
        ..BASE
    },
    Rule {
        id: "IN_INACCURATE",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        summary: "May not knowingly report an inaccurate record (not evaluated per charge).",
        citation: "Ind. Code 24-4-18-6(a)(4)",
        ..BASE
    },
    Rule {
        id: "IN_EXCEPTION_REQUIRED_BY_LAW",
        jurisdiction: "IN",
        trigger: Trigger::Court,
        summary: "(a)(1)-(3) items may be reported when the requester is required by law to obtain them (not evaluated: \
                  the request does not say).",
        citation: "Ind. Code 24-4-18-6(b)",
        ..BASE
    },
];

pub static MN: &[Rule] = &[
    Rule {
        id: "MN_DELETE_SEALED_EXPUNGED_PARDONED",
        jurisdiction: "MN",
        classes: KNOWN,
        category: Category::RecordState(SEALED_OR_EXPUNGED),
        action: Action::Bar,
        reason: "Minnesota requires a screening service to delete a sealed or expunged record",
        summary: "Sealed, expunged or pardoned records must be deleted when found on dispute; expunged ones on notice.",
        citation: "Minn. Stat. 332.70, subd. 3 and 3a",
        ..BASE
    },
    Rule {
        id: "MN_DELETE_SEALED_EXPUNGED_PARDONED",
        jurisdiction: "MN",
        classes: DISPOSED,
        category: Category::RecordState(PARDONED),
        action: Action::Review,
        reason: "Minnesota requires a pardoned record to be deleted once it is disputed, so a person decides",
        summary: "Pardoned row: deletion is due on dispute, so pardoned records go to review.",
        citation: "Minn. Stat. 332.70, subd. 3 and 3a",
        ..BASE
    },
    Rule {
        id: "MN_RECORD_CURRENCY",
        jurisdiction: "MN",
        summary: "Only complete and accurate records: updated within 30 days or verified within 90 days (a procedure; \
                  not evaluated).",
        citation: "Minn. Stat. 332.70, subd. 2",
        ..BASE
    },
    Rule {
        id: "MN_CLEAN_SLATE",
        jurisdiction: "MN",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(EXPUNGED),
        action: Action::Bar,
        effective_from: Some("2025-01-01"),
        reason: "the Minnesota record is expunged",
        summary: "Automatic expungement of eligible records from 2025; expunged records are not reportable.",
        citation: "Minn. Stat. 609A.015",
        ..BASE
    },
];

pub static NC: &[Rule] = &[
    Rule {
        id: "NC_DELETE_ON_NOTICE",
        jurisdiction: "NC",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(EXPUNGED),
        action: Action::Bar,
        reason: "North Carolina requires a compiler of criminal history to destroy an expunged record",
        summary: "A private compiler of criminal history must destroy and not disseminate information it received a \
                  notice to delete (expunctions).",
        citation: "N.C. Gen. Stat. 15A-152(a)",
        ..BASE
    },
    Rule {
        id: "NC_EXPUNGED",
        jurisdiction: "NC",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(EXPUNGED),
        action: Action::Bar,
        reason: "the North Carolina record is expunged",
        summary: "Expunged records (including automatic expunction of dismissals after 2020) are not reported.",
        citation: "N.C. Gen. Stat. 15A-145 et seq., 15A-146(a4); S.L. 2020-35",
        ..BASE
    },
];

pub static DC: &[Rule] = &[
    Rule {
        id: "DC_CHP_SEALED_EXPUNGED",
        jurisdiction: "DC",
        classes: KNOWN,
        category: Category::RecordState(SEALED_OR_EXPUNGED),
        action: Action::Bar,
        reason: "a criminal history provider may not report a D.C. record that was expunged or sealed",
        summary: "A criminal history provider shall not provide records that have been expunged, sealed or set aside.",
        citation: "D.C. Code 2-1652(2)(A)",
        ..BASE
    },
    Rule {
        id: "DC_CHP_SEALED_EXPUNGED",
        jurisdiction: "DC",
        classes: KNOWN,
        category: Category::RecordState(SET_ASIDE),
        action: Action::Bar,
        reason: "a criminal history provider may not report a D.C. record that was set aside",
        summary: "Set-aside row of 2-1652(2)(A).",
        citation: "D.C. Code 2-1652(2)(A)",
        ..BASE
    },
    Rule {
        id: "DC_CHP_TWO_IDENTIFIERS",
        jurisdiction: "DC",
        summary: "Use at least two identifiers before reporting (identity handles this; not evaluated per charge).",
        citation: "D.C. Code 2-1652(1)",
        ..BASE
    },
    Rule {
        id: "DC_EMPLOYER_NONCONVICTION",
        jurisdiction: "DC",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        action: Action::Bar,
        reason: "a D.C. employer may not consider an arrest or accusation that is not pending and did not end in a conviction",
        summary: "Covered employers may not inquire into or consider arrests or accusations that are not pending and \
                  did not result in a conviction.",
        citation: "D.C. Code 32-1341 et seq. (Fair Criminal Record Screening Amendment Act of 2014)",
        ..BASE
    },
    Rule {
        id: "DC_AUTO_EXPUNGE_DECRIMINALIZED",
        jurisdiction: "DC",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::MarijuanaPossessionBefore("2015-02-15"),
        action: Action::Bar,
        reason: "D.C. automatically expunges simple marijuana possession from before Feb. 15, 2015",
        summary: "Automatic expungement of records for decriminalized conduct and simple marijuana possession before \
                  Feb. 15, 2015.",
        citation: "D.C. Code 16-802 (Second Chance Amendment Act of 2022, D.C. Law 24-284)",
        ..BASE
    },
    Rule {
        id: "DC_CONVICTION_10YR_OPEN_QUESTION",
        jurisdiction: "DC",
        classes: CONV,
        action: Action::Lookback {
            window: Window::years(10),
            clock: Clock::Disposition,
            salary: None,
            outside: Effect::Review,
        },
        reason: "a claimed D.C. 10-year limit on convictions is unverified",
        summary: "One screening firm says D.C. bars convictions whose sentence ended more than 10 years ago (citing \
                  2-1402.66); unverified open question, so such convictions go to review.",
        citation: "D.C. Code 2-1402.66 (unverified); D.C. Code 2-1652(2)(B) (text truncated)",
        confidence: Confidence::Low,
        ..BASE
    },
];

pub static GU: &[Rule] = &[
    Rule {
        id: "GU_SOURCE_NONDISCLOSURE",
        jurisdiction: "GU",
        trigger: Trigger::Court,
        classes: NONCONV,
        action: Action::Bar,
        reason: "Guam's police and courts may not reveal an arrest without a filed case or a dismissed case",
        summary: "The Guam Police Department and Superior Court shall not reveal an arrest that did not result in a filed \
                  case, or a dismissed case.",
        citation: "22 Guam Code Ann. 6102(b)",
        ..BASE
    },
    Rule {
        id: "GU_EMPLOYER_NONCONVICTION",
        jurisdiction: "GU",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        action: Action::Bar,
        reason: "a Guam employer may not ask about an arrest or a case that ended without a conviction",
        summary: "Employers may not inquire about arrests or cases resulting in dismissal, expungement, sealing or no \
                  conviction; pending cases may be asked about after a conditional offer.",
        citation: "22 Guam Code Ann. 6102(c)-(d)",
        ..BASE
    },
];
