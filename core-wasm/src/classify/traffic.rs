//! Minor vs serious traffic (docs/decisions.md §7.4, rule `GEN_TRAFFIC_NONREPORT`).
//!
//! Decided from the charge text and statute; the declared type is only a hint, so a `TRAFFIC`
//! type never makes a DUI minor. Serious phrases are looked for first. Minor traffic is read from
//! fixed phrases and from concept families (a regulatory object of vehicle law, with a vehicle
//! or driving word where the object also means other things). Signals that disagree give
//! `Unknown`, never minor: a false minor reading makes a charge NOT_REPORTABLE.

use std::fmt;

use super::lexicon::{Traffic, lexicon};
use super::phrases::{Hits, Row};
use super::severity::Severity;
use super::shared::{self, Shared};
use super::statute::{self, Citation, Place, StatuteField};
use super::text::{ChargeText, normalize_charge_text};
use super::vocabulary::{Confidence, SectionKind, SeverityLevel, TrafficKind};

/// A traffic reading and the table entry, family or statute that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrafficReading {
    pub kind: TrafficKind,
    pub evidence: Shared,
}

/// docs/decisions.md §7.4 without a state: see `read_traffic`.
pub fn classify_traffic(charge: &str, statute: Option<&str>, severity: &Severity) -> TrafficKind {
    read_traffic(charge, statute, None, severity).kind
}

/// docs/decisions.md §7.4 and §13: decide from the charge text and statute, with the level as a hint.
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
    let display = normalize_charge_text(charge);
    let text = ChargeText::new(&display);
    let hits = lexicon().index.scan(text.key());
    read(&display, &hits, statute, state, severity)
}

/// Whether a charge text names a crime word or pair (`NOT_MINOR_CONTEXT`, `NOT_MINOR_ROWS`)
/// that none of its excuses stands beside: the test every minor reading passes, open to a
/// second opinion asked after the tables (docs/decisions.md §13 lets one read minor only where the text
/// names no crime).
pub fn names_a_crime(charge: &str) -> bool {
    let display = normalize_charge_text(charge);
    let text = ChargeText::new(&display);
    let hits = lexicon().index.scan(text.key());
    crime_word(&lexicon().traffic, &hits).is_some()
}

/// `read_traffic` of a charge already read: its display form and the lexicon scan of its key.
///
/// A statute field that names a regulation or a local ordinance (`730 CMR 7.08`, `CITY ORD
/// 10-4`) is no statute: the charge is read as if it had none, and the evidence says so
/// (docs/decisions.md §13: an ordinance or regulation number neither makes nor unmakes a reading).
pub(crate) fn read(
    display: &str,
    text: &Hits,
    statute: Option<&str>,
    state: Option<&str>,
    severity: &Severity,
) -> TrafficReading {
    let field = statute.map(|s| (s, statute::read_statute_field(s, state)));
    match field {
        Some((number, StatuteField::NotAStatute)) => {
            let read = read_with(display, text, None, None, state, severity);
            reading(
                read.kind,
                line(format_args!(
                    "{}; \"{}\" is an ordinance or regulation number, not a statute: the text \
                     decides",
                    read.evidence,
                    number.trim()
                )),
            )
        }
        Some((statute, StatuteField::Statute(citation))) => {
            read_with(display, text, Some(statute), citation, state, severity)
        }
        None => read_with(display, text, None, None, state, severity),
    }
}

