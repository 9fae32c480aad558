//! `lookback-bench`: the bench-only tools `scripts/bench.sh` drives. Not part of the service and
//! not built by the test suite (cargo feature `bench` of `lookback-tests`).
//!
//! - `stages`: native vs wasm (fresh instance per call) for each engine stage, medians and ratios;
//! - `echo`: a bare axum server that parses and echoes a JSON body, the HTTP ceiling to compare
//!   `/evaluate` against;
//! - `paced`: an open-loop load at a fixed request rate, for latency at a given throughput;
//! - `profile`: one reused instance running the request in a loop with wasmtime's perf map, for
//!   `perf record`;
//! - `record`: a synthetic `/evaluate` body with N charges.

mod breakdown;
mod echo;
mod paced;
mod profile;
mod record;
mod resident;
mod stages;
mod stats;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "lookback-bench",
    about = "Benchmark tools for scripts/bench.sh"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Native vs wasm (fresh instance per call) for each stage; prints JSON.
    Stages {
        /// An `/evaluate` request body.
        #[arg(long)]
        body: PathBuf,
        /// The engine module to run (default: the one embedded in `lookback`).
        #[arg(long)]
        module: Option<PathBuf>,
        /// Interleaved rounds (each variant runs `per_round` calls per round).
        #[arg(long, default_value_t = 30)]
        rounds: usize,
        /// Calls per variant and round.
        #[arg(long, default_value_t = 50)]
        per_round: usize,
        /// A tenant's charge dictionary file, sent whole in every request's context: the cost
        /// for a module without `lookback_charge_keys` (the server sends others only the
        /// entries that read the record) and for the reviewer page's draft.
        #[arg(long)]
        dictionary: Option<PathBuf>,
    },
    /// The request's two stages in one reused instance, in a loop, with wasmtime's perf map
    /// (`/tmp/perf-<pid>.map`): run it under `perf record`.
    Profile {
        /// An `/evaluate` request body.
        #[arg(long)]
        body: PathBuf,
        /// The engine module to run (default: the one embedded in `lookback`).
        #[arg(long)]
        module: Option<PathBuf>,
        /// Without the epoch checks the server's deadline needs.
        #[arg(long)]
        no_epoch: bool,
        /// How long to run.
        #[arg(long, default_value_t = 10.0)]
        secs: f64,
    },
    /// Serves `POST /evaluate` that parses the JSON body and echoes it.
    Echo {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8090")]
        addr: std::net::SocketAddr,
    },
    /// Sends POSTs at a fixed rate (open loop) and prints p50/p99 latency as JSON.
    Paced {
        /// Target URL.
        #[arg(long)]
        url: String,
        /// Bearer token, if the target needs one.
        #[arg(long, env = "LOOKBACK_BENCH_TOKEN", hide_env_values = true)]
        token: Option<String>,
        /// Request body file.
        #[arg(long)]
        body: PathBuf,
        /// Requests per second.
        #[arg(long)]
        rate: f64,
        /// Duration in seconds.
        #[arg(long, default_value_t = 10.0)]
        secs: f64,
    },
    /// Prints an `/evaluate` body with `charges` charges (5 per case) built from the 10-charge
    /// fixture.
    Record {
        /// Number of charges.
        #[arg(long)]
        charges: usize,
    },
}

/// The module at `path`, or the one embedded in `lookback`.
fn module_bytes(path: Option<PathBuf>) -> std::io::Result<Vec<u8>> {
    match path {
        Some(path) => std::fs::read(path),
        None => Ok(lookback_runtime::EMBEDDED_MODULE.to_vec()),
    }
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Stages {
            body,
            module,
            rounds,
            per_round,
            dictionary,
        } => {
            let dictionary = match dictionary {
                Some(path) => {
                    let file = lookback_core::dictionary::DictionaryFile::parse(
                        &std::fs::read_to_string(path)?,
                    )
                    .map_err(anyhow::Error::msg)?;
                    Some(file.engine_input("bench"))
                }
                None => None,
            };
            stages::run(
                &module_bytes(module)?,
                &std::fs::read(body)?,
                rounds,
                per_round,
                dictionary.as_deref(),
            )
        }
        Command::Profile {
            body,
            module,
            no_epoch,
            secs,
        } => {
            let context = stages::kept_context();
            profile::run(
                &module_bytes(module)?,
                &std::fs::read(body)?,
                context.as_bytes(),
                !no_epoch,
                secs,
            )
        }
        Command::Echo { addr } => echo::run(addr),
        Command::Paced {
            url,
            token,
            body,
            rate,
            secs,
        } => paced::run(&paced::Load {
            url,
            token,
            body: std::fs::read(body)?,
            rate,
            secs,
        }),
        Command::Record { charges } => record::run(charges),
    }
}
