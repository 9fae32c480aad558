//! Jurisdictions with a consumer-reporting lookback or non-conviction bar (`rule_basis:
//! cra_statute`): CA, CO, KS, KY, MD, MA, MT, NV, NH, NM, NY, TX, WA.

use crate::parse::classify::CanonicalDisposition as D;
use crate::rules::Effect;
use crate::rules::catalog::*;

const fn seven(salary: Option<u32>) -> Action {
    Action::Lookback {
        window: Window::years(7),
        clock: Clock::Disposition,
        salary,
        outside: Effect::Bar,
    }
}

/// California's conviction lookback. The test-only `rules-next` build shortens it to 5 years so
/// the host's swap and diff tests run on a second, real module whose decisions differ in one
/// known place; it is not law and never ships.
#[cfg(not(feature = "rules-next"))]
const CA_CONVICTION_WINDOW: Action = seven(None);
#[cfg(feature = "rules-next")]
const CA_CONVICTION_WINDOW: Action = Action::Lookback {
    window: Window::years(5),
    clock: Clock::Disposition,
    salary: None,
    outside: Effect::Bar,
};

pub static CA: &[Rule] = &[
    Rule {
        id: "CA_CONVICTION_7YR",
        jurisdiction: "CA",
        classes: DISPOSED,
        action: CA_CONVICTION_WINDOW,
        reason: "California's 7-year limit counted from disposition or release (no salary exemption)",
        summary: "Records of arrest, indictment, information, misdemeanor complaint or conviction that antedate the \
                  report by more than 7 years from disposition, release or parole may not be reported. No salary \
                  exemption.",
        citation: "Cal. Civ. Code 1786.18(a)(7), (b)(1)-(2)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "CA_NONCONVICTION_NOT_REPORTABLE",
        jurisdiction: "CA",
        classes: NONCONV,
        action: Action::Bar,
        reason: "California does not allow reporting a charge that did not end in a conviction, at any age",
        summary: "Arrests and charges that did not result in a conviction may not be reported; pending matters may be \
                  reported until judgment.",
        citation: "Cal. Civ. Code 1786.18(a)(7)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "CA_PARDON_NOT_REPORTABLE",
        jurisdiction: "CA",
        classes: DISPOSED,
        category: Category::RecordState(PARDONED),
        action: Action::Bar,
        reason: "California does not allow reporting a pardoned conviction",
        summary: "A conviction for which a full pardon has been granted may not be reported once the CRA learns of it.",
        citation: "Cal. Civ. Code 1786.18(a)(7)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "CA_MARIJUANA_2YR",
        jurisdiction: "CA",
        trigger: Trigger::Court,
        classes: DISPOSED,
        category: Category::MarijuanaPossession,
        action: Action::Lookback {
            window: Window::years(2),
            clock: Clock::Disposition,
            salary: None,
            outside: Effect::Bar,
        },
        reason: "California's 2-year limit on minor marijuana records",
        summary: "Records of minor marijuana offenses (H&S 11357(b)/(c), 11360(c)) are destroyed 2 years after \
                  conviction or arrest and may not be used; not reportable after 2 years. Applied to possession charges \
                  in California courts.",
        citation: "Cal. Health & Safety Code 11361.5, 11361.7; Cal. Lab. Code 432.8",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "CA_EMPLOYER_USE_LIMITS",
        jurisdiction: "CA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::Deferral,
        action: Action::Bar,
        reason: "a California employer may not use a referral to or participation in diversion",
        summary: "Employers may not seek or use arrests not resulting in conviction, diversion, convictions judicially \
                  dismissed or sealed (Penal Code 1203.4, 1203.425), or juvenile-court matters.",
        citation: "Cal. Lab. Code 432.7; Cal. Gov. Code 12952; 2 Cal. Code Regs. 11017.1",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "CA_EMPLOYER_USE_LIMITS",
        jurisdiction: "CA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::RecordState(&[D::ConvictionSetAside, D::Sealed]),
        action: Action::Bar,
        reason: "a California employer may not use a conviction that was judicially dismissed, set aside or sealed",
        summary: "Row for convictions judicially dismissed, set aside or sealed (Penal Code 1203.4, 1203.425; see \
                  the diversion row for the full rule).",
        citation: "Cal. Lab. Code 432.7; Cal. Gov. Code 12952; 2 Cal. Code Regs. 11017.1",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "CA_EMPLOYER_USE_LIMITS",
        jurisdiction: "CA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::Juvenile,
        action: Action::Bar,
        reason: "a California employer may not use a juvenile-court matter",
        summary: "Row for juvenile-court matters (see the diversion row for the full rule).",
        citation: "Cal. Lab. Code 432.7; Cal. Gov. Code 12952; 2 Cal. Code Regs. 11017.1",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "CA_PUBLIC_RECORD_30DAY_VERIFY",
        jurisdiction: "CA",
        summary: "Public-record information on arrests, indictments and convictions must be verified within the 30 \
                  days before the report is furnished (a procedure; not evaluated per charge).",
        citation: "Cal. Civ. Code 1786.18(c) (wording not fully retrieved; verify)",
        ..BASE
    },
    Rule {
        id: "CA_CCRAA_CREDIT_REPORTS",
        jurisdiction: "CA",
        summary: "The CCRAA's parallel 7-year limit (a $75,000 exception cited as 1785.13.6) is unverified; ICRAA (no \
                  salary exception) governs criminal background reports. Not evaluated.",
        citation: "Cal. Civ. Code 1785.13 (unverified)",
        confidence: Confidence::Low,
        ..BASE
    },
];

