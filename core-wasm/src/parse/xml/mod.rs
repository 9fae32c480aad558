//! Stage 1 for vendor XML (docs/decisions.md §11, `docs/xml-layout.md`): a streaming,
//! bounded read into a small tree ([`tree`]), root detection ([`envelope`]), one adapter per
//! format ([`accio`], [`hrxml`], [`orderxml`]) producing case drafts ([`draft`]), which become
//! the same [`RawCourt`]s the JSON path makes, classified by the same code.

pub mod accio;
pub mod dates;
pub mod draft;
pub mod envelope;
pub mod hrxml;
pub mod limits;
pub mod orderxml;
pub mod read;
pub mod text;
pub mod tree;

use chrono::{Datelike, NaiveDate};

use crate::classify::ChargeReader;
use crate::model::{Candidate, Issue, IssueLevel, IssueSeverity, UNKNOWN_OFFENSE};
use crate::parse::record_json::RawCourt;

pub use envelope::RootKind;
pub use read::{NoteKind, Read, XmlError, XmlNote};

/// A parsed vendor document: courts in record order (one per case), ready for the count gate and
/// `mapping::apply`, plus what the request may fall back on.
#[derive(Debug, Clone)]
pub struct XmlRecord {
    pub root: RootKind,
    pub courts: Vec<RawCourt>,
    pub notes: Vec<XmlNote>,
    /// The first criminal component's type (used when the request sends no `search_type`).
    pub search_type: Option<String>,
    /// The candidate as ordered, when the document carries one (used only without `candidate_info`).
    pub candidate: Option<Candidate>,
}

/// Reads a vendor document. `as_of` (the search date) is the pivot for two-digit years.
pub fn read_xml(xml: &str, as_of: NaiveDate) -> Result<XmlRecord, XmlError> {
    let root = tree::parse_tree(xml)?;
    let ctx = draft::DateCtx {
        pivot_year: as_of.year(),
    };
    let (kind, read) = envelope::read_root(&root, ctx)?;
    let mut notes = read.notes;
    let mut courts = Vec::with_capacity(read.cases.len());
    let mut reader = ChargeReader::default();
    for (i, case) in read.cases.into_iter().enumerate() {
        let held = case.held_for_review;
        let (court, conflict) = draft::into_raw_court(case, &mut reader);
        let case_number = court
            .cases
            .first()
            .map(|c| c.case.case_number.clone())
            .unwrap_or_default();
        if held {
            notes.push(XmlNote {
                case: Some(i),
                case_number: case_number.clone(),
                kind: NoteKind::HeldForReview,
            });
        }
        if conflict {
            notes.push(XmlNote {
                case: Some(i),
                case_number,
                kind: NoteKind::ConflictingCourtSearchId,
            });
        }
        courts.push(court);
    }
    Ok(XmlRecord {
        root: kind,
        courts,
        notes,
        search_type: read.search_type,
        candidate: read.candidate,
    })
}

/// Document bytes to text, for callers holding raw bytes (tests, tools): UTF-8 (a BOM is
/// dropped by the reader), else ISO-8859-1 when the XML declaration names it (Latin-1 maps
/// byte for byte onto U+0000..U+00FF). `None` for anything else.
pub fn decode_document(bytes: &[u8]) -> Option<String> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Some(s.to_string());
    }
    let head: String = bytes
        .iter()
        .take(200)
        .map(|b| char::from(*b))
        .collect::<String>()
        .to_ascii_lowercase();
    let declared = head.starts_with("<?xml")
        && ["iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso_8859-1"]
            .iter()
            .any(|e| head.contains(e));
    declared.then(|| bytes.iter().map(|b| char::from(*b)).collect())
}

