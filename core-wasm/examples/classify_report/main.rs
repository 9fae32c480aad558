//! Accuracy of the stage-1 charge and disposition classifiers on real court text, one
//! development state left out at a time (issue 21).
//!
//! `cargo run -p lookback-core --example classify_report -- [DIR] [--misses STATE,...]` (or
//! `scripts/classify-report.sh`). DIR defaults to `../shared/reference/charges` (CI has
//! `shared/` beside the clone). The data, its labels and their noise are described in
//! DIR/README.md; labels are only ever compared with, never copied into the engine. Each state
//! is scored on its own, as the state left out: what is tuned on the others is measured on it.
//! `--misses` lists the disagreements of the named states only (the states tuned on), and of
//! their tuning part only (`split.rs`: issue 12's fixed split, 3 texts in 10 held back); the
//! held-back part of every state is scored on its own too, so a round that looks at a state's
//! misses still has rows of it it never saw. `--check` exits with an error when a target in the
//! direction that hides a record is missed (`safety.rs`): CI runs it.

mod read;
mod rows;
mod safety;
mod split;

use std::collections::BTreeMap;
use std::error::Error;
use std::path::PathBuf;

use lookback_core::parse::classify::{DispositionClass, SeverityLevel, TrafficKind};
use serde_json::Value;

use read::{read_charge, read_disposition};
use rows::{Class, Row};
use split::Part;

/// What a charge is sent with, as a new user would send it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mode {
    /// Its level as a word and its statute as the state's courts write it.
    Statute,
    /// Its level as a word, no statute.
    Level,
    /// The charge text alone.
    Text,
}

impl Mode {
    const ALL: [Mode; 3] = [Mode::Statute, Mode::Level, Mode::Text];

    fn name(self) -> &'static str {
        match self {
            Mode::Statute => "level + statute",
            Mode::Level => "level word",
            Mode::Text => "text only",
        }
    }
}

/// Readings of one (state, mode, class) cell.
#[derive(Default)]
struct Cell {
    rows: u32,
    by_reading: BTreeMap<&'static str, u32>,
    misses: Vec<String>,
}

impl Cell {
    fn share(&self, reading: &str) -> String {
        let n = self.by_reading.get(reading).copied().unwrap_or(0);
        percent(n, self.rows)
    }
}

fn percent(n: u32, of: u32) -> String {
    if of == 0 {
        return "-".to_string();
    }
    format!("{:.1} %", 100.0 * f64::from(n) / f64::from(of))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut dir = PathBuf::from("../shared/reference/charges");
    let mut misses: Vec<String> = Vec::new();
    let mut check = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--check" {
            check = true;
        } else if arg == "--misses" {
            let states = args.next().unwrap_or_default();
            misses = states.split(',').map(str::to_uppercase).collect();
        } else {
            dir = PathBuf::from(arg);
        }
    }
    let rows = rows::all(&dir)?;
    println!("# Classifier report on {}\n", dir.display());
    println!(
        "Each development state is scored as the state left out (issue 21). Classes are the \
         labels of `docs/classify-report.md`; a cell gives the share of the class's rows read \
         each way. `unknown` goes to a person: it is the review load. Only `minor` makes a \
         charge NOT_REPORTABLE, so `minor` in a `none` or `serious` row hides a record.\n"
    );
    let mut violations = traffic(&rows, &misses);
    severity(&rows);
    violations.extend(dispositions(&rows::dispositions(&dir)?));
    if check && !violations.is_empty() {
        return Err(format!(
            "a target in the direction that hides a record is missed:\n{}",
            violations.join("\n")
        )
        .into());
    }
    Ok(())
}

