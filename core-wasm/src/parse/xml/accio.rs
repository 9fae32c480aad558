//! Accio Data's `ScreeningResults` (docs/xml-layout.md §2, §4): `postResults` components directly under the
//! root and `completeOrder/subOrder` components, flattened in document order; each criminal
//! component's cases become drafts (one court per case, docs/xml-layout.md D2).

use std::rc::Rc;

use crate::model::{OffenseDates, Sentence, SubjectAlias};
use crate::parse::record_json::OffenseParts;

use super::draft::{CaseDraft, ChargeDraft, DateCtx, SubjectDraft, split_free_name};
use super::text::{collapse, yes_no};
use super::tree::Node;
use super::{NoteKind, Read, XmlNote};

/// Reads a `ScreeningResults` root.
pub fn read(root: &Node, ctx: DateCtx) -> Read {
    let mut components = Vec::new();
    collect_components(root, &mut components, 0);
    let mut out = Read::default();
    for comp in components.into_iter().filter(|c| is_criminal(c)) {
        if out.search_type.is_none() {
            out.search_type = comp.attr("type").filter(|t| !t.is_empty());
        }
        let held = comp
            .attr("held_for_review")
            .as_deref()
            .and_then(yes_no)
            .unwrap_or(false);
        let county = comp.text_at("county");
        let comp_state = comp.text_at("state");
        for case in comp.children_named("case") {
            let case_number = case.text_at("case_number");
            let charges: Vec<&Node> = case.children_named("chargeinfo").collect();
            if charges.is_empty() {
                out.notes.push(XmlNote {
                    case: None,
                    case_number,
                    kind: NoteKind::CaseWithoutCharges,
                });
                continue;
            }
            out.cases
                .push(read_case(case, &charges, &county, &comp_state, held, ctx));
        }
    }
    out.candidate = root
        .children_named("completeOrder")
        .find_map(|o| o.child("subject"))
        .and_then(|s| candidate_from_subject(s, ctx));
    out
}

/// `postResults` and `subOrder` elements anywhere below the root, in document order
/// (components do not nest).
fn collect_components<'a>(node: &'a Node, out: &mut Vec<&'a Node>, depth: usize) {
    for child in &node.children {
        if child.name.eq_ignore_ascii_case("postResults")
            || child.name.eq_ignore_ascii_case("subOrder")
        {
            out.push(child);
        } else if depth < 4 && !child.name.eq_ignore_ascii_case("case") {
            collect_components(child, out, depth + 1);
        }
    }
}

/// docs/xml-layout.md C1: `@type` mentions `crim` and no civil, bankruptcy, eviction or sex-offender search;
/// a component without a type qualifies when it holds cases.
pub fn is_criminal(comp: &Node) -> bool {
    let t = comp
        .attr("type")
        .unwrap_or_default()
        .to_ascii_lowercase()
        .replace('_', " ");
    if ["civil", "bankruptcy", "eviction", "sex offender"]
        .iter()
        .any(|x| t.contains(x))
    {
        return false;
    }
    if t.contains("crim") {
        return true;
    }
    t.is_empty() && comp.child("case").is_some()
}

