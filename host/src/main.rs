//! `lookback`: see [`lookback::cli`].

/// The static binary (musl, the container image's) allocates with mimalloc: musl's own malloc
/// takes one lock for every thread, and `/evaluate` allocates on every worker thread at once
/// (the two measured against glibc's in `docs/operations.md`, "Containers and Kubernetes", by
/// `scripts/bench-static.sh`).
/// glibc's allocator is kept where it is the C library.
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    lookback::cli::main()
}