pub static CO: &[Rule] = &[
    Rule {
        id: "CO_CONVICTION_7YR",
        jurisdiction: "CO",
        classes: DISPOSED,
        action: seven(Some(75_000)),
        preemption_doubt: Some("CO_PREEMPTION_DISPUTE"),
        reason: "Colorado's 7-year limit counted from disposition or release (lifted at a salary of $75,000)",
        summary: "Records of arrest, indictment or conviction more than 7 years from disposition, release or parole \
                  may not be reported unless the job pays $75,000 or more.",
        citation: "Colo. Rev. Stat. 5-18-109(1)(e), (2)(c)",
        ..BASE
    },
    Rule {
        id: "CO_PREEMPTION_DISPUTE",
        jurisdiction: "CO",
        reason: "Colorado's limit is applied although some treat it as preempted by the FCRA",
        summary: "Some screening firms treat Colorado's limit as preempted (it post-dates Sept. 30, 1996); the engine \
                  applies it and says so.",
        citation: "15 U.S.C. 1681t(b)(1)(E)",
        ..BASE
    },
    Rule {
        id: "CO_SEALED_NOT_REPORTABLE",
        jurisdiction: "CO",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(SEALED),
        action: Action::Bar,
        reason: "the record is sealed under Colorado law",
        summary: "Records sealed under Colorado's sealing statutes (including automatic sealing) are not reported.",
        citation: "Colo. Rev. Stat. 24-72-701 et seq.",
        ..BASE
    },
];

pub static KS: &[Rule] = &[Rule {
    id: "KS_CONVICTION_7YR",
    jurisdiction: "KS",
    classes: DISPOSED,
    action: seven(Some(20_000)),
    reason: "Kansas's 7-year limit counted from disposition or release (lifted at a salary of $20,000)",
    summary: "Records of arrest, indictment or conviction more than 7 years from disposition, release or parole may \
              not be reported unless the salary is $20,000 or more (the federal limit on non-convictions still \
              applies below $75,000).",
    citation: "Kan. Stat. Ann. 50-704",
    ..BASE
}];

pub static KY: &[Rule] = &[
    Rule {
        id: "KY_NONCONVICTION_KY_COURTS",
        jurisdiction: "KY",
        trigger: Trigger::Court,
        classes: NONCONV,
        action: Action::Bar,
        reason: "Kentucky does not allow a reporting agency to keep a Kentucky-court charge that did not end in a conviction",
        summary: "No consumer reporting agency may maintain information on any charge in a Kentucky court unless it \
                  resulted in a conviction (keyed on the court, not the candidate).",
        citation: "Ky. Rev. Stat. 367.310",
        ..BASE
    },
    Rule {
        id: "KY_PENDING_AMBIGUOUS",
        jurisdiction: "KY",
        trigger: Trigger::Court,
        classes: PENDING,
        action: Action::Review,
        reason: "Kentucky's statute read literally also bars a pending Kentucky-court charge, and practice varies",
        summary: "Read literally, a pending charge has not resulted in a conviction and may not be maintained; route \
                  pending Kentucky-court charges to human review.",
        citation: "Ky. Rev. Stat. 367.310 (interpretation)",
        confidence: Confidence::Low,
        ..BASE
    },
];

