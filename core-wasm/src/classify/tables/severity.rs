//! Severity tables (docs/charges.md B2, B3, B4), as static data.
//!
//! `CODES` holds short codes, matched against the whole `type` value with spaces removed (so
//! `F-1`, `F 1` and `F1` are one key); state rows are tried first (B4 overrides). `LEVEL_PHRASES`
//! reads long forms ("FELONY CLASS H", "Class B Misdemeanor"), most specific first.
//! Entries marked **(GK)** come from general domain knowledge, not from the vocabulary's sources.

use crate::classify::vocabulary::SeverityLevel as L;

/// One short code.
pub(crate) struct LevelCode {
    pub(crate) states: &'static [&'static str],
    pub(crate) code: &'static str,
    pub(crate) level: L,
    pub(crate) class: Option<&'static str>,
    /// `JF`/`JM`/`JU` (CJARS).
    pub(crate) juvenile: bool,
    /// `T`, `TR`, `TRAFFIC`...: the type says traffic, not how serious.
    pub(crate) traffic: bool,
    /// False when the code is known to be ambiguous here (`IC`, `N` outside WI, `MA` in MA).
    pub(crate) recognised: bool,
}

const fn c(code: &'static str, level: L, class: Option<&'static str>) -> LevelCode {
    LevelCode {
        states: &[],
        code,
        level,
        class,
        juvenile: false,
        traffic: false,
        recognised: true,
    }
}

const fn sc(
    states: &'static [&'static str],
    code: &'static str,
    level: L,
    class: Option<&'static str>,
) -> LevelCode {
    LevelCode {
        states,
        code,
        level,
        class,
        juvenile: false,
        traffic: false,
        recognised: true,
    }
}

const fn juvenile(code: &'static str, level: L) -> LevelCode {
    LevelCode {
        states: &[],
        code,
        level,
        class: None,
        juvenile: true,
        traffic: false,
        recognised: true,
    }
}

const fn traffic(code: &'static str) -> LevelCode {
    LevelCode {
        states: &[],
        code,
        level: L::Unknown,
        class: None,
        juvenile: false,
        traffic: true,
        recognised: true,
    }
}

const fn unclear(states: &'static [&'static str], code: &'static str) -> LevelCode {
    LevelCode {
        states,
        code,
        level: L::Unknown,
        class: None,
        juvenile: false,
        traffic: false,
        recognised: false,
    }
}

const NC: &[&str] = &["NC"];
const WI: &[&str] = &["WI"];
const NC_WI: &[&str] = &["NC", "WI"];
const FL: &[&str] = &["FL"];
const CO: &[&str] = &["CO"];
const NJ: &[&str] = &["NJ"];