fn read_case(
    case: &Node,
    charges: &[&Node],
    county: &str,
    comp_state: &str,
    held: bool,
    ctx: DateCtx,
) -> CaseDraft {
    let case_state = case.text_at("jurisdiction_state");
    let jurisdiction_state = if case_state.is_empty() {
        comp_state.to_string()
    } else {
        case_state
    };
    let search_jurisdiction = search_jurisdiction(
        county,
        comp_state,
        &case.text_at("jurisdiction"),
        &jurisdiction_state,
    );
    let case_hidden = flag(case, "hidden");
    let drafts: Vec<ChargeDraft> = charges
        .iter()
        .map(|c| read_charge(case, c, case_hidden, ctx))
        .collect();
    // file_date: the case's filing date, else the earliest charge filing date (docs/xml-layout.md §4.3).
    let (mut file_date, mut unusable) =
        super::dates::first_full(&[&case.text_at("filing_date")], ctx.pivot_year);
    if file_date.is_none() {
        let mut earliest = None;
        for c in charges {
            let (d, u) =
                super::dates::first_full(&[&c.text_at("filing_date_freeformat")], ctx.pivot_year);
            unusable |= u;
            earliest = match (earliest, d) {
                (Some(e), Some(d)) => Some(if d < e { d } else { e }),
                (e, d) => e.or(d),
            };
        }
        file_date = earliest;
    }
    let person = case.child("defendant").or_else(|| case.child("individual"));
    CaseDraft {
        case_number: case.text_at("case_number"),
        jurisdiction_state,
        search_jurisdiction,
        file_date,
        file_date_unusable: unusable,
        subject: person.map(|p| read_person(p, ctx)).unwrap_or_default(),
        charges: drafts,
        held_for_review: held,
    }
}

/// docs/xml-layout.md §4.2: `County, ST` from the component, else `ST`, else the case's own jurisdiction.
fn search_jurisdiction(
    county: &str,
    comp_state: &str,
    case_jurisdiction: &str,
    case_state: &str,
) -> Option<String> {
    let code = |s: &str| {
        crate::state_codes::normalize_state(s).map_or_else(|| s.to_string(), str::to_string)
    };
    match (
        county.is_empty(),
        comp_state.is_empty(),
        case_jurisdiction.is_empty(),
    ) {
        (false, false, _) => Some(format!("{county}, {}", code(comp_state))),
        (_, false, _) => Some(code(comp_state)),
        (_, true, false) if !case_state.is_empty() => {
            Some(format!("{case_jurisdiction}, {}", code(case_state)))
        }
        (_, true, false) => Some(case_jurisdiction.to_string()),
        _ => None,
    }
}

fn read_person(p: &Node, ctx: DateCtx) -> SubjectDraft {
    let aliases = p
        .children_named("alias")
        .map(|a| {
            let structured = SubjectAlias {
                first_name: a.text_at("name_first"),
                middle_name: a.text_at("name_middle"),
                last_name: a.text_at("name_last"),
            };
            if structured.first_name.is_empty() && structured.last_name.is_empty() {
                split_free_name(&a.text_at("namefreeform"))
            } else {
                structured
            }
        })
        .filter(|a| !(a.first_name.is_empty() && a.last_name.is_empty()))
        .collect();
    SubjectDraft {
        first: p.text_at("name_first"),
        middle: p.text_at("name_middle"),
        last: p.text_at("name_last"),
        suffix: p.text_at("name_suffix"),
        dob: ctx.dob(&[&p.text_at("dob"), &p.text_at("dobfreeform")]),
        ssn: p.text_at("ssn"),
        address: current_address(p),
        aliases,
    }
}

/// docs/xml-layout.md §4.3: the address with an empty `<to>`, else the latest `<to>`, else the first;
/// flattened as `street, city, ST zip`.
fn current_address(p: &Node) -> String {
    let blocks: Vec<&Node> = p
        .children_named("address")
        .filter(|a| !a.children.is_empty())
        .collect();
    let chosen = blocks
        .iter()
        .find(|a| a.text_at("to").is_empty())
        .or_else(|| {
            blocks
                .iter()
                .max_by(|a, b| sortable_to(a).cmp(&sortable_to(b)))
        });
    let Some(a) = chosen else {
        // A plain-text address element is taken as the single line it is.
        return p
            .children_named("address")
            .map(Node::deep_text)
            .find(|t| !t.is_empty())
            .unwrap_or_default();
    };
    let (street, city, state, zip) = (
        a.text_at("address"),
        a.text_at("city"),
        a.text_at("state"),
        a.text_at("zip"),
    );
    super::text::address_line(street, city, state, zip)
}

fn sortable_to(a: &Node) -> String {
    a.text_at("to")
}

