//! Disposition tables (docs/charges.md A3, A4 and the A2 procedure), as static data.
//!
//! Two tables: `CODES` (whole-entry exact matches; state-scoped rows are tried before global ones)
//! and `RULES` (phrase rules; the first matching row wins, so the order below IS the logic: most
//! specific first). Patterns are cleaned words (`text::clean`); a trailing `*` matches a prefix.
//! Entries marked **(GK)** come from general domain knowledge, not from the vocabulary's sources.

use crate::classify::vocabulary::CanonicalDisposition as C;

/// What one disposition entry says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// An outcome (final, or interim for pending / transferred / mistrial).
    Outcome {
        /// Canonical value.
        canonical: C,
        /// Jurisdiction sensitive beyond the canonical default (PJC, infraction findings).
        sensitive: bool,
    },
    /// A conviction or plea undone and the case open again; replaces earlier outcomes.
    Reopened,
    /// A clear "no information" value (recognised, UNKNOWN).
    NoInfo,
    /// Understood, but states no outcome (a not-guilty plea entered, a juvenile adjudication).
    NoOutcome,
    /// Post-disposition event; never changes the class by itself (A3 note).
    Event(Event),
    /// A4 ambiguous token: meaning depends on a source table we do not have.
    Ambiguous,
    /// Only sentence terms: never read as a conviction (A2 step 5).
    SentenceOnly,
    /// Conviction and dismissal words in one entry with no rule that orders them.
    Conflict,
    /// Not understood.
    Unrecognised,
}

impl Reading {
    /// For entries with no outcome: (how telling the reason is, whether it counts as recognised).
    /// The highest rank among a disposition's entries supplies the evidence.
    pub(crate) fn fallback_rank(self) -> (u8, bool) {
        match self {
            Reading::NoInfo => (0, true),
            Reading::NoOutcome => (1, true),
            Reading::Unrecognised => (2, false),
            Reading::Event(_) => (3, false),
            Reading::SentenceOnly => (4, false),
            Reading::Ambiguous => (5, false),
            Reading::Conflict => (6, false),
            Reading::Outcome { .. } | Reading::Reopened => (7, true),
        }
    }
}

/// Post-disposition events (A3 note under the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Event {
    /// Probation revoked: a conviction stays one; an open deferral becomes `DEFERRAL_REVOKED`.
    ProbationRevoked,
    /// Appeal pending / notice of appeal.
    Appeal,
    /// Sentence modified.
    SentenceModified,
    /// Sentence completed (time served, EOS).
    SentenceCompleted,
    /// A request for relief (sealing, expungement, pardon, set-aside) was denied.
    ReliefDenied,
}

/// One exact-code row. `states` empty = any source.
pub(crate) struct CodeRow {
    pub(crate) states: &'static [&'static str],
    pub(crate) code: &'static str,
    pub(crate) reading: Reading,
}

/// One phrase rule: every group in `all` must have at least one phrase present, and no phrase of
/// `none`. `states` empty = any state.
pub(crate) struct Rule {
    pub(crate) id: &'static str,
    pub(crate) states: &'static [&'static str],
    pub(crate) all: &'static [&'static [&'static str]],
    pub(crate) none: &'static [&'static str],
    pub(crate) reading: Reading,
}

/// Words that separate successive entries in one disposition string ("DEFERRED THEN DISMISSED").
pub(crate) const SEQUENCE_WORDS: &[&str] = &["THEN", "SUBSEQUENTLY", "AFTERWARDS", "LATER"];

const fn o(canonical: C) -> Reading {
    Reading::Outcome {
        canonical,
        sensitive: false,
    }
}

const fn sensitive(canonical: C) -> Reading {
    Reading::Outcome {
        canonical,
        sensitive: true,
    }
}

const fn code(states: &'static [&'static str], code: &'static str, reading: Reading) -> CodeRow {
    CodeRow {
        states,
        code,
        reading,
    }
}

const fn rule(id: &'static str, all: &'static [&'static [&'static str]], reading: Reading) -> Rule {
    Rule {
        id,
        states: &[],
        all,
        none: &[],
        reading,
    }
}

const fn rule_unless(
    id: &'static str,
    all: &'static [&'static [&'static str]],
    none: &'static [&'static str],
    reading: Reading,
) -> Rule {
    Rule {
        id,
        states: &[],
        all,
        none,
        reading,
    }
}

const fn state_rule(
    id: &'static str,
    states: &'static [&'static str],
    all: &'static [&'static [&'static str]],
    reading: Reading,
) -> Rule {
    Rule {
        id,
        states,
        all,
        none: &[],
        reading,
    }
}

const NC: &[&str] = &["NC"];
const WA: &[&str] = &["WA"];
const FL: &[&str] = &["FL"];
const NY: &[&str] = &["NY"];
const ANY: &[&str] = &[];