/// B3 short codes with B4 per-state overrides (state rows are looked up first).
pub(crate) const CODES: &[LevelCode] = &[
    // B3: `I` is a felony class in NC and WI, an infraction elsewhere.
    sc(NC_WI, "I", L::Felony, Some("I")),
    // B4 NC felony classes A, B1, B2, C ... I and misdemeanor classes A1, 1, 2, 3 (GK). Bare `F`
    // stays a generic felony.
    sc(NC, "A", L::Felony, Some("A")),
    sc(NC, "B1", L::Felony, Some("B1")),
    sc(NC, "B2", L::Felony, Some("B2")),
    sc(NC, "C", L::Felony, Some("C")),
    sc(NC, "D", L::Felony, Some("D")),
    sc(NC, "E", L::Felony, Some("E")),
    sc(NC, "G", L::Felony, Some("G")),
    sc(NC, "H", L::Felony, Some("H")),
    sc(NC, "A1", L::Misdemeanor, Some("A1")),
    sc(NC, "1", L::Misdemeanor, Some("1")),
    sc(NC, "2", L::Misdemeanor, Some("2")),
    sc(NC, "3", L::Misdemeanor, Some("3")),
    // B3 `N`: WI non-criminal forfeiture [WI1]; elsewhere it may mean "no".
    sc(WI, "N", L::Violation, None),
    // `FE` is CJARS "felony" globally but WI class E felony [WI1].
    sc(WI, "FE", L::Felony, Some("E")),
    // FL clerk case types: MM = county-court misdemeanor, CF = circuit felony (GK). Without this
    // a FL `MM` would read as Ohio's minor misdemeanor.
    sc(FL, "MM", L::Misdemeanor, None),
    sc(FL, "CF", L::Felony, None),
    // CO drug felony levels DF1-DF4 and drug misdemeanors DM1-DM2 (GK; sample 11).
    sc(CO, "DF1", L::Felony, Some("DF1")),
    sc(CO, "DF2", L::Felony, Some("DF2")),
    sc(CO, "DF3", L::Felony, Some("DF3")),
    sc(CO, "DF4", L::Felony, Some("DF4")),
    sc(CO, "DM1", L::Misdemeanor, Some("DM1")),
    sc(CO, "DM2", L::Misdemeanor, Some("DM2")),
    // B2 NJ disorderly persons / petty disorderly persons (GK), indictable crimes [CS1].
    sc(NJ, "DP", L::Misdemeanor, None),
    sc(NJ, "PDP", L::PettyOffense, None),
    sc(NJ, "IND", L::Felony, None),
    // Massachusetts: CM a civil motor vehicle infraction, CI a civil infraction (the District
    // Court's levels); Michigan's civil infractions are CI too. Elsewhere CM may mean a
    // criminal misdemeanour: not read.
    sc(&["MA"], "CM", L::Infraction, None),
    sc(&["MA", "MI"], "CI", L::Infraction, None),
    // B3 caveat: `MA` is the Massachusetts state code; in an MA case it is not read as a grade.
    unclear(&["MA"], "MA"),
    // B4 IL class X felony (GK).
    sc(&["IL"], "X", L::Felony, Some("X")),
    // --- B3 global defaults ---
    c("F", L::Felony, None),
    c("FEL", L::Felony, None),
    c("FE", L::Felony, None),
    c("F1", L::Felony, Some("1")),
    c("F2", L::Felony, Some("2")),
    c("F3", L::Felony, Some("3")),
    c("F4", L::Felony, Some("4")),
    c("F5", L::Felony, Some("5")),
    c("F6", L::Felony, Some("6")),
    c("FA", L::Felony, Some("A")),
    c("FB", L::Felony, Some("B")),
    c("FC", L::Felony, Some("C")),
    c("FD", L::Felony, Some("D")),
    c("FF", L::Felony, Some("F")),
    c("FG", L::Felony, Some("G")),
    c("FH", L::Felony, Some("H")),
    c("FI", L::Felony, Some("I")),
    c("FU", L::Felony, Some("UNCLASSIFIED")),
    c("SJF", L::Felony, Some("SJF")),
    // (GK) capital felony codes.
    c("CAP", L::Felony, Some("CAPITAL")),
    c("CF", L::Felony, Some("CAPITAL")),
    c("CAPITAL", L::Felony, Some("CAPITAL")),
    c("M", L::Misdemeanor, None),
    c("MIS", L::Misdemeanor, None),
    c("MISD", L::Misdemeanor, None),
    c("MI", L::Misdemeanor, None),
    c("M1", L::Misdemeanor, Some("1")),
    c("M2", L::Misdemeanor, Some("2")),
    c("M3", L::Misdemeanor, Some("3")),
    c("M4", L::Misdemeanor, Some("4")),
    c("MA", L::Misdemeanor, Some("A")),
    c("MB", L::Misdemeanor, Some("B")),
    c("MC", L::Misdemeanor, Some("C")),
    c("MU", L::Misdemeanor, Some("UNCLASSIFIED")),
    // (GK) MN, WA gross misdemeanor.
    c("GM", L::Misdemeanor, Some("GROSS")),
    c("GROSS", L::Misdemeanor, Some("GROSS")),
    // (GK) OH minor misdemeanor.
    c("MM", L::PettyOffense, Some("MINOR")),
    c("S", L::PettyOffense, Some("SUMMARY")),
    c("SUM", L::PettyOffense, Some("SUMMARY")),
    c("SUMMARY", L::PettyOffense, Some("SUMMARY")),
    // (GK) petty offense; CO classes PO1-PO3 (sample 11).
    c("PO", L::PettyOffense, None),
    c("PETTY", L::PettyOffense, None),
    c("PO1", L::PettyOffense, Some("1")),
    c("PO2", L::PettyOffense, Some("2")),
    c("PO3", L::PettyOffense, Some("3")),
    c("I", L::Infraction, None),
    c("INF", L::Infraction, None),
    // (GK) a civil motor vehicle infraction (Massachusetts' CMVI).
    c("CMVI", L::Infraction, None),
    c("INFRACTION", L::Infraction, None),
    // (GK) violation.
    c("V", L::Violation, None),
    c("VIOL", L::Violation, None),
    c("VIOLATION", L::Violation, None),
    c("ORD", L::Ordinance, None),
    c("MUNI", L::Ordinance, None),
    c("C", L::Civil, None),
    c("CIV", L::Civil, None),
    juvenile("JF", L::Felony),
    juvenile("JM", L::Misdemeanor),
    juvenile("JU", L::Unknown),
    traffic("T"),
    traffic("TR"),
    traffic("TRAF"),
    traffic("TRAFFIC"),
    traffic("TRD"),
    // Meaning undocumented [L1] / source table only.
    unclear(&[], "IC"),
    unclear(&[], "N"),
    // Clear "unknown" values (B2 UNKNOWN row); `*` and `-` arrive here as an empty key.
    c("U", L::Unknown, None),
    c("UNK", L::Unknown, None),
    c("UU", L::Unknown, None),
    c("UNKNOWN", L::Unknown, None),
    c("NA", L::Unknown, None),
    c("0", L::Unknown, None),
    c("NONE", L::Unknown, None),
    c("UNAVAILABLE", L::Unknown, None),
    c("NOTSPECIFIED", L::Unknown, None),
];

