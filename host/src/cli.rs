//! The `lookback` command: `serve`, `evaluate FILE`, `inspect FILE.wasm`, `diff`, `rules`,
//! `keys create`, `keys revoke`, `health` (the command line itself is `config`).

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use clap::Parser;
use lookback_runtime::{EngineHost, EngineSettings, LoadedModule};

use crate::auth::keys::{self, Role};
use crate::client_rules::Overlays;
use crate::config::{Cli, Command, EvaluateArgs, KeysCommand, ServeArgs, Settings};
use crate::context::RequestCtx;
use crate::pipeline::{self, Answer};
use crate::server::Server;

/// The `lookback` program: parses the command line, logs to standard error, runs the command;
/// an error is printed and exits 2.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Held to the end: dropping it flushes the non-blocking log writer.
    let _log = crate::telemetry::init(cli.log_format);
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("lookback: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Keys {
            command: KeysCommand::Create { tenant, role, file },
        } => create_key(&file, tenant, role),
        Command::Serve(args) => match runtime()?.block_on(serve(*args)) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            // An unreachable database at start: exit 1, as operators and orchestrators expect.
            Err(error) if error.chain().any(|e| e.is::<crate::store::StoreError>()) => {
                eprintln!("lookback: {error:#}");
                Ok(ExitCode::from(1))
            }
            Err(error) => Err(error),
        },
        Command::Keys {
            command: KeysCommand::Revoke { key_id, file },
        } => {
            if keys::revoke_key(&file, &key_id)? {
                eprintln!("revoked key {key_id} in {}", file.display());
                Ok(ExitCode::SUCCESS)
            } else {
                eprintln!("no key {key_id} in {}", file.display());
                Ok(ExitCode::from(1))
            }
        }
        Command::Keys {
            command: KeysCommand::Check(sources),
        } => match crate::auth::check_keys(&sources.into_settings()) {
            Ok(count) => {
                eprintln!("keys accepted: {count}");
                Ok(ExitCode::SUCCESS)
            }
            Err(error) => {
                eprintln!("lookback: keys refused: {error}");
                Ok(ExitCode::from(1))
            }
        },
        Command::Evaluate(args) => runtime()?.block_on(evaluate_file(args)),
        Command::Inspect(args) => crate::offline::inspect(args),
        Command::Diff(args) => runtime()?.block_on(crate::offline::diff(args)),
        Command::Rules(args) => crate::rules_cli::run(&args),
        Command::Health(args) => Ok(crate::health_probe::run(&args)),
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")
}

/// `lookback serve`: with no key configured, a development key is generated and printed once on
/// standard error (docs/decisions.md §1); it is never logged. Serves until SIGTERM or SIGINT.
pub async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let addr = args.addr;
    let mut settings: Settings = args.into();
    let metrics_addr = settings.metrics_addr;
    if settings.auth.has_no_keys() {
        let key = keys::generate_key();
        eprintln!("lookback: no API keys configured; development API key (shown once): {key}");
        settings.auth.api_keys.push(key);
    }
    let started = std::time::Instant::now();
    let server = tokio::task::spawn_blocking(move || Server::build(&settings)).await??;
    let module = server.state().registry().active();
    tracing::info!(
        load_ms = crate::context::round_ms(started.elapsed().as_secs_f64() * 1000.0),
        engine_version = %module.info.engine_version,
        rules_version = %module.info.rules_version,
        sha256 = %module.sha256,
        "engine module loaded"
    );
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("binding {addr}"))?;
    tracing::info!(addr = %listener.local_addr()?, "listening");
    let internal = match metrics_addr {
        Some(addr) => {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("binding LOOKBACK_METRICS_ADDR {addr}"))?;
            tracing::info!(addr = %listener.local_addr()?, "internal listener (/metrics, /health)");
            Some(listener)
        }
        None => None,
    };
    server
        .serve_with_internal(listener, internal, shutdown_signal())
        .await?;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on ctrl-c or SIGTERM; in-flight requests then finish before the server stops.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    tracing::info!("shutdown signal received; finishing in-flight requests");
}

