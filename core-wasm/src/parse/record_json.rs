//! Stage 1 for mapped JSON: `record_json` (already validated) into the normalised [`Search`].

use std::borrow::Cow;
use std::rc::Rc;

use crate::classify::ChargeReader;
use crate::dates::Iso;
use crate::model::{Candidate, Case, Offense, OffenseDates, Sentence, Subject, SubjectAlias};
use crate::parse::json::{Json, Object};
use crate::parse::validate::{text_or_number, text_owned};
use crate::state_codes::normalize_state;

/// A court as found in the record, before the `cases[]` mapping assigns ids.
#[derive(Debug, Clone)]
pub struct RawCourt {
    pub court_search_id: Option<String>,
    pub search_jurisdiction: Option<String>,
    pub cases: Vec<RawCase>,
}

/// A case as found in the record, with its charges (ids may still be missing).
#[derive(Debug, Clone)]
pub struct RawCase {
    pub case: Case,
    /// Offense ids as the record gave them (`None` where it gave none).
    pub record_offense_ids: Vec<Option<String>>,
}

/// What reading one record carries from case to case.
#[derive(Default)]
struct RecordReader {
    charges: ChargeReader,
    /// The last case's subject, for the next case naming the same person alike.
    subject: Option<Rc<Subject>>,
    /// The last sentence read, for the next charge sentenced alike.
    sentence: Option<Rc<Sentence>>,
}

/// Reads `criminal_search_results` into courts, cases and classified charges.
pub fn read_courts(rj: &Object<'_>) -> Vec<RawCourt> {
    let mut reader = RecordReader::default();
    objects(rj, "criminal_search_results")
        .map(|court| read_court(court, &mut reader))
        .collect()
}

fn read_court(court: &Object<'_>, reader: &mut RecordReader) -> RawCourt {
    let cases = objects(court, "criminal_records")
        .map(|case| read_case(case, reader))
        .collect();
    RawCourt {
        court_search_id: text_owned(court, "court_search_id"),
        search_jurisdiction: text_owned(court, "search_jurisdiction"),
        cases,
    }
}

fn read_case(case: &Object<'_>, reader: &mut RecordReader) -> RawCase {
    let jurisdiction_state_raw = text_owned(case, "jurisdiction_state").unwrap_or_default();
    let state = normalize_state(&jurisdiction_state_raw);
    // Sized once (a filtered iterator would grow both from four, copying every charge read).
    let listed = case
        .get("offenses")
        .and_then(Json::as_array)
        .unwrap_or_default();
    let mut record_offense_ids = Vec::with_capacity(listed.len());
    let mut offenses = Vec::with_capacity(listed.len());
    for o in listed.iter().filter_map(Json::as_object) {
        record_offense_ids.push(text_owned(o, "offense_id"));
        offenses.push(read_offense(o, state, reader));
    }
    let subject = read_subject(case, &mut reader.subject);
    let mut malformed_dates = Vec::new();
    let [file_date] = dates(case, ["file_date"], &mut malformed_dates);
    RawCase {
        case: Case {
            case_number: text_owned(case, "case_number").unwrap_or_default(),
            jurisdiction_state: state.map(Cow::Borrowed),
            jurisdiction_state_raw,
            file_date,
            malformed_dates,
            subject,
            offenses,
        },
        record_offense_ids,
    }
}

/// The subject fields of a case, in [`Subject`]'s order.
const SUBJECT_FIELDS: [&str; 7] = [
    "subject_name",
    "sub_first_name",
    "sub_middle_name",
    "sub_last_name",
    "subject_dob",
    "subject_ssn",
    "subject_address",
];

/// A case's subject: `last`, the previous case's, when this case names the same person in the
/// same words and neither has aliases (a record is usually one person's), else a new one that
/// becomes `last`.
fn read_subject(case: &Object<'_>, last: &mut Option<Rc<Subject>>) -> Rc<Subject> {
    let fields = SUBJECT_FIELDS.map(|key| text_or_number(case, key).unwrap_or_default());
    let mut aliases = objects(case, "subject_aliases").peekable();
    if let Some(last) = last.as_ref()
        && last.aliases.is_empty()
        && aliases.peek().is_none()
        && subject_fields(last) == fields.each_ref().map(|f| f.as_ref())
    {
        return Rc::clone(last);
    }
    // Fields are evaluated in the order written: `SUBJECT_FIELDS` order.
    let mut fields = fields.into_iter().map(Cow::into_owned);
    let mut next = || fields.next().unwrap_or_default();
    let subject = Rc::new(Subject {
        full_name: next(),
        first_name: next(),
        middle_name: next(),
        last_name: next(),
        dob: next(),
        ssn: next(),
        address: next(),
        aliases: aliases
            .map(|a| SubjectAlias {
                first_name: text_owned(a, "first_name").unwrap_or_default(),
                middle_name: text_owned(a, "middle_name").unwrap_or_default(),
                last_name: text_owned(a, "last_name").unwrap_or_default(),
            })
            .collect(),
    });
    *last = Some(Rc::clone(&subject));
    subject
}

