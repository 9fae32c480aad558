//! The charge sets of the classifier benchmark (`benches/classify.rs`) and of its instruction
//! count (`examples/profile_classify.rs`): court-table spellings, and statutes as ten states'
//! courts write them.

/// Ten charges of the kinds found in court tables: (charge, statute, disposition).
pub const COURT_TEXT: &[(&str, Option<&str>, &str)] = &[
    ("EXCEED SPD LMT 1ST CLS 26 OR MORE", None, "*Guilty"),
    ("DR RT LN/SM DRT-RESLT AC", None, "Dropped/Abandoned"),
    ("TOWD VEH-IMP SAFETY DEV", None, "*Adj W/H"),
    (
        "Rear Lamps Required - Height of Mounting",
        Some("32-17-8"),
        "GUILTY",
    ),
    ("Driving Under Revocation (M1)", Some("32-12-65"), "GUILTY"),
    (
        "Passing NSF Checks $400 or less (M2)",
        Some("22-30A-24"),
        "CONFINED NOT CONVICTED",
    ),
    ("POSSESSION OF CONTROLLED SUBSTANCE", None, "NOLLE PROSEQUI"),
    (
        "OPERATING LODGING ESTABLISHMENT WITHOUT A LICENSE",
        None,
        "DISMISSED",
    ),
    (
        "Seatbelts- Drivers Ages 14-18 Required",
        Some("32-37-1.2"),
        "PAID CIVIL PENALTY",
    ),
    (
        "AGGRAVATED ASSAULT",
        Some("22-18-1.1"),
        "DEFERRED ADJUDICATION; THEN DISMISSED",
    ),
];

/// Ten charges with the statute as each state's courts write it: (state, charge,
/// statute). The statute is read against the state's row of the vehicle-code table.
pub const STATUTE_TEXT: &[(&str, &str, &str)] = &[
    ("CA", "UNSAFE SPEED:PREVAIL COND", "22350 VC"),
    ("CA", "DUI ALCOHOL/DRUGS", "23152(A) VC"),
    ("MO", "SPEEDING", "RSMo 304.010"),
    ("PA", "DRIVING UNDER INFLUENCE", "75 § 3802 §§ A1*"),
    ("TX", "FAIL TO MAINTAIN FINANCIAL RESP", "TRANSP 601.191"),
    (
        "IL",
        "DISOBEY TRAFFIC CONTROL DEVICE",
        "625 ILCS 5/11-305(a)",
    ),
    ("MA", "SPEEDING", "90/17/A"),
    ("MI", "RETAIL FRAUD 2ND DEGREE", "750.356D2"),
    ("OH", "RECEIVING STOLEN PROPERTY", "2913.51"),
    ("FL", "CARELESS DRIVING", "316.1925(1)"),
];
