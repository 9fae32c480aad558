//! Raw `offenses[].disposition` -> canonical disposition (docs/charges.md Part A).
//!
//! Procedure (A2): clean the text; split it into entries where the text itself shows an order
//! (`;`, `|`, new lines, `THEN`); read each entry with the state-scoped code table, then the
//! global code table, then the ordered phrase rules (most specific first); finally combine the
//! entries so that a later final outcome wins over earlier ones. Nothing here guesses: text that
//! is not understood is `UNKNOWN` with `recognised = false`.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::lookup::RowsByKey;
use super::phrases::{PhraseId, PhraseIndex, PhraseIndexBuilder, RowsByPhrase, word_matches};
use super::shared::{self, Shared};
use super::tables::disposition::{
    CODES, CONVICTION_WORDS, Event, NEGATION_GAP, NEGATIONS, RULES, Reading, Rule, SEQUENCE_WORDS,
};
use super::text::{clean, push_words};
use super::vocabulary::{CanonicalDisposition, DispositionClass};

/// One charge's disposition, classified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disposition {
    /// Fine-grained value (A3).
    pub canonical: CanonicalDisposition,
    /// Class the rules key on; always `canonical.defaults().0`.
    pub class: DispositionClass,
    /// Conviction status of this outcome differs between states (deferrals, nolo, set-aside...).
    pub jurisdiction_sensitive: bool,
    /// Usually must not be reported at all (sealed, expunged, pardoned, set aside); Stage 3 decides.
    pub suppress_candidate: bool,
    /// False when the text was not understood (or missing): a `disposition` validation error.
    /// True for a clear "no information" value, which is still `UNKNOWN` and still needs review.
    pub recognised: bool,
    /// The raw value was absent, empty, or only punctuation.
    pub missing: bool,
    /// Which table row or rule decided, e.g. `code:NC:VD`, `rule:deferral_completed`.
    pub evidence: Shared,
}

impl Disposition {
    fn known(canonical: CanonicalDisposition, extra_sensitive: bool, evidence: Shared) -> Self {
        let (class, sensitive, suppress) = canonical.defaults();
        Self {
            canonical,
            class,
            jurisdiction_sensitive: sensitive || extra_sensitive,
            suppress_candidate: suppress,
            recognised: true,
            missing: false,
            evidence,
        }
    }

    fn unknown(recognised: bool, missing: bool, evidence: Shared) -> Self {
        Self {
            canonical: CanonicalDisposition::Unknown,
            class: DispositionClass::Unknown,
            jurisdiction_sensitive: false,
            suppress_candidate: false,
            recognised,
            missing,
            evidence,
        }
    }
}

/// Classifies a raw disposition. `jurisdiction_state` (two-letter, any case) selects the
/// state-scoped code table and state-only phrase rules (A2 step 2).
///
/// Empty or absent -> `UNKNOWN`, `missing`, not recognised. Text that is not understood ->
/// `UNKNOWN`, not recognised. A clear "no information" value -> `UNKNOWN`, recognised.
pub fn classify_disposition(raw: Option<&str>, jurisdiction_state: Option<&str>) -> Disposition {
    let state = clean_code(jurisdiction_state.unwrap_or(""));
    let upper = upper_case(raw.unwrap_or(""));
    let mut outcome = Combination::default();
    let mut entries = 0;
    // The words of a usual disposition fit on the stack: no allocation per disposition.
    let mut words: SmallVec<[&str; 8]> = SmallVec::new();
    let mut code = String::new();
    // Entries in the order the text gives them: pieces between `;`, `|` and line breaks, split
    // again at sequence words (`THEN`).
    for piece in upper.split([';', '|', '\n', '\r']) {
        words.clear();
        push_words(piece, &mut words);
        for entry in words
            .split(|w| SEQUENCE_WORDS.contains(w))
            .filter(|e| !e.is_empty())
        {
            entries += 1;
            let (reading, evidence) = read_entry(entry, &state, &mut code);
            outcome.add(reading, evidence);
        }
    }
    if entries == 0 {
        return Disposition::unknown(false, true, Shared::from("missing"));
    }
    outcome.finish()
}

/// A state code as `clean` writes it, borrowed when it already is (nearly always: `NC`).
fn clean_code(state: &str) -> Cow<'_, str> {
    if state
        .bytes()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    {
        Cow::Borrowed(state)
    } else {
        Cow::Owned(clean(state))
    }
}

/// The text in upper case, borrowed when it already is.
fn upper_case(raw: &str) -> Cow<'_, str> {
    if !raw.is_ascii() {
        Cow::Owned(raw.to_uppercase())
    } else if raw.bytes().any(|b| b.is_ascii_lowercase()) {
        Cow::Owned(raw.to_ascii_uppercase())
    } else {
        Cow::Borrowed(raw)
    }
}