/// A subject's fields in [`SUBJECT_FIELDS`] order.
fn subject_fields(s: &Subject) -> [&str; 7] {
    [
        &s.full_name,
        &s.first_name,
        &s.middle_name,
        &s.last_name,
        &s.dob,
        &s.ssn,
        &s.address,
    ]
}

fn read_offense(o: &Object<'_>, state: Option<&str>, reader: &mut RecordReader) -> Offense {
    let mut malformed_dates = Vec::new();
    let [
        charge_date,
        disposition_date,
        arrest_date,
        pending_court_date,
    ] = dates(o, OFFENSE_DATES, &mut malformed_dates);
    let sentence = o
        .get("sentence")
        .and_then(Json::as_object)
        .map(|s| read_sentence(s, &mut malformed_dates, &mut reader.sentence));
    build_offense(
        OffenseParts {
            raw_charge: text_or_number(o, "charge").unwrap_or_default(),
            disposition: text_or_number(o, "disposition"),
            offense_type: text_or_number(o, "type"),
            statute: text_owned(o, "statute"),
            dates: OffenseDates {
                charge_date,
                disposition_date,
                arrest_date,
                pending_court_date,
            },
            malformed_dates,
            sentence,
            hidden: matches!(o.get("hidden"), Some(Json::Bool(true))),
        },
        state,
        &mut reader.charges,
    )
}

/// The fields of one charge as read from any input form, before classification.
#[derive(Debug, Clone, Default)]
pub struct OffenseParts<'a> {
    /// Charge text as received (whitespace is collapsed on classification): only read, so the
    /// JSON path borrows it from the body.
    pub raw_charge: Cow<'a, str>,
    /// Read for the record's shared copy (`ChargeReader`), so borrowed from the body as well.
    pub disposition: Option<Cow<'a, str>>,
    pub offense_type: Option<Cow<'a, str>>,
    pub statute: Option<String>,
    pub dates: OffenseDates,
    pub malformed_dates: Vec<String>,
    pub sentence: Option<Rc<Sentence>>,
    pub hidden: bool,
}

/// Classifies one charge exactly as the JSON path does; the XML path (`parse::xml`) builds its
/// charges through here too, so both forms normalise identically. `reader` is the record's: a
/// charge it has read before is not read again. `offense_id` is assigned later by
/// `mapping::apply`.
pub fn build_offense(
    parts: OffenseParts<'_>,
    state: Option<&str>,
    reader: &mut ChargeReader,
) -> Offense {
    let OffenseParts {
        raw_charge,
        disposition,
        offense_type,
        statute,
        dates,
        malformed_dates,
        sentence,
        hidden,
    } = parts;
    let read = reader.charge(
        &raw_charge,
        statute.as_deref(),
        offense_type.as_deref(),
        state,
    );
    let (disposition_class, disposition) = reader.disposition(disposition.as_deref(), state);
    Offense {
        offense_id: String::new(),
        charge: read.charge,
        disposition_class,
        disposition,
        offense_type: read.offense_type,
        statute,
        dates,
        malformed_dates,
        sentence,
        excluded: false,
        hidden,
        severity: read.severity,
        traffic: read.traffic.kind,
        traffic_evidence: read.traffic.evidence,
        text_level: read.text_level,
        dictionary: None,
    }
}

/// The text fields of a sentence block, in [`Sentence`]'s order.
const SENTENCE_TEXTS: [&str; 9] = [
    "probation",
    "jail_time",
    "prison_time",
    "suspended",
    "restitution",
    "community_service",
    "fines",
    "court_costs",
    "sentence_comments",
];

