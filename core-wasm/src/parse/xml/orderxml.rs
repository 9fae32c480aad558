//! `OrderXML` documents (docs/decisions.md §11): `Order/Subject` (the candidate as ordered) and
//! `Order/OrderDetail/Result/Record/Count`, one record per case, one count per charge.

use crate::model::Candidate;

use super::draft::{CaseDraft, DateCtx, SubjectDraft, split_free_name};
use super::hrxml::{date_text, read_charge};
use super::tree::Node;
use super::{NoteKind, Read, XmlNote};

/// Reads an `OrderXML` root.
pub fn read(root: &Node, ctx: DateCtx) -> Read {
    let mut out = Read::default();
    let orders: Vec<&Node> = if root.child("Order").is_some() {
        root.children_named("Order").collect()
    } else {
        vec![root]
    };
    for order in orders {
        for detail in order
            .children_named("OrderDetail")
            .filter(|d| is_criminal(d))
        {
            if out.search_type.is_none() {
                out.search_type = detail
                    .attr("ServiceCode")
                    .or_else(|| detail.attr("type"))
                    .filter(|t| !t.is_empty());
            }
            let state = detail.text_at("State");
            let county = detail.text_at("County");
            for result in detail.children_named("Result") {
                for record in result.children_named("Record") {
                    let counts: Vec<&Node> = record.children_named("Count").collect();
                    if counts.is_empty() {
                        out.notes.push(XmlNote {
                            case: None,
                            case_number: record.text_at("CaseNumber"),
                            kind: NoteKind::CaseWithoutCharges,
                        });
                        continue;
                    }
                    out.cases
                        .push(read_record(record, &counts, &state, &county, ctx));
                }
            }
        }
        if out.candidate.is_none() {
            out.candidate = order.child("Subject").and_then(|s| candidate(s, ctx));
        }
    }
    out
}

/// A service code naming a criminal search, or none at all with results inside.
fn is_criminal(detail: &Node) -> bool {
    let t = detail
        .attr("ServiceCode")
        .or_else(|| detail.attr("type"))
        .unwrap_or_default()
        .to_ascii_lowercase();
    if [
        "civil",
        "bankruptcy",
        "eviction",
        "sex offender",
        "sex_offender",
    ]
    .iter()
    .any(|x| t.contains(x))
    {
        return false;
    }
    t.contains("crim") || (t.is_empty() && detail.child("Result").is_some())
}

fn read_record(
    record: &Node,
    counts: &[&Node],
    detail_state: &str,
    county: &str,
    ctx: DateCtx,
) -> CaseDraft {
    let record_state = record.text_at("State");
    let state = if record_state.is_empty() {
        detail_state.to_string()
    } else {
        record_state
    };
    let code = crate::state_codes::normalize_state(detail_state)
        .map_or_else(|| detail_state.to_string(), str::to_string);
    let search_jurisdiction = match (county.is_empty(), code.is_empty()) {
        (false, false) => Some(format!("{county}, {code}")),
        (true, false) => Some(code),
        _ => None,
    };
    let (file_date, file_date_unusable) =
        super::dates::first_full(&[&date_text(record.child("FileDate"))], ctx.pivot_year);
    let name = {
        let first = record.first_text(&["FirstName", "DefendantFirstName"]);
        let last = record.first_text(&["LastName", "DefendantLastName"]);
        if first.is_empty() && last.is_empty() {
            split_free_name(&record.first_text(&["DefendantName", "Name"]))
        } else {
            crate::model::SubjectAlias {
                first_name: first,
                middle_name: record.text_at("MiddleName"),
                last_name: last,
            }
        }
    };
    CaseDraft {
        case_number: record.text_at("CaseNumber"),
        jurisdiction_state: state,
        search_jurisdiction,
        file_date,
        file_date_unusable,
        subject: SubjectDraft {
            first: name.first_name,
            middle: name.middle_name,
            last: name.last_name,
            suffix: record.text_at("Suffix"),
            dob: ctx.dob(&[&date_text(
                record.child("DOB").or_else(|| record.child("DateOfBirth")),
            )]),
            ssn: record.text_at("SSN"),
            address: record.text_at("Address"),
            aliases: Vec::new(),
        },
        charges: counts.iter().map(|c| read_charge(c, ctx)).collect(),
        held_for_review: false,
    }
}

fn candidate(s: &Node, ctx: DateCtx) -> Option<Candidate> {
    let first = s.text_at("FirstName");
    let last = s.text_at("LastName");
    let date_of_birth = ctx
        .first(&[&date_text(
            s.child("DateOfBirth").or_else(|| s.child("DOB")),
        )])
        .0?
        .to_string();
    if first.is_empty() || last.is_empty() {
        return None;
    }
    let ssn = s.text_at("SSN");
    let address = s.text_at("Address");
    Some(Candidate {
        first_name: first,
        middle_name: s.text_at("MiddleName"),
        last_name: last,
        date_of_birth,
        ssn: (!ssn.is_empty()).then_some(ssn),
        address: (!address.is_empty()).then_some(address),
        annual_salary: None,
    })
}
