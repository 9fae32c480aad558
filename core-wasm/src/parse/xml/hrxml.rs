//! HR-XML `BackgroundReportPackage` (and its 2.x wrapper `BackgroundReports`) into the same
//! drafts as Accio (docs/decisions.md §11, names from docs/xml-layout.md §8). Criminal screenings only; cases come
//! from `Results/Result` (the form clients post) or `CriminalReport/CriminalCase` (HR-XML 2.x).

use std::rc::Rc;

use crate::model::{Candidate, OffenseDates, Sentence, SubjectAlias};
use crate::parse::record_json::OffenseParts;

use super::draft::{CaseDraft, ChargeDraft, DateCtx, SubjectDraft};
use super::tree::Node;
use super::{NoteKind, Read, XmlNote};

/// Reads a `BackgroundReportPackage` or `BackgroundReports` root.
pub fn read(root: &Node, ctx: DateCtx) -> Read {
    let packages: Vec<&Node> = if root.name.eq_ignore_ascii_case("BackgroundReports") {
        root.children_named("BackgroundReportPackage").collect()
    } else {
        vec![root]
    };
    let mut out = Read::default();
    for package in packages {
        let screenings = package
            .child("Screenings")
            .map(|s| s.children_named("Screening").collect::<Vec<_>>())
            .unwrap_or_else(|| package.children_named("Screening").collect());
        for screening in screenings.into_iter().filter(|s| is_criminal(s)) {
            if out.search_type.is_none() {
                out.search_type = screening
                    .attr("qualifier")
                    .or_else(|| screening.attr("type"))
                    .filter(|t| !t.is_empty());
            }
            let region = screening.first_text(&["Region", "State"]);
            let county = screening.text_at("County");
            for case in cases_of(screening) {
                let charges: Vec<&Node> = charges_of(case);
                let case_number = case_number(case);
                if charges.is_empty() {
                    out.notes.push(XmlNote {
                        case: None,
                        case_number,
                        kind: NoteKind::CaseWithoutCharges,
                    });
                    continue;
                }
                out.cases
                    .push(read_case(case, &charges, &county, &region, ctx));
            }
        }
        if out.candidate.is_none() {
            out.candidate = package
                .path("ScreeningsSummary/PersonalData")
                .and_then(|p| candidate(p, ctx));
        }
    }
    out
}

fn is_criminal(s: &Node) -> bool {
    let t = s.attr("type").unwrap_or_default().to_ascii_lowercase();
    t.contains("crim") || (t.is_empty() && s.child("CriminalReport").is_some())
}

fn cases_of(screening: &Node) -> Vec<&Node> {
    let mut out: Vec<&Node> = Vec::new();
    if let Some(results) = screening.child("Results") {
        out.extend(results.children_named("Result"));
    }
    for report in screening.children_named("CriminalReport") {
        out.extend(report.children_named("CriminalCase"));
    }
    out
}

fn charges_of(case: &Node) -> Vec<&Node> {
    match case.child("Charges") {
        Some(list) => list.children_named("Charge").collect(),
        None => case.children_named("Charge").collect(),
    }
}

fn case_number(case: &Node) -> String {
    case.first_text(&[
        "CaseNumber",
        "AgencyReference/IdValue",
        "CaseId/IdValue",
        "CaseId",
    ])
}

/// A date element's text: a typed child (`AnyDate`, `FormattedDateTime`, `Date`) when present,
/// else free text (`DateText`), else the element's own text.
pub fn date_text(node: Option<&Node>) -> String {
    let Some(n) = node else { return String::new() };
    for typed in [
        "AnyDate",
        "FormattedDateTime",
        "Date",
        "DateText",
        "YearMonth",
        "Year",
    ] {
        let t = n.text_at(typed);
        if !t.is_empty() {
            return t;
        }
    }
    n.deep_text()
}

fn read_case(
    case: &Node,
    charges: &[&Node],
    county: &str,
    region: &str,
    ctx: DateCtx,
) -> CaseDraft {
    let case_state = case.first_text(&["State", "Region", "Jurisdiction/Region"]);
    let state = if case_state.is_empty() {
        region.to_string()
    } else {
        case_state
    };
    let county = if county.is_empty() {
        case.text_at("County")
    } else {
        county.to_string()
    };
    let code =
        crate::state_codes::normalize_state(&state).map_or_else(|| state.clone(), str::to_string);
    let search_jurisdiction = match (county.is_empty(), code.is_empty()) {
        (false, false) => Some(format!("{county}, {code}")),
        (true, false) => Some(code.clone()),
        (false, true) => Some(county.clone()),
        (true, true) => None,
    };
    let file_raw = date_text(
        case.child("FileDate")
            .or_else(|| case.child("CaseFileDate")),
    );
    let (file_date, file_date_unusable) = super::dates::first_full(&[&file_raw], ctx.pivot_year);
    let subject = case
        .child("SubjectIdentification")
        .or_else(|| case.child("Subject"))
        .map(|s| read_subject(s, ctx))
        .unwrap_or_default();
    CaseDraft {
        case_number: case_number(case),
        jurisdiction_state: state,
        search_jurisdiction,
        file_date,
        file_date_unusable,
        subject,
        charges: charges.iter().map(|c| read_charge(c, ctx)).collect(),
        held_for_review: false,
    }
}