/// A sentence block; the names of its malformed date fields go to `malformed`. `last`, the last
/// sentence read, when this one reads the same (counts of one case are often sentenced alike),
/// else a new one that becomes `last`.
fn read_sentence(
    s: &Object<'_>,
    malformed: &mut Vec<String>,
    last: &mut Option<Rc<Sentence>>,
) -> Rc<Sentence> {
    let [incarceration_date, release_date] =
        dates(s, ["incarceration_date", "release_date"], malformed);
    let is_serving = s.get("is_serving").and_then(Json::as_bool);
    let texts = SENTENCE_TEXTS.map(|key| text_or_number(s, key));
    if let Some(last) = last.as_ref()
        && (last.incarceration_date, last.release_date, last.is_serving)
            == (incarceration_date, release_date, is_serving)
        && sentence_texts(last) == texts.each_ref().map(Option::as_deref)
    {
        return Rc::clone(last);
    }
    // Fields are evaluated in the order written: `SENTENCE_TEXTS` order.
    let mut texts = texts.into_iter().map(|t| t.map(Cow::into_owned));
    let mut next = || texts.next().flatten();
    let sentence = Rc::new(Sentence {
        incarceration_date,
        release_date,
        is_serving,
        probation: next(),
        jail_time: next(),
        prison_time: next(),
        suspended: next(),
        restitution: next(),
        community_service: next(),
        fines: next(),
        court_costs: next(),
        sentence_comments: next(),
    });
    *last = Some(Rc::clone(&sentence));
    sentence
}

/// A sentence's text fields in [`SENTENCE_TEXTS`] order.
fn sentence_texts(s: &Sentence) -> [Option<&str>; 9] {
    [
        &s.probation,
        &s.jail_time,
        &s.prison_time,
        &s.suspended,
        &s.restitution,
        &s.community_service,
        &s.fines,
        &s.court_costs,
        &s.sentence_comments,
    ]
    .map(Option::as_deref)
}

/// Reads the candidate (already validated, so the required names are present).
pub fn read_candidate(c: &Object<'_>) -> Candidate {
    let t = |k| text_owned(c, k);
    Candidate {
        first_name: t("first_name").unwrap_or_default(),
        middle_name: t("middle_name").unwrap_or_default(),
        last_name: t("last_name").unwrap_or_default(),
        date_of_birth: t("date_of_birth").unwrap_or_default(),
        ssn: t("ssn"),
        address: t("address"),
        annual_salary: c.get("annual_salary").and_then(Json::as_f64),
    }
}

/// The date fields `keys`, each a usable `YYYY-MM-DD` date or `None` (missing or malformed),
/// read once each; the names of malformed ones (text that is no date, which stage 1 reports) go
/// to `malformed`, in `keys` order.
fn dates<const N: usize>(
    obj: &Object<'_>,
    keys: [&str; N],
    malformed: &mut Vec<String>,
) -> [Option<Iso>; N] {
    keys.map(|key| {
        let text = text_or_number(obj, key)?;
        let date = Iso::parse(&text);
        if date.is_none() {
            malformed.push(key.to_string());
        }
        date
    })
}

const OFFENSE_DATES: [&str; 4] = [
    "charge_date",
    "disposition_date",
    "arrest_date",
    "pending_court_date",
];