/// Prints the traffic tables; returns the cells that miss a target in the hiding direction.
fn traffic(rows: &[Row], misses: &[String]) -> Vec<String> {
    let mut cells: BTreeMap<(&'static str, Mode, Class), Cell> = BTreeMap::new();
    let mut held_back: BTreeMap<(&'static str, Mode, Class), Cell> = BTreeMap::new();
    for row in rows {
        let Some(class) = row.class else { continue };
        let part = split::part_of(&row.text_alone);
        for mode in Mode::ALL {
            let level = (mode != Mode::Text).then_some(row.level).flatten();
            let statute = (mode == Mode::Statute).then_some(row.statute.as_str());
            let charge = if mode == Mode::Statute {
                &row.charge
            } else {
                &row.text_alone
            };
            let r = read_charge(charge, statute, level, Some(row.state));
            if part == Part::HeldBack {
                let cell = held_back.entry((row.state, mode, class)).or_default();
                cell.rows += 1;
                *cell.by_reading.entry(r.traffic.label()).or_default() += 1;
            }
            let cell = cells.entry((row.state, mode, class)).or_default();
            cell.rows += 1;
            *cell.by_reading.entry(r.traffic.label()).or_default() += 1;
            let tuned_on = part == Part::Tuning && misses.iter().any(|s| s == row.state);
            if r.traffic != class.want() && tuned_on {
                cell.misses.push(format!(
                    "`{}` [{}] {} -> {} ({})",
                    charge,
                    row.statute,
                    row.level.unwrap_or("no level"),
                    r.traffic.label(),
                    r.evidence
                ));
            }
        }
    }
    println!("## Traffic, per state left out\n");
    table(&cells);
    println!(
        "## Traffic, held-back part of each state\n\nThe rows of issue 12's fixed split \
         (`split.rs`) whose misses are never listed: what a round tuned on a state's misses \
         scores on rows of it it did not see.\n"
    );
    table(&held_back);
    for ((state, mode, class), cell) in &cells {
        if cell.misses.is_empty() {
            continue;
        }
        println!(
            "### {state}, {}, {}: not read right\n",
            mode.name(),
            class.name()
        );
        for m in &cell.misses {
            println!("- {m}");
        }
        println!();
    }
    let minor = TrafficKind::MinorTraffic.label();
    cells
        .iter()
        .chain(&held_back)
        .filter_map(|((state, mode, class), cell)| {
            let read_minor = cell.by_reading.get(minor).copied().unwrap_or(0);
            safety::minor_reading(state, *mode, *class, read_minor, cell.rows)
        })
        .collect()
}

fn table(cells: &BTreeMap<(&'static str, Mode, Class), Cell>) {
    println!(
        "| state | sent with | class | rows | read right | unknown | read minor | read none | read serious |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for ((state, mode, class), cell) in cells {
        println!(
            "| {state} | {} | {} | {} | {} | {} | {} | {} | {} |",
            mode.name(),
            class.name(),
            cell.rows,
            cell.share(class.want().label()),
            cell.share("unknown"),
            cell.share("minor"),
            cell.share("none"),
            cell.share("serious"),
        );
    }
    println!();
}

fn severity(rows: &[Row]) {
    let mut cells: BTreeMap<(&'static str, &'static str), (u32, u32, u32)> = BTreeMap::new();
    for row in rows {
        let Some(want) = row.severity else { continue };
        for (name, level) in [("level word", row.level), ("text only", None)] {
            let r = read_charge(&row.text_alone, None, level, Some(row.state));
            let cell = cells.entry((row.state, name)).or_default();
            cell.0 += 1;
            if r.severity == want {
                cell.1 += 1;
            } else if r.severity != SeverityLevel::Unknown {
                cell.2 += 1;
            }
        }
    }
    println!("## Severity, per state\n");
    println!("| state | sent with | rows | right | wrong (not unknown) |\n|---|---|---|---|---|");
    for ((state, name), (n, right, wrong)) in &cells {
        println!(
            "| {state} | {name} | {n} | {} | {} |",
            percent(*right, *n),
            percent(*wrong, *n)
        );
    }
    println!();
}

/// The source's own grouping as a disposition class; `None` where it has none.
fn source_class(source_class: &str) -> Option<DispositionClass> {
    match source_class {
        "DISMISSED" | "NOT_GUILTY" | "DROPPED" | "ACQUITTED" => {
            Some(DispositionClass::NonConviction)
        }
        "CONVICTED" | "SENTENCED" | "COMPLETED_SENTENCE" => Some(DispositionClass::Conviction),
        "PRETRIAL" | "PENDING" => Some(DispositionClass::Pending),
        "EXTERNAL_UNKNOWN" => Some(DispositionClass::Unknown),
        _ => None,
    }
}

/// Prints the disposition table; returns the sources read in the wrong conviction direction.
fn dispositions(rows: &[Value]) -> Vec<String> {
    // (source, metric) -> (rows, counted)
    let mut cells: BTreeMap<(String, String), (u32, u32)> = BTreeMap::new();
    let mut count = |source: &str, metric: String, hit: bool| {
        let cell = cells.entry((source.to_string(), metric)).or_default();
        cell.0 += 1;
        cell.1 += u32::from(hit);
    };
    for row in rows {
        let text = |k: &str| row.get(k).and_then(Value::as_str).unwrap_or("");
        let source = text("source");
        let raw = text("text");
        let state = match source {
            "okaloosa-fl" => Some("FL"),
            "nc" => Some("NC"),
            _ => None,
        };
        let d = read_disposition(raw, state);
        let Some(want) = source_class(text("source_class")) else {
            count(source, format!("no group, read {:?}", d.class), true);
            continue;
        };
        count(
            source,
            "agrees with the source's group".into(),
            d.class == want,
        );
        let unknown = d.class == DispositionClass::Unknown && want != DispositionClass::Unknown;
        count(source, "read unknown".into(), unknown);
        let wrong_way = matches!(
            (want, d.class),
            (
                DispositionClass::Conviction,
                DispositionClass::NonConviction | DispositionClass::Pending
            ) | (
                DispositionClass::NonConviction | DispositionClass::Pending,
                DispositionClass::Conviction
            )
        );
        count(
            source,
            "wrong in the conviction direction (want 0)".into(),
            wrong_way,
        );
    }
    println!("## Dispositions\n");
    println!("| source | metric | rows | share |\n|---|---|---|---|");
    let mut totals: BTreeMap<&str, u32> = BTreeMap::new();
    for ((source, metric), (n, _)) in &cells {
        if metric.starts_with("no group") {
            *totals.entry(source.as_str()).or_default() += n;
        }
    }
    for ((source, metric), (n, hit)) in &cells {
        if metric.starts_with("no group") {
            let all = totals.get(source.as_str()).copied().unwrap_or(0);
            println!("| {source} | {metric} | {all} | {} |", percent(*n, all));
        } else {
            println!("| {source} | {metric} | {n} | {} |", percent(*hit, *n));
        }
    }
    println!();
    cells
        .iter()
        .filter(|((_, metric), _)| metric.starts_with("wrong in the conviction direction"))
        .filter_map(|((source, _), (n, wrong))| safety::wrong_way(source, *wrong, *n))
        .collect()
}

impl Class {
    fn want(self) -> TrafficKind {
        match self {
            Class::Minor => TrafficKind::MinorTraffic,
            Class::Serious => TrafficKind::SeriousTraffic,
            Class::None => TrafficKind::NotTraffic,
        }
    }
}
