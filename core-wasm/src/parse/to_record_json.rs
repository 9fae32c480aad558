//! The contract's `record_json` from a normalised, id-mapped [`Search`]: what `/transform-xml`
//! returns, and what, resubmitted with `submission_type: resubmit`, gives the same decision as
//! the document it came from (docs/decisions.md §11).
//!
//! Required strings the source did not give become the sentinel `UNAVAILABLE` (the XML path
//! already stores them so, which keeps both forms identical); dates are `YYYY-MM-DD` or null;
//! the `sentence` block is omitted when nothing is known. Two accepted extensions are carried so
//! nothing that stage 1 classifies is lost: `statute` (read by the traffic classifier) and
//! `hidden: true` (docs/decisions.md §11), besides `subject_aliases` (docs/decisions.md §11).

use serde_json::{Map, Value, json};

use crate::model::{Case, Court, Offense, Search, Sentence};
use crate::parse::xml::draft::UNAVAILABLE;

/// Builds `record_json` for `search`.
pub fn to_record_json(search: &Search) -> Value {
    let mut meta = Map::new();
    meta.insert("search_id".into(), json!(search.search_id));
    if let Some(t) = &search.search_type {
        meta.insert("search_type".into(), json!(t));
    }
    let mut out = Map::new();
    out.insert("search".into(), Value::Object(meta));
    if let Some(tenant) = &search.tenant_id {
        out.insert("tenant_id".into(), json!(tenant));
    }
    let courts: Vec<Value> = search
        .courts
        .iter()
        .map(|c| court(c, &search.search_date))
        .collect();
    out.insert("criminal_search_results".into(), Value::Array(courts));
    Value::Object(out)
}

fn court(c: &Court, search_date: &str) -> Value {
    let mut o = Map::new();
    o.insert("court_search_id".into(), json!(c.court_search_id));
    o.insert("search_date".into(), json!(search_date));
    if let Some(j) = c
        .search_jurisdiction
        .as_deref()
        .filter(|j| !j.trim().is_empty())
    {
        o.insert("search_jurisdiction".into(), json!(j));
    }
    o.insert(
        "criminal_records".into(),
        Value::Array(c.cases.iter().map(case).collect()),
    );
    Value::Object(o)
}

fn required(v: &str) -> Value {
    json!(if v.trim().is_empty() { UNAVAILABLE } else { v })
}

fn case(c: &Case) -> Value {
    let s = &c.subject;
    let mut o = Map::new();
    o.insert("case_number".into(), required(&c.case_number));
    o.insert(
        "jurisdiction_state".into(),
        required(
            c.jurisdiction_state
                .as_deref()
                .unwrap_or(&c.jurisdiction_state_raw),
        ),
    );
    o.insert(
        "file_date".into(),
        c.file_date.map_or_else(|| required(""), |d| json!(d)),
    );
    o.insert("subject_name".into(), required(&s.full_name));
    o.insert("sub_first_name".into(), required(&s.first_name));
    o.insert("sub_middle_name".into(), json!(s.middle_name));
    o.insert("sub_last_name".into(), required(&s.last_name));
    o.insert("subject_dob".into(), required(&s.dob));
    o.insert("subject_ssn".into(), required(&s.ssn));
    o.insert("subject_address".into(), required(&s.address));
    if !s.aliases.is_empty() {
        let aliases: Vec<Value> = s
            .aliases
            .iter()
            .map(|a| json!({"first_name": a.first_name, "middle_name": a.middle_name, "last_name": a.last_name}))
            .collect();
        o.insert("subject_aliases".into(), Value::Array(aliases));
    }
    o.insert(
        "offenses".into(),
        Value::Array(c.offenses.iter().map(offense).collect()),
    );
    Value::Object(o)
}

fn offense(f: &Offense) -> Value {
    let mut o = Map::new();
    o.insert("offense_id".into(), json!(f.offense_id));
    o.insert(
        "charge".into(),
        if f.charge.is_empty() {
            Value::Null
        } else {
            json!(f.charge)
        },
    );
    o.insert("disposition".into(), json!(f.disposition));
    o.insert("type".into(), json!(f.offense_type));
    if let Some(statute) = &f.statute {
        o.insert("statute".into(), json!(statute));
    }
    o.insert("charge_date".into(), json!(f.dates.charge_date));
    o.insert("disposition_date".into(), json!(f.dates.disposition_date));
    o.insert("arrest_date".into(), json!(f.dates.arrest_date));
    o.insert(
        "pending_court_date".into(),
        json!(f.dates.pending_court_date),
    );
    if let Some(s) = f.sentence.as_deref().and_then(sentence) {
        o.insert("sentence".into(), s);
    }
    if f.hidden {
        o.insert("hidden".into(), Value::Bool(true));
    }
    Value::Object(o)
}

/// Only the fields with a value (docs/xml-layout.md §4.5); `None` when the block is empty.
fn sentence(s: &Sentence) -> Option<Value> {
    let mut o = Map::new();
    for (k, v) in [
        ("incarceration_date", s.incarceration_date),
        ("release_date", s.release_date),
    ] {
        if let Some(v) = v {
            o.insert(k.to_string(), json!(v));
        }
    }
    if let Some(b) = s.is_serving {
        o.insert("is_serving".into(), Value::Bool(b));
    }
    let mut put = |k: &str, v: &Option<String>| {
        if let Some(v) = v {
            o.insert(k.to_string(), json!(v));
        }
    };
    put("probation", &s.probation);
    put("jail_time", &s.jail_time);
    put("prison_time", &s.prison_time);
    put("suspended", &s.suspended);
    put("restitution", &s.restitution);
    put("community_service", &s.community_service);
    put("fines", &s.fines);
    put("court_costs", &s.court_costs);
    put("sentence_comments", &s.sentence_comments);
    (!o.is_empty()).then_some(Value::Object(o))
}