/// A level stated in words. `traffic` marks phrases that also say the charge is a traffic one.
pub(crate) struct LevelPhrase {
    pub(crate) phrase: &'static str,
    pub(crate) level: L,
    pub(crate) class: Option<&'static str>,
    pub(crate) traffic: bool,
}

const fn p(phrase: &'static str, level: L, class: Option<&'static str>) -> LevelPhrase {
    LevelPhrase {
        phrase,
        level,
        class,
        traffic: false,
    }
}

const fn pt(phrase: &'static str, level: L) -> LevelPhrase {
    LevelPhrase {
        phrase,
        level,
        class: None,
        traffic: true,
    }
}

/// B2 long forms, most specific first (the first phrase found decides the level).
pub(crate) const LEVEL_PHRASES: &[LevelPhrase] = &[
    p("STATE JAIL FELONY", L::Felony, Some("SJF")),
    p("CAPITAL FELONY", L::Felony, Some("CAPITAL")),
    p("LIFE FELONY", L::Felony, Some("LIFE")),
    p("DRUG FELONY", L::Felony, None),
    p("CLASS X", L::Felony, Some("X")), // IL (GK)
    p("PETTY DISORDERLY PERSONS", L::PettyOffense, None), // NJ (GK)
    p("DISORDERLY PERSONS", L::Misdemeanor, None), // NJ (GK)
    p("PETTY MISDEMEANOR", L::PettyOffense, None), // MN (GK)
    p("MINOR MISDEMEANOR", L::PettyOffense, Some("MINOR")), // OH (GK)
    p("GROSS MISDEMEANOR", L::Misdemeanor, Some("GROSS")),
    p("DRUG MISDEMEANOR", L::Misdemeanor, None),
    p("PETTY OFFENSE", L::PettyOffense, None),
    p("PETTY", L::PettyOffense, None),
    p("SUMMARY OFFENSE", L::PettyOffense, Some("SUMMARY")),
    p("SUMMARY", L::PettyOffense, Some("SUMMARY")),
    // B2 note: a criminal traffic charge is a misdemeanor or felony, never an infraction; the
    // level stays unknown unless another word gives it.
    pt("CRIMINAL TRAFFIC VIOLATION", L::Unknown),
    pt("CRIMINAL TRAFFIC", L::Unknown),
    pt("NON MOVING TRAFFIC VIOLATION", L::Infraction),
    pt("NON MOVING VIOLATION", L::Infraction),
    pt("MOVING VIOLATION", L::Infraction), // (GK)
    pt("TRAFFIC INFRACTION", L::Infraction),
    p("CIVIL INFRACTION", L::Infraction, None),
    p("INFRACTION", L::Infraction, None),
    p("INF", L::Infraction, None),
    p("CITED CITATION", L::Infraction, None),
    p("CITATION", L::Infraction, None),
    p("MUNICIPAL ORDINANCE VIOLATION", L::Ordinance, None),
    p("ORDINANCE VIOLATION", L::Ordinance, None),
    p("DESIGNATED CONTINUING VIOLATION", L::Ordinance, None),
    p("ORDINANCE", L::Ordinance, None),
    p("ORD", L::Ordinance, None),
    p("MUNICIPAL", L::Ordinance, None),
    p("MUNI", L::Ordinance, None),
    p("CITY", L::Ordinance, None),
    p("COUNTY CODE", L::Ordinance, None),
    pt("TRAFFIC VIOLATION", L::Violation),
    p("VIOLATION", L::Violation, None),
    p("VIOL", L::Violation, None),
    p("INDICTABLE", L::Felony, None),   // NJ [CS1]
    p("CRIME OF THE", L::Felony, None), // NJ "crime of the 3rd degree"
    p("FELONY", L::Felony, None),
    p("FELONIES", L::Felony, None),
    p("FELONIOUS", L::Felony, None),
    p("FEL", L::Felony, None),
    p("MISDEMEANOR", L::Misdemeanor, None),
    p("MISDEMEANORS", L::Misdemeanor, None),
    p("MISDEMEANOUR", L::Misdemeanor, None),
    p("MISD", L::Misdemeanor, None),
    p("MIS", L::Misdemeanor, None),
    p("CIVIL", L::Civil, None),
    p("CIV", L::Civil, None),
    p("ADMINISTRATIVE", L::Civil, None),
    p("ADMIN", L::Civil, None),
    p("COMM", L::Civil, None),
];

