#!/usr/bin/env bash
# Installs the OpenAPI tools of tests/openapi from its committed lockfile (`npm ci`): Redocly's
# linter (scripts/lint-openapi.sh) and openapi-typescript + openapi-fetch, the generated client
# that runs the corpus against a real server (tests/tests/ops/openapi_client.rs). Needs node and
# npm (Node 20.19 or later). Fails when it cannot.
set -euo pipefail
cd "$(dirname "$0")/../tests/openapi"
npm ci --no-audit --no-fund --loglevel=error