/// The objects of the array `key` (anything else in it, or any other value, is skipped).
fn objects<'a, 'j>(obj: &'a Object<'j>, key: &str) -> impl Iterator<Item = &'a Object<'j>> {
    obj.get(key)
        .and_then(Json::as_array)
        .unwrap_or_default()
        .iter()
        .filter_map(Json::as_object)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::json::Arena;

    /// A case naming the last case's person in the same words shares its subject; one that
    /// differs in any field, or has aliases, gets its own.
    #[test]
    fn a_case_shares_the_last_subject_only_when_it_reads_the_same() {
        let text = r#"{"criminal_search_results": [{"criminal_records": [
            {"subject_name": "A B", "sub_first_name": "A", "subject_dob": "1990-01-02"},
            {"subject_name": " A B ", "sub_first_name": "A", "subject_dob": "1990-01-02"},
            {"subject_name": "A B", "sub_first_name": "A", "subject_dob": "1990-01-03"},
            {"subject_name": "A B", "sub_first_name": "A", "subject_dob": "1990-01-03",
             "subject_aliases": [{"first_name": "C"}]},
            {"subject_name": "A B", "sub_first_name": "A", "subject_dob": "1990-01-03",
             "subject_aliases": [{"first_name": "C"}]}
        ]}]}"#;
        let arena = Arena::for_text(text);
        let Ok(Json::Object(record)) = Json::parse(text, &arena) else {
            panic!("not an object");
        };
        let courts = read_courts(&record);
        let subjects: Vec<&Rc<Subject>> = courts[0].cases.iter().map(|c| &c.case.subject).collect();
        let shared: Vec<bool> = subjects
            .windows(2)
            .map(|pair| Rc::ptr_eq(pair[0], pair[1]))
            .collect();
        assert_eq!(shared, [true, false, false, false]);
        assert_eq!(subjects[1].full_name, "A B");
        assert_eq!(subjects[2].dob, "1990-01-03");
        assert_eq!(subjects[4].aliases.len(), 1);
    }

    /// A charge sentenced as the last sentence read shares it (its malformed dates still named
    /// for each charge); a sentence that differs in any field gets its own.
    #[test]
    fn a_charge_shares_the_last_sentence_only_when_it_reads_the_same() {
        let text = r#"{"offenses": [
            {"charge": "A", "sentence": {"probation": "1 YEAR", "release_date": "soon"}},
            {"charge": "B"},
            {"charge": "C", "sentence": {"release_date": "soon", "probation": " 1 YEAR "}},
            {"charge": "D", "sentence": {"probation": "1 YEAR", "release_date": "2012-01-05"}},
            {"charge": "E", "sentence": {"probation": "1 YEAR", "release_date": "2012-01-05",
                                         "fines": "10"}}
        ]}"#;
        let arena = Arena::for_text(text);
        let Ok(Json::Object(case)) = Json::parse(text, &arena) else {
            panic!("not an object");
        };
        let read = read_case(&case, &mut RecordReader::default());
        let offenses = &read.case.offenses;
        let sentence = |at: usize| offenses[at].sentence.as_ref();
        let same = |a: usize, b: usize| match (sentence(a), sentence(b)) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            _ => false,
        };
        assert!(sentence(1).is_none());
        assert_eq!((same(0, 2), same(2, 3), same(3, 4)), (true, false, false));
        assert_eq!(offenses[2].malformed_dates, ["release_date"]);
        assert_eq!(sentence(4).and_then(|s| s.fines.as_deref()), Some("10"));
    }

    /// Each date field is read once for its date and its malformed mark: the charge's fields in
    /// order, then its sentence's.
    #[test]
    fn malformed_dates_are_named_in_field_order_charge_then_sentence() {
        let text = r#"{"offenses": [{
            "charge": "THEFT",
            "charge_date": "2011-02-30",
            "disposition_date": " 2012-01-05 ",
            "arrest_date": 20110101,
            "pending_court_date": "  ",
            "sentence": {"release_date": "soon", "incarceration_date": "2012-02-01"}
        }], "file_date": "2010-13-01"}"#;
        let arena = Arena::for_text(text);
        let Ok(Json::Object(case)) = Json::parse(text, &arena) else {
            panic!("not an object");
        };
        let read = read_case(&case, &mut RecordReader::default());
        assert_eq!(read.case.file_date, None);
        assert_eq!(read.case.malformed_dates, ["file_date"]);
        let offense = &read.case.offenses[0];
        let date = |s: &str| Iso::parse(s);
        assert_eq!(
            offense.dates,
            OffenseDates {
                charge_date: None,
                disposition_date: date("2012-01-05"),
                arrest_date: None,
                pending_court_date: None,
            }
        );
        assert_eq!(
            offense.malformed_dates,
            ["charge_date", "arrest_date", "release_date"]
        );
        let sentence = offense.sentence.as_ref();
        assert_eq!(
            sentence.map(|s| (s.incarceration_date, s.release_date)),
            Some((date("2012-02-01"), None))
        );
    }

    /// The inferred level is shown with evidence that says so; a declared type or a level stated in
    /// the text wins over it, and the rules keep reading the declared type (`Unknown` here).
    #[test]
    fn classification_shows_an_inferred_level_as_inferred() {
        use crate::classify::{ChargeReader, SeverityLevel as L};
        use crate::model::classification::classification;
        let read = |charge: &str, ty: Option<&str>| {
            let offense = build_offense(
                OffenseParts {
                    raw_charge: charge.into(),
                    offense_type: ty.map(Into::into),
                    ..OffenseParts::default()
                },
                Some("SD"),
                &mut ChargeReader::default(),
            );
            let shown = classification(&offense);
            let evidence = shown.evidence.first().map(|e| e.to_string());
            (
                offense.severity.level,
                shown.severity,
                evidence.unwrap_or_default(),
            )
        };
        let (rules_level, shown, evidence) = read("Robbery 2nd Degree", None);
        assert_eq!(rules_level, L::Unknown);
        assert_eq!(shown, L::Felony);
        assert!(
            evidence
                .starts_with("severity.felony: inferred from the offense \"ROBBERY\" (robbery;")
                && evidence.contains("the rules do not use an inferred level"),
            "{evidence}"
        );
        let (_, declared, _) = read("Robbery 2nd Degree", Some("MISDEMEANOR"));
        assert_eq!(declared, L::Misdemeanor);
        let (_, stated, _) = read("Burglary 3rd Degree to Commit Misdemeanor", None);
        assert_eq!(stated, L::Misdemeanor);
    }
}
