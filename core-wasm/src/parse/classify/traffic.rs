//! Minor vs serious traffic (DECISIONS §7.4, rule `GEN_TRAFFIC_NONREPORT`).
//!
//! Decided from the charge text and statute; the declared type is only a hint, so a `TRAFFIC`
//! type never makes a DUI minor. Serious phrases are looked for first. Minor traffic is read from
//! fixed phrases and from concept families (a regulatory object of vehicle law, with a vehicle
//! or driving word where the object also means other things). Signals that disagree give
//! `Unknown`, never minor: a false minor reading makes a charge NOT_REPORTABLE.

use std::sync::OnceLock;

use super::phrases::{Hits, PhraseId, PhraseIndex, PhraseIndexBuilder, RowsByPhrase};
use super::severity::Severity;
use super::statute::{self, Citation, Place};
use super::text::{Words, charge_match_key, clean};
use super::traffic_table::{
    FAMILIES, MINOR, NOT_MINOR_CONTEXT, NOT_MINOR_EXCUSED, SERIOUS, SERIOUS_STATUTE,
    TRAFFIC_STATUTE, VEHICLE_CONTEXT,
};
use super::vocabulary::{Confidence, SectionKind, SeverityLevel, TrafficKind};

/// A traffic reading and the table entry, family or statute that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrafficReading {
    pub kind: TrafficKind,
    pub evidence: String,
}

/// DECISIONS §7.4 without a state: see `read_traffic`.
pub fn classify_traffic(charge: &str, statute: Option<&str>, severity: &Severity) -> TrafficKind {
    read_traffic(charge, statute, None, severity).kind
}

/// DECISIONS §7.4 and §13: decide from the charge text and statute, with the level as a hint.
///
/// A statute (the field, else a citation written in the charge text) that the state's row of the
/// vehicle-code table recognises decides with the text (`with_statute`); otherwise the text
/// decides alone (`TextSays`), with the legacy statute words (`VC`, `TRAFFIC`) and a traffic type
/// as hints. Only a reading that nothing contradicts is `minor`: a false minor reading makes a
/// charge NOT_REPORTABLE.
pub fn read_traffic(
    charge: &str,
    statute: Option<&str>,
    state: Option<&str>,
    severity: &Severity,
) -> TrafficReading {
    let tables = tables();
    let charge_key = charge_match_key(charge);
    let text = tables.index.scan(Words::new(&charge_key).as_slice());
    let says = text_says(tables, &text, severity);
    let citation = state.and_then(|state| {
        statute
            .and_then(|s| statute::read_statute(s, state))
            .or_else(|| statute::find_in_text(charge, state))
    });
    if let Some(citation) = citation {
        return with_statute(&citation, &says, tables, &text, severity);
    }
    let statute_key = charge_match_key(statute.unwrap_or(""));
    let statute_words = tables.index.scan(Words::new(&statute_key).as_slice());
    let statute_clean = clean(statute.unwrap_or(""));
    let statute_raw_words = tables.index.scan(Words::new(&statute_clean).as_slice());
    if let TextSays::Serious(phrase) = &says {
        return reading(
            TrafficKind::SeriousTraffic,
            format!("traffic.serious: {phrase}"),
        );
    }
    if let Some(row) = tables
        .serious
        .first_row(&statute_words)
        .or_else(|| tables.serious_statute.first_row(&statute_raw_words))
    {
        return reading(
            TrafficKind::SeriousTraffic,
            format!("traffic.serious: statute \"{row}\""),
        );
    }
    match says {
        TextSays::Minor(minor) => {
            return reading(TrafficKind::MinorTraffic, format!("traffic.minor: {minor}"));
        }
        TextSays::MinorButFelony(minor) => {
            return reading(
                TrafficKind::Unknown,
                format!("traffic.unknown: {minor} but the level is a felony"),
            );
        }
        TextSays::MinorBesideCrime(minor, word) => {
            return reading(
                TrafficKind::NotTraffic,
                format!("traffic.none: {minor} beside \"{word}\""),
            );
        }
        TextSays::Serious(_) | TextSays::Nothing => {}
    }
    let domain = tables
        .traffic_statute
        .first_row(&statute_raw_words)
        .map(|row| format!("statute \"{row}\""))
        .or_else(|| severity.traffic_hint.then(|| "a traffic type".to_string()));
    if let Some(domain) = domain {
        let level = severity_word(severity.level);
        return if non_criminal(severity.level) {
            reading(
                TrafficKind::MinorTraffic,
                format!("traffic.minor: {domain}, {level} level"),
            )
        } else {
            reading(
                TrafficKind::SeriousTraffic,
                format!("traffic.serious: {domain}, {level} level, text not read as minor"),
            )
        };
    }
    reading(
        TrafficKind::NotTraffic,
        "traffic.none: no traffic phrase, statute or type".to_string(),
    )
}