fn flag(node: &Node, name: &str) -> bool {
    node.attr(name)
        .or_else(|| Some(node.text_at(name)))
        .as_deref()
        .and_then(yes_no)
        .unwrap_or(false)
}

/// `additionalInfo` title/value pairs: titles case-insensitive, whitespace collapsed, trailing
/// colon dropped; the first non-empty value of a title wins (docs/xml-layout.md D1).
fn additional_info(charge: &Node) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for ai in charge.children_named("additionalInfo") {
        let title = collapse(ai.text_at("title").trim_end_matches(':')).to_ascii_lowercase();
        let value = ai.text_at("value");
        if !title.is_empty() && !value.is_empty() && !out.iter().any(|(t, _)| *t == title) {
            out.push((title, value));
        }
    }
    out
}

fn ai<'a>(info: &'a [(String, String)], titles: &[&str]) -> Option<&'a str> {
    titles
        .iter()
        .find_map(|t| info.iter().find(|(k, _)| k == t).map(|(_, v)| v.as_str()))
}

const TYPE_TITLES: [&str; 5] = [
    "offense class",
    "offense level",
    "charge level",
    "charge class",
    "degree",
];
const NEXT_COURT_TITLES: [&str; 3] = ["next court date", "pending court date", "court date"];

fn read_charge(case: &Node, c: &Node, case_hidden: bool, ctx: DateCtx) -> ChargeDraft {
    let info = additional_info(c);
    let disposition = c.text_at("disposition");
    let mut malformed = Vec::new();
    let t = |n: &str| c.text_at(n);
    let charge_date = ctx.field(
        &[&t("filing_date_freeformat"), &t("offense_date_freeformat")],
        "charge_date",
        &mut malformed,
    );
    // The case-level disposition date applies only to a disposed charge (docs/xml-layout.md §4.4).
    let pending_like = {
        let d = disposition.to_ascii_lowercase();
        ["pend", "open", "active", "warrant"]
            .iter()
            .any(|w| d.contains(w))
    };
    let case_disposed = if !disposition.is_empty() && !pending_like {
        case.text_at("disposition_date")
    } else {
        String::new()
    };
    let disposition_date = ctx.field(
        &[&t("disposition_date_freeformat"), &case_disposed],
        "disposition_date",
        &mut malformed,
    );
    let arrest_date = ctx.field(
        &[&t("arrest_date_freeformat")],
        "arrest_date",
        &mut malformed,
    );
    let next_court = ai(&info, &NEXT_COURT_TITLES).unwrap_or_default();
    let pending_court_date = ctx.field(
        &[next_court, &case.text_at("pending_date")],
        "pending_court_date",
        &mut malformed,
    );
    let sentence = read_sentence(c, &info, ctx, &mut malformed);
    let charge = t("charge");
    let statute = t("statute");
    let crime_type = t("crime_type");
    let offense_type = if crime_type.is_empty() {
        ai(&info, &TYPE_TITLES).map(str::to_string)
    } else {
        Some(crime_type)
    };
    ChargeDraft {
        offense_id: ai(&info, &["offense id"]).map(str::to_string),
        court_search_id: ai(&info, &["court search id"]).map(str::to_string),
        parts: OffenseParts {
            raw_charge: if charge.is_empty() {
                statute.clone()
            } else {
                charge
            }
            .into(),
            disposition: (!disposition.is_empty()).then_some(disposition.into()),
            offense_type: offense_type.map(Into::into),
            statute: (!statute.is_empty()).then_some(statute),
            dates: OffenseDates {
                charge_date,
                disposition_date,
                arrest_date,
                pending_court_date,
            },
            malformed_dates: malformed,
            sentence: sentence.map(Rc::new),
            hidden: case_hidden || flag(c, "hidden"),
        },
    }
}