pub static MD: &[Rule] = &[
    Rule {
        id: "MD_CONVICTION_7YR",
        jurisdiction: "MD",
        classes: DISPOSED,
        action: seven(Some(20_000)),
        effective_to: Some("2024-09-30"),
        reason: "Maryland's 7-year limit counted from disposition or release (lifted at a salary of $20,000 before Oct. 1, 2024)",
        summary: "Before Oct. 1, 2024: records of arrest, indictment or conviction more than 7 years from disposition, \
                  release or parole may not be reported unless the salary is $20,000 or more.",
        citation: "Md. Code, Com. Law 14-1203",
        ..BASE
    },
    Rule {
        id: "MD_CONVICTION_7YR",
        jurisdiction: "MD",
        classes: DISPOSED,
        action: seven(Some(75_000)),
        effective_from: Some("2024-10-01"),
        preemption_doubt: Some(FED_STATE_PREEMPTION),
        reason: "Maryland's 7-year limit counted from disposition or release (lifted at a salary of $75,000 since Oct. 1, 2024)",
        summary: "From Oct. 1, 2024: as before, with the threshold raised to $75,000 (one official summary says \
                  $70,000; $75,000 applied, which is the more protective reading).",
        citation: "Md. Code, Com. Law 14-1203 (Ch. 618/619, Laws 2024)",
        ..BASE
    },
    Rule {
        id: "MD_NONCONVICTION_BAR",
        jurisdiction: "MD",
        classes: NONCONV,
        category: Category::NotDeferral,
        action: Action::Bar,
        effective_from: Some("2024-10-01"),
        preemption_doubt: Some(FED_STATE_PREEMPTION),
        reason: "Maryland does not allow reporting a proceeding that did not end in a guilty verdict or plea (since Oct. 1, 2024)",
        summary: "May not include any record of a proceeding in which the consumer was acquitted, exonerated or falsely \
                  accused, nolle prosequi was entered, or that did not result in a guilty verdict or plea.",
        citation: "Md. Code, Com. Law 14-1203.1(a)(1)",
        ..BASE
    },
    Rule {
        id: "MD_EXPUNGED_BAR",
        jurisdiction: "MD",
        classes: KNOWN,
        category: Category::RecordState(EXPUNGED),
        action: Action::Bar,
        effective_from: Some("2024-10-01"),
        reason: "Maryland does not allow reporting an expunged record",
        summary: "May not include any criminal record that has been expunged.",
        citation: "Md. Code, Com. Law 14-1203.1(a)(2)",
        ..BASE
    },
    Rule {
        id: "MD_PBJ_REVIEW",
        jurisdiction: "MD",
        classes: NONCONV_AND_PENDING,
        category: Category::Deferral,
        action: Action::Review,
        effective_from: Some("2024-10-01"),
        reason: "whether Maryland's non-conviction bar covers probation before judgment (which follows a guilty plea) is unsettled",
        summary: "Probation before judgment follows a guilty plea or verdict without a conviction; whether 14-1203.1 bars \
                  it is unclear, so it goes to human review.",
        citation: "Md. Code, Crim. Proc. 6-220; Com. Law 14-1203.1 (interpretation)",
        confidence: Confidence::Low,
        ..BASE
    },
    Rule {
        id: "MD_SHIELDED",
        jurisdiction: "MD",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(&[D::Shielded]),
        action: Action::Bar,
        reason: "the record is shielded under Maryland law",
        summary: "Shielded records may not be disclosed or required by employers except where authorized.",
        citation: "Md. Code, Crim. Proc. 10-301 to 10-306",
        ..BASE
    },
];