/// A2 step 2 and A4: exact codes. State rows first (NC CIPRS [N1], WA SCOMIS [W1]), then global
/// rows (CJARS [J1] and unambiguous spellings), then the A4 ambiguous tokens.
pub(crate) const CODES: &[CodeRow] = &[
    // NC CIPRS disposition codes [N1].
    code(NC, "VD", o(C::DismissedByProsecutor)),
    code(NC, "VL", o(C::DismissedWithLeave)),
    code(NC, "DC", o(C::Dismissed)),
    code(NC, "DPD", o(C::DeferredCompleted)),
    code(NC, "DD", o(C::DeferredCompleted)),
    code(NC, "ST", o(C::DismissedByProsecutor)),
    code(NC, "NB", o(C::NotFiled)),
    code(NC, "NPC", o(C::NotFiled)),
    code(NC, "CV", o(C::Transferred)),
    code(NC, "TD", o(C::Transferred)),
    code(NC, "RM", o(C::Transferred)),
    code(NC, "SI", o(C::Superseded)),
    // NC `GU` and `JR` are disposition *methods* (by judge, by jury), not verdicts (A4).
    code(NC, "GU", Reading::NoOutcome),
    code(NC, "JR", Reading::NoOutcome),
    // WA SCOMIS result codes [W1].
    code(WA, "D", o(C::Dismissed)),
    code(WA, "G", o(C::Convicted)),
    code(WA, "GV", o(C::Convicted)),
    code(WA, "NG", o(C::Acquitted)),
    code(WA, "P", o(C::Pending)),
    code(WA, "CV", o(C::Transferred)),
    code(WA, "GR", o(C::DeferralRevoked)),
    // FL withhold of adjudication (A3 DEFERRED_ACTIVE "WITHHOLD (FL)", A3/A4 WITHHELD).
    code(FL, "WITHHOLD", o(C::DeferredUnspecified)),
    code(FL, "WITHHELD", o(C::DeferredUnspecified)),
    // CJARS adjudication codes [J1] (NA, NP and GU are ambiguous: below).
    code(ANY, "GP", o(C::ConvictedGuiltyPlea)),
    code(ANY, "PG", o(C::ConvictedGuiltyPlea)),
    code(ANY, "GC", o(C::ConvictedAtTrial)),
    code(ANY, "GJ", o(C::ConvictedAtTrial)),
    code(ANY, "GI", o(C::Convicted)),
    code(ANY, "ND", o(C::Dismissed)),
    // CJARS `DU`: a diversion whose result the code does not say (docs/decisions.md §15).
    code(ANY, "DU", o(C::DeferredUnspecified)),
    code(ANY, "PT", o(C::Pending)),
    code(ANY, "PU", o(C::Pending)),
    code(ANY, "UU", Reading::NoInfo),
    // Short spellings from A3 that must match the whole entry.
    code(ANY, "NG", o(C::Acquitted)),
    code(ANY, "ACQ", o(C::Acquitted)),
    code(ANY, "GTL", o(C::ConvictedLesser)),
    code(ANY, "OTHER", Reading::NoInfo),
    code(ANY, "UNK", Reading::NoInfo),
    // A3 DEFERRED_UNSPECIFIED: a deferral named with nothing else.
    code(ANY, "DEFERRED", o(C::DeferredUnspecified)),
    code(ANY, "DEFERRAL", o(C::DeferredUnspecified)),
    code(ANY, "DEFERRED ADJ", o(C::DeferredUnspecified)),
    code(ANY, "DIVERSION", o(C::DeferredUnspecified)),
    // New York's youthful offender finding, written as its initials (CPL 720.20).
    code(NY, "YO", o(C::YouthfulOffender)),
    code(NY, "Y O", o(C::YouthfulOffender)),
    // Missouri suspended execution of sentence: a conviction, unlike its SIS (GK).
    code(&["MO"], "SES", o(C::Convicted)),
    // A4: never mapped without the source's own table.
    code(ANY, "NA", Reading::Ambiguous),
    code(ANY, "NC", Reading::Ambiguous),
    code(ANY, "NP", Reading::Ambiguous),
    code(ANY, "DC", Reading::Ambiguous),
    code(ANY, "D", Reading::Ambiguous),
    code(ANY, "G", Reading::Ambiguous),
    code(ANY, "GU", Reading::Ambiguous),
];

/// Deferral / diversion names (A3's kinds of deferral). A bare one is the unspecified case
/// (docs/decisions.md §15); `RUNNING`, `COMPLETION` and `REVOCATION` words say how it stands.
/// `WITHHOLD`/`WITHHELD` alone are FL-only and handled by their own rows.
const DEFERRAL: &[&str] = &[
    "DEFERR*",
    "DEF ADJ",
    "DEF PROS",
    "DIVERSION*",
    "DIVERTED",
    "PRETRIAL INTERVENTION",
    "ARD",
    "PTI",
    "PBJ",
    "PROBATION BEFORE JUDGMENT",
    "PROBATION BEFORE JUDGEMENT",
    "PROBATION BEFORE CONVICTION",
    "CWOF",
    "CONTINUED WITHOUT A FINDING",
    "CONTINUED WITHOUT FINDING",
    "CONTINUANCE WITHOUT A FINDING",
    "SIS",
    "SUSPENDED IMPOSITION",
    "ADJUDICATION WITHHELD",
    "ADJ WITHHELD",
    "WITHHELD ADJUDICATION",
    "WITHHOLD OF ADJUDICATION",
    "WITHHOLD ADJUDICATION",
    "WITHHELD JUDGMENT",    // ID withheld judgment (GK)
    "FIRST OFFENDER",       // GA First Offender Act (GK)
    "STAY OF ADJUDICATION", // MN (GK)
    "PLEA IN ABEYANCE",     // UT (GK)
    "HYTA",                 // MI Holmes Youthful Trainee Act (GK)
    "YOUTHFUL TRAINEE",     // MI (GK)
    "NON ADJUDICATION",     // MS (GK)
    "NONADJUDICATION",
    "PROBATION WITHOUT VERDICT", // PA drug deferral (GK)
];

/// Words saying a deferral ended in dismissal (A3 DEFERRED_COMPLETED).
const COMPLETION: &[&str] = &[
    "DISMISS*",
    "DISM",
    "DSM",
    "COMPLETE*",
    "COMPLETION",
    "SUCCESSFUL*",
    "DISCHARGE",
    "DISCHARGED",
    "FULFILLED",
    "COMPLIED",
];

/// Words that deny a completion ("NOT COMPLETED"): a deferral that says so is not completed.
const NOT_COMPLETED: &[&str] = &[
    "NOT COMPLETE*",
    "NOT YET COMPLETE*",
    "INCOMPLETE",
    "NOT DISMISSED",
    "NOT DISCHARGED",
    "NOT SUCCESSFUL*",
    "PENDING COMPLETION",
    "AWAITING COMPLETION",
];

/// Words saying a deferral is still running (docs/decisions.md §15: the record says so, or it is the
/// unspecified case).
const RUNNING: &[&str] = &[
    "ACTIVE",
    "PENDING",
    "ONGOING",
    "IN PROGRESS",
    "CURRENT",
    "CURRENTLY",
    "NOT COMPLETE*",
    "NOT YET COMPLETE*",
    "INCOMPLETE",
    "AWAITING COMPLETION",
    "PENDING COMPLETION",
    "IN COMPLIANCE",
];

/// Words saying a deferral ended in dismissal, for a deferral whose name holds DISCHARGE.
const ENDED_WELL: &[&str] = &["DISMISS*", "COMPLETE*", "COMPLETION", "SUCCESSFUL*"];

