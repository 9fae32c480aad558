//! The vehicle-code table's data file (`data/vehicle-codes.json`) against the reference it is
//! read from (`reference/law/vehicle-codes.json`) and against the table the engine was built with.
//!
//! The reference is prose: names, confidence, citation examples and sources are copied from it
//! as they are; the keys, patterns and listed sections are the engine's reading of it. So the
//! copied fields must equal it (`UPDATE_VEHICLE_CODES=1 cargo test -p lookback-core
//! vehicle_codes_data` rewrites them and keeps the engine's reading), and every listed section
//! must be found in the reference's text under the kind it is given. Labels, patterns and
//! `decimal_sections` have no field of their own in the reference: they are checked by reading
//! the reference's own examples (`tests/statute.rs`).

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::classify::vehicle_codes::VEHICLE_CODES;
use crate::classify::vocabulary::{SectionKind, SeriousKind};

const DATA_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/vehicle-codes.json");

/// `reference/law/vehicle-codes.json` of the shared research folder: from `LOOKBACK_SHARED_DIR`,
/// else beside the repository (`../shared`, as CI has it). Missing is a failure: without it the
/// table is checked against nothing.
fn reference() -> Map<String, Value> {
    let shared = std::env::var_os("LOOKBACK_SHARED_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
        PathBuf::from,
    );
    let path = shared.join("reference/law/vehicle-codes.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}. The vehicle-code table cannot be checked against its reference: put the \
             shared folder beside the repository or set LOOKBACK_SHARED_DIR",
            path.display()
        )
    });
    match serde_json::from_str(&text) {
        Ok(Value::Object(rows)) => rows,
        _ => panic!("{} is not an object of rows", path.display()),
    }
}

fn data() -> (String, Map<String, Value>) {
    let text =
        std::fs::read_to_string(DATA_FILE).unwrap_or_else(|e| panic!("reading {DATA_FILE}: {e}"));
    match serde_json::from_str(&text) {
        Ok(Value::Object(rows)) => (text, rows),
        _ => panic!("{DATA_FILE} is not an object of rows"),
    }
}

/// The fields copied from the reference: (field of the data file, path in the reference row).
const COPIED: &[(&str, &[&str])] = &[
    ("name", &["name"]),
    ("code_name", &["code_name"]),
    ("confidence", &["confidence"]),
    ("formats", &["formats"]),
    ("not_vehicle", &["match_hints", "examples_not_vehicle"]),
    ("sources", &["sources"]),
];

/// The data file as it should be: the engine's reading of each row kept, the copied fields
/// taken from the reference, the rows in the reference's order.
fn regenerated(data: &Map<String, Value>, reference: &Map<String, Value>) -> Map<String, Value> {
    let have: Vec<&String> = data.keys().collect();
    let want: Vec<&String> = reference.keys().collect();
    assert!(
        have == want,
        "{DATA_FILE} has the rows {have:?}, the reference {want:?}: a new jurisdiction needs the \
         engine's reading of it (labels, patterns, sections) written into the data file first"
    );
    let mut rows = Map::new();
    for (state, row) in data {
        let mut row = row.clone();
        for (field, path) in COPIED {
            let value = path
                .iter()
                .fold(&reference[state], |v, key| &v[*key])
                .clone();
            row[*field] = value;
        }
        rows.insert(state.clone(), row);
    }
    rows
}