/// `read` with a statute that is no ordinance or regulation (or none), and its citation if the
/// state's row placed it.
fn read_with(
    display: &str,
    text: &Hits,
    statute: Option<&str>,
    citation: Option<Citation>,
    state: Option<&str>,
    severity: &Severity,
) -> TrafficReading {
    let tables = &lexicon().traffic;
    let says = text_says(tables, text, display, severity);
    let citation =
        citation.or_else(|| state.and_then(|state| statute::find_in_text(display, state)));
    if let Some(citation) = citation {
        return with_statute(&citation, &says, tables, text, severity);
    }
    if let TextSays::Serious(phrase) = &says {
        return reading(
            TrafficKind::SeriousTraffic,
            line(format_args!("traffic.serious: {phrase}")),
        );
    }
    // A statute no row recognises: its words (`VC`, `TRAFFIC`, `23152`) are hints.
    let statute_display = statute.map(normalize_charge_text).unwrap_or_default();
    let statute_text = ChargeText::new(&statute_display);
    let scan = |words: &[&str]| {
        if words.is_empty() {
            None
        } else {
            Some(lexicon().index.scan(words))
        }
    };
    let statute_words = scan(statute_text.key());
    let statute_raw_words = scan(&statute_text.words);
    let serious_statute = statute_words
        .as_ref()
        .and_then(|w| tables.serious.first_row(w))
        .or_else(|| {
            statute_raw_words
                .as_ref()
                .and_then(|w| tables.serious_statute.first_row(w))
        });
    if let Some(row) = serious_statute {
        return reading(
            TrafficKind::SeriousTraffic,
            line(format_args!("traffic.serious: statute \"{row}\"")),
        );
    }
    match says {
        TextSays::Minor(minor) => {
            return reading(
                TrafficKind::MinorTraffic,
                line(format_args!("traffic.minor: {minor}")),
            );
        }
        TextSays::MinorButFelony(minor) => {
            return reading(
                TrafficKind::Unknown,
                line(format_args!(
                    "traffic.unknown: {minor} but the level is a felony"
                )),
            );
        }
        TextSays::MinorBesideCrime(minor, crime) => {
            return reading(
                TrafficKind::NotTraffic,
                line(format_args!("traffic.none: {minor} beside {crime}")),
            );
        }
        TextSays::CarrierRegulation(word) => {
            return reading(
                TrafficKind::Unknown,
                line(format_args!(
                    "traffic.unknown: \"{word}\" is motor-carrier regulation, not read minor \
                     without a vehicle-code statute"
                )),
            );
        }
        TextSays::Serious(_) | TextSays::Nothing => {}
    }
    let domain = statute_raw_words
        .as_ref()
        .and_then(|w| tables.traffic_statute.first_row(w))
        .map(|row| format!("statute \"{row}\""))
        .or_else(|| severity.traffic_hint.then(|| "a traffic type".to_string()));
    if let Some(domain) = domain {
        let level = severity.level.word();
        return if non_criminal(severity.level) {
            reading(
                TrafficKind::MinorTraffic,
                line(format_args!("traffic.minor: {domain}, {level} level")),
            )
        } else {
            reading(
                TrafficKind::SeriousTraffic,
                line(format_args!(
                    "traffic.serious: {domain}, {level} level, text not read as minor"
                )),
            )
        };
    }
    reading(
        TrafficKind::NotTraffic,
        Shared::from("traffic.none: no traffic phrase, statute or type"),
    )
}

/// An evidence line, made in one allocation.
fn line(args: fmt::Arguments<'_>) -> Shared {
    shared::formatted(args)
}

