//! Offline tools on the server's own code (docs/decisions.md §9): `lookback inspect FILE.wasm` (what a
//! module is and whether the server would admit it) and `lookback diff --from A.wasm --to B.wasm
//! DIR` (rule-change impact review before a deploy; a folder, a file, or NDJSON in bulk), or
//! `lookback diff --dictionary NEW.json DIR` (a tenant's charge dictionary's impact before it goes
//! live, against `--from-dictionary` or none).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use lookback_runtime::{
    EngineHost, EngineSettings, LoadError, LoadedModule, ModuleInfo, SelfTestReport, Surface,
};
use serde::Serialize;
use serde_json::Value;

use crate::clock::now_rfc3339;
use crate::config::{DiffArgs, InspectArgs};
use crate::dictionary::TenantDictionary;
use crate::diff::{self, ChargeChange, DiffReport, Reading};

/// What `lookback inspect` found.
#[derive(Debug, Serialize)]
pub struct Inspection {
    /// The file.
    pub file: String,
    /// Its size.
    pub size_bytes: usize,
    /// SHA-256 of its bytes.
    pub sha256: String,
    /// Imports (an engine module has none).
    pub imports: Vec<String>,
    /// Exports with their types.
    pub exports: Vec<String>,
    /// Whether the server would admit it.
    pub admitted: bool,
    /// Why not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// `lookback_info`, when it got that far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub info: Option<ModuleInfo>,
    /// The self-test, when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub self_test: Option<SelfTestReport>,
}

/// `lookback inspect`: exit 0 when the server would admit the module, 1 when it would refuse it.
pub fn inspect(args: InspectArgs) -> anyhow::Result<ExitCode> {
    let json = args.json;
    let report = inspection(args)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_inspection(&report);
    }
    Ok(if report.admitted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Inspects a module file with every check of the server's admission.
pub fn inspection(args: InspectArgs) -> anyhow::Result<Inspection> {
    let bytes =
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let host = EngineHost::new(&EngineSettings::from(args.engine))?;
    let sha256 = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes));
    let surface = host.surface(&bytes).unwrap_or(Surface {
        imports: Vec::new(),
        exports: Vec::new(),
    });
    let mut report = Inspection {
        file: args.file.display().to_string(),
        size_bytes: bytes.len(),
        sha256,
        imports: surface.imports,
        exports: surface.exports,
        admitted: false,
        refused: None,
        info: None,
        self_test: None,
    };
    match host.admit(bytes, args.sha256.as_deref()) {
        Ok(module) => {
            report.admitted = true;
            report.info = Some(module.info.clone());
            report.self_test = module.self_test.clone();
        }
        Err(error) => {
            if let LoadError::SelfTest(self_test) = &error {
                report.self_test = Some(self_test.clone());
            }
            report.refused = Some(error.to_string());
        }
    }
    Ok(report)
}

fn print_inspection(r: &Inspection) {
    println!("file        {} ({} bytes)", r.file, r.size_bytes);
    println!("sha256      {}", r.sha256);
    if let Some(info) = &r.info {
        println!("abi         {}", info.abi);
        println!("engine      {}", info.engine_version);
        println!("rules       {}", info.rules_version);
        println!("build       {}", info.build);
        println!("rule count  {}", info.rule_count);
    }
    println!("imports     {}", list_or_none(&r.imports));
    println!("exports     {}", list_or_none(&r.exports));
    if let Some(t) = &r.self_test {
        println!(
            "self-test   {} ({} cases, {} broke the contract, {} decide differently from the corpus)",
            if t.passed { "passed" } else { "FAILED" },
            t.cases,
            t.failed,
            t.decisions_differ
        );
        for failure in &t.failures {
            println!("            - {failure}");
        }
        if !t.differing_cases.is_empty() {
            println!("            differ: {}", t.differing_cases.join(", "));
        }
    }
    match &r.refused {
        None => println!("verdict     admitted"),
        Some(reason) => println!("verdict     REFUSED: {reason}"),
    }
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join("\n            ")
    }
}

/// One request file's diff.
#[derive(Debug, Serialize)]
pub struct FileDiff {
    /// File name.
    pub file: String,
    /// The comparison.
    #[serde(flatten)]
    pub report: DiffReport,
}

/// What `lookback diff` found.
#[derive(Debug, Serialize)]
pub struct DiffSummary {
    /// The current module.
    pub from: ModuleInfo,
    /// Its digest.
    pub from_sha256: String,
    /// The candidate module.
    pub to: ModuleInfo,
    /// Its digest.
    pub to_sha256: String,
    /// The current dictionary's version, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_dictionary: Option<String>,
    /// The candidate dictionary's version, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_dictionary: Option<String>,
    /// Requests evaluated.
    pub requests: usize,
    /// Charges compared.
    pub charges: usize,
    /// Charges whose decision, queue or cited rules change.
    pub changed_charges: usize,
    /// Requests answered with another HTTP status.
    pub changed_status: usize,
    /// Per file.
    pub files: Vec<FileDiff>,
}