pub static MA: &[Rule] = &[
    Rule {
        id: "MA_CONVICTION_7YR",
        jurisdiction: "MA",
        classes: DISPOSED,
        action: seven(None),
        reason: "Massachusetts's 7-year limit counted from disposition or release (no salary exemption)",
        summary: "Records of arrest, indictment or conviction more than 7 years from disposition, release or parole may \
                  not be reported. No salary exemption (the former $20,000 exception appears repealed in 2012).",
        citation: "Mass. Gen. Laws c. 93, 52(a)(5), (b)",
        ..BASE
    },
    Rule {
        id: "MA_151B_NONCONVICTION",
        jurisdiction: "MA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        action: Action::Bar,
        reason: "a Massachusetts employer may not use an arrest or charge that did not end in a conviction",
        summary: "Employers may not request or use information on an arrest, detention or disposition in which no \
                  conviction resulted.",
        citation: "Mass. Gen. Laws c. 151B, 4(9)(i)",
        ..BASE
    },
    Rule {
        id: "MA_151B_FIRST_MINOR_MISDEMEANOR",
        jurisdiction: "MA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: CONV,
        category: Category::MinorMisdemeanorMa,
        action: Action::Review,
        reason: "a Massachusetts employer may not use a first conviction for drunkenness, simple assault, affray or \
                 disturbing the peace, and whether this is a first conviction is not known",
        summary: "Employers may not request or use a first conviction for drunkenness, simple assault, speeding, minor \
                  traffic violations, affray or disturbance of the peace (whether it is the first needs a person).",
        citation: "Mass. Gen. Laws c. 151B, 4(9)(ii)",
        ..BASE
    },
    Rule {
        id: "MA_151B_MISDEMEANOR_3YR",
        jurisdiction: "MA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: CONV,
        category: Category::Misdemeanor,
        action: Action::Lookback {
            window: Window::years(3),
            clock: Clock::Disposition,
            salary: None,
            outside: Effect::Bar,
        },
        reason: "Massachusetts's 3-year limit on misdemeanor convictions counted from conviction or release",
        summary: "Employers may not request or use a misdemeanor conviction 3 or more years old (from conviction or end \
                  of incarceration) unless there was another conviction within those 3 years.",
        citation: "Mass. Gen. Laws c. 151B, 4(9)(iii) (as amended by St. 2018, c. 69)",
        ..BASE
    },
    Rule {
        id: "MA_SEALED_JUVENILE",
        jurisdiction: "MA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::Juvenile,
        action: Action::Bar,
        reason: "a Massachusetts employer may not use a juvenile matter",
        summary: "Sealed records and juvenile matters (unless tried as an adult) may not be requested or used.",
        citation: "Mass. Gen. Laws c. 151B, 4(9); c. 276, 100A",
        ..BASE
    },
    Rule {
        id: "MA_SEALED_JUVENILE",
        jurisdiction: "MA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: KNOWN,
        category: Category::RecordState(SEALED_OR_EXPUNGED),
        action: Action::Bar,
        reason: "a Massachusetts employer may not use a sealed record",
        summary: "Sealed row (records sealed under c. 276, 100A and expunged ones).",
        citation: "Mass. Gen. Laws c. 151B, 4(9); c. 276, 100A",
        ..BASE
    },
];

pub static MT: &[Rule] = &[Rule {
    id: "MT_CONVICTION_7YR",
    jurisdiction: "MT",
    classes: DISPOSED,
    action: seven(None),
    reason: "Montana's 7-year limit counted from disposition or release (no salary exemption)",
    summary: "Records of arrest, indictment or conviction more than 7 years from disposition, release or parole may not \
              be reported. No salary exemption; the federal $75,000 exemption does not lift it.",
    citation: "Mont. Code Ann. 31-3-112(5)",
    ..BASE
}];

pub static NV: &[Rule] = &[
    Rule {
        id: "NV_NONCONVICTION_7YR",
        jurisdiction: "NV",
        classes: NONCONV_AND_PENDING,
        action: Action::Lookback {
            window: Window::years(7),
            clock: Clock::Entry,
            salary: None,
            outside: Effect::Bar,
        },
        reason: "Nevada's 7-year limit on criminal proceedings other than convictions (no salary exemption)",
        summary: "Reports of criminal proceedings other than records of conviction that precede the report by more than \
                  7 years must be purged; no salary exemption (the conviction limit was removed June 9, 2015).",
        citation: "Nev. Rev. Stat. 598C.150 (as amended by SB 409, 2015)",
        ..BASE
    },
    Rule {
        id: "NV_GAMING_EXCEPTION",
        jurisdiction: "NV",
        summary: "Exception for reports prepared for a gaming licensee about a job applicant (not evaluated: the request \
                  does not say the user is a gaming licensee).",
        citation: "SB 409 (2015) sec. 1 (codified in NRS ch. 598C)",
        ..BASE
    },
    Rule {
        id: "NV_SEALED",
        jurisdiction: "NV",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(SEALED),
        action: Action::Bar,
        reason: "the record is sealed under Nevada law and deemed never to have occurred",
        summary: "Sealed records are deemed never to have occurred; not reported.",
        citation: "Nev. Rev. Stat. 179.285",
        ..BASE
    },
];