fn person_name(n: &Node) -> SubjectAlias {
    SubjectAlias {
        first_name: n.text_at("GivenName"),
        middle_name: n.text_at("MiddleName"),
        last_name: n.text_at("FamilyName"),
    }
}

fn read_subject(s: &Node, ctx: DateCtx) -> SubjectDraft {
    let name = s.child("PersonName").map(person_name).unwrap_or_default();
    let dob = date_text(
        s.child("DateOfBirth")
            .or_else(|| s.path("DemographicDetail/DateOfBirth")),
    );
    let ssn = s
        .children
        .iter()
        .chain(
            s.child("DemographicDetail")
                .map(|d| d.children.as_slice())
                .unwrap_or_default(),
        )
        .find(|n| {
            n.name.eq_ignore_ascii_case("GovernmentId")
                && n.attr("issuingAuthority")
                    .is_none_or(|a| a.eq_ignore_ascii_case("SSN"))
        })
        .map(Node::deep_text)
        .unwrap_or_else(|| s.text_at("SSN"));
    let address = s
        .child("PostalAddress")
        .map(postal_address)
        .unwrap_or_default();
    let aliases = s
        .child("Aliases")
        .map(|a| a.children_named("PersonName").map(person_name).collect())
        .unwrap_or_default();
    SubjectDraft {
        first: name.first_name,
        middle: name.middle_name,
        last: name.last_name,
        suffix: s
            .path("PersonName")
            .map(|p| p.first_text(&["Affix", "Suffix"]))
            .unwrap_or_default(),
        dob: ctx.dob(&[&dob]),
        ssn,
        address,
        aliases,
    }
}

/// `street, city, ST zip` from an HR-XML `PostalAddress`.
fn postal_address(a: &Node) -> String {
    let street = a
        .child("DeliveryAddress")
        .map(|d| {
            d.children_named("AddressLine")
                .map(Node::deep_text)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    let (city, state, zip) = (
        a.text_at("Municipality"),
        a.text_at("Region"),
        a.text_at("PostalCode"),
    );
    super::text::address_line(street, city, state, zip)
}

/// One charge of an HR-XML-flavoured document (also used for OrderXML counts).
pub fn read_charge(c: &Node, ctx: DateCtx) -> ChargeDraft {
    let mut malformed = Vec::new();
    let date = |names: &[&str]| {
        names
            .iter()
            .map(|n| date_text(c.child(n)))
            .find(|t| !t.is_empty())
            .unwrap_or_default()
    };
    let charge_date = ctx.field(
        &[
            &date(&["ChargeDate", "FilingDate", "FileDate"]),
            &date(&["OffenseDate"]),
        ],
        "charge_date",
        &mut malformed,
    );
    let disposition_date = ctx.field(
        &[&date(&["DispositionDate"])],
        "disposition_date",
        &mut malformed,
    );
    let arrest_date = ctx.field(&[&date(&["ArrestDate"])], "arrest_date", &mut malformed);
    let pending_court_date = ctx.field(
        &[&date(&["NextCourtDate", "PendingCourtDate", "CourtDate"])],
        "pending_court_date",
        &mut malformed,
    );
    let charge = c.first_text(&[
        "Description",
        "ChargeOrComplaint",
        "ChargeDescription",
        "Charge",
        "Offense",
    ]);
    let statute = c.first_text(&["Statute", "ChargeStatute", "StatuteCode"]);
    let offense_type = c.first_text(&[
        "Type",
        "ChargeTypeClassification",
        "ChargeLevel",
        "Level",
        "Degree",
        "OffenseClass",
    ]);
    let disposition = c.first_text(&["Disposition", "ChargeDisposition"]);
    let sentence_text = c.first_text(&["Sentence", "SentenceComments"]);
    let opt = |s: String| (!s.is_empty()).then_some(s);
    ChargeDraft {
        offense_id: None,
        court_search_id: None,
        parts: OffenseParts {
            raw_charge: if charge.is_empty() {
                statute.clone()
            } else {
                charge
            }
            .into(),
            disposition: opt(disposition).map(Into::into),
            offense_type: opt(offense_type).map(Into::into),
            statute: opt(statute),
            dates: OffenseDates {
                charge_date,
                disposition_date,
                arrest_date,
                pending_court_date,
            },
            malformed_dates: malformed,
            sentence: opt(sentence_text).map(|t| {
                Rc::new(Sentence {
                    sentence_comments: Some(t),
                    ..Sentence::default()
                })
            }),
            hidden: false,
        },
    }
}

fn candidate(p: &Node, ctx: DateCtx) -> Option<Candidate> {
    let name = p.child("PersonName").map(person_name)?;
    let date_of_birth = ctx
        .first(&[&date_text(p.child("DateOfBirth"))])
        .0?
        .to_string();
    if name.first_name.is_empty() || name.last_name.is_empty() {
        return None;
    }
    Some(Candidate {
        first_name: name.first_name,
        middle_name: name.middle_name,
        last_name: name.last_name,
        date_of_birth,
        ssn: None,
        address: p
            .child("PostalAddress")
            .map(postal_address)
            .filter(|a| !a.is_empty()),
        annual_salary: None,
    })
}
