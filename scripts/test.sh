#!/usr/bin/env bash
# Runs every test of the repository on a fresh machine (rustup's stable Rust is all it assumes).
# Installs what the tests need first: the wasm32 target the engine module is built for.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "installing the wasm32-unknown-unknown target (the engine module is built for it)"
  rustup target add wasm32-unknown-unknown
fi

cargo test --workspace --all-targets