/// Words that only say "traffic" or "juvenile" (flags, not levels).
pub(crate) const TRAFFIC_WORDS: &[&str] = &["TRAFFIC", "TRAF", "TR", "T", "TRD"];
/// Juvenile markers (B1 `juvenile`).
pub(crate) const JUVENILE_WORDS: &[&str] = &["JUVENILE", "JUV"];
/// Words that introduce a class: "CLASS A", "LEVEL 4", "GRADE 2".
pub(crate) const CLASS_MARKERS: &[&str] = &["CLASS", "CL", "LEVEL", "LVL", "GRADE"];
/// Ordinal words before DEGREE: "THIRD DEGREE FELONY" -> class 3.
pub(crate) const ORDINALS: &[(&str, &str)] = &[
    ("1ST", "1"),
    ("FIRST", "1"),
    ("2ND", "2"),
    ("SECOND", "2"),
    ("3RD", "3"),
    ("THIRD", "3"),
    ("4TH", "4"),
    ("FOURTH", "4"),
    ("5TH", "5"),
    ("FIFTH", "5"),
    ("6TH", "6"),
    ("SIXTH", "6"),
];
/// Tokens that can stand for a class on their own inside a level phrase (B1 `severity_class`).
pub(crate) const CLASS_TOKENS: &[&str] = &[
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "A",
    "B",
    "C",
    "D",
    "E",
    "F",
    "G",
    "H",
    "I",
    "X",
    "A1",
    "B1",
    "B2",
    "UNCLASSIFIED",
];