/// `lookback diff`: every request in the folder on both modules; exit 0 (differences are the
/// answer, not a failure), 2 when something cannot be read or loaded.
pub async fn diff(args: DiffArgs) -> anyhow::Result<ExitCode> {
    if crate::bulk::is_ndjson(&args.dir, args.ndjson) {
        return diff_ndjson(args).await;
    }
    let json = args.json;
    let summary = diff_summary(args).await?;
    if json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", render_table(&summary));
    }
    Ok(ExitCode::SUCCESS)
}

/// Evaluates every request of `args.dir` with both modules.
pub async fn diff_summary(args: DiffArgs) -> anyhow::Result<DiffSummary> {
    let files = request_files(&args.dir)?;
    let (host, from, to) = diff_engine(&args).await?;
    let default_now = now_rfc3339();
    let mut out = Vec::with_capacity(files.len());
    for path in &files {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let file: Value = serde_json::from_str(&text)
            .with_context(|| format!("{} is not JSON", path.display()))?;
        let (body, now) = body_and_now(&file, args.now.as_deref(), &default_now)?;
        let report = diff::diff(&host, &from, &to, body, &now).await;
        out.push(FileDiff {
            file: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            report,
        });
    }
    let version = |r: &Reading| r.dictionary.as_ref().map(|d| d.version.clone());
    let summary = DiffSummary {
        from: from.module.info.clone(),
        from_sha256: from.module.sha256.clone(),
        to: to.module.info.clone(),
        to_sha256: to.module.sha256.clone(),
        from_dictionary: version(&from),
        to_dictionary: version(&to),
        requests: out.len(),
        charges: out.iter().map(|f| f.report.charges).sum(),
        changed_charges: out.iter().map(|f| f.report.changes.len()).sum(),
        changed_status: out
            .iter()
            .filter(|f| f.report.from.status != f.report.to.status)
            .count(),
        files: out,
    };
    Ok(summary)
}

/// The engine with both sides of a diff loaded: their modules (the candidate is the current one
/// unless `--to` names another) and their dictionaries.
async fn diff_engine(args: &DiffArgs) -> anyhow::Result<(EngineHost, Reading, Reading)> {
    let settings = EngineSettings::from(args.engine.clone());
    let (from_path, to_path) = (args.from.clone(), args.to.clone());
    let from_dictionary = dictionary_file(args.from_dictionary.as_deref())?;
    let to_dictionary = dictionary_file(args.dictionary.as_deref())?;
    let (host, from, to) = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let host = EngineHost::new(&settings)?;
        let from = load(&host, from_path.as_deref())?;
        let to = match &to_path {
            Some(path) => load(&host, Some(path))?,
            None => from.clone(),
        };
        Ok((host, from, to))
    })
    .await??;
    for (module, dictionary) in [(&from, &from_dictionary), (&to, &to_dictionary)] {
        if dictionary.is_some() && module.info.charge_dictionary < lookback_core::dictionary::FORMAT
        {
            anyhow::bail!(
                "module {} does not read charge dictionaries",
                module.info.engine_version
            );
        }
    }
    let side = |module, dictionary| Reading { module, dictionary };
    Ok((host, side(from, from_dictionary), side(to, to_dictionary)))
}

/// A dictionary file, validated as the server validates one (the file names its tenant, or
/// none: offline, every record is read with it).
fn dictionary_file(path: Option<&Path>) -> anyhow::Result<Option<Arc<TenantDictionary>>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let dictionary = TenantDictionary::parse_standalone(&text)
        .map_err(|e| anyhow::anyhow!("{}: dictionary refused: {e}", path.display()))?;
    Ok(Some(Arc::new(dictionary)))
}

/// A request file's (or line's) `/evaluate` body, which may sit under `request` as in the corpus,
/// and the `now` to evaluate it at: `--now`, else its own `now`, else `default_now`.
fn body_and_now(
    file: &Value,
    now: Option<&str>,
    default_now: &str,
) -> anyhow::Result<(axum::body::Bytes, String)> {
    let body = file.get("request").unwrap_or(file);
    let now = now
        .or_else(|| file["now"].as_str())
        .unwrap_or(default_now)
        .to_owned();
    Ok((serde_json::to_vec(body)?.into(), now))
}

/// One NDJSON line's diff.
#[derive(Serialize)]
struct LineDiff {
    line: u64,
    #[serde(flatten)]
    report: DiffReport,
}