/// Which table row or rule read an entry (shown as `Disposition::evidence`).
#[derive(Debug, Clone, Copy)]
enum Evidence<'a> {
    /// A state-scoped code: `code:NC:VD`.
    StateCode(&'a str, &'static str),
    /// A code of any source: `code:NP`.
    Code(&'static str),
    /// A phrase rule: `rule:dismissed`.
    Rule(&'static str),
    Unrecognised,
}

impl Evidence<'_> {
    /// The evidence as `Disposition::evidence` shows it (one allocation, no formatting
    /// machinery: every distinct disposition of a record writes one).
    fn text(self) -> Shared {
        let pieces: [&str; 4] = match self {
            Evidence::StateCode(state, code) => ["code:", state, ":", code],
            Evidence::Code(code) => ["code:", code, "", ""],
            Evidence::Rule(id) => ["rule:", id, "", ""],
            Evidence::Unrecognised => ["unrecognised", "", "", ""],
        };
        shared::joined(&pieces)
    }
}

impl fmt::Display for Evidence<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evidence::StateCode(state, code) => write!(f, "code:{state}:{code}"),
            Evidence::Code(code) => write!(f, "code:{code}"),
            Evidence::Rule(id) => write!(f, "rule:{id}"),
            Evidence::Unrecognised => f.write_str("unrecognised"),
        }
    }
}

/// Reads one entry (its cleaned words): state code table, global code table, then phrase rules
/// in order. `code` is scratch space for the entry as one string.
fn read_entry<'s>(words: &[&str], state: &'s str, code: &mut String) -> (Reading, Evidence<'s>) {
    let applies = |states: &[&str]| states.is_empty() || states.contains(&state);
    let compiled = compiled_rules();
    // The entry as one string for the code tables (a one-word entry is its word).
    let whole: &str = match words {
        [word] => word,
        _ => {
            code.clear();
            // Room for the whole entry at once, not grown word by word.
            code.reserve(words.iter().map(|w| w.len() + 1).sum());
            for (i, word) in words.iter().enumerate() {
                if i > 0 {
                    code.push(' ');
                }
                code.push_str(word);
            }
            code
        }
    };
    // One look-up and one walk of the code's rows: the state's row wins, else the first row of
    // any source.
    let mut global = None;
    for row in compiled
        .codes
        .get(whole)
        .iter()
        .filter_map(|i| CODES.get(*i))
    {
        if row.states.is_empty() {
            global = global.or(Some(row));
        } else if row.states.contains(&state) {
            return (row.reading, Evidence::StateCode(state, row.code));
        }
    }
    if let Some(row) = global {
        return (row.reading, Evidence::Code(row.code));
    }
    let hits = compiled.index.scan(words);
    let negated = conviction_only_negated(words);
    for i in compiled.by_first_group.candidates(&hits) {
        let (Some(rule), Some(phrases)) = (RULES.get(i), compiled.rules.get(i)) else {
            continue;
        };
        if !applies(rule.states) || (negated && reads_conviction(rule.reading)) {
            continue;
        }
        let all = phrases.all.iter().all(|group| hits.has_any(group));
        if all && !hits.has_any(&phrases.none) {
            return (rule.reading, Evidence::Rule(rule.id));
        }
    }
    (Reading::Unrecognised, Evidence::Unrecognised)
}

/// True when the entry names a conviction, and every conviction word in it is denied: a
/// negation stands before it, with at most two `NEGATION_GAP` words between ("NOT CONVICTED",
/// "NOT FOUND GUILTY", "PRE SENTENCED"; not "NO CONTEST GUILTY", not "PLEA OF NOT GUILTY FOUND
/// GUILTY", whose second GUILTY stands alone), or `NONE` follows it ("CONVICTION: NONE").
fn conviction_only_negated(words: &[&str]) -> bool {
    let is_conviction = |w: &str| CONVICTION_WORDS.iter().any(|p| word_matches(w, p));
    let denied = |at: usize| {
        // "CONVICTION: NONE" denies from behind.
        if words.get(at + 1) == Some(&"NONE") {
            return true;
        }
        let mut i = at;
        for _ in 0..3 {
            let Some(prev) = i.checked_sub(1).and_then(|j| words.get(j)) else {
                return false;
            };
            if NEGATIONS.contains(prev) {
                return true;
            }
            if !NEGATION_GAP.contains(prev) {
                return false;
            }
            i -= 1;
        }
        false
    };
    let mut any = false;
    for (at, w) in words.iter().enumerate() {
        if is_conviction(w) {
            if !denied(at) {
                return false;
            }
            any = true;
        }
    }
    any
}