fn reading(kind: TrafficKind, evidence: String) -> TrafficReading {
    TrafficReading { kind, evidence }
}

/// Levels that are not crimes (or barely): an infraction, violation, civil or petty offense.
fn non_criminal(level: SeverityLevel) -> bool {
    matches!(
        level,
        SeverityLevel::Infraction
            | SeverityLevel::Violation
            | SeverityLevel::Civil
            | SeverityLevel::PettyOffense
    )
}

/// What the charge text (and the level word) say on their own.
enum TextSays {
    /// A serious phrase (evidence).
    Serious(String),
    /// A minor phrase, family or a non-criminal level beside a vehicle word (evidence).
    Minor(String),
    /// A minor reading, but the level is a felony.
    MinorButFelony(String),
    /// A minor phrase beside a crime word (evidence, the word).
    MinorBesideCrime(String, &'static str),
    Nothing,
}

fn text_says(tables: &Tables, text: &Hits, severity: &Severity) -> TextSays {
    if let Some(row) = tables.serious.first_row(text) {
        return TextSays::Serious(format!("\"{row}\""));
    }
    let minor = minor_evidence(tables, text).or_else(|| level_evidence(tables, text, severity));
    let Some(minor) = minor else {
        return TextSays::Nothing;
    };
    if let Some(word) = crime_word(tables, text) {
        return TextSays::MinorBesideCrime(minor, word);
    }
    if severity.level == SeverityLevel::Felony {
        return TextSays::MinorButFelony(minor);
    }
    TextSays::Minor(minor)
}

/// The level word as a signal (issue 21): an infraction, violation, civil or petty offense with
/// any vehicle context is minor traffic (a crime word beside it still makes it `none`).
fn level_evidence(tables: &Tables, text: &Hits, severity: &Severity) -> Option<String> {
    if !non_criminal(severity.level) {
        return None;
    }
    let context = tables.vehicle_context.first(text)?;
    Some(format!(
        "{} level with \"{context}\"",
        severity_word(severity.level)
    ))
}

/// DECISIONS §13 with a statute the vehicle-code table recognises.
fn with_statute(
    citation: &Citation,
    says: &TextSays,
    tables: &Tables,
    text: &Hits,
    severity: &Severity,
) -> TrafficReading {
    let high = citation.row.confidence == Confidence::High;
    // Written straight into each evidence line (one allocation per line).
    let (cited, where_, table) = (Cited(citation), Where(citation), Table(citation));
    // A reading the statute gives, checked against the text: a row that is not `high` only
    // supports what the text also says (§13).
    let supported = |kind: TrafficKind, text_agrees: bool, evidence: String| {
        if high || text_agrees {
            reading(kind, format!("traffic.{}: {evidence}", kind.label()))
        } else {
            reading(
                TrafficKind::Unknown,
                format!(
                    "traffic.unknown: {evidence}, but the row is not confirmed and the text does \
                     not say so"
                ),
            )
        }
    };
    match citation.place {
        Place::Section(section) => match section.kind {
            SectionKind::Serious(kind) => supported(
                TrafficKind::SeriousTraffic,
                matches!(says, TextSays::Serious(_)),
                if section.what == kind.words() {
                    format!("{cited} is {}, {where_} ({table})", section.what)
                } else {
                    format!(
                        "{cited} is {} ({}), {where_} ({table})",
                        section.what,
                        kind.words()
                    )
                },
            ),
            SectionKind::NotRoad => reading(
                TrafficKind::NotTraffic,
                format!(
                    "traffic.none: {cited} is {}, not road traffic ({table})",
                    section.what
                ),
            ),
            SectionKind::NotSerious => inside_code(
                citation,
                says,
                tables,
                text,
                severity,
                format!(
                    "{cited} is {}, not a serious section, {where_} ({table})",
                    section.what
                ),
            ),
        },
        Place::VehicleCode => inside_code(
            citation,
            says,
            tables,
            text,
            severity,
            format!("{cited} is {where_}, not a serious section ({table})"),
        ),
        Place::Outside => match says {
            TextSays::Serious(phrase) => reading(
                TrafficKind::SeriousTraffic,
                format!("traffic.serious: {phrase}; {cited} is {where_} ({table})"),
            ),
            TextSays::Minor(minor) | TextSays::MinorButFelony(minor) => reading(
                TrafficKind::Unknown,
                format!("traffic.unknown: {minor}, but {cited} is {where_} ({table})"),
            ),
            TextSays::MinorBesideCrime(_, _) | TextSays::Nothing => reading(
                TrafficKind::NotTraffic,
                format!("traffic.none: {cited} is {where_} ({table})"),
            ),
        },
    }
}

/// A statute inside the vehicle code that is not a serious section: minor whatever its level
/// (§7.4), unless the text names a serious offence (serious), the level is a felony or the text
/// names a crime (`unknown`); a row that is not `high` needs the text to read minor too.
fn inside_code(
    citation: &Citation,
    says: &TextSays,
    tables: &Tables,
    text: &Hits,
    severity: &Severity,
    evidence: String,
) -> TrafficReading {
    if let TextSays::Serious(phrase) = says {
        return reading(
            TrafficKind::SeriousTraffic,
            format!("traffic.serious: {phrase}; {evidence}"),
        );
    }
    if severity.level == SeverityLevel::Felony {
        return reading(
            TrafficKind::Unknown,
            format!("traffic.unknown: {evidence}, but the level is a felony"),
        );
    }
    if let Some(word) = crime_word(tables, text) {
        return reading(
            TrafficKind::Unknown,
            format!("traffic.unknown: {evidence}, but the text names a crime (\"{word}\")"),
        );
    }
    if citation.row.confidence != Confidence::High && !matches!(says, TextSays::Minor(_)) {
        return reading(
            TrafficKind::Unknown,
            format!(
                "traffic.unknown: {evidence}, but the row is not confirmed and the text does not \
                 read minor"
            ),
        );
    }
    reading(
        TrafficKind::MinorTraffic,
        format!("traffic.minor: {evidence}"),
    )
}

/// `statute "…"` or `the citation "…" in the charge text`.
struct Cited<'a>(&'a Citation);