fn json(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// A list on one line.
fn inline(v: &Value) -> String {
    let items: Vec<String> = v.as_array().into_iter().flatten().map(json).collect();
    format!("[{}]", items.join(", "))
}

/// The data file's text: one field a line, a section or a source a line.
fn render(rows: &Map<String, Value>) -> String {
    let one_a_line = |v: &Value, last: bool| {
        let items: Vec<String> = v
            .as_array()
            .into_iter()
            .flatten()
            .map(|x| format!("      {}", if x.is_array() { inline(x) } else { json(x) }))
            .collect();
        format!(
            "[\n{}\n    ]{}",
            items.join(",\n"),
            if last { "" } else { "," }
        )
    };
    let mut out = String::from("{\n");
    for (i, (state, row)) in rows.iter().enumerate() {
        out.push_str(&format!("  {}: {{\n", json(&Value::from(state.as_str()))));
        for field in ["name", "code_name", "confidence"] {
            out.push_str(&format!("    \"{field}\": {},\n", json(&row[field])));
        }
        out.push_str(&format!("    \"labels\": {},\n", inline(&row["labels"])));
        let pairs: Vec<String> = row["code_labels"]
            .as_array()
            .into_iter()
            .flatten()
            .map(inline)
            .collect();
        out.push_str(&format!("    \"code_labels\": [{}],\n", pairs.join(", ")));
        out.push_str(&format!(
            "    \"decimal_sections\": {},\n",
            json(&row["decimal_sections"])
        ));
        for field in ["statutes", "vehicle_code"] {
            out.push_str(&format!("    \"{field}\": {},\n", inline(&row[field])));
        }
        out.push_str(&format!(
            "    \"sections\": {}\n",
            one_a_line(&row["sections"], false)
        ));
        for field in ["formats", "not_vehicle"] {
            out.push_str(&format!("    \"{field}\": {},\n", inline(&row[field])));
        }
        out.push_str(&format!(
            "    \"sources\": {}\n",
            one_a_line(&row["sources"], true)
        ));
        out.push_str(if i + 1 < rows.len() {
            "  },\n"
        } else {
            "  }\n"
        });
    }
    out.push_str("}\n");
    out
}

/// The generator and its staleness check: the copied fields equal the reference's, the rows
/// follow it, the file is in its one layout.
#[test]
fn vehicle_codes_data_follows_the_reference() {
    let (have, data) = data();
    let want = render(&regenerated(&data, &reference()));
    if std::env::var_os("UPDATE_VEHICLE_CODES").is_some() {
        std::fs::write(DATA_FILE, &want).unwrap_or_else(|e| panic!("writing {DATA_FILE}: {e}"));
        return;
    }
    assert!(
        have == want,
        "{DATA_FILE} is stale against the reference: regenerate it with \
         `UPDATE_VEHICLE_CODES=1 cargo test -p lookback-core vehicle_codes_data` and read the diff"
    );
}

/// The data-file name of a section's kind.
fn kind_name(kind: SectionKind) -> &'static str {
    match kind {
        SectionKind::NotSerious => "not_serious",
        SectionKind::NotRoad => "not_road",
        SectionKind::Serious(serious) => match serious {
            SeriousKind::ImpairedDriving => "impaired_driving",
            SeriousKind::RecklessDriving => "reckless_driving",
            SeriousKind::LeavingScene => "leaving_scene",
            SeriousKind::SuspendedRevoked => "suspended_revoked",
            SeriousKind::Eluding => "eluding",
            SeriousKind::VehicularHomicideAssault => "vehicular_homicide_assault",
        },
    }
}

/// The table the engine was built with is the data file, field for field (the build script's
/// translation included).
#[test]
fn vehicle_codes_data_is_the_compiled_table() {
    let (_, data) = data();
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|s| s.as_str().unwrap_or_default().to_string())
            .collect()
    };
    let lists = |v: &Value| -> Vec<Vec<String>> {
        v.as_array().into_iter().flatten().map(strings).collect()
    };
    assert_eq!(data.len(), VEHICLE_CODES.len());
    for (row, (state, d)) in VEHICLE_CODES.iter().zip(&data) {
        assert_eq!(row.state, state);
        assert_eq!(d["name"], row.name, "{state}");
        assert_eq!(d["code_name"], row.code_name, "{state}");
        assert_eq!(d["confidence"], row.confidence.word(), "{state}");
        assert_eq!(strings(&d["labels"]), row.labels, "{state}");
        let pairs = lists(&d["code_labels"]);
        let compiled: Vec<Vec<&str>> = row.code_labels.iter().map(|(a, b)| vec![*a, *b]).collect();
        assert_eq!(pairs, compiled, "{state}");
        assert_eq!(d["decimal_sections"], row.decimal_sections, "{state}");
        assert_eq!(strings(&d["statutes"]), row.statutes, "{state}");
        assert_eq!(strings(&d["vehicle_code"]), row.vehicle_code, "{state}");
        let sections = lists(&d["sections"]);
        let compiled: Vec<Vec<&str>> = row
            .sections
            .iter()
            .map(|s| vec![kind_name(s.kind), s.key, s.what])
            .collect();
        assert_eq!(sections, compiled, "{state}");
        assert_eq!(strings(&d["formats"]), row.formats, "{state}");
        assert_eq!(strings(&d["not_vehicle"]), row.not_vehicle, "{state}");
        assert_eq!(strings(&d["sources"]), row.sources, "{state}");
    }
}

/// Sections whose key the reference writes in short, as a range or a list, or with the code's
/// label inside the number: (state, key, how the reference writes it). The spelling must be in
/// the reference's row.
const WRITTEN_IN_SHORT: &[(&str, &str, &str)] = &[
    ("CA", "VC 10802", "10801-10803"),
    ("ID", "49-1401(2)", "49-1401(1)-(2)"),
    ("IL", "625-5/11-501", "625 ILCS 5/11-501"),
    ("IL", "625-5/11-503", "625 ILCS 5/11-503"),
    ("IL", "625-5/11-401", "625 ILCS 5/11-401"),
    ("IL", "625-5/11-402", "5/11-402"),
    ("IL", "625-5/6-303", "625 ILCS 5/6-303"),
    ("IL", "625-5/11-204", "625 ILCS 5/11-204"),
    ("IN", "9-30-10-17", "9-30-10-16/-17"),
    ("ME", "29-A 2253", "29-A §§ 2252-2254"),
    ("MA", "90/24L", "§ 24L"),
    ("MN", "169.13.1", "169.13 subd. 1"),
    ("MN", "169.13.2", "169.13 subd. 2"),
    ("SD", "32-3-15", "32-3-14/15"),
    ("DC", "50-2206.15", "50-2206.13/.15"),
];

