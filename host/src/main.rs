//! `lookback`: see [`lookback::cli`].

fn main() -> std::process::ExitCode {
    lookback::cli::main()
}