impl std::fmt::Display for Cited<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.in_text {
            write!(f, "the citation \"{}\" in the charge text", self.0.cited)
        } else {
            write!(f, "statute \"{}\"", self.0.cited)
        }
    }
}

/// `inside …` or `outside …` the row's code.
struct Where<'a>(&'a Citation);

impl std::fmt::Display for Where<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = if self.0.inside { "inside" } else { "outside" };
        write!(f, "{side} {}", self.0.row.code_name)
    }
}

/// `vehicle-code table SD, high confidence`.
struct Table<'a>(&'a Citation);

impl std::fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let row = self.0.row;
        write!(
            f,
            "vehicle-code table {}, {} confidence",
            row.state,
            row.confidence.word()
        )
    }
}

fn severity_word(level: SeverityLevel) -> &'static str {
    level.word()
}

/// The lexicon phrase or concept family that reads the text as minor traffic, described.
fn minor_evidence(tables: &Tables, text: &Hits) -> Option<String> {
    if let Some(row) = tables.minor.first_row(text) {
        return Some(format!("lexicon \"{row}\""));
    }
    if !text.any() {
        return None;
    }
    let context = tables.vehicle_context.first(text);
    tables.families.iter().find_map(|f| {
        let qualified = f.qualifiers.phrases.is_empty() || f.qualifiers.first(text).is_some();
        if !qualified {
            return None;
        }
        if let Some(word) = f.vehicular.first(text) {
            return Some(format!("family \"{}\" (\"{word}\")", f.name));
        }
        let object = f.objects.first(text)?;
        let context = context?;
        Some(format!(
            "family \"{}\" (\"{object}\" with \"{context}\")",
            f.name
        ))
    })
}

/// The first crime word of the text (in `NOT_MINOR_CONTEXT` order) that none of its excuses
/// (`NOT_MINOR_EXCUSED`) stands beside. Walks the few phrases the text holds, not the list.
fn crime_word(tables: &Tables, text: &Hits) -> Option<&'static str> {
    text.ids()
        .iter()
        .filter_map(|id| tables.crime_rank.get(*id).copied().flatten())
        .filter_map(|rank| Some((rank, *tables.not_minor_context.phrases.get(rank)?)))
        .filter(|(_, word)| {
            !tables
                .excused
                .iter()
                .any(|(excused, excuses)| excused == word && excuses.first(text).is_some())
        })
        .min_by_key(|(rank, _)| *rank)
        .map(|(_, word)| word)
}

