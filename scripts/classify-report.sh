#!/usr/bin/env bash
# Accuracy of the charge and disposition classifiers on real court text (issue 12): tuning part
# and held-back part side by side. Reads ../shared/reference/charges/ (beside the clone, as in CI)
# unless a folder is given. `--misses` adds the tuning part's disagreements (never held-back ones).
# Usage: scripts/classify-report.sh [DIR] [--misses]
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet -p lookback-core --example classify_report -- "$@"
