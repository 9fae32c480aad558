//! `lookback`: see [`lookback::cli`].

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = lookback::cli::Cli::parse();
    let _log = lookback::telemetry::init();
    match lookback::cli::run(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("lookback: {error:#}");
            ExitCode::from(2)
        }
    }
}