/// Florida's withhold of adjudication, as its courts write it (Okaloosa `*Adj W/H`).
const FL_WITHHOLD: &[&str] = &[
    "ADJUDICATION WITHHELD",
    "ADJ WITHHELD",
    "WITHHELD ADJUDICATION",
    "WITHHOLD OF ADJUDICATION",
    "WITHHOLD ADJUDICATION",
    "WITHHOLD",
    "ADJ W H",
    "ADJ W HELD",
    "W H ADJ",
    "W HELD ADJ",
];

/// Words saying a deferral was revoked and judgment entered (A3 DEFERRAL_REVOKED).
const REVOCATION: &[&str] = &[
    "REVOK*",
    "REVOCATION",
    "ADJUDICATED GUILTY",
    "ADJUDICATED",
    "GUILT ADJUDICATED",
    "UNSUCCESSFUL*",
    "FAILED",
    "MOTION TO ADJUDICATE GRANTED", // TX (GK)
];

const DISMISS_WORDS: &[&str] = &["DISMISS*", "DISM", "DSM"];
const NOLLE_WORDS: &[&str] = &["NOLLE*", "NOL PROS*", "NOLPROS*", "NOELLEPR"];
/// The charge was dropped as part of a plea on another count.
const PLEA_CONTEXT: &[&str] = &[
    "OTHER COUNT*",
    "OTHER CHARGE*",
    "ANOTHER",
    "PLEA BARGAIN",
    "PLEA AGREEMENT",
    "PLEA NEGOTIATION*",
    "NEGOTIATED PLEA",
    "PLED TO COUNT",
    "PLEA TO COUNT",
];
const GUILTY_WORDS: &[&str] = &["GUILTY", "CONVICT*", "CONV"];
const NOT_GUILTY_PLEA: &[&str] = &[
    "PLEA OF NOT GUILTY",
    "NOT GUILTY PLEA",
    "PLEA NOT GUILTY",
    "PLED NOT GUILTY",
    "PLEAD NOT GUILTY",
    "PLEADED NOT GUILTY",
    "PLEADS NOT GUILTY",
];

/// Words that deny what follows them ("NOT CONVICTED", "NO CONVICTION", "PRE SENTENCED").
pub(crate) const NEGATIONS: &[&str] = &["NOT", "NO", "NON", "NEVER", "WITHOUT", "PRE", "NOR"];
/// Words a negation may stand before without breaking it ("NOT FOUND GUILTY", "NOT YET SENTENCED").
pub(crate) const NEGATION_GAP: &[&str] =
    &["FOUND", "BEEN", "YET", "BE", "A", "ADJUDICATED", "ADJUDGED"];
/// Words that say a conviction. When every one of them in an entry is negated, no rule that reads
/// a conviction (or a guilty/dismissed conflict) may decide the entry (`CONFINED NOT
/// CONVICTED` is no conviction).
pub(crate) const CONVICTION_WORDS: &[&str] = &["GUILTY", "GUILT", "CONVICT*", "CONV", "SENTENCED"];
/// Negated convictions, as phrases for the rules below.
const NOT_CONVICTED: &[&str] = &[
    "NOT CONVICT*",
    "NO CONVICTION*",
    "NON CONVICTION*",
    "NONCONVICTION*",
    "NEVER CONVICTED",
    "WITHOUT CONVICTION",
    "WITHOUT A CONVICTION",
];