/// `lookback evaluate FILE`: the same module and runner as the server, offline; NDJSON in bulk
/// (`--ndjson`, `-`, `.ndjson`, `.jsonl`). Exit code 0 for 200/206, 1 otherwise (for any line).
pub async fn evaluate_file(args: EvaluateArgs) -> anyhow::Result<ExitCode> {
    let overlays = Overlays::load(args.client_rules_dir.as_deref())
        .map_err(|e| anyhow::anyhow!("client rules refused: {e}"))?;
    if crate::bulk::is_ndjson(&args.file, args.ndjson) {
        return evaluate_ndjson(args, overlays).await;
    }
    let body =
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let answer = evaluate_offline(args.engine.into(), &overlays, body, args.now).await?;
    let text = if args.pretty {
        serde_json::from_str::<serde_json::Value>(&answer.body)
            .and_then(|v| serde_json::to_string_pretty(&v))
            .unwrap_or(answer.body.clone())
    } else {
        answer.body.clone()
    };
    println!("{text}");
    Ok(if answered(&answer) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn answered(answer: &Answer) -> bool {
    matches!(answer.status.as_u16(), 200 | 206)
}

/// `lookback evaluate` on NDJSON: every line on one engine, every core; one `{"line", "status",
/// "answer"}` line each on standard output, the totals and records/s on standard error. One `now`
/// for the whole run, so its decisions are consistent with each other.
async fn evaluate_ndjson(args: EvaluateArgs, overlays: Overlays) -> anyhow::Result<ExitCode> {
    let (host, module) = offline_engine(args.engine.into()).await?;
    let now = args.now.unwrap_or_else(crate::clock::now_rfc3339);
    let work = move |line: u64, body: axum::body::Bytes| {
        let (host, module, overlays, now) =
            (host.clone(), module.clone(), overlays.clone(), now.clone());
        async move {
            let answer = run_evaluate(&host, module, &overlays, body, &now).await;
            crate::bulk::Done {
                flagged: !answered(&answer),
                line: format!(
                    r#"{{"line":{line},"status":{},"answer":{}}}"#,
                    answer.status.as_u16(),
                    answer.body
                ),
            }
        }
    };
    let stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let tally = crate::bulk::run(&args.file, work, stdout).await?;
    tally.print("records", "not answered 200 or 206");
    Ok(if tally.flagged == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Runs one `/evaluate` body through a fresh engine (no authentication, no tenant binding; the
/// record's `tenant_id` picks its overlay from `overlays`). `now` (RFC 3339) defaults to the
/// current time.
pub async fn evaluate_offline(
    engine: EngineSettings,
    overlays: &Overlays,
    body: Vec<u8>,
    now: Option<String>,
) -> anyhow::Result<Answer> {
    let (host, module) = offline_engine(engine).await?;
    let now = now.unwrap_or_else(crate::clock::now_rfc3339);
    Ok(run_evaluate(&host, module, overlays, body.into(), &now).await)
}

/// The engine and the module `lookback serve` would start with.
async fn offline_engine(engine: EngineSettings) -> anyhow::Result<(EngineHost, Arc<LoadedModule>)> {
    tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let host = EngineHost::new(&engine)?;
        let (module, _) = host.base_module(engine.module.as_deref(), false)?;
        Ok((host, Arc::new(module)))
    })
    .await?
}

/// One `/evaluate` body through the server's pipeline, its refusals answered as the server
/// answers them.
async fn run_evaluate(
    host: &EngineHost,
    module: Arc<LoadedModule>,
    overlays: &Overlays,
    body: axum::body::Bytes,
    now: &str,
) -> Answer {
    let ctx = RequestCtx::new(None);
    let tenancy = pipeline::Tenancy::anonymous(overlays);
    match pipeline::evaluate(host, module, body, &ctx, tenancy, now).await {
        Ok(answer) => answer,
        Err(error) => Answer::plain(error.status(), error.body()),
    }
}

fn create_key(
    file: &std::path::Path,
    tenant: Option<String>,
    role: Role,
) -> anyhow::Result<ExitCode> {
    let (key, record) = keys::create_key(file, tenant, role)?;
    eprintln!(
        "created key {} (role {:?}{}) in {}; the key is shown once, store it now:",
        record.key_id,
        record.role,
        record
            .tenant
            .as_deref()
            .map(|t| format!(", tenant {t}"))
            .unwrap_or_default(),
        file.display()
    );
    println!("{key}");
    Ok(ExitCode::SUCCESS)
}
