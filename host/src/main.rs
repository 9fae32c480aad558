//! `lookback`: see [`lookback::cli`].

/// The static binary (musl, the container image's) allocates with mimalloc: musl's own malloc
/// serialises every thread on one lock while `/evaluate` allocates on every worker thread, and
/// measured 0.74x the glibc build's throughput, mimalloc 1.19x (`scripts/bench-static.sh`;
/// `docs/operations.md`, "Containers and Kubernetes"). The glibc build keeps glibc's allocator.
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    lookback::cli::main()
}