pub static NH: &[Rule] = &[
    Rule {
        id: "NH_CONVICTION_7YR",
        jurisdiction: "NH",
        classes: DISPOSED,
        action: seven(Some(20_000)),
        reason: "New Hampshire's 7-year limit counted from disposition or release (lifted at a salary of $20,000)",
        summary: "Records of arrest, indictment or conviction more than 7 years old may not be reported unless the salary \
                  is $20,000 or more.",
        citation: "N.H. Rev. Stat. Ann. 359-B:5",
        ..BASE
    },
    Rule {
        id: "NH_ANNULLED",
        jurisdiction: "NH",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(&[D::Annulled]),
        action: Action::Bar,
        reason: "the record is annulled under New Hampshire law, and the person is treated as never arrested or convicted",
        summary: "Annulled records: the person is treated as never arrested or convicted; not reported.",
        citation: "N.H. Rev. Stat. Ann. 651:5",
        ..BASE
    },
];

pub static NM: &[Rule] = &[
    Rule {
        id: "NM_CONVICTION_7YR",
        jurisdiction: "NM",
        classes: CONV,
        action: seven(None),
        reason: "New Mexico's 7-year limit counted from release or parole, else disposition (no salary exemption)",
        summary: "Convictions may be reported for no longer than 7 years from release or parole (the disposition date \
                  for a sentence without custody). No salary exemption.",
        citation: "N.M. Stat. Ann. 56-3-6(A)(5)",
        ..BASE
    },
    Rule {
        id: "NM_NONCONVICTION_NOT_REPORTABLE",
        jurisdiction: "NM",
        classes: NONCONV,
        action: Action::Bar,
        reason: "New Mexico does not allow reporting an arrest or indictment once no conviction resulted",
        summary: "No longer reportable once it is learned that after an arrest or indictment a conviction did not result.",
        citation: "N.M. Stat. Ann. 56-3-6(A)(5)",
        ..BASE
    },
    Rule {
        id: "NM_PARDON",
        jurisdiction: "NM",
        classes: DISPOSED,
        category: Category::RecordState(PARDONED),
        action: Action::Bar,
        reason: "New Mexico does not allow reporting a pardoned conviction",
        summary: "No longer reportable once a full pardon is granted.",
        citation: "N.M. Stat. Ann. 56-3-6(A)(5)",
        ..BASE
    },
    Rule {
        id: "NM_UNVERIFIABLE_DELETE",
        jurisdiction: "NM",
        summary: "Derogatory items must be deleted when the source can no longer verify them (a procedure; not evaluated).",
        citation: "N.M. Stat. Ann. 56-3-6(B)",
        ..BASE
    },
    Rule {
        id: "NM_EXPUNGED",
        jurisdiction: "NM",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(EXPUNGED),
        action: Action::Bar,
        reason: "the record is expunged under New Mexico law",
        summary: "Records expunged under the Criminal Record Expungement Act are not reported.",
        citation: "N.M. Stat. Ann. 29-3A-1 et seq.",
        ..BASE
    },
];