/// Which sentence field a `sentence_type` fills (docs/xml-layout.md §4.5); `None` for unknown types.
fn sentence_field(kind: &str) -> Option<&'static str> {
    let k = collapse(kind).to_ascii_lowercase();
    let table: [(&str, &[&str]); 8] = [
        (
            "probation",
            &[
                "probation",
                "supervised probation",
                "unsupervised probation",
                "community supervision",
                "court supervision",
                "supervision",
            ],
        ),
        (
            "prison_time",
            &[
                "prison",
                "state prison",
                "state jail",
                "doc",
                "department of corrections",
                "tdcj",
                "penitentiary",
                "imprisonment",
                "incarceration",
            ],
        ),
        (
            "jail_time",
            &[
                "jail",
                "county jail",
                "local jail",
                "city jail",
                "confinement",
            ],
        ),
        ("suspended", &["suspended", "suspended sentence"]),
        ("fines", &["fine", "fines"]),
        (
            "court_costs",
            &[
                "costs",
                "court costs",
                "court cost",
                "fees",
                "court fees",
                "costs and fees",
            ],
        ),
        ("restitution", &["restitution"]),
        (
            "community_service",
            &[
                "community service",
                "community work",
                "csw",
                "public service",
                "community service hours",
            ],
        ),
    ];
    table
        .iter()
        .find(|(_, names)| names.contains(&k.as_str()))
        .map(|(f, _)| *f)
}

/// The sentence pivot of docs/xml-layout.md §4.5; `None` when nothing is known.
fn read_sentence(
    c: &Node,
    info: &[(String, String)],
    ctx: DateCtx,
    malformed: &mut Vec<String>,
) -> Option<Sentence> {
    let mut s = Sentence::default();
    let mut extra: Vec<String> = Vec::new();
    let mut incarceration_raw: Option<String> = None;
    for item in c.children_named("sentencing") {
        let kind = item.text_at("sentence_type");
        let amount = item.text_at("active_amount");
        let note = item.text_at("sentenceitem_comments");
        let label = if kind.is_empty() {
            "SENTENCE".to_string()
        } else {
            kind.to_uppercase()
        };
        let Some(field) = sentence_field(&kind) else {
            if !(kind.is_empty() && amount.is_empty() && note.is_empty()) {
                let mut body = amount.clone();
                if !note.is_empty() {
                    body = [body, format!("({note})")]
                        .into_iter()
                        .filter(|p| !p.is_empty())
                        .collect::<Vec<_>>()
                        .join(" ");
                }
                extra.push(format!("{label}: {body}").trim().to_string());
            }
            continue;
        };
        if !note.is_empty() {
            extra.push(format!("{label}: {note}"));
        }
        let slot = match field {
            "probation" => &mut s.probation,
            "prison_time" => &mut s.prison_time,
            "jail_time" => &mut s.jail_time,
            "suspended" => &mut s.suspended,
            "fines" => &mut s.fines,
            "court_costs" => &mut s.court_costs,
            "restitution" => &mut s.restitution,
            _ => &mut s.community_service,
        };
        if !amount.is_empty() && slot.is_none() {
            *slot = Some(amount);
        }
        if matches!(field, "jail_time" | "prison_time") {
            if incarceration_raw.is_none() {
                let active = item.text_at("date_active");
                if ctx.first(&[&active]).0.is_some() {
                    incarceration_raw = Some(active);
                }
            }
            let suspended = item.text_at("suspended_amount");
            if !suspended.is_empty() && s.suspended.is_none() {
                s.suspended = Some(suspended);
            }
        }
    }
    s.incarceration_date = incarceration_raw.and_then(|raw| ctx.first(&[&raw]).0);
    let comments: Vec<String> = std::iter::once(c.text_at("sentence_comments"))
        .chain(extra)
        .filter(|p| !p.is_empty())
        .collect();
    if !comments.is_empty() {
        s.sentence_comments = Some(comments.join("; "));
    }
    if let Some(release) = ai(info, &["release date"]) {
        s.release_date = ctx.field(&[release], "release_date", malformed);
    }
    s.is_serving = ai(info, &["currently serving", "is serving"]).and_then(yes_no);
    (s != Sentence::default()).then_some(s)
}