/// A list of phrases as ids of the shared index, with the phrases for evidence.
struct Group {
    ids: Vec<PhraseId>,
    phrases: &'static [&'static str],
}

impl Group {
    fn new(builder: &mut PhraseIndexBuilder, phrases: &'static [&'static str]) -> Self {
        Self {
            ids: builder.intern_all(phrases),
            phrases,
        }
    }

    /// The first listed phrase the text contains.
    fn first(&self, hits: &Hits) -> Option<&'static str> {
        self.ids
            .iter()
            .zip(self.phrases)
            .find(|(id, _)| hits.has(**id))
            .map(|(_, p)| *p)
    }
}

/// Rows of phrases that must all occur, with the phrases for evidence.
struct Rows {
    rows: Vec<Vec<PhraseId>>,
    /// Rows by their first phrase.
    by_first: RowsByPhrase,
    table: &'static [&'static [&'static str]],
}

impl Rows {
    fn new(builder: &mut PhraseIndexBuilder, table: &'static [&'static [&'static str]]) -> Self {
        let rows: Vec<Vec<PhraseId>> = table.iter().map(|row| builder.intern_all(row)).collect();
        let by_first = RowsByPhrase::new(rows.iter().map(|row| row.get(..1).unwrap_or(&[])));
        Self {
            rows,
            by_first,
            table,
        }
    }

    /// The first row whose phrases all occur, joined with ` + `.
    fn first_row(&self, hits: &Hits) -> Option<String> {
        if !hits.any() {
            return None;
        }
        self.by_first.candidates(hits).into_iter().find_map(|i| {
            let row = self.rows.get(i)?;
            let phrases = self.table.get(i)?;
            (!row.is_empty() && row.iter().all(|id| hits.has(*id))).then(|| phrases.join(" + "))
        })
    }
}

/// One concept family compiled.
struct CompiledFamily {
    name: &'static str,
    vehicular: Group,
    objects: Group,
    qualifiers: Group,
}

/// The traffic tables as phrase ids of one index, compiled once: each text is scanned once
/// for all of them.
struct Tables {
    index: PhraseIndex,
    serious: Rows,
    minor: Rows,
    not_minor_context: Group,
    /// Position in `NOT_MINOR_CONTEXT` by phrase id (`None`: not a crime word).
    crime_rank: Vec<Option<usize>>,
    /// `NOT_MINOR_EXCUSED`: a crime word and the phrases that excuse it.
    excused: Vec<(&'static str, Group)>,
    serious_statute: Rows,
    traffic_statute: Rows,
    vehicle_context: Group,
    families: Vec<CompiledFamily>,
}

fn tables() -> &'static Tables {
    static COMPILED: OnceLock<Tables> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut b = PhraseIndexBuilder::default();
        let serious = Rows::new(&mut b, SERIOUS);
        let minor = Rows::new(&mut b, MINOR);
        let serious_statute = Rows::new(&mut b, SERIOUS_STATUTE);
        let traffic_statute = Rows::new(&mut b, TRAFFIC_STATUTE);
        let not_minor_context = Group::new(&mut b, NOT_MINOR_CONTEXT);
        let excused = NOT_MINOR_EXCUSED
            .iter()
            .map(|(word, excuses)| (*word, Group::new(&mut b, excuses)))
            .collect();
        let vehicle_context = Group::new(&mut b, VEHICLE_CONTEXT);
        let families = FAMILIES
            .iter()
            .map(|f| CompiledFamily {
                name: f.name,
                vehicular: Group::new(&mut b, f.vehicular),
                objects: Group::new(&mut b, f.objects),
                qualifiers: Group::new(&mut b, f.qualifiers),
            })
            .collect();
        let index = b.build();
        let mut crime_rank = vec![None; index.len()];
        for (rank, id) in not_minor_context.ids.iter().enumerate() {
            if let Some(slot) = crime_rank.get_mut(*id) {
                slot.get_or_insert(rank);
            }
        }
        Tables {
            index,
            crime_rank,
            serious,
            minor,
            not_minor_context,
            excused,
            serious_statute,
            traffic_statute,
            vehicle_context,
            families,
        }
    })
}