pub static NY: &[Rule] = &[
    Rule {
        id: "NY_CONVICTION_7YR",
        jurisdiction: "NY",
        classes: CONV,
        action: seven(Some(25_000)),
        reason: "New York's 7-year limit counted from disposition or release (lifted at a salary of $25,000)",
        summary: "Records of conviction more than 7 years from disposition, release or parole may not be reported unless \
                  the salary is $25,000 or more.",
        citation: "N.Y. Gen. Bus. Law 380-j(f)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "NY_NONCONVICTION_NOT_REPORTABLE",
        jurisdiction: "NY",
        classes: NONCONV,
        action: Action::Bar,
        reason: "New York does not allow reporting an arrest or charge without a conviction unless it is still pending",
        summary: "No report may contain information on an arrest or criminal charge unless there was a conviction or the \
                  charge is still pending.",
        citation: "N.Y. Gen. Bus. Law 380-j(a)(1)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "NY_SEALED_NOT_REPORTABLE",
        jurisdiction: "NY",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(SEALED),
        action: Action::Bar,
        reason: "the record is sealed under New York law",
        summary: "Sealed records (CPL 160.50, 160.55, 160.57 Clean Slate, 160.58, 160.59) may not be reported or used.",
        citation: "N.Y. Crim. Proc. Law 160.50, 160.55, 160.57, 160.58, 160.59; N.Y. Exec. Law 296(16)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "NY_CLEAN_SLATE_SEALING",
        jurisdiction: "NY",
        trigger: Trigger::Court,
        classes: CONV,
        category: Category::NotFelony,
        action: Action::Lookback {
            window: Window::years(3),
            clock: Clock::Disposition,
            salary: None,
            outside: Effect::Review,
        },
        effective_from: Some("2024-11-16"),
        reason: "New York's Clean Slate Act seals misdemeanor convictions 3 years after sentence or release, subject to \
                 conditions a person must check",
        summary: "Automatic sealing under the Clean Slate Act (eff. Nov. 16, 2024): misdemeanors 3 years after \
                  sentence or release; eligibility (no later conviction, excluded offenses) needs a person, so older \
                  New York-court misdemeanor convictions go to review.",
        citation: "N.Y. Crim. Proc. Law 160.57; L. 2023, ch. 631",
        ..BASE
    },
    Rule {
        id: "NY_CLEAN_SLATE_SEALING",
        jurisdiction: "NY",
        trigger: Trigger::Court,
        classes: CONV,
        category: Category::Felony,
        action: Action::Lookback {
            window: Window::years(8),
            clock: Clock::Disposition,
            salary: None,
            outside: Effect::Review,
        },
        effective_from: Some("2024-11-16"),
        reason: "New York's Clean Slate Act seals felony convictions 8 years after sentence or release, subject to \
                 conditions a person must check",
        summary: "Felony row of the Clean Slate Act: 8 years after sentence or release (in force from Nov. 16, 2024).",
        citation: "N.Y. Crim. Proc. Law 160.57; L. 2023, ch. 631",
        ..BASE
    },
    Rule {
        id: "NY_YOUTHFUL_OFFENDER",
        jurisdiction: "NY",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::Juvenile,
        action: Action::Bar,
        reason: "a New York youthful-offender or juvenile adjudication is not a conviction and is confidential",
        summary: "Youthful offender adjudications are not convictions and are confidential (applied to New York-court \
                  records marked juvenile).",
        citation: "N.Y. Crim. Proc. Law 720.35; N.Y. Exec. Law 296(16)",
        ..BASE
    },
    Rule {
        id: "NY_YOUTHFUL_OFFENDER",
        jurisdiction: "NY",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(&[D::YouthfulOffender]),
        action: Action::Bar,
        reason: "a New York youthful offender adjudication is not a conviction, whatever the adult level, and is \
                 confidential",
        summary: "Youthful offender row: a New York-court disposition that names a youthful offender adjudication \
                  (DECISIONS §15), whatever the charge's level.",
        citation: "N.Y. Crim. Proc. Law 720.35; N.Y. Exec. Law 296(16)",
        ..BASE
    },
    Rule {
        id: "NY_TRAFFIC_VIOLATION_NONREPORT",
        jurisdiction: "NY",
        trigger: Trigger::Court,
        classes: CONV,
        category: Category::ViolationOrInfraction,
        action: Action::Bar,
        reason: "a New York conviction for a violation or traffic infraction is sealed",
        summary: "Traffic infractions and violations (non-criminal offenses) are sealed on conviction, except DWAI and \
                  loitering for prostitution.",
        citation: "N.Y. Crim. Proc. Law 160.55",
        ..BASE
    },
    Rule {
        id: "NY_RETAIL_DETENTION_EXCEPTION",
        jurisdiction: "NY",
        summary: "Retail-store detentions may be reported only with a written admission, notice and certification (not \
                  evaluated; such detentions are non-convictions and barred by 380-j(a)(1) otherwise).",
        citation: "N.Y. Gen. Bus. Law 380-j(b)-(c)",
        ..BASE
    },
    Rule {
        id: "NY_ARTICLE_23A_COPY",
        jurisdiction: "NY",
        summary: "When a report contains conviction information the user must give the subject a copy of Correction Law \
                  Article 23-A (a duty of the user; not evaluated).",
        citation: "N.Y. Gen. Bus. Law 380-g(d)",
        ..BASE
    },
];