/// Level words looked for inside charge text (for the `type_class` warning). Petty and gross
/// forms come first so their MISDEMEANOR is not read twice; "PETTY THEFT" says nothing.
pub(crate) const CHARGE_TEXT_LEVELS: &[(&str, L)] = &[
    ("STATE JAIL FELONY", L::Felony),
    ("PETTY MISDEMEANOR", L::PettyOffense),
    ("MINOR MISDEMEANOR", L::PettyOffense),
    ("PETTY OFFENSE", L::PettyOffense),
    ("SUMMARY OFFENSE", L::PettyOffense),
    ("GROSS MISDEMEANOR", L::Misdemeanor),
    ("CIVIL INFRACTION", L::Infraction),
    ("TRAFFIC INFRACTION", L::Infraction),
    ("INFRACTION", L::Infraction),
    ("MUNICIPAL ORDINANCE", L::Ordinance),
    ("ORDINANCE VIOLATION", L::Ordinance),
    ("FELONY", L::Felony),
    ("FELONIES", L::Felony),
    ("FELONIOUS", L::Felony),
    ("MISDEMEANOR", L::Misdemeanor),
    ("MISDEMEANORS", L::Misdemeanor),
    ("MISDEMEANOUR", L::Misdemeanor),
    ("MISD", L::Misdemeanor),
];

/// An offense whose grade is the same essentially everywhere in the United States **(GK)**: the
/// level shown for a charge whose type and text name none. Shown only, with evidence
/// that says it was inferred; the rules never read it (docs/classify-report.md, "Inferred
/// severity"). `unless` lists words that make the grade vary between states (burglary of a
/// vehicle or with tools is a misdemeanor in some; negligent or vehicular homicide too).
pub(crate) struct InferredLevel {
    pub(crate) name: &'static str,
    pub(crate) level: L,
    pub(crate) words: &'static [&'static str],
    pub(crate) unless: &'static [&'static str],
}

/// The inferable offenses, most telling first.
pub(crate) const INFERRED_LEVELS: &[InferredLevel] = &[
    InferredLevel {
        name: "murder and manslaughter",
        level: L::Felony,
        words: &["MURDER", "HOMICIDE", "MANSLAUGHTER"],
        unless: &[
            "NEGLIG*",
            "VEHICLE*",
            "VEHICULAR",
            "MOTOR",
            "BOAT*",
            "VESSEL*",
            "RECKLESS",
        ],
    },
    InferredLevel {
        name: "robbery",
        level: L::Felony,
        words: &["ROBBERY", "ROBBERIES"],
        unless: &[],
    },
    InferredLevel {
        name: "kidnapping",
        level: L::Felony,
        words: &["KIDNAP*"],
        unless: &[],
    },
    InferredLevel {
        name: "rape",
        level: L::Felony,
        words: &["RAPE"],
        unless: &[],
    },
    InferredLevel {
        name: "burglary",
        level: L::Felony,
        words: &["BURGLARY"],
        unless: &[
            "TOOL*",
            "VEHICLE*",
            "AUTO*",
            "MOTOR",
            "CONVEYANCE",
            "COIN*",
            "4TH",
            "FOURTH",
        ],
    },
];

/// Words beside which no grade is inferred: inchoate and accessory forms, threats and reports
/// are graded apart from the offense they name, differently from state to state **(GK)**.
pub(crate) const NOT_INFERRED_BESIDE: &[&str] = &[
    "ATTEMPT*",
    "ATT",
    "CONSPIR*",
    "SOLICIT*",
    "ACCESSORY",
    "FACILITAT*",
    "THREAT*",
    "FALSE",
    "REPORT*",
    "JUVENILE",
];