/// Warnings for the notes; `case_ids[i]` is the court search id the i-th case ended up with.
pub fn note_issues(notes: &[XmlNote], case_ids: &[String]) -> Vec<Issue> {
    notes
        .iter()
        .map(|n| {
            let (field, short, description) = match n.kind {
                NoteKind::CaseWithoutCharges => (
                    "chargeinfo",
                    "case without charges",
                    "The vendor sent a case with no charges; it cannot be evaluated and was left out.",
                ),
                NoteKind::HeldForReview => (
                    "held_for_review",
                    "held for review by vendor",
                    "The vendor marked these results held for review; they may not be released yet.",
                ),
                NoteKind::ConflictingCourtSearchId => (
                    "court_search_id",
                    "conflicting court search ids",
                    "The charges of this case name different court search ids; the first one was used.",
                ),
            };
            Issue {
                severity: IssueSeverity::Warning,
                level: IssueLevel::Case,
                field: field.to_string(),
                issue: short.to_string(),
                description: description.to_string(),
                case_id: n.case.and_then(|i| case_ids.get(i)).cloned().unwrap_or_default(),
                case_number: n.case_number.clone(),
                offense_id: Some(UNKNOWN_OFFENSE.to_string()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::dates::Iso;

    fn as_of() -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 11, 5).unwrap_or_default()
    }

    const ACCIO: &str = "<ScreeningResults><postResults order='1' subOrder='1.1' type='County_criminal'>\
        <county>Cobb</county><state>GA</state><case><case_number>C-1</case_number><filing_date>20200102</filing_date>\
        <defendant><name_first>A</name_first><name_last>B</name_last><dob>19900101</dob></defendant>\
        <chargeinfo><charge>THEFT</charge><crime_type>M</crime_type><disposition>GUILTY</disposition></chargeinfo>\
        <chargeinfo><charge>TRESPASS</charge><disposition>DISMISSED</disposition>\
        <additionalInfo><title>Offense ID:</title><value>X-2</value></additionalInfo>\
        <additionalInfo><title> court  search ID </title><value>CS-9</value></additionalInfo></chargeinfo></case>\
        </postResults></ScreeningResults>";

    #[test]
    fn accio_post_results() {
        let r = read_xml(ACCIO, as_of());
        let Ok(r) = r else { panic!("{r:?}") };
        assert_eq!(r.root, RootKind::ScreeningResults);
        assert_eq!(r.search_type.as_deref(), Some("County_criminal"));
        assert_eq!(r.courts.len(), 1);
        let court = &r.courts[0];
        assert_eq!(court.court_search_id.as_deref(), Some("CS-9"));
        assert_eq!(court.search_jurisdiction.as_deref(), Some("Cobb, GA"));
        assert_eq!(
            court.cases[0].record_offense_ids,
            vec![None, Some("X-2".to_string())]
        );
        let case = &court.cases[0].case;
        assert_eq!(
            case.jurisdiction_state.as_deref(),
            Some("GA"),
            "component state stands in"
        );
        assert_eq!(case.file_date, Iso::parse("2020-01-02"));
        assert_eq!(case.subject.ssn, "UNAVAILABLE");
        assert_eq!(case.subject.address, "UNAVAILABLE");
        assert_eq!(case.offenses.len(), 2);
    }

    #[test]
    fn accio_complete_order_skips_non_criminal_components() {
        let xml = "<ScreeningResults><completeOrder number='7'>\
            <subOrder type='AIM'><case><chargeinfo><charge>X</charge></chargeinfo></case></subOrder>\
            <subOrder type='Federal_criminal_civil'><case><chargeinfo><charge>X</charge></chargeinfo></case></subOrder>\
            <subOrder type='Statewide Criminal'><state>Texas</state><case><case_number>S-1</case_number>\
            <chargeinfo><charge>Y</charge></chargeinfo></case><case><case_number>EMPTY</case_number></case></subOrder>\
            <subOrder><case><case_number>U-1</case_number><jurisdiction_state>ny</jurisdiction_state><chargeinfo><charge>Z</charge></chargeinfo></case></subOrder>\
            </completeOrder></ScreeningResults>";
        let Ok(r) = read_xml(xml, as_of()) else {
            panic!("parse")
        };
        let numbers: Vec<&str> = r
            .courts
            .iter()
            .map(|c| c.cases[0].case.case_number.as_str())
            .collect();
        assert_eq!(numbers, ["S-1", "U-1"]);
        assert_eq!(r.courts[0].search_jurisdiction.as_deref(), Some("TX"));
        assert_eq!(
            r.courts[1].cases[0].case.jurisdiction_state.as_deref(),
            Some("NY")
        );
        assert_eq!(
            r.notes,
            vec![XmlNote {
                case: None,
                case_number: "EMPTY".into(),
                kind: NoteKind::CaseWithoutCharges
            }]
        );
        assert_eq!(r.search_type.as_deref(), Some("Statewide Criminal"));
    }

    #[test]
    fn hidden_held_and_conflicting_ids_are_noted() {
        let xml = "<ScreeningResults><postResults type='County_criminal' held_for_review='Y'><case><case_number>H</case_number>\
            <hidden>Y</hidden><chargeinfo><charge>A</charge>\
            <additionalInfo><title>Court Search ID</title><value>C1</value></additionalInfo></chargeinfo>\
            <chargeinfo><charge>B</charge><additionalInfo><title>Court Search ID</title><value>C2</value></additionalInfo></chargeinfo>\
            </case></postResults></ScreeningResults>";
        let Ok(r) = read_xml(xml, as_of()) else {
            panic!("parse")
        };
        assert!(
            r.courts[0].cases[0].case.offenses.iter().all(|o| o.hidden),
            "a hidden case hides its charges"
        );
        assert_eq!(r.courts[0].court_search_id.as_deref(), Some("C1"));
        let kinds: Vec<NoteKind> = r.notes.iter().map(|n| n.kind).collect();
        assert_eq!(
            kinds,
            [NoteKind::HeldForReview, NoteKind::ConflictingCourtSearchId]
        );
        let issues = note_issues(&r.notes, &["C1".to_string()]);
        assert!(
            issues
                .iter()
                .all(|i| i.severity == IssueSeverity::Warning && i.case_id == "C1")
        );
    }

    #[test]
    fn hrxml_package_and_wrapper() {
        let package = "<BackgroundReportPackage><Screenings><Screening type='Criminal'><Region>TX</Region>\
            <Results><Result><CaseNumber>2024-1</CaseNumber><FileDate>2024-01-15</FileDate>\
            <SubjectIdentification><PersonName><GivenName>J</GivenName><FamilyName>D</FamilyName></PersonName>\
            <DateOfBirth>1990-05-15</DateOfBirth></SubjectIdentification>\
            <Charges><Charge><Description>THEFT</Description><Type>FELONY</Type><Disposition>GUILTY</Disposition>\
            <DispositionDate>2024-06-20</DispositionDate></Charge></Charges></Result></Results></Screening></Screenings>\
            </BackgroundReportPackage>";
        let Ok(r) = read_xml(package, as_of()) else {
            panic!("parse")
        };
        assert_eq!(r.root, RootKind::BackgroundReportPackage);
        let case = &r.courts[0].cases[0].case;
        assert_eq!(case.jurisdiction_state.as_deref(), Some("TX"));
        assert_eq!(case.subject.dob, "1990-05-15");
        assert_eq!(
            case.offenses[0].dates.disposition_date,
            Iso::parse("2024-06-20")
        );
        let wrapped = format!(
            "<hr:BackgroundReports xmlns:hr='urn:hr'>{package}{package}</hr:BackgroundReports>"
        );
        let Ok(r) = read_xml(&wrapped, as_of()) else {
            panic!("parse")
        };
        assert_eq!(r.courts.len(), 2);
        let criminal_case = "<BackgroundReportPackage><Screenings><Screening type='criminal' qualifier='county'>\
            <CriminalReport><CriminalCase><AgencyReference><IdValue>AG-1</IdValue></AgencyReference>\
            <CaseFileDate><AnyDate>2019-03-01</AnyDate></CaseFileDate><Region>OH</Region>\
            <Charge><ChargeOrComplaint>ASSAULT</ChargeOrComplaint><ChargeTypeClassification>M1</ChargeTypeClassification>\
            <OffenseDate><AnyDate>2019-02-20</AnyDate></OffenseDate><Disposition>GUILTY</Disposition></Charge>\
            </CriminalCase></CriminalReport></Screening></Screenings></BackgroundReportPackage>";
        let Ok(r) = read_xml(criminal_case, as_of()) else {
            panic!("parse")
        };
        let case = &r.courts[0].cases[0].case;
        assert_eq!(case.case_number, "AG-1");
        assert_eq!(case.file_date, Iso::parse("2019-03-01"));
        assert_eq!(case.offenses[0].dates.charge_date, Iso::parse("2019-02-20"));
        assert_eq!(case.offenses[0].offense_type.as_deref(), Some("M1"));
        assert_eq!(r.search_type.as_deref(), Some("county"));
    }

    #[test]
    fn orderxml_records_and_counts() {
        let xml = "<OrderXML><Order><Subject><FirstName>JOHN</FirstName><LastName>DOE</LastName><DateOfBirth>05/15/1990</DateOfBirth></Subject>\
            <OrderDetail ServiceCode='County_criminal'><State>TX</State><County>Harris</County><Result><Record>\
            <CaseNumber>2024-CF-1</CaseNumber><FileDate>01/15/2024</FileDate><DOB>05/15/1990</DOB><DefendantName>DOE, JOHN A</DefendantName>\
            <Count><Charge>THEFT</Charge><Type>FELONY</Type><Disposition>GUILTY</Disposition><OffenseDate>12/01/2023</OffenseDate></Count>\
            </Record></Result></OrderDetail></Order></OrderXML>";
        let Ok(r) = read_xml(xml, as_of()) else {
            panic!("parse")
        };
        assert_eq!(r.root, RootKind::OrderXml);
        let case = &r.courts[0].cases[0].case;
        assert_eq!(
            (
                case.subject.first_name.as_str(),
                case.subject.middle_name.as_str(),
                case.subject.last_name.as_str()
            ),
            ("JOHN", "A", "DOE")
        );
        assert_eq!(case.file_date, Iso::parse("2024-01-15"));
        assert_eq!(case.offenses[0].dates.charge_date, Iso::parse("2023-12-01"));
        assert_eq!(
            r.candidate.map(|c| c.date_of_birth),
            Some("1990-05-15".to_string())
        );
    }

    #[test]
    fn other_roots_and_malformed_documents() {
        assert_eq!(
            read_xml("<Other/>", as_of()).err(),
            Some(XmlError::UnsupportedRoot)
        );
        assert_eq!(
            XmlError::UnsupportedRoot.message(),
            "Failed to parse XML data: unsupported root element"
        );
        for e in [
            XmlError::Malformed,
            XmlError::Dtd,
            XmlError::Entity,
            XmlError::TooLarge,
            XmlError::TooDeep,
            XmlError::TooManyElements,
        ] {
            assert_eq!(e.message(), "Failed to parse XML data");
        }
        assert_eq!(
            read_xml("<ScreeningResults>", as_of()).err(),
            Some(XmlError::Malformed)
        );
    }

    #[test]
    fn billion_laughs_and_xxe_are_refused_before_any_expansion() {
        let laughs = "<?xml version='1.0'?><!DOCTYPE l [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;'>\
            <!ENTITY c '&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;'>]><ScreeningResults>&c;</ScreeningResults>";
        assert_eq!(read_xml(laughs, as_of()).err(), Some(XmlError::Dtd));
        let xxe = "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><ScreeningResults>&x;</ScreeningResults>";
        assert_eq!(read_xml(xxe, as_of()).err(), Some(XmlError::Dtd));
        assert_eq!(
            read_xml("<ScreeningResults>&x;</ScreeningResults>", as_of()).err(),
            Some(XmlError::Entity)
        );
        let deep = format!("{}{}", "<a>".repeat(10_000), "</a>".repeat(10_000));
        assert_eq!(read_xml(&deep, as_of()).err(), Some(XmlError::TooDeep));
        let huge = format!(
            "<ScreeningResults>{}</ScreeningResults>",
            "<x/>".repeat(800_000)
        );
        assert_eq!(read_xml(&huge, as_of()).err(), Some(XmlError::TooLarge));
        let many = format!(
            "<ScreeningResults>{}</ScreeningResults>",
            "<x/>".repeat(limits::MAX_ELEMENTS + 1)
        );
        assert!(read_xml(&many, as_of()).is_err());
    }

    #[test]
    fn latin1_documents_are_decoded() {
        let bytes =
            b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><ScreeningResults><x>REN\xC9E</x></ScreeningResults>";
        assert_eq!(
            decode_document(bytes)
                .as_deref()
                .map(|s| s.contains("RENÉE")),
            Some(true)
        );
        assert_eq!(decode_document(b"<?xml version=\"1.0\"?><a>\xC9</a>"), None);
        assert_eq!(
            decode_document("<a>É</a>".as_bytes()).as_deref(),
            Some("<a>É</a>")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn never_panics_on_arbitrary_text(s in "\\PC{0,300}") {
            let _ = read_xml(&s, as_of());
        }

        #[test]
        fn never_panics_on_xml_like_text(s in "(<[a-zA-Z:_]{1,12}( [a-z_]{1,8}=['\"][^'\"<]{0,6}['\"])?/?>|</[a-zA-Z:_]{1,12}>|[^<&]{0,12}|&[a-z#0-9x]{0,6};|<!\\[CDATA\\[[^\\]]{0,6}\\]\\]>|<!--[a-z ]{0,6}-->|<\\?[a-z]{1,4} ?\\?>){0,80}") {
            let _ = read_xml(&s, as_of());
        }

        #[test]
        fn never_panics_on_mutated_documents(cut in 0usize..2000, at in 0usize..2000, insert in "\\PC{0,8}") {
            let mut doc: String = ACCIO.chars().take(cut).collect();
            let at = doc.char_indices().map(|(i, _)| i).nth(at).unwrap_or(doc.len());
            doc.insert_str(at, &insert);
            let _ = read_xml(&doc, as_of());
            let vocab = ["ScreeningResults", "postResults", "case", "chargeinfo", "defendant", "sentencing", "additionalInfo"];
            let spliced = ACCIO.replace("<case>", &format!("<case><{}>{insert}", vocab[at % vocab.len()]));
            let _ = read_xml(&spliced, as_of());
        }
    }
}
