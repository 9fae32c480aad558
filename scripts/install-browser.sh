#!/usr/bin/env bash
# Installs what drives the reviewer page in a real browser: Debian's Chromium (unless
# LOOKBACK_CHROMIUM names one) and playwright-core (`npm ci` in tests/browser). Used by the browser
# test (scripts/test.sh) and the page's benchmark (scripts/bench.sh). Fails when it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${LOOKBACK_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for the reviewer page"
  [ "$(id -u)" = 0 ] || { echo "not root: cannot apt-get install chromium" >&2; exit 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