pub static TX: &[Rule] = &[
    Rule {
        id: "TX_CONVICTION_7YR",
        jurisdiction: "TX",
        classes: DISPOSED,
        action: seven(Some(75_000)),
        preemption_doubt: Some("TX_PREEMPTION_DISPUTE"),
        reason: "Texas's 7-year limit counted from disposition or release (lifted at a salary of $75,000)",
        summary: "A consumer report may not contain a record of arrest, indictment or conviction whose disposition, \
                  release or parole predates the report by more than 7 years, unless the salary is $75,000 or more.",
        citation: "Tex. Bus. & Com. Code 20.05(a)(4), (b)(3)",
        ..BASE
    },
    Rule {
        id: "TX_EXPUNCTION_NONDISCLOSURE",
        jurisdiction: "TX",
        trigger: Trigger::Court,
        classes: KNOWN,
        category: Category::RecordState(&[D::Expunged, D::Nondisclosure, D::Sealed]),
        action: Action::Bar,
        reason: "the record is under a Texas expunction or nondisclosure order",
        summary: "A private entity may not compile or disseminate information after notice of an expunction or \
                  nondisclosure order.",
        citation: "Tex. Gov't Code 552.1425, 411.0835",
        ..BASE
    },
    Rule {
        id: "TX_DEFERRED_ADJUDICATION",
        jurisdiction: "TX",
        trigger: Trigger::Court,
        classes: NONCONV,
        category: Category::Deferral,
        action: Action::Review,
        reason: "a completed Texas deferred adjudication is not a conviction, and how the FCRA treats it is flagged for a person",
        summary: "Completed deferred adjudication is not a conviction under Texas law; treated as a non-conviction and \
                  flagged for review.",
        citation: "Tex. Code Crim. Proc. art. 42A.111 (interpretation)",
        ..BASE
    },
    Rule {
        id: "TX_PREEMPTION_DISPUTE",
        jurisdiction: "TX",
        summary: "20.05 was enacted in 1997, after the FCRA grandfather date; some firms consider it preempted. The \
                  engine applies it and says so.",
        citation: "15 U.S.C. 1681t(b)(1)(E)",
        ..BASE
    },
];

pub static WA: &[Rule] = &[
    Rule {
        id: "WA_CONVICTION_7YR",
        jurisdiction: "WA",
        classes: DISPOSED,
        action: seven(Some(20_000)),
        reason: "Washington's 7-year limit counted from disposition or release (lifted at a salary of $20,000)",
        summary: "Records of arrest, indictment or conviction of an adult more than 7 years from disposition, release or \
                  parole may not be reported unless the salary is $20,000 or more.",
        citation: "Wash. Rev. Code 19.182.040(1)(e), (2)(c)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "WA_JUVENILE_21",
        jurisdiction: "WA",
        classes: KNOWN,
        category: Category::Juvenile,
        action: Action::JuvenileUntilAge(21),
        preemption_doubt: Some(FED_STATE_PREEMPTION),
        reason: "Washington does not allow reporting a juvenile record once the subject is 21",
        summary: "Juvenile records may not be reported when the subject is 21 or older at the time of the report; no \
                  salary exemption.",
        citation: "Wash. Rev. Code 19.182.040(1)(f), (2)",
        confidence: Confidence::High,
        ..BASE
    },
    Rule {
        id: "WA_FAIR_CHANCE_2026",
        jurisdiction: "WA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: NONCONV,
        action: Action::Bar,
        effective_from: Some("2026-07-01"),
        reason: "from July 1, 2026 a Washington employer may not act on an arrest that did not end in a conviction",
        summary: "From July 1, 2026 employers may not take adverse action on an arrest record (except an adult arrest \
                  pending trial) or a juvenile conviction.",
        citation: "Wash. Rev. Code 49.94 as amended by HB 1747 (2025)",
        ..BASE
    },
    Rule {
        id: "WA_FAIR_CHANCE_2026",
        jurisdiction: "WA",
        scope: Scope::EmployerUse,
        trigger: Trigger::Applicant,
        classes: CONV,
        category: Category::Juvenile,
        action: Action::Bar,
        effective_from: Some("2026-07-01"),
        reason: "from July 1, 2026 a Washington employer may not act on a juvenile conviction",
        summary: "Juvenile-conviction row of the Fair Chance Act amendment (in force from July 1, 2026).",
        citation: "Wash. Rev. Code 49.94 as amended by HB 1747 (2025)",
        ..BASE
    },
];
