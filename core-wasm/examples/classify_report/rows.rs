//! The development rows of the three states, with the classes they are scored against.
//!
//! Classes come from each source's own fields and from the law table's facts, never from the
//! engine (`docs/classify-report.md` lists the filters):
//! - South Dakota: `minor` = title 32 (the source's `motor_vehicle_title`) and petty; `serious` =
//!   the SD serious sections of `reference/law/vehicle-codes.json` (32-23 DUI chapter, 32-24-1,
//!   32-34-5/6, 32-12-65, 32-35-110, 32-33-18, 22-16-41/42); `none` = an SDCL section outside
//!   title 32 with a known degree, town ordinances numbered under SDCL title 12 (elections) and
//!   the road-traffic law outside title 32 (`SD_ROAD_LAW_OUTSIDE_TITLE_32`) left out.
//! - Okaloosa County, Florida (`total` >= 20, `majority_share` >= 0.9): `serious` = the FL serious
//!   sections of the law table; `minor` = Criminal Traffic court, a statute in Fla. Stat. ch.
//!   316-324, not a serious section; `none` = Criminal Felony or Misdemeanor court, a statute
//!   outside ch. 316-324.
//! - California: the file's `traffic` label (derived by rule from the statute, README).
//! - Massachusetts: the file's `traffic` label (derived by rule from the District Court manual's
//!   own columns, README); the manual's `*` (a civil-infraction mark) is dropped from every text,
//!   and the citation the manual prints after the text (`c90 §17`, `730 CMR §7.08`, `Brockton
//!   Ordinances c12 §42`) is kept only where the charge is sent with its statute.

use std::error::Error;
use std::path::Path;

use lookback_core::classify::SeverityLevel;
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    Minor,
    Serious,
    None,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Minor => "minor",
            Class::Serious => "serious",
            Class::None => "none",
        }
    }
}

/// One charge of a development set.
pub struct Row {
    pub state: &'static str,
    /// The text sent with the statute.
    pub charge: String,
    /// The text sent with the level word or alone: `charge` less a citation printed in it.
    pub text_alone: String,
    pub statute: String,
    /// The level as the word a vendor would send.
    pub level: Option<&'static str>,
    pub severity: Option<SeverityLevel>,
    pub class: Option<Class>,
}

pub fn all(dir: &Path) -> Result<Vec<Row>, Box<dyn Error>> {
    let mut out = Vec::new();
    for row in lines(dir, "sd-charges.jsonl")? {
        out.push(south_dakota(&row));
    }
    for row in lines(dir, "okaloosa-charges.jsonl")? {
        if let Some(row) = okaloosa(&row) {
            out.push(row);
        }
    }
    for row in lines(dir, "california-charges.jsonl")? {
        out.push(california(&row));
    }
    for row in lines(dir, "massachusetts-charges.jsonl")? {
        out.push(massachusetts(&row));
    }
    Ok(out)
}

pub fn dispositions(dir: &Path) -> Result<Vec<Value>, Box<dyn Error>> {
    lines(dir, "dispositions.jsonl")
}

fn lines(dir: &Path, file: &str) -> Result<Vec<Value>, Box<dyn Error>> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        out.push(serde_json::from_str(line)?);
    }
    Ok(out)
}

fn text<'a>(row: &'a Value, key: &str) -> &'a str {
    row.get(key).and_then(Value::as_str).unwrap_or("")
}

/// A statute section starting with one of `sections`, whole numbers only (`32-23-` is a
/// chapter).
fn in_sections(statute: &str, sections: &[&str]) -> bool {
    let statute = statute.trim().trim_end_matches('*');
    sections.iter().any(|s| {
        statute.strip_prefix(s).is_some_and(|rest| {
            s.ends_with('-') || !rest.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        })
    })
}

const SD_SERIOUS: &[&str] = &[
    "32-23-",
    "32-24-1",
    "32-34-5",
    "32-34-6",
    "32-12-65",
    "32-35-110",
    "32-33-18",
    "22-16-41",
    "22-16-42",
];

/// Road-traffic law of South Dakota outside title 32, left out of `none` (and of `minor`: the
/// sections are not the vehicle code): title 31 (highways: closed roads, medians, wrong way on an
/// interstate), chapters 49-28 and 49-28A (motor carriers and their equipment), and § 35-1-9.1
/// (an open container in a motor vehicle, minor traffic by docs/decisions.md §13).
const SD_ROAD_LAW_OUTSIDE_TITLE_32: &[&str] = &["31-", "49-28-", "49-28A-", "35-1-9.1"];

/// An SDCL section number (title-chapter-section); town ordinances under "title" 12 (elections)
/// are left out.
fn sdcl_section(statute: &str) -> bool {
    let number = statute.split([' ', '(']).next().unwrap_or("");
    let parts: Vec<&str> = number.split('-').collect();
    parts.len() >= 3
        && parts.first() != Some(&"12")
        && parts.iter().all(|p| {
            p.chars().next().is_some_and(|c| c.is_ascii_digit())
                && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
        })
}

