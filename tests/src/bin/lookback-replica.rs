//! The `lookback` program itself, built beside the end-to-end tests so they can start real
//! `lookback serve` processes (the multi-replica tests, `tests/tests/replicas/`): Cargo hands
//! integration tests the path of their own package's binaries, not of another package's.

fn main() -> std::process::ExitCode {
    lookback::cli::main()
}
