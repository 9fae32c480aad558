//! The caps' check as it was before the streaming pass: the whole body parsed into a `Value`,
//! then walked. Kept only as the oracle of the equivalence tests and as the comparison of the
//! bench (`benches/input_limits.rs` includes this file); never built into the server.

use quick_xml::events::Event;
use serde_json::{Map, Value};

use super::caps::{Exceeded, InputLimits};

const NAME_FIELDS: [&str; 7] = [
    "first_name",
    "middle_name",
    "last_name",
    "sub_first_name",
    "sub_middle_name",
    "sub_last_name",
    "subject_name",
];
const ALIAS_LISTS: [&str; 2] = ["aliases", "subject_aliases"];
const XML_CASES: [&str; 3] = ["case", "CriminalCase", "Record"];
const XML_CHARGES: [&str; 3] = ["chargeinfo", "Charge", "Count"];

fn exceeded(field: &str, unit: &'static str, found: usize, limit: usize) -> Exceeded {
    Exceeded {
        field: field.to_owned(),
        unit,
        found,
        limit,
    }
}

pub fn check_record(limits: &InputLimits, body: &[u8]) -> Result<(), Exceeded> {
    let Ok(Value::Object(body)) = serde_json::from_slice::<Value>(body) else {
        return Ok(());
    };
    if let Some(Value::Object(record)) = body.get("record") {
        if let Some(Value::String(xml)) = record.get("xml") {
            self::xml(limits, xml)?;
        }
        if let Some(Value::Object(record_json)) = record.get("record_json") {
            searches(limits, record_json)?;
        }
    }
    fields(limits, &body, &mut String::new())
}

pub fn check_identity(limits: &InputLimits, body: &[u8]) -> Result<u32, Exceeded> {
    let Ok(Value::Object(body)) = serde_json::from_slice::<Value>(body) else {
        return Ok(1);
    };
    fields(limits, &body, &mut String::new())?;
    let count = |side: &str, list: &str| {
        body.get(side)
            .and_then(|p| p.get(list))
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    };
    let names = |side| 1 + count(side, "aliases");
    let addresses = |side| count(side, "addresses");
    let cost = names("candidate_to_verify") * names("candidate_in_record")
        + addresses("candidate_to_verify") * addresses("candidate_in_record");
    Ok(u32::try_from(cost).unwrap_or(u32::MAX).max(1))
}

fn fields(
    limits: &InputLimits,
    object: &Map<String, Value>,
    path: &mut String,
) -> Result<(), Exceeded> {
    for (key, value) in object {
        let len = path.len();
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
        self::value(limits, key, value, path)?;
        path.truncate(len);
    }
    Ok(())
}

fn value(
    limits: &InputLimits,
    key: &str,
    value: &Value,
    path: &mut String,
) -> Result<(), Exceeded> {
    match value {
        Value::String(text) if key != "xml" => {
            let limit = if NAME_FIELDS.contains(&key) {
                limits.max_name_chars
            } else {
                limits.max_text_chars
            };
            if text.len() > limit && text.chars().count() > limit {
                return Err(exceeded(path, "characters", text.chars().count(), limit));
            }
        }
        Value::Array(items) => {
            let limit = if ALIAS_LISTS.contains(&key) {
                limits.max_aliases
            } else if key == "addresses" {
                limits.max_addresses
            } else {
                limits.max_charges
            };
            if items.len() > limit {
                return Err(exceeded(path, "items", items.len(), limit));
            }
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                self::value(limits, key, item, path)?;
                path.truncate(len);
            }
        }
        Value::Object(object) => fields(limits, object, path)?,
        _ => {}
    }
    Ok(())
}

fn searches(limits: &InputLimits, record_json: &Map<String, Value>) -> Result<(), Exceeded> {
    fn list(value: Option<&Value>) -> &[Value] {
        value.and_then(Value::as_array).map_or(&[], Vec::as_slice)
    }
    let cases: Vec<&Value> = list(record_json.get("criminal_search_results"))
        .iter()
        .flat_map(|court| list(court.get("criminal_records")))
        .collect();
    let charges: usize = cases.iter().map(|c| list(c.get("offenses")).len()).sum();
    let field = "record.record_json.criminal_search_results[].criminal_records";
    at_most(field, "cases", cases.len(), limits.max_cases)?;
    at_most(
        &format!("{field}[].offenses"),
        "charges",
        charges,
        limits.max_charges,
    )
}

fn xml(limits: &InputLimits, xml: &str) -> Result<(), Exceeded> {
    let field = "record.xml";
    at_most(field, "bytes", xml.len(), limits.max_xml_bytes)?;
    let mut reader = quick_xml::Reader::from_str(xml);
    let (mut cases, mut charges) = (0, 0);
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) => {
                let name = e.local_name();
                let name: &str = name.as_ref();
                cases += usize::from(XML_CASES.contains(&name));
                charges += usize::from(XML_CHARGES.contains(&name));
            }
            Ok(Event::Eof) | Err(_) => break,
            Ok(_) => {}
        }
    }
    at_most(field, "cases", cases, limits.max_cases)?;
    at_most(field, "charges", charges, limits.max_charges)
}

fn at_most(field: &str, unit: &'static str, found: usize, limit: usize) -> Result<(), Exceeded> {
    if found > limit {
        Err(exceeded(field, unit, found, limit))
    } else {
        Ok(())
    }
}