/// A2 step 3: phrase rules, most specific first. Read top to bottom; the first match wins.
pub(crate) const RULES: &[Rule] = &[
    // An entry that says it is void states nothing (A3 UNKNOWN "ENTERED IN ERROR").
    rule(
        "entered_in_error",
        &[&["ENTERED IN ERROR", "ENTERED ERRONEOUSLY", "ERRONEOUS ENTRY"]],
        Reading::NoInfo,
    ),
    // Relief asked for and refused changes nothing.
    rule(
        "relief_denied",
        &[
            &["DENIED", "DENY", "DENIAL"],
            &[
                "SEAL*",
                "EXPUNG*",
                "EXPUNCT*",
                "PARDON*",
                "SET ASIDE",
                "VACAT*",
                "1203 4",
                "ANNUL*",
                "SHIELD*",
                "RESTRICT*",
                "NONDISCLOSURE",
                "NON DISCLOSURE",
                "ERAS*",
                "LIMITED ACCESS",
                "ELIMINA*",
            ],
        ],
        Reading::Event(Event::ReliefDenied),
    ),
    // A3 SEALED_OR_EXPUNGED, split (see CanonicalDisposition). Expunged first: "SEALED AND
    // EXPUNGED" is expunged. A deferral that ended in expungement is reported as Expunged, the
    // more protective reading of A3's "PBJ + expungement".
    // docs/decisions.md §15: the law table's own names for relief are vocabulary. A word that means one
    // thing in one state and another elsewhere is read with the case's state (A4): the
    // state's row comes first. Each row names the statute that uses the word.
    // CT 54-142a: erasure.
    state_rule("erased_ct", &["CT"], &[&["ERAS*"]], o(C::Erased)),
    rule(
        "expunged",
        &[&["EXPUNG*", "EXPUNCT*", "ERASED", "ERASURE"]],
        o(C::Expunged),
    ),
    // NH RSA 651:5: annulment. Elsewhere an annulled conviction is a set-aside (below).
    state_rule("annulled_nh", &["NH"], &[&["ANNUL*"]], o(C::Annulled)),
    // MD Crim. Proc. 10-301 ff. (and IN 34-28-5-15 for infraction judgments): shielding.
    rule("shielded", &[&["SHIELD*"]], o(C::Shielded)),
    // TX Gov't Code 411.0835 ff.: an order of nondisclosure.
    rule(
        "nondisclosure",
        &[&[
            "NONDISCLOSURE",
            "NON DISCLOSURE",
            "NONDISCLOSED",
            "NON DISCLOSED",
        ]],
        o(C::Nondisclosure),
    ),
    // GA O.C.G.A. 35-3-37 record restriction; IN 24-4-18-6(a)(2) restricted or removed from
    // public access; PA 9122.1 ff. limited access.
    rule(
        "restricted",
        &[&[
            "RECORD RESTRICTED",
            "RECORDS RESTRICTED",
            "RESTRICTED RECORD*",
            "RECORD RESTRICTION",
            "RESTRICTION GRANTED",
            "RESTRICTION ORDER*",
            "ORDER OF RESTRICTION",
            "RESTRICTED FROM PUBLIC*",
            "RESTRICTED ACCESS",
            "ACCESS RESTRICTED",
            "REMOVED FROM PUBLIC*",
            "LIMITED ACCESS",
            "ACCESS LIMITED",
        ]],
        o(C::Restricted),
    ),
    state_rule(
        "restricted_ga_in",
        &["GA", "IN"],
        &[&["RESTRICTED", "RESTRICTION"]],
        o(C::Restricted),
    ),
    // "Clean Slate" is each state's own automatic relief: limited access (PA), sealing (NY, VA),
    // set-aside (MI), erasure (CT), expungement (MN, UT, OK, NJ, DE). Not read elsewhere.
    state_rule(
        "clean_slate_pa",
        &["PA"],
        &[&["CLEAN SLATE"]],
        o(C::Restricted),
    ),
    state_rule(
        "clean_slate_sealed",
        &["NY", "VA"],
        &[&["CLEAN SLATE"]],
        o(C::Sealed),
    ),
    state_rule(
        "clean_slate_erased",
        &["CT"],
        &[&["CLEAN SLATE"]],
        o(C::Erased),
    ),
    state_rule(
        "clean_slate_expunged",
        &["MN", "UT", "OK", "NJ", "DE"],
        &[&["CLEAN SLATE"]],
        o(C::Expunged),
    ),
    state_rule(
        "clean_slate_set_aside",
        &["MI"],
        &[&["CLEAN SLATE"]],
        o(C::ConvictionSetAside),
    ),
    // MO 610.105: a closed record (a bare CLOSED stays ambiguous, A4).
    state_rule(
        "closed_record_mo",
        &["MO"],
        &[&[
            "RECORD CLOSED",
            "RECORDS CLOSED",
            "CLOSED RECORD*",
            "CLOSED PURSUANT*",
            "CLOSED UNDER 610*",
            "CLOSED PER 610*",
            "610 105",
        ]],
        o(C::Closed),
    ),
    // PR Act 254: a conviction eliminated from the certificate (Spanish spellings included).
    state_rule("eliminated_pr", &["PR"], &[&["ELIMINA*"]], o(C::Eliminated)),
    rule("sealed", &[&["SEAL*"]], o(C::Sealed)),
    // IL 20 ILCS 2630/5.2 and 775 ILCS 5/2-103: an impounded record is sealed.
    state_rule("impounded_il", &["IL"], &[&["IMPOUND*"]], o(C::Sealed)),
    // NY CPL 720.35: a youthful offender finding replaces the conviction, whatever the adult
    // level (docs/decisions.md §15), before any guilty or vacated word.
    state_rule(
        "youthful_offender_ny",
        NY,
        &[&[
            "YOUTHFUL OFFENDER*",
            "YO ADJUDICAT*",
            "YO FINDING",
            "ADJUDICATED YO",
        ]],
        o(C::YouthfulOffender),
    ),
    // Elsewhere a youthful offender adjudication is one too (docs/decisions.md §15), but a youthful
    // offender sentence after a guilty plea or verdict is a conviction (read below).
    rule_unless(
        "youthful_offender",
        &[&["YOUTHFUL OFFENDER*"]],
        &[
            "GUILTY",
            "GUILT",
            "CONVICT*",
            "CONV",
            "SENTENCED",
            "SENTENCE",
        ],
        o(C::YouthfulOffender),
    ),
    // GA O.C.G.A. 42-8-60 ff.: a first offender completed is discharged without adjudication
    // and exonerated of guilt (before the set-aside row, which reads EXONERATED).
    state_rule(
        "first_offender_discharge_ga",
        &["GA"],
        &[
            &["FIRST OFFENDER*", "FO"],
            &[
                "DISCHARG*",
                "EXONERAT*",
                "COMPLETE*",
                "SUCCESSFUL*",
                "FULFILLED",
            ],
        ],
        o(C::FirstOffenderDischarge),
    ),
    state_rule(
        "discharged_without_adjudication_ga",
        &["GA"],
        &[&[
            "DISCHARGED WITHOUT ADJUDICATION",
            "DISCHARGE WITHOUT ADJUDICATION",
            "WITHOUT ADJUDICATION OF GUILT",
            "EXONERATED OF GUILT",
        ]],
        o(C::FirstOffenderDischarge),
    ),
    rule_unless("pardoned", &[&["PARDON*"]], &["DENIED"], o(C::Pardoned)),
    // A reversal that sends the case back for a new trial reopens it (GK).
    rule(
        "reversed_and_remanded",
        &[&["REVERSED"], &["REMANDED", "NEW TRIAL"]],
        Reading::Reopened,
    ),
    // A3 CONVICTION_SET_ASIDE: before any dismissal rule ("CONV SET ASIDE & DISM PER 1203.4").
    rule_unless(
        "set_aside",
        &[&[
            "SET ASIDE",
            "SETASIDE",
            "1203 4",
            "1203 41",
            "REVERSED",
            "EXONERAT*",
            "VACATED",
            "VACATUR",
            "ANNUL*",
        ]],
        &[
            "HEARING",
            "TRIAL DATE",
            "COURT DATE",
            "WARRANT",
            "SETTING",
            "APPEARANCE",
        ],
        o(C::ConvictionSetAside),
    ),
    // A3 SUPERSEDED "DISMISSAL-REDUCTION": not a plain dismissal.
    rule(
        "dismissal_reduction",
        &[&[
            "DISMISSAL REDUCTION",
            "DISMISSED REDUCTION",
            "DISMISSED REDUCED",
        ]],
        o(C::Superseded),
    ),
    // "GUILTY - SENTENCING DEFERRED" postpones sentencing; it is not a deferral program.
    rule_unless(
        "guilty_sentencing_deferred",
        &[
            GUILTY_WORDS,
            &[
                "SENTENCING DEFERRED",
                "SENTENCE DEFERRED",
                "DEFERRED SENTENCING",
                "SENTENCING POSTPONED",
                "SENTENCING CONTINUED",
            ],
        ],
        &["NOT GUILTY"],
        o(C::Convicted),
    ),
    // A3 DEFERRAL_REVOKED, then DEFERRED_COMPLETED, then DEFERRED_ACTIVE.
    rule(
        "deferral_revoked",
        &[DEFERRAL, REVOCATION],
        o(C::DeferralRevoked),
    ),
    // NY ACD: the phrase itself contains DISMISSAL, so it needs its own rows before the generic ones.
    rule(
        "acd_completed",
        &[
            &["CONTEMPLATION OF DISMISSAL", "ACD"],
            &["DISMISSED", "COMPLETED", "SUCCESSFUL*"],
        ],
        o(C::DeferredCompleted),
    ),
    rule(
        "acd_running",
        &[&["CONTEMPLATION OF DISMISSAL", "ACD"], RUNNING],
        o(C::DeferredActive),
    ),
    // docs/decisions.md §15: a bare deferral name does not say whether it is running or completed.
    rule(
        "acd",
        &[&["CONTEMPLATION OF DISMISSAL", "ACD"]],
        o(C::DeferredUnspecified),
    ),
    rule_unless(
        "deferral_completed",
        &[DEFERRAL, COMPLETION],
        NOT_COMPLETED,
        o(C::DeferredCompleted),
    ),
    rule(
        "deferral_running",
        &[DEFERRAL, RUNNING],
        o(C::DeferredActive),
    ),
    rule(
        "discharge_and_dismissal",
        &[&["DISCHARGE AND DISMISSAL", "DEFERRAL DISMISSAL"]],
        o(C::DeferredCompleted),
    ),
    rule(
        "dismissed_upon_completion",
        &[
            DISMISS_WORDS,
            &[
                "UPON COMPLETION",
                "AFTER COMPLETION",
                "COMPLETION OF",
                "SUCCESSFUL COMPLETION",
                "SUCCESSFULLY COMPLETED",
            ],
        ],
        o(C::DeferredCompleted),
    ),
    // NC DD "CONDITIONAL DISCHARGE" is a completed deferral [N1]; in NJ it is a diversion (GK);
    // elsewhere (IL, NY) it is a sentence after conviction, read by `sentence_present` below.
    state_rule(
        "conditional_discharge_nc",
        NC,
        &[&["CONDITIONAL DISCHARGE"]],
        o(C::DeferredCompleted),
    ),
    state_rule(
        "conditional_discharge_nj_completed",
        &["NJ"],
        &[&["CONDITIONAL DISCHARGE"], ENDED_WELL],
        o(C::DeferredCompleted),
    ),
    state_rule(
        "conditional_discharge_nj",
        &["NJ"],
        &[&["CONDITIONAL DISCHARGE"]],
        o(C::DeferredUnspecified),
    ),
    // IL court supervision: dismissed on completion, not a conviction (GK).
    state_rule(
        "court_supervision_il",
        &["IL"],
        &[&["SUPERVISION"]],
        o(C::DeferredUnspecified),
    ),
    state_rule(
        "adjudication_withheld_fl_completed",
        FL,
        &[FL_WITHHOLD, COMPLETION],
        o(C::DeferredCompleted),
    ),
    // FL withhold of adjudication: a bare one does not say whether it is still running or was
    // completed (docs/decisions.md §15), in FL or elsewhere [X5].
    state_rule(
        "adjudication_withheld_fl",
        FL,
        &[FL_WITHHOLD],
        o(C::DeferredUnspecified),
    ),
    rule(
        "adjudication_withheld",
        &[&[
            "ADJUDICATION WITHHELD",
            "ADJ WITHHELD",
            "WITHHELD ADJUDICATION",
            "WITHHOLD OF ADJUDICATION",
            "WITHHOLD ADJUDICATION",
            "WITHHELD JUDGMENT",
        ]],
        o(C::DeferredUnspecified),
    ),
    state_rule(
        "withheld_fl",
        FL,
        &[&["WITHHELD"]],
        o(C::DeferredUnspecified),
    ),
    // docs/decisions.md §15: a bare deferral name is the unspecified case.
    rule("deferral", &[DEFERRAL], o(C::DeferredUnspecified)),
    // A3 MISTRIAL: "MISTRIAL-DEFENDANT DISCHARGED" ends the case.
    rule(
        "mistrial_discharged",
        &[&["MISTRIAL"], &["DISCHARG*", "DISMISS*"]],
        o(C::Dismissed),
    ),
    rule("mistrial", &[&["MISTRIAL"]], o(C::Mistrial)),
    // A withdrawn plea reopens the case unless the entry also says how it ended.
    rule(
        "plea_withdrawn_dismissed",
        &[&["PLEA"], &["WITHDR*"], DISMISS_WORDS],
        o(C::Dismissed),
    ),
    rule(
        "plea_withdrawn",
        &[&["PLEA"], &["WITHDR*"]],
        Reading::Reopened,
    ),
    // A3 ACQUITTED_INSANITY before any NOT GUILTY / ACQUITTAL rule.
    rule(
        "insanity",
        &[&[
            "NGRI",
            "REASON OF INSANITY",
            "BY REASON OF MENTAL",
            "MENTAL INCOMPETENCE",
            "NOT GUILTY INSANITY",
        ]],
        o(C::AcquittedInsanity),
    ),
    rule(
        "guilty_but_mentally_ill",
        &[&["GUILTY BUT MENTALLY ILL", "GBMI"]],
        o(C::Convicted),
    ),
    // Verdicts of not guilty, before anything that looks for GUILTY.
    rule(
        "found_not_guilty",
        &[&[
            "FOUND NOT GUILTY",
            "NOT FOUND GUILTY",
            "FINDING NOT GUILTY",
            "FINDING OF NOT GUILTY",
            "VERDICT NOT GUILTY",
            "NOT GUILTY VERDICT",
            "VERDICT OF NOT GUILTY",
            "JURY NOT GUILTY",
            "TRIAL NOT GUILTY",
            "ACQUITT*",
            "NOT GUILTY AT TRIAL",
            "NOT RESPONSIBLE",
        ]],
        o(C::Acquitted),
    ),
    // WA infractions: "NOT COMMITTED" is the acquittal of an infraction (GK).
    state_rule(
        "infraction_not_committed_wa",
        WA,
        &[&["NOT COMMITTED"]],
        o(C::Acquitted),
    ),
    // A count dropped because of a plea on another count is a dismissal of this count.
    rule(
        "nolle_in_plea",
        &[NOLLE_WORDS, PLEA_CONTEXT],
        o(C::DismissedByProsecutor),
    ),
    rule(
        "dismissed_in_plea",
        &[DISMISS_WORDS, PLEA_CONTEXT],
        o(C::Dismissed),
    ),
    // A3 CONVICTED_LESSER: "FOUND GUILTY OF LESSER" is still lesser.
    rule_unless(
        "lesser",
        &[&[
            "LESSER",
            "PLED DOWN",
            "PLEAD DOWN",
            "REDUCED",
            "GUILTY TO AMENDED",
            "AMENDED GUILTY",
            "GUILTY AMENDED",
        ]],
        &["NOT GUILTY"],
        o(C::ConvictedLesser),
    ),
    // Guilty and dismissed in one entry with no rule above to order them: do not guess.
    rule_unless(
        "conflict_guilty_and_dismissed",
        &[
            GUILTY_WORDS,
            &["DISMISS*", "DISM", "DSM", "NOLLE*", "NOL PROS*"],
        ],
        &["NOT GUILTY"],
        Reading::Conflict,
    ),
    // Verdicts of guilty (A3 CONVICTED_AT_TRIAL), before the not-guilty *plea* rows, so that
    // "PLEA OF NOT GUILTY - FOUND GUILTY" is a conviction.
    rule(
        "found_guilty",
        &[&[
            "FOUND GUILTY",
            "FINDING GUILTY",
            "FINDING OF GUILTY",
            "FINDING OF GUILT",
            "GUILTY VERDICT",
            "VERDICT GUILTY",
            "VERDICT OF GUILTY",
            "JURY GUILTY",
            "JURY TRIAL GUILTY",
            "BENCH TRIAL GUILTY",
            "TRIAL GUILTY",
            "CONVICTED AT TRIAL",
            "CONVICTED BY JURY",
        ]],
        o(C::ConvictedAtTrial),
    ),
    // A not-guilty plea is an arraignment step, not an acquittal; with a pending word the case is
    // simply open.
    rule(
        "not_guilty_plea_pending",
        &[
            NOT_GUILTY_PLEA,
            &["PEND*", "AWAIT*", "OPEN", "SET FOR TRIAL", "CONTINUED"],
        ],
        o(C::Pending),
    ),
    rule("not_guilty_plea", &[NOT_GUILTY_PLEA], Reading::NoOutcome),
    // Not guilty by reason of insanity is an acquittal ("*NG/Insanity", Okaloosa). (GK)
    rule(
        "not_guilty",
        &[&["NOT GUILTY", "NG INSANITY", "NGRI"]],
        o(C::Acquitted),
    ),
    // A3 CONVICTED_NOLO before guilty pleas ("CONVICTED - PLEA OF NOLO CONTENDERE").
    rule(
        "nolo",
        &[&["NOLO*", "NO CONTEST", "PLEA NC"]],
        o(C::ConvictedNolo),
    ),
    // A3 CONVICTED_GUILTY_PLEA.
    rule(
        "guilty_plea",
        &[&[
            "GUILTY PLEA",
            "PLEA OF GUILTY",
            "PLEA GUILTY",
            "PLED GUILTY",
            "PLEAD GUILTY",
            "PLEADED GUILTY",
            "PLEADS GUILTY",
            "PG",
        ]],
        o(C::ConvictedGuiltyPlea),
    ),
    rule(
        "guilty_with_plea",
        &[&["GUILTY"], &["PLEA"]],
        o(C::ConvictedGuiltyPlea),
    ),
    // A3 CONVICTED "GUILTY PEND SENTENCING": a conviction, not a pending case.
    rule(
        "guilty_pending_sentencing",
        &[GUILTY_WORDS, &["PEND*", "AWAIT*"]],
        o(C::Convicted),
    ),
    rule(
        "adjudicated_guilty",
        &[&["ADJUDICATED GUILTY", "ADJUDGED GUILTY", "GUILT ADJUDICATED"]],
        o(C::Convicted),
    ),
    // A4 PJC: conviction for some purposes only.
    rule(
        "prayer_for_judgment",
        &[&["PJC", "PRAYER FOR JUDGMENT"]],
        sensitive(C::Convicted),
    ),
    // Infraction findings: WA "COMMITTED" (sample 06), "RESPONSIBLE" elsewhere (GK). Not a
    // criminal conviction everywhere, hence sensitive.
    state_rule(
        "infraction_committed_wa",
        WA,
        &[&["COMMITTED"]],
        sensitive(C::Convicted),
    ),
    rule(
        "found_responsible",
        &[&["FOUND RESPONSIBLE", "RESPONSIBLE"]],
        sensitive(C::Convicted),
    ),
    rule("guilty", &[&["GUILTY"]], o(C::ConvictedAtTrial)),
    rule(
        "convicted",
        &[&["CONVICT*", "CONV", "SENTENCED"]],
        o(C::Convicted),
    ),
    // A3 DISMISSED_WITH_LEAVE / DISMISSED_BY_PROSECUTOR ("WITHOUT LEAVE BY DA" is NC VD).
    rule(
        "without_leave",
        &[&["WITHOUT LEAVE"]],
        o(C::DismissedByProsecutor),
    ),
    rule(
        "with_leave",
        &[&["WITH LEAVE", "LEAVE TO REINSTATE"]],
        o(C::DismissedWithLeave),
    ),
    // A3 NOT_FILED, before dismissals and before "TRUE BILL" (pending).
    rule(
        "not_filed",
        &[&[
            "NO PAPER",
            "NOT FILED",
            "NO FILE",
            "DECLINED TO PROSECUTE",
            "DECLINE TO PROSECUTE",
            "PROSECUTION DECLINED",
            "DECLINED PROSECUTION",
            "PROS REJ",
            "PROSECUTION REJECTED",
            "NO COMPLAINT",
            "NO TRUE BILL",
            "NOT TRUE BILL",
            "NOT A TRUE BILL",
            "NON TRUE BILL",
            "TRUE BILL NOT FOUND",
            "NOT TRUE BILLED",
            "NO BILL",
            "NO BILLED",
            "NO PROBABLE CAUSE",
            "NO GRAND JURY ACTION",
            "NO INFORMATION FILED",
            "NO INFO FILED",
            "NOTFILED",
            "NO PROSECUTION",
            "NO PAPERED",
            "NOPAPERED",
            "NO CHARGES FILED",
            "NO CHARGE FILED",
            "NOT CHARGED",
            // docs/decisions.md §13: the grand jury declined to indict.
            "NO TRUE BILLED",
            "NO INDICTMENT",
            "NOT INDICTED",
            "INDICTMENT NOT RETURNED",
            "TRUE BILL NOT RETURNED",
            "IGNORAMUS",
        ]],
        o(C::NotFiled),
    ),
    rule(
        "dismissed_by_prosecutor",
        &[&[
            "NOLLE*",
            "NOL PROS*",
            "NOLPROS*",
            "NOELLEPR",
            "BY DA",
            "BY D A",
            "DA DISMISS*",
            "DROPPED",
            "NOT PROSECUTED",
            // The count was taken off the indictment, information or complaint.
            "REMOVED FROM CHARGING*",
            "REMOVED FROM INDICTMENT",
            "REMOVED FROM INFORMATION",
            "REMOVED FROM COMPLAINT",
            "DELETED FROM INDICTMENT",
            "DELETED FROM INFORMATION",
            "CHARGES NOT PURSUED",
            "NOT PURSUED",
        ]],
        o(C::DismissedByProsecutor),
    ),
    // NC "NEVER TO BE SERVED": process never served, the charge ends without a hearing (N1 list).
    rule("never_served", &[&["NEVER TO BE SERVED"]], o(C::Dismissed)),
    // A motion to dismiss that was denied dismisses nothing: the entry states no outcome.
    rule(
        "dismissal_denied",
        &[
            &[
                "MOTION TO DISMISS*",
                "MOTION FOR DISMISSAL",
                "NOT DISMISSED",
            ],
            &["DENIED", "DENY", "DENIAL", "NOT DISMISSED"],
        ],
        Reading::NoOutcome,
    ),
    // Dismissed once the defendant showed compliance (a licence, insurance or registration
    // obtained): words of completion that end the case without a conviction.
    rule(
        "complied_with_law",
        &[&[
            "COMPLIED WITH LAW",
            "COMPLIED WITH THE LAW",
            "COMPLIED WITH COURT*",
            "COMPLIANCE DISMISS*",
            "DISMISSED UPON COMPLIANCE",
            "DISMISSED ON COMPLIANCE",
            "PROOF OF COMPLIANCE",
            "COMPLIED",
        ]],
        o(C::Dismissed),
    ),
    // The defendant discharged by the court (at a preliminary hearing or without a finding): the
    // case ends without a conviction. A discharge from probation is a sentence completed.
    rule(
        "sentence_discharged",
        &[&[
            "DISCHARGED FROM PROBATION",
            "DISCHARGE FROM PROBATION",
            "PROBATION DISCHARGED",
            "DISCHARGED FROM SUPERVISION",
            "DISCHARGED FROM PAROLE",
            "SENTENCE DISCHARGED",
            "NOTICE OF DISCHARGE",
        ]],
        Reading::Event(Event::SentenceCompleted),
    ),
    rule(
        "defendant_discharged",
        &[&[
            "DEFENDANT DISCHARGED",
            "DEFT DISCHARGED",
            "CASE DISCHARGED",
            "CHARGE DISCHARGED",
            "CHARGES DISCHARGED",
            "DISCHARGED BY COURT",
            "DISCHARGED AT PRELIM*",
            "DISCHARGED AT HEARING",
            "DISCHARGED NO PRIMA FACIE",
            "NO PRIMA FACIE CASE",
        ]],
        o(C::Dismissed),
    ),
    rule("nonsuit", &[&["NONSUIT*", "NON SUIT*"]], o(C::Dismissed)),
    // A3 DISMISSED (PA "WITHDRAWN" included).
    rule(
        "dismissed",
        &[&["DISMISS*", "DISM", "DSM", "WITHDRAWN", "QUASHED", "ABATED"]],
        o(C::Dismissed),
    ),
    // A3 TRANSFERRED and SUPERSEDED, before PENDING ("SUPERSEDING INDICTMENT", "HELD FOR COURT").
    rule(
        "transferred",
        &[&[
            "CHANGE OF VENUE",
            "TRANSFER*",
            "REMANDED",
            "BOUND OVER",
            "BOUNDOVER",
            "HELD FOR COURT",
        ]],
        o(C::Transferred),
    ),
    // docs/decisions.md §13: court-process strings that show the case moved up and is still open
    // (held or waived for court, certified or bound over to a grand jury or a higher court).
    rule(
        "held_for_court",
        &[&[
            "WAIVED FOR COURT",
            "WAIVED TO COURT",
            "WAIVED TO SUPERIOR*",
            "WAIVED TO CIRCUIT*",
            "WAIVED TO GRAND JURY",
            "WAIVED PRELIM*",
            "PRELIMINARY HEARING WAIVED",
            "PRELIM WAIVED",
            "HELD TO ANSWER",
            // North Carolina's probable-cause hearing: found or waived, the case goes up.
            "PROBABLE CAUSE FOUND",
            "WAIVER OF PROBABLE CAUSE",
            "WAIVED PROBABLE CAUSE",
            "PROBABLE CAUSE WAIVED",
            "HELD FOR TRIAL",
            "HELD FOR GRAND JURY",
            "HELD OVER",
            "BIND OVER",
            "BINDOVER",
            "BOUND TO SUPERIOR*",
            "BOUND TO CIRCUIT*",
            "REFERRED TO GRAND JURY",
            "GRAND JURY REFERRAL",
            "PROCEED TO COURT",
        ]],
        o(C::Transferred),
    ),
    rule(
        "certified_to_court",
        &[
            &["CERTIFIED", "CERT"],
            &[
                "GRAND JURY",
                "SUPERIOR*",
                "CIRCUIT*",
                "DISTRICT COURT",
                "HIGHER COURT",
            ],
        ],
        o(C::Transferred),
    ),
    rule(
        "superseded",
        &[&["SUPERSED*", "AMENDED", "RECHARGED", "REFILED"]],
        o(C::Superseded),
    ),
    // Awaiting sentence with no verdict in the entry: implies a finding we cannot see.
    rule(
        "awaiting_sentencing",
        &[&["SENTENC*"], &["PEND*", "AWAIT*"]],
        Reading::NoOutcome,
    ),
    // Post-disposition events (A3 note), before PENDING ("APPEAL PENDING") and sentence words.
    rule("appeal", &[&["APPEAL*"]], Reading::Event(Event::Appeal)),
    rule(
        "probation_revoked",
        &[&[
            "PROBATION REVOKED",
            "REVOCATION OF PROBATION",
            "PROBATION VIOLATION",
            "VOP",
            "REVOKED",
        ]],
        Reading::Event(Event::ProbationRevoked),
    ),
    rule(
        "sentence_modified",
        &[&["SENTENCE MODIFIED", "MODIFIED", "RESENTENCED"]],
        Reading::Event(Event::SentenceModified),
    ),
    rule(
        "sentence_completed",
        &[&[
            "TIME SERVED",
            "SENTENCE SERVED",
            "EOS",
            "SENTENCE COMPLETED",
            "EXPIRATION OF SENTENCE",
        ]],
        Reading::Event(Event::SentenceCompleted),
    ),
    // A sanction (drug court, probation) follows a finding: a sentence term, never pending and
    // never a conviction by itself (A2 step 5), even when it is pending ("PEND SANCTION").
    rule("sanction", &[&["SANCTION*"]], Reading::SentenceOnly),
    // A3 PENDING.
    rule(
        "pending",
        &[&[
            "PENDING",
            "OPEN",
            "ACTIVE",
            "AWAITING TRIAL",
            "PRE TRIAL",
            "PRETRIAL",
            "INDICTED",
            "INDICTMENT",
            "TRUE BILL",
            "HELD TO GRAND JURY",
            "ARRAIGN*",
            "CONTINUED",
            "CONTINUANCE",
            "WARRANT",
            // docs/decisions.md §13: a fugitive file or a capias keeps the case open.
            "FUGITIVE*",
            "CAPIAS",
            "FTA",
            "FAILURE TO APPEAR",
            "SUMMONS",
            "SET FOR TRIAL",
            "UNDISPOSED",
            "NOT DISPOSED",
            "UNADJUDICATED",
            "NOT ADJUDICATED",
        ]],
        o(C::Pending),
    ),
    // Held before trial: the case is open (Recidiviz groups these as pretrial).
    rule(
        "held_before_trial",
        &[&[
            "AWAITING",
            "WAITING FOR TRIAL",
            "DETAINED",
            "BAIL SET",
            "BOND SET",
            "BOUND TO GRAND JURY",
            "INVESTIGATIVE HOLD",
        ]],
        o(C::Pending),
    ),
    // A conviction denied, in custody: held before trial ("CONFINED NOT CONVICTED").
    rule(
        "not_convicted_in_custody",
        &[
            NOT_CONVICTED,
            &[
                "CONFINED",
                "CONFINEMENT",
                "DETAINED",
                "CUSTODY",
                "HELD",
                "JAIL",
                "INCARCERATED",
            ],
        ],
        o(C::Pending),
    ),
    // A conviction denied and nothing else said: understood, no outcome.
    rule("not_convicted", &[NOT_CONVICTED], Reading::NoOutcome),
    // A4 ADJUDICATED, qualified as juvenile: understood, not a conviction we can classify.
    rule(
        "juvenile_adjudication",
        &[&["DELINQUEN*", "DELINQ", "DELIQ"]],
        Reading::NoOutcome,
    ),
    // A3 UNKNOWN: clear "no information" values (docs/decisions.md §11 sentinels included).
    rule(
        "no_information",
        &[&[
            "NO INFO",
            "NO INFORMATION",
            "NO DISPOSITION",
            "NO DISPO",
            "DISPOSITION NOT AVAILABLE",
            "NOT AVAILABLE",
            "UNKNOWN",
            "UNSPECIFIED",
            "NOT SPECIFIED",
            "OTHER SEE NOTES",
            "SPECIFY AT NOTES",
            "SEE NOTES",
            "UNAVAILABLE",
            "REDACTED",
            "NONE",
            "N A",
            "NOT REPORTED",
        ]],
        Reading::NoInfo,
    ),
    // A4 ambiguous words: any outcome; payment or forfeiture may be a conviction in some states.
    rule(
        "ambiguous",
        &[&[
            "DISPOSED",
            "CLOSED",
            "RESOLVED",
            "ADJUDICATED",
            "WITHHELD",
            "WITHHOLD",
            "PAID",
            "FORFEIT*",
            "FORFEITURE",
            "SATISFIED",
            "COMPLETED",
            "DISCHARGED",
            "COMMITTED",
        ]],
        Reading::Ambiguous,
    ),
    // Released on bail, bond or recognizance: the case is open (docs/decisions.md §13, court-process
    // strings that show it). After the ambiguous words, so a forfeited or paid bond (which some
    // states treat as a conviction) stays `UNKNOWN`; an appeal bond is an appeal (above). (GK)
    rule(
        "released_before_trial",
        &[&[
            "ON BOND",
            "BONDED",
            "BONDED OUT",
            "BOND OUT",
            "POSTED BOND",
            "BOND POSTED",
            "POSTED BAIL",
            "BAIL POSTED",
            "POST CASH BAIL",
            "CASH BOND",
            "SURETY BOND",
            "BOND SURRENDER*",
            "ROR",
            "OWN RECOGNIZANCE",
            "PERSONAL RECOGNIZANCE",
            "RELEASED ON RECOGNIZANCE",
        ]],
        o(C::Pending),
    ),
    // A2 step 5: sentence terms alone never make a conviction.
    rule(
        "sentence_present",
        &[&[
            "PROBATION",
            "FINE",
            "FINES",
            "FINED",
            "COSTS",
            "JAIL",
            "PRISON",
            "CONFINEMENT",
            "INCARCERAT*",
            "COMMUNITY SERVICE",
            "RESTITUTION",
            "SENTENCE",
            "SUSPENDED",
            "CONDITIONAL DISCHARGE",
            "SUPERVISION",
            "DAYS",
            "MONTHS",
            "YEARS",
        ]],
        Reading::SentenceOnly,
    ),
];
