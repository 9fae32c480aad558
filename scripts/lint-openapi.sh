#!/usr/bin/env bash
# Lints docs/openapi.json with Redocly's recommended rules, every warning raised to an error
# (tests/openapi/redocly.yaml): any finding fails. Run scripts/install-openapi-tools.sh first.
set -euo pipefail
cd "$(dirname "$0")/../tests/openapi"
exec npx --no-install redocly lint --config redocly.yaml ../../docs/openapi.json
