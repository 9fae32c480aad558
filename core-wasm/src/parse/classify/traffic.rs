//! Minor vs serious traffic (DECISIONS §7.4, rule `GEN_TRAFFIC_NONREPORT`).
//!
//! Decided from the charge text and statute; the declared type is only a hint, so a `TRAFFIC`
//! type never makes a DUI minor. Serious phrases are looked for first. Minor traffic is read from
//! fixed phrases and from concept families (a regulatory object of vehicle law, with a vehicle
//! or driving word where the object also means other things). Signals that disagree give
//! `Unknown`, never minor: a false minor reading makes a charge NOT_REPORTABLE.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::phrases::{PhraseId, PhraseIndex, PhraseIndexBuilder, RowsByPhrase};
use super::severity::{Severity, SeverityLevel};
use super::text::{Words, charge_match_key, clean};
use super::traffic_table::{
    FAMILIES, MINOR, NOT_MINOR_CONTEXT, NOT_MINOR_EXCUSED, SERIOUS, SERIOUS_STATUTE,
    TRAFFIC_STATUTE, TRAFFIC_TITLES, TrafficTitle, VEHICLE_CONTEXT,
};

/// How a charge stands under the general traffic non-report rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrafficKind {
    /// Not a traffic charge as far as the text, statute and type show.
    NotTraffic,
    /// Minor traffic: not reportable whatever its level (§7.4).
    MinorTraffic,
    /// Traffic, but not shown to be minor: the ordinary rules apply. Also used for a traffic
    /// charge whose text is not understood.
    SeriousTraffic,
    /// The text reads as minor traffic but another signal disagrees (a felony level, a statute
    /// outside the state's motor-vehicle law): the ordinary rules apply.
    Unknown,
}

impl TrafficKind {
    /// The word `classification.traffic` shows (DECISIONS §12).
    pub fn label(self) -> &'static str {
        match self {
            TrafficKind::NotTraffic => "none",
            TrafficKind::MinorTraffic => "minor",
            TrafficKind::SeriousTraffic => "serious",
            TrafficKind::Unknown => "unknown",
        }
    }
}

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

/// DECISIONS §7.4: decide from the charge text and statute, with the severity as a hint.
///
/// Order: a serious phrase (text or statute) -> `SeriousTraffic`; a minor phrase or family ->
/// `MinorTraffic`, unless a crime word makes it something else (`NotTraffic`), or the level is
/// a felony or the statute lies outside the state's motor-vehicle law (`Unknown`); otherwise a
/// traffic type or motor-vehicle statute -> `MinorTraffic` when the level is a non-criminal or
/// petty one, else `SeriousTraffic`; else `NotTraffic`.
pub fn read_traffic(
    charge: &str,
    statute: Option<&str>,
    state: Option<&str>,
    severity: &Severity,
) -> TrafficReading {
    let tables = tables();
    let charge_key = charge_match_key(charge);
    let text = tables.index.scan(&Words::new(&charge_key));
    let statute_key = charge_match_key(statute.unwrap_or(""));
    let statute_words = tables.index.scan(&Words::new(&statute_key));
    let statute_clean = clean(statute.unwrap_or(""));
    let statute_raw_words = tables.index.scan(&Words::new(&statute_clean));
    let title = statute.map_or(TitleSays::Nothing, |s| title_of(s, state));
    let reading = |kind, evidence: String| TrafficReading { kind, evidence };

    if let Some(row) = tables.serious.first_row(&text) {
        return reading(
            TrafficKind::SeriousTraffic,
            format!("traffic.serious: \"{row}\""),
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
    if let Some(minor) = minor_evidence(tables, &text) {
        if let Some(word) = crime_word(tables, &text) {
            return reading(
                TrafficKind::NotTraffic,
                format!("traffic.none: {minor} beside \"{word}\""),
            );
        }
        if severity.level == SeverityLevel::Felony {
            return reading(
                TrafficKind::Unknown,
                format!("traffic.unknown: {minor} but the level is a felony"),
            );
        }
        if let TitleSays::Outside(title) = title {
            return reading(
                TrafficKind::Unknown,
                format!(
                    "traffic.unknown: {minor} but the statute is outside {}",
                    title.source
                ),
            );
        }
        return reading(TrafficKind::MinorTraffic, format!("traffic.minor: {minor}"));
    }
    let statute_domain = match title {
        TitleSays::Inside(title) => Some(title.source.to_string()),
        _ => tables
            .traffic_statute
            .first_row(&statute_raw_words)
            .map(|row| format!("statute \"{row}\"")),
    };
    let domain =
        statute_domain.or_else(|| severity.traffic_hint.then(|| "a traffic type".to_string()));
    if let Some(domain) = domain {
        let non_criminal = matches!(
            severity.level,
            SeverityLevel::Infraction
                | SeverityLevel::Violation
                | SeverityLevel::Civil
                | SeverityLevel::PettyOffense
        );
        let level = severity_word(severity.level);
        return if non_criminal {
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

fn severity_word(level: SeverityLevel) -> String {
    super::charge::lower(&level)
}

/// The lexicon phrase or concept family that reads the text as minor traffic, described.
fn minor_evidence(tables: &Tables, text: &super::phrases::Hits) -> Option<String> {
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

/// The first crime word of the text that none of its excuses (`NOT_MINOR_EXCUSED`) stands beside.
fn crime_word(tables: &Tables, text: &super::phrases::Hits) -> Option<&'static str> {
    let group = &tables.not_minor_context;
    group
        .ids
        .iter()
        .zip(group.phrases)
        .filter(|(id, _)| text.has(**id))
        .map(|(_, word)| *word)
        .find(|word| {
            !tables
                .excused
                .iter()
                .any(|(excused, excuses)| excused == word && excuses.first(text).is_some())
        })
}

/// What the statute number says about the motor-vehicle title of the case's state.
enum TitleSays {
    /// No statute, a state without a row, or a number not shaped like that state's sections.
    Nothing,
    Inside(&'static TrafficTitle),
    Outside(&'static TrafficTitle),
}

/// Reads the first number of `statute` against the state's `TRAFFIC_TITLES` row. A number must
/// be shaped like the row's prefixes (a `-` title-chapter number for `32-`, a `.` section for
/// `316.`) to count as outside: an ordinance or placeholder number says nothing.
fn title_of(statute: &str, state: Option<&str>) -> TitleSays {
    let Some(title) = state.and_then(|s| {
        TRAFFIC_TITLES
            .iter()
            .find(|t| t.state.eq_ignore_ascii_case(s.trim()))
    }) else {
        return TitleSays::Nothing;
    };
    let number: String = statute
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
        .collect::<String>()
        .to_uppercase();
    if title.prefixes.iter().any(|p| number.starts_with(p)) {
        return TitleSays::Inside(title);
    }
    let separator = title
        .prefixes
        .first()
        .and_then(|p| p.chars().last())
        .unwrap_or('-');
    // `32-` titles have title-chapter-section numbers; `316.` chapters have chapter.section.
    let parts = if separator == '-' { 3 } else { 2 };
    let shaped = number.split(separator).filter(|p| !p.is_empty()).count() >= parts
        && number.starts_with(|c: char| c.is_ascii_digit());
    if shaped {
        TitleSays::Outside(title)
    } else {
        TitleSays::Nothing
    }
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
    fn first(&self, hits: &super::phrases::Hits) -> Option<&'static str> {
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
    fn first_row(&self, hits: &super::phrases::Hits) -> Option<String> {
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
        Tables {
            index: b.build(),
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