fn south_dakota(row: &Value) -> Row {
    let statute = text(row, "statute");
    let severity = text(row, "severity");
    let title32 = row.get("motor_vehicle_title").and_then(Value::as_bool);
    let class = if in_sections(statute, SD_SERIOUS) {
        Some(Class::Serious)
    } else if title32 == Some(true) && severity == "petty" {
        Some(Class::Minor)
    } else if title32 == Some(false)
        && !severity.is_empty()
        && sdcl_section(statute)
        && !in_sections(statute, SD_ROAD_LAW_OUTSIDE_TITLE_32)
    {
        Some(Class::None)
    } else {
        None
    };
    let (level, severity) = match severity {
        "felony" => (Some("FELONY"), Some(SeverityLevel::Felony)),
        "misdemeanor" => (Some("MISDEMEANOR"), Some(SeverityLevel::Misdemeanor)),
        "petty" => (Some("PETTY OFFENSE"), Some(SeverityLevel::PettyOffense)),
        _ => (None, None),
    };
    Row {
        state: "SD",
        charge: text(row, "charge").to_string(),
        text_alone: text(row, "charge").to_string(),
        statute: statute.to_string(),
        level,
        severity,
        class,
    }
}

const FL_SERIOUS: &[&str] = &[
    "316.193", "316.1939", "316.192", "316.191", "316.027", "316.061", "322.34", "322.341",
    "316.1935", "782.071",
];

fn fl_vehicle_code(statute: &str) -> bool {
    (316..=324).any(|c| statute.starts_with(&format!("{c}.")))
}

fn okaloosa(row: &Value) -> Option<Row> {
    let total = row.get("total").and_then(Value::as_u64).unwrap_or(0);
    let share = row
        .get("majority_share")
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    if total < 20 || share < 0.9 {
        return None;
    }
    let statute = text(row, "statute");
    let majority = text(row, "majority");
    let class = if in_sections(statute, FL_SERIOUS) {
        Some(Class::Serious)
    } else if majority == "Criminal Traffic" && fl_vehicle_code(statute) {
        Some(Class::Minor)
    } else if majority != "Criminal Traffic" && !fl_vehicle_code(statute) {
        Some(Class::None)
    } else {
        None
    };
    let (level, severity) = match majority {
        "Criminal Felony" => (Some("FELONY"), Some(SeverityLevel::Felony)),
        "Misdemeanor" => (Some("MISDEMEANOR"), Some(SeverityLevel::Misdemeanor)),
        // Criminal traffic cases are misdemeanors in the court's own terms.
        _ => (Some("MISDEMEANOR"), None),
    };
    Some(Row {
        state: "FL",
        charge: text(row, "charge").to_string(),
        text_alone: text(row, "charge").to_string(),
        statute: statute.to_string(),
        level,
        severity,
        class,
    })
}

/// The file's own `traffic` label (California, Massachusetts).
fn labelled(row: &Value) -> Option<Class> {
    match text(row, "traffic") {
        "minor" => Some(Class::Minor),
        "serious" => Some(Class::Serious),
        "none" => Some(Class::None),
        _ => None,
    }
}

fn california(row: &Value) -> Row {
    let class = labelled(row);
    let (level, severity) = match text(row, "type") {
        "F" => (Some("FELONY"), Some(SeverityLevel::Felony)),
        "M" => (Some("MISDEMEANOR"), Some(SeverityLevel::Misdemeanor)),
        "I" => (Some("INFRACTION"), Some(SeverityLevel::Infraction)),
        _ => (None, None),
    };
    Row {
        state: "CA",
        charge: text(row, "charge").to_string(),
        text_alone: text(row, "charge").to_string(),
        statute: text(row, "code").to_string(),
        level,
        severity,
        class,
    }
}

fn massachusetts(row: &Value) -> Row {
    let (level, severity) = match text(row, "type") {
        "F" => (Some("FELONY"), Some(SeverityLevel::Felony)),
        "M" => (Some("MISDEMEANOR"), Some(SeverityLevel::Misdemeanor)),
        // The manual's CM (civil motor vehicle infraction) and CI (civil infraction).
        "I" => (Some("CIVIL INFRACTION"), Some(SeverityLevel::Infraction)),
        _ => (None, None),
    };
    let printed = text(row, "charge").replace('*', " ");
    let printed = printed.split_whitespace().collect::<Vec<_>>().join(" ");
    let bare = without_citation(&printed);
    Row {
        state: "MA",
        text_alone: if bare.is_empty() {
            printed.clone()
        } else {
            bare.to_string()
        },
        charge: printed,
        statute: text(row, "code").to_string(),
        level,
        severity,
        class: labelled(row),
    }
}

/// The manual's text less the citation printed after it: everything from the first word with a
/// lower-case letter (`c90`, `Brockton Ordinances`, `St.2007`), a `§`, or a number before `CMR`.
/// The charge text itself is upper case.
fn without_citation(printed: &str) -> &str {
    let words: Vec<(usize, &str)> = printed
        .split(' ')
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .collect();
    let cut = words.iter().enumerate().find_map(|(i, (start, w))| {
        let cmr = w.chars().all(|c| c.is_ascii_digit())
            && words.get(i + 1).is_some_and(|(_, next)| *next == "CMR");
        (w.bytes().any(|b| b.is_ascii_lowercase()) || w.starts_with('§') || cmr).then_some(*start)
    });
    printed
        .get(..cut.unwrap_or(printed.len()))
        .unwrap_or(printed)
        .trim()
}