/// Sections the reference does not name, kept from the engine's own reading of the statutes:
/// Ohio's chapter 4519 (snowmobiles and off-highway vehicles, not road traffic) and Virginia's
/// sections beside the reference's 18.2-36.1 and 18.2-51.4.
const NOT_IN_THE_REFERENCE: &[(&str, &str)] =
    &[("OH", "4519."), ("VA", "18.2-36.2"), ("VA", "18.2-51.5")];

/// Serious sections the reference lists under another kind, with the words that say why the
/// table's kind is right: (state, key, kind the table gives, reference words).
const LISTED_UNDER_ANOTHER_KIND: &[(&str, &str, &str, &str)] = &[
    (
        "NV",
        "484C.130",
        "vehicular_homicide_assault",
        "484C.130 vehicular homicide",
    ),
    (
        "DC",
        "50-2201.05(B)",
        "impaired_driving",
        "before 2013, DUI was 50-2201.05(b)",
    ),
];

fn letters_and_digits(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

fn all_strings<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|v| all_strings(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| all_strings(v, out)),
        _ => {}
    }
}

/// The number a section key names: its last word without the pattern language (`#`, `?`, `$`,
/// `[..]`, `{..}`), letters and digits only.
fn section_number(key: &str) -> String {
    let mut plain = String::new();
    let mut skip = None;
    for c in key.chars() {
        match (skip, c) {
            (Some(end), c) if c == end => skip = None,
            (Some(_), _) => {}
            (None, '[') => skip = Some(']'),
            (None, '{') => skip = Some('}'),
            (None, '#' | '?' | '$') => {}
            (None, c) => plain.push(c),
        }
    }
    letters_and_digits(plain.split_whitespace().last().unwrap_or_default())
}

/// Every listed section is found in the reference's row (its prose, sources aside), a serious one
/// under its own kind wherever the reference lists it as serious; the exceptions above are
/// checked against the reference too, and fail when no longer needed.
#[test]
fn every_listed_section_is_in_the_reference() {
    let reference = reference();
    let mut unexplained = Vec::new();
    let mut used = 0;
    for row in VEHICLE_CODES {
        let r = &reference[row.state];
        let mut prose = Vec::new();
        for (field, value) in r.as_object().into_iter().flatten() {
            if field != "sources" {
                all_strings(value, &mut prose);
            }
        }
        let raw = prose.join("\n");
        let text = letters_and_digits(&raw);
        let serious: Vec<(&String, String)> = r["serious"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(kind, v)| {
                let mut s = Vec::new();
                all_strings(v, &mut s);
                (kind, letters_and_digits(&s.join("\n")))
            })
            .collect();
        for section in row.sections {
            let number = section_number(section.key);
            let short = WRITTEN_IN_SHORT
                .iter()
                .find(|(s, k, _)| *s == row.state && *k == section.key);
            let missing = NOT_IN_THE_REFERENCE.contains(&(row.state, section.key));
            let found = !number.is_empty() && text.contains(&number);
            if let Some((_, _, spelling)) = short {
                used += 1;
                assert!(
                    raw.contains(spelling),
                    "{} {}: the reference does not write {spelling:?}",
                    row.state,
                    section.key
                );
                assert!(
                    !found,
                    "{} {} is in the reference as it is: drop it from WRITTEN_IN_SHORT",
                    row.state, section.key
                );
                continue;
            }
            if missing {
                used += 1;
                assert!(
                    !found,
                    "{} {} is in the reference now: drop it from NOT_IN_THE_REFERENCE",
                    row.state, section.key
                );
                continue;
            }
            if !found {
                unexplained.push(format!(
                    "{} {} not in the reference",
                    row.state, section.key
                ));
                continue;
            }
            let kind = kind_name(section.kind);
            let lists: Vec<&str> = serious
                .iter()
                .filter(|(_, t)| t.contains(&number))
                .map(|(k, _)| k.as_str())
                .collect();
            if matches!(section.kind, SectionKind::Serious(_))
                && !lists.is_empty()
                && !lists.contains(&kind)
            {
                let explained = LISTED_UNDER_ANOTHER_KIND
                    .iter()
                    .find(|(s, k, _, _)| *s == row.state && *k == section.key);
                match explained {
                    Some((_, _, given, words)) if *given == kind && raw.contains(words) => {
                        used += 1
                    }
                    _ => unexplained.push(format!(
                        "{} {} is {kind}, the reference lists it under {lists:?}",
                        row.state, section.key
                    )),
                }
            }
        }
    }
    assert_eq!(unexplained, Vec::<String>::new());
    assert_eq!(
        used,
        WRITTEN_IN_SHORT.len() + NOT_IN_THE_REFERENCE.len() + LISTED_UNDER_ANOTHER_KIND.len(),
        "an exception names a section the table no longer lists"
    );
}