fn reading(kind: TrafficKind, evidence: Shared) -> TrafficReading {
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

/// What in the text (or the level word) reads it one way, kept as found and written once, into
/// the reading's evidence line.
#[derive(Clone, Copy)]
enum TextEvidence {
    /// A table row: `"DRIVING UNDER THE INFLUENCE"`.
    Row(Row),
    /// A word of a list: `"LOGBOOK"`.
    Word(&'static str),
    /// A row of the minor lexicon: `lexicon "SPEEDING"`.
    Lexicon(Row),
    /// A concept family by its vehicular word: `family "speed" ("MPH")`.
    Family(&'static str, &'static str),
    /// A concept family by its object beside a vehicle word: `family "lamps" ("LAMP" with
    /// "VEHICLE")`.
    FamilyObject(&'static str, &'static str, &'static str),
    /// A level that is no crime beside vehicle context: `infraction level (below misdemeanor)
    /// with "VEHICLE"`.
    Level(SeverityLevel, &'static str),
    /// An open container in a vehicle (docs/decisions.md §13): `open container "OPEN CONTAINER*" in a
    /// vehicle ("VEHICLE*"), no impairment named`.
    OpenContainer(Row, &'static str),
    /// Racing or negligent operation at a level that is no crime: `"RACING" at infraction
    /// level (below misdemeanor)`.
    SeriousButAtNoCrime(Row, SeverityLevel),
    /// The operating rule: `"OPERATE" beside "VEHICLE*", no level`.
    Operating(&'static str, &'static str, SeverityLevel),
    /// A speed in figures: `"SPEED" with a figure`.
    SpeedInFigures,
    /// The road rule: `"VIOLATION" of "PIKE", no level`.
    RoadRule(&'static str, &'static str, SeverityLevel),
}

impl fmt::Display for TextEvidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextEvidence::Row(row) => write!(f, "\"{row}\""),
            TextEvidence::Word(word) => write!(f, "\"{word}\""),
            TextEvidence::Lexicon(row) => write!(f, "lexicon \"{row}\""),
            TextEvidence::Family(name, word) => write!(f, "family \"{name}\" (\"{word}\")"),
            TextEvidence::FamilyObject(name, object, context) => {
                write!(f, "family \"{name}\" (\"{object}\" with \"{context}\")")
            }
            TextEvidence::Level(level, context) => {
                write!(
                    f,
                    "{} level (below misdemeanor) with \"{context}\"",
                    level.word()
                )
            }
            TextEvidence::OpenContainer(row, vehicle) => write!(
                f,
                "open container \"{row}\" in a vehicle (\"{vehicle}\"), no impairment named"
            ),
            TextEvidence::SeriousButAtNoCrime(row, level) => {
                write!(f, "\"{row}\" at {} level (below misdemeanor)", level.word())
            }
            TextEvidence::Operating(word, vehicle, SeverityLevel::Unknown) => {
                write!(f, "\"{word}\" beside \"{vehicle}\", no level")
            }
            TextEvidence::Operating(word, vehicle, level) => {
                write!(f, "\"{word}\" beside \"{vehicle}\", {} level", level.word())
            }
            TextEvidence::SpeedInFigures => write!(f, "\"SPEED\" with a figure"),
            TextEvidence::RoadRule(word, road, SeverityLevel::Unknown) => {
                write!(f, "\"{word}\" of \"{road}\" (a road's rules), no level")
            }
            TextEvidence::RoadRule(word, road, level) => write!(
                f,
                "\"{word}\" of \"{road}\" (a road's rules), {} level",
                level.word()
            ),
        }
    }
}

/// What the charge text (and the level word) say on their own.
enum TextSays {
    /// A serious phrase (evidence).
    Serious(TextEvidence),
    /// A minor phrase, family or a non-criminal level beside a vehicle word (evidence).
    Minor(TextEvidence),
    /// A minor reading, but the level is a felony.
    MinorButFelony(TextEvidence),
    /// A minor phrase beside a crime word or pair (evidence, the crime).
    MinorBesideCrime(TextEvidence, TextEvidence),
    /// Motor-carrier regulation (`CARRIER_REGULATION`, the word): road traffic or a carrier's
    /// duty, which text alone cannot tell.
    CarrierRegulation(&'static str),
    Nothing,
}

fn text_says(tables: &Traffic, text: &Hits, display: &str, severity: &Severity) -> TextSays {
    if let Some(row) = tables.serious.first_row(text) {
        return TextSays::Serious(TextEvidence::Row(row));
    }
    let open = open_container(tables, text);
    if open.is_none()
        && let Some(row) = tables.alcohol_beside_driving.first_row(text)
    {
        return TextSays::Serious(TextEvidence::Row(row));
    }
    let contest = tables.serious_but_at_no_crime.first_row(text);
    if let Some(row) = contest
        && !non_criminal(severity.level)
    {
        return TextSays::Serious(TextEvidence::Row(row));
    }
    let regulation = tables.carrier_regulation.first(text);
    let minor = open
        .or_else(|| contest.map(|row| TextEvidence::SeriousButAtNoCrime(row, severity.level)))
        .or_else(|| minor_evidence(tables, text))
        .or_else(|| speed_figures(display))
        .or_else(|| level_evidence(tables, text, severity))
        .or_else(|| operating_evidence(tables, text, severity))
        .or_else(|| road_rule_evidence(tables, text, severity))
        .or_else(|| regulation.map(TextEvidence::Word));
    let Some(minor) = minor else {
        return TextSays::Nothing;
    };
    if let Some(word) = crime_word(tables, text) {
        return TextSays::MinorBesideCrime(minor, word);
    }
    if severity.level == SeverityLevel::Felony {
        return TextSays::MinorButFelony(minor);
    }
    // Beside a level that is no crime, a carrier's duty is read as the level says.
    if let Some(word) = regulation.filter(|_| !non_criminal(severity.level)) {
        return TextSays::CarrierRegulation(word);
    }
    TextSays::Minor(minor)
}

/// A speed given in figures (`SPEED 45 IN 35`, `SPEED 65/55`, `SPEED 15 OVER`): the word `SPEED`
/// followed by a number of two or three digits and then the end, a `/`, or a word of speeding
/// (`SPEED_FIGURE_THEN`), and not after `WIND`: a vehicle's speed, never a drug's weight. Read on
/// the display form: the phrase tables hold words, not figures.
fn speed_figures(display: &str) -> Option<TextEvidence> {
    // The display form keeps abbreviations, so `SPD` (which reads as `SPEED`) is looked for too.
    ["SPEED ", "SPD "]
        .into_iter()
        .find_map(|word| speed_word_figures(display, word))
}

fn speed_word_figures(display: &str, word: &str) -> Option<TextEvidence> {
    let mut from = 0;
    while let Some(at) = display.get(from..)?.find(word) {
        let start = from + at;
        from = start + word.len();
        let before = display.get(..start).unwrap_or_default();
        let word_start = !before
            .bytes()
            .last()
            .is_some_and(|b| b.is_ascii_alphanumeric());
        if !word_start || before.trim_end().ends_with("WIND") {
            continue;
        }
        let rest = display.get(from..).unwrap_or_default();
        let figures = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = rest.get(figures..).unwrap_or_default();
        let then = after.starts_with('/')
            || after.trim().is_empty()
            || SPEED_FIGURE_THEN.iter().any(|w| {
                after
                    .strip_prefix(' ')
                    .is_some_and(|a| a.split(' ').next() == Some(*w))
            });
        if (2..=3).contains(&figures) && then {
            return Some(TextEvidence::SpeedInFigures);
        }
    }
    None
}

/// Words that may follow a speed's figure (`SPEED 45 IN 35`).
const SPEED_FIGURE_THEN: &[&str] = &["IN", "OVER", "MPH", "ZONE", "LIMIT", "KMH", "KPH"];

/// An open container or drinking in a vehicle, no impairment named (docs/decisions.md §13): the row and
/// the word that names the vehicle. Without a vehicle word it is no traffic matter.
fn open_container(tables: &Traffic, text: &Hits) -> Option<TextEvidence> {
    let row = tables.open_container.first_row(text)?;
    if tables.open_container_not_beside.any(text) {
        return None;
    }
    let vehicle = vehicle_context(tables, text)
        .or_else(|| tables.operated_vehicles.first(text))
        .or_else(|| tables.passengers.first(text))?;
    Some(TextEvidence::OpenContainer(row, vehicle))
}

/// The level word as a signal: an infraction, violation, civil or petty offense with
/// any vehicle context, or an object of vehicle law (`LEVEL_CONTEXT`), is minor traffic (a crime
/// word beside it still makes it `none`).
fn level_evidence(tables: &Traffic, text: &Hits, severity: &Severity) -> Option<TextEvidence> {
    if !non_criminal(severity.level) {
        return None;
    }
    // A vehicle word, else an object of vehicle law (a horn, a belt, a turn, a signal): beside
    // a level that is no crime, both put the charge on the road.
    let context = vehicle_context(tables, text)
        .or_else(|| tables.level_context.first(text))
        .or_else(|| tables.carrier_regulation.first(text))?;
    Some(TextEvidence::Level(severity.level, context))
}

/// The operating rule: with no level or a level that is no crime, a road
/// vehicle beside a word of operating or equipping it (`OPERATE LIMO W/O EXITS`), unless a word
/// of `OPERATING_NOT_BESIDE` stands beside them (a crime word is checked after, as for every
/// minor reading).
fn operating_evidence(tables: &Traffic, text: &Hits, severity: &Severity) -> Option<TextEvidence> {
    if !operating_rule_may_speak(tables, text, severity) {
        return None;
    }
    let vehicle = tables.operated_vehicles.first(text)?;
    let word = tables.operating_words.first(text)?;
    Some(TextEvidence::Operating(word, vehicle, severity.level))
}

/// The operating and road rules speak with no level or a level that is no crime, and never
/// beside a word of `OPERATING_NOT_BESIDE`.
fn operating_rule_may_speak(tables: &Traffic, text: &Hits, severity: &Severity) -> bool {
    (severity.level == SeverityLevel::Unknown || non_criminal(severity.level))
        && !tables.operating_not_beside.any(text)
}

/// A word that puts the text on the road: `VEHICLE_CONTEXT`, else a road a public agency runs
/// (`ROAD_FACILITIES`).
fn vehicle_context(tables: &Traffic, text: &Hits) -> Option<&'static str> {
    tables
        .vehicle_context
        .first(text)
        .or_else(|| tables.road_facilities.first(text))
}

/// The road rule (`ROAD_FACILITIES`): with no level or a level that is no crime, a violation
/// named beside a turnpike, a tunnel, a bridge or a parkway, unless a word of
/// `OPERATING_NOT_BESIDE` stands beside it (a crime word is checked after).
fn road_rule_evidence(tables: &Traffic, text: &Hits, severity: &Severity) -> Option<TextEvidence> {
    if !operating_rule_may_speak(tables, text, severity) {
        return None;
    }
    let road = tables.road_facilities.first(text)?;
    let word = tables.road_rule_words.first(text)?;
    Some(TextEvidence::RoadRule(word, road, severity.level))
}

/// docs/decisions.md §13 with a statute the vehicle-code table recognises.
fn with_statute(
    citation: &Citation,
    says: &TextSays,
    tables: &Traffic,
    text: &Hits,
    severity: &Severity,
) -> TrafficReading {
    let high = citation.row.confidence == Confidence::High;
    // Written straight into each evidence line (one allocation per line).
    let (cited, where_, table) = (Cited(citation), Where(citation), Table(citation));
    // A reading the statute gives, checked against the text: a row that is not `high` only
    // supports what the text also says (§13).
    let supported = |kind: TrafficKind, text_agrees: bool, evidence: Shared| {
        if high || text_agrees {
            reading(
                kind,
                line(format_args!("traffic.{}: {evidence}", kind.label())),
            )
        } else {
            reading(
                TrafficKind::Unknown,
                line(format_args!(
                    "traffic.unknown: {evidence}, but the row is not confirmed and the text does \
                     not say so"
                )),
            )
        }
    };
    match citation.place {
        Place::Section(section) => match section.kind {
            SectionKind::Serious(kind) => supported(
                TrafficKind::SeriousTraffic,
                matches!(says, TextSays::Serious(_)),
                if section.what == kind.words() {
                    line(format_args!(
                        "{cited} is {}, {where_} ({table})",
                        section.what
                    ))
                } else {
                    line(format_args!(
                        "{cited} is {} ({}), {where_} ({table})",
                        section.what,
                        kind.words()
                    ))
                },
            ),
            SectionKind::NotRoad => reading(
                TrafficKind::NotTraffic,
                line(format_args!(
                    "traffic.none: {cited} is {}, not road traffic ({table})",
                    section.what
                )),
            ),
            SectionKind::NotSerious => inside_code(
                citation,
                says,
                tables,
                text,
                severity,
                line(format_args!(
                    "{cited} is {}, not a serious section, {where_} ({table})",
                    section.what
                )),
            ),
        },
        Place::VehicleCode => inside_code(
            citation,
            says,
            tables,
            text,
            severity,
            line(format_args!(
                "{cited} is {where_}, not a serious section ({table})"
            )),
        ),
        Place::Outside => match says {
            TextSays::Serious(phrase) => reading(
                TrafficKind::SeriousTraffic,
                line(format_args!(
                    "traffic.serious: {phrase}; {cited} is {where_} ({table})"
                )),
            ),
            // The statute does not make it minor (§13), but a level that is no crime beside
            // vehicle conduct does, as it would with no statute at all.
            TextSays::Minor(minor) if non_criminal(severity.level) => reading(
                TrafficKind::MinorTraffic,
                line(format_args!(
                    "traffic.minor: {minor}, at {} level, which is no crime; {cited} is \
                     {where_} and does not decide ({table})",
                    severity.level.word()
                )),
            ),
            TextSays::Minor(minor) | TextSays::MinorButFelony(minor) => reading(
                TrafficKind::Unknown,
                line(format_args!(
                    "traffic.unknown: {minor}, but {cited} is {where_} ({table})"
                )),
            ),
            // Nothing reads minor and the statute is no vehicle law: what the regulation is,
            // the statute says.
            TextSays::CarrierRegulation(_)
            | TextSays::MinorBesideCrime(_, _)
            | TextSays::Nothing => reading(
                TrafficKind::NotTraffic,
                line(format_args!("traffic.none: {cited} is {where_} ({table})")),
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
    tables: &Traffic,
    text: &Hits,
    severity: &Severity,
    evidence: Shared,
) -> TrafficReading {
    if let TextSays::Serious(phrase) = says {
        return reading(
            TrafficKind::SeriousTraffic,
            line(format_args!("traffic.serious: {phrase}; {evidence}")),
        );
    }
    if severity.level == SeverityLevel::Felony {
        return reading(
            TrafficKind::Unknown,
            line(format_args!(
                "traffic.unknown: {evidence}, but the level is a felony"
            )),
        );
    }
    if let Some(crime) = crime_word(tables, text) {
        return reading(
            TrafficKind::Unknown,
            line(format_args!(
                "traffic.unknown: {evidence}, but the text names a crime ({crime})"
            )),
        );
    }
    if citation.row.confidence != Confidence::High && !matches!(says, TextSays::Minor(_)) {
        return reading(
            TrafficKind::Unknown,
            line(format_args!(
                "traffic.unknown: {evidence}, but the row is not confirmed and the text does not \
                 read minor"
            )),
        );
    }
    reading(
        TrafficKind::MinorTraffic,
        line(format_args!("traffic.minor: {evidence}")),
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

/// The lexicon phrase or concept family that reads the text as minor traffic, described.
fn minor_evidence(tables: &Traffic, text: &Hits) -> Option<TextEvidence> {
    if let Some(row) = tables.minor.first_row(text) {
        return Some(TextEvidence::Lexicon(row));
    }
    if !text.any() {
        return None;
    }
    let context = vehicle_context(tables, text);
    tables.families.iter().find_map(|f| {
        let qualified = f.qualifiers.is_empty() || f.qualifiers.any(text);
        if !qualified {
            return None;
        }
        if let Some(word) = f.vehicular.first(text) {
            return Some(TextEvidence::Family(f.name, word));
        }
        let object = f.objects.first(text)?;
        let context = context?;
        Some(TextEvidence::FamilyObject(f.name, object, context))
    })
}

/// The first crime word of the text (in `NOT_MINOR_CONTEXT` order) that none of its excuses
/// (`NOT_MINOR_EXCUSED`) stands beside, else the first pair of `NOT_MINOR_ROWS` it holds. Walks
/// the few phrases the text holds, not the list.
fn crime_word(tables: &Traffic, text: &Hits) -> Option<TextEvidence> {
    single_crime_word(tables, text)
        .map(TextEvidence::Word)
        .or_else(|| tables.not_minor_rows.first_row(text).map(TextEvidence::Row))
}

fn single_crime_word(tables: &Traffic, text: &Hits) -> Option<&'static str> {
    text.ids()
        .filter_map(|id| tables.not_minor_context.position(id))
        .filter_map(|rank| Some((rank, *tables.not_minor_context.phrases.get(rank)?)))
        .filter(|(_, word)| {
            !tables
                .excused
                .iter()
                .any(|(excused, excuses)| excused == word && excuses.any(text))
        })
        .min_by_key(|(rank, _)| *rank)
        .map(|(_, word)| word)
}