/// Rules a denied conviction must not fire: any conviction outcome, and the guilty/dismissed
/// conflict (a denied conviction beside a dismissal is no conflict).
fn reads_conviction(reading: Reading) -> bool {
    match reading {
        Reading::Outcome { canonical, .. } => {
            canonical.defaults().0 == DispositionClass::Conviction
        }
        Reading::Conflict => true,
        _ => false,
    }
}

/// The phrases of one `Rule` as ids of the shared index.
struct RulePhrases {
    all: Vec<Vec<PhraseId>>,
    none: Vec<PhraseId>,
}

/// `RULES` compiled once, so an entry is scanned once for every phrase of every rule; `CODES`
/// by code.
struct CompiledRules {
    codes: RowsByKey,
    index: PhraseIndex,
    /// Same order as `RULES`.
    rules: Vec<RulePhrases>,
    /// Rules by the phrases of their first group (a rule without groups is always tried).
    by_first_group: RowsByPhrase,
}

fn compiled_rules() -> &'static CompiledRules {
    static COMPILED: OnceLock<CompiledRules> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut builder = PhraseIndexBuilder::default();
        let rules = RULES.iter().map(|rule: &Rule| RulePhrases {
            all: rule
                .all
                .iter()
                .map(|group| builder.intern_all(group))
                .collect(),
            none: builder.intern_all(rule.none),
        });
        let rules: Vec<RulePhrases> = rules.collect();
        let by_first_group = RowsByPhrase::new(
            rules
                .iter()
                .map(|r| r.all.first().map_or(&[][..], Vec::as_slice)),
        );
        CompiledRules {
            by_first_group,
            codes: RowsByKey::new(CODES.iter().map(|r| r.code)),
            index: builder.build(),
            rules,
        }
    })
}

/// A2 step 4, entry by entry: the latest final outcome wins; a deferral followed by a dismissal
/// is a completed deferral, followed by a conviction or a probation revocation a revoked one.
/// Interim states count only when no final outcome exists.
#[derive(Default)]
struct Combination<'s> {
    final_: Option<Disposition>,
    interim: Option<Disposition>,
    /// (rank, recognised, evidence) of the most telling entry that states no outcome.
    fallback: Option<(u8, bool, Evidence<'s>)>,
}

impl<'s> Combination<'s> {
    fn add(&mut self, reading: Reading, evidence: Evidence<'s>) {
        match reading {
            Reading::Outcome {
                canonical,
                sensitive,
            } if canonical.is_interim() => {
                self.interim = Some(Disposition::known(canonical, sensitive, evidence.text()));
            }
            Reading::Outcome {
                canonical,
                sensitive,
            } => {
                let next = match &self.final_ {
                    Some(prev) if prev.canonical.is_open_deferral() => {
                        after_deferral(canonical, sensitive, evidence)
                    }
                    _ => Disposition::known(canonical, sensitive, evidence.text()),
                };
                self.final_ = Some(next);
            }
            Reading::Reopened => {
                self.final_ = Some(Disposition::known(
                    CanonicalDisposition::Pending,
                    false,
                    evidence.text(),
                ));
            }
            Reading::Event(Event::ProbationRevoked)
                if self
                    .final_
                    .as_ref()
                    .is_some_and(|d| d.canonical.is_open_deferral()) =>
            {
                self.final_ = Some(Disposition::known(
                    CanonicalDisposition::DeferralRevoked,
                    false,
                    shared::formatted(format_args!(
                        "sequence:deferral_then_revocation({evidence})"
                    )),
                ));
            }
            other => {
                let (rank, recognised) = other.fallback_rank();
                if self.fallback.is_none_or(|(r, _, _)| rank > r) {
                    self.fallback = Some((rank, recognised, evidence));
                }
            }
        }
    }

    fn finish(self) -> Disposition {
        if let Some(d) = self.final_.or(self.interim) {
            return d;
        }
        match self.fallback {
            Some((_, recognised, evidence)) => {
                Disposition::unknown(recognised, false, evidence.text())
            }
            None => Disposition::unknown(false, false, Shared::from("unrecognised")),
        }
    }
}

/// A final outcome that follows an open deferral in the same disposition text.
fn after_deferral(
    canonical: CanonicalDisposition,
    sensitive: bool,
    evidence: Evidence<'_>,
) -> Disposition {
    use CanonicalDisposition as C;
    match canonical {
        C::Dismissed | C::DismissedByProsecutor | C::DeferredCompleted => Disposition::known(
            C::DeferredCompleted,
            false,
            shared::formatted(format_args!("sequence:deferral_then_dismissal({evidence})")),
        ),
        c if c.defaults().0 == DispositionClass::Conviction => Disposition::known(
            C::DeferralRevoked,
            false,
            shared::formatted(format_args!(
                "sequence:deferral_then_conviction({evidence})"
            )),
        ),
        c => Disposition::known(c, sensitive, evidence.text()),
    }
}
