//! Abbreviations expanded in charge match keys (never in the display form).
//!
//! Collected from the sample records and common court abbreviations **(GK)**; only expansions that
//! cannot change the meaning of a charge are listed. Multi-word keys come before any single-word
//! key that starts them, because the first matching row wins.

/// `W/O` and `W/` read at the start of a word, before punctuation is removed.
pub(crate) const SLASH_PREFIXES: &[(&str, &str)] = &[("W/O", "WITHOUT"), ("W/", "WITH")];

/// (abbreviation as cleaned words, expansion). Matched word by word on the cleaned text.
pub(crate) const ABBREVIATIONS: &[(&str, &str)] = &[
    ("CONT SUB", "CONTROLLED SUBSTANCE"),
    ("CONT SUBST", "CONTROLLED SUBSTANCE"),
    ("D L", "DRIVERS LICENSE"),
    ("POSS", "POSSESSION"),
    ("POSSESS", "POSSESSION"),
    ("CS", "CONTROLLED SUBSTANCE"),
    ("CDS", "CONTROLLED DANGEROUS SUBSTANCE"),
    ("MARIJ", "MARIJUANA"),
    ("MJ", "MARIJUANA"),
    ("PWISD", "POSSESSION WITH INTENT TO SELL OR DELIVER"),
    ("PWID", "POSSESSION WITH INTENT TO DISTRIBUTE"),
    ("AGG", "AGGRAVATED"),
    ("AGGR", "AGGRAVATED"),
    ("ASLT", "ASSAULT"),
    ("BURG", "BURGLARY"),
    ("VEH", "VEHICLE"),
    ("MV", "MOTOR VEHICLE"),
    ("DRV", "DRIVING"),
    ("OPER", "OPERATING"),
    ("LIC", "LICENSE"),
    ("LICENCE", "LICENSE"),
    ("DL", "DRIVERS LICENSE"),
    ("SUSP", "SUSPENDED"),
    ("REV", "REVOKED"),
    ("REG", "REGISTRATION"),
    ("INS", "INSURANCE"),
    ("FAIL", "FAILURE"),
    ("FTY", "FAILURE TO YIELD"),
    ("FTA", "FAILURE TO APPEAR"),
    ("VOP", "VIOLATION OF PROBATION"),
    ("DWLS", "DRIVING WHILE LICENSE SUSPENDED"),
    ("DWLR", "DRIVING WHILE LICENSE REVOKED"),
    ("DWR", "DRIVING WHILE REVOKED"),
    ("DWS", "DRIVING WHILE SUSPENDED"),
    ("DUS", "DRIVING UNDER SUSPENSION"),
    ("PROP", "PROPERTY"),
    ("MERCH", "MERCHANDISE"),
    ("SCH", "SCHEDULE"),
];