/// `lookback diff` on NDJSON: every line on both modules, every core; one report line each on
/// standard output, the totals and records/s on standard error. A line that is not JSON goes to
/// both modules as it is (both answer 400).
async fn diff_ndjson(args: DiffArgs) -> anyhow::Result<ExitCode> {
    let (host, from, to) = diff_engine(&args).await?;
    let (fixed_now, default_now) = (args.now.clone(), now_rfc3339());
    let work = move |line: u64, raw: axum::body::Bytes| {
        let (host, from, to) = (host.clone(), from.clone(), to.clone());
        let (fixed_now, default_now) = (fixed_now.clone(), default_now.clone());
        async move {
            let parsed = serde_json::from_slice::<Value>(&raw).ok();
            let (body, now) = parsed
                .and_then(|file| body_and_now(&file, fixed_now.as_deref(), &default_now).ok())
                .unwrap_or((raw, fixed_now.unwrap_or(default_now)));
            let report = diff::diff(&host, &from, &to, body, &now).await;
            let changed = !report.changes.is_empty() || report.from.status != report.to.status;
            crate::bulk::Done {
                line: serde_json::to_string(&LineDiff { line, report }).unwrap_or_default(),
                flagged: changed,
            }
        }
    };
    let stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let tally = crate::bulk::run(&args.dir, work, stdout).await?;
    tally.print("requests", "changed");
    Ok(ExitCode::SUCCESS)
}

fn load(host: &EngineHost, path: Option<&Path>) -> anyhow::Result<Arc<LoadedModule>> {
    let (module, _) = host.base_module(path, false)?;
    Ok(Arc::new(module))
}

/// `*.json` files of a folder (sorted), or the one file given.
fn request_files(path: &Path) -> anyhow::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .with_context(|| format!("reading {}", path.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

/// The diff as a text table: one row per changed charge (and per request whose status changes).
pub fn render_table(s: &DiffSummary) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let dictionary = |version: &Option<String>| match version {
        Some(v) => format!(", dictionary {v}"),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "from {} (rules {}, sha256 {}{})",
        s.from.engine_version,
        s.from.rules_version,
        &s.from_sha256[..12],
        dictionary(&s.from_dictionary)
    );
    let _ = writeln!(
        out,
        "to   {} (rules {}, sha256 {}{})",
        s.to.engine_version,
        s.to.rules_version,
        &s.to_sha256[..12],
        dictionary(&s.to_dictionary)
    );
    let mut rows = vec![[
        "file".to_owned(),
        "offense".to_owned(),
        "charge".to_owned(),
        "decision".to_owned(),
        "queue".to_owned(),
        "rules".to_owned(),
    ]];
    for f in &s.files {
        let (a, b) = (&f.report.from, &f.report.to);
        if a.status != b.status {
            rows.push([
                f.file.clone(),
                "-".into(),
                "-".into(),
                format!("status {} -> {}", a.status, b.status),
                String::new(),
                b.error
                    .clone()
                    .or_else(|| a.error.clone())
                    .unwrap_or_default(),
            ]);
        }
        for c in &f.report.changes {
            rows.push(change_row(&f.file, c));
        }
    }
    if rows.len() > 1 {
        out.push_str(&columns(&rows));
    }
    let _ = writeln!(
        out,
        "{} requests, {} charges, {} changed{}",
        s.requests,
        s.charges,
        s.changed_charges,
        if s.changed_status > 0 {
            format!(
                ", {} requests answered with another status",
                s.changed_status
            )
        } else {
            String::new()
        }
    );
    out
}

fn change_row(file: &str, c: &ChargeChange) -> [String; 6] {
    let side = |o: Option<&diff::Outcome>, f: &dyn Fn(&diff::Outcome) -> String| {
        o.map(f).unwrap_or_else(|| "(absent)".to_owned())
    };
    let (a, b) = (c.from.as_ref(), c.to.as_ref());
    let arrow = |f: &dyn Fn(&diff::Outcome) -> String| {
        let (x, y) = (side(a, f), side(b, f));
        if x == y { x } else { format!("{x} -> {y}") }
    };
    let rules = if c.rules_changed.is_empty() {
        b.or(a).map(|o| o.cited_rules.join(" ")).unwrap_or_default()
    } else {
        c.rules_changed.join(" ")
    };
    [
        file.to_owned(),
        c.offense_id.clone(),
        c.charge.clone().unwrap_or_default(),
        arrow(&|o| o.decision.as_str().to_owned()),
        arrow(&|o| o.queue.as_str().to_owned()),
        rules,
    ]
}

fn columns(rows: &[[String; 6]]) -> String {
    let mut widths = [0usize; 6];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}