/// `completeOrder/subject`: the candidate as ordered, used only when the request sends no
/// `candidate_info` (docs/xml-layout.md §4.1); never copied into the record.
fn candidate_from_subject(s: &Node, ctx: DateCtx) -> Option<crate::model::Candidate> {
    let first = s.text_at("name_first");
    let last = s.text_at("name_last");
    let date_of_birth = ctx.first(&[&s.text_at("dob")]).0?.to_string();
    if first.is_empty() || last.is_empty() {
        return None;
    }
    let line = {
        let (street, city, state, zip) = (
            s.text_at("address"),
            s.text_at("city"),
            s.text_at("state"),
            s.text_at("zip"),
        );
        super::text::address_line(street, city, state, zip)
    };
    let ssn = s.text_at("ssn");
    Some(crate::model::Candidate {
        first_name: first,
        middle_name: s.text_at("name_middle"),
        last_name: last,
        date_of_birth,
        ssn: (!ssn.is_empty()).then_some(ssn),
        address: (!line.is_empty()).then_some(line),
        annual_salary: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `sentence_type` of docs/xml-layout.md §4.5, any case and spacing.
    #[test]
    fn every_sentence_type_vocabulary_entry() {
        let table = [
            (
                "probation",
                [
                    "probation",
                    "Supervised Probation",
                    "unsupervised probation",
                    "COMMUNITY SUPERVISION",
                    "court supervision",
                    "supervision",
                ]
                .as_slice(),
            ),
            (
                "prison_time",
                &[
                    "prison",
                    "state prison",
                    "State Jail",
                    "DOC",
                    "department of corrections",
                    "TDCJ",
                    "penitentiary",
                    "imprisonment",
                    "incarceration",
                ],
            ),
            (
                "jail_time",
                &[
                    "jail",
                    "county jail",
                    "local  jail",
                    "city jail",
                    "confinement",
                ],
            ),
            ("suspended", &["suspended", "suspended sentence"]),
            ("fines", &["fine", "FINES"]),
            (
                "court_costs",
                &[
                    "costs",
                    "court costs",
                    "court cost",
                    "fees",
                    "court fees",
                    "costs and fees",
                ],
            ),
            ("restitution", &["restitution"]),
            (
                "community_service",
                &[
                    "community service",
                    "community work",
                    "CSW",
                    "public service",
                    "community service hours",
                ],
            ),
        ];
        for (field, names) in table {
            for name in names {
                assert_eq!(sentence_field(name), Some(field), "{name}");
            }
        }
        for unknown in [
            "conditional discharge",
            "deferred sentence",
            "",
            "house arrest",
        ] {
            assert_eq!(sentence_field(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn criminal_component_rule_c1() {
        let comp = |t: &str, with_case: bool| Node {
            name: "subOrder".into(),
            attrs: if t.is_empty() {
                vec![]
            } else {
                vec![("type".into(), t.into())]
            },
            children: if with_case {
                vec![Node {
                    name: "case".into(),
                    ..Node::default()
                }]
            } else {
                vec![]
            },
            ..Node::default()
        };
        for t in [
            "County_criminal",
            "Statewide_criminal",
            "National Criminal",
            "USA_CRIMINAL_PLUS",
            "Federal_criminal_criminal",
        ] {
            assert!(is_criminal(&comp(t, false)), "{t}");
        }
        for t in [
            "AIM",
            "Credit",
            "evictions_check",
            "Federal_criminal_civil",
            "Civil_criminal",
            "bankruptcy criminal",
            "Sex_Offender_criminal",
        ] {
            assert!(!is_criminal(&comp(t, true)), "{t}");
        }
        assert!(is_criminal(&comp("", true)));
        assert!(!is_criminal(&comp("", false)));
    }
}
