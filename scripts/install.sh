#!/usr/bin/env bash
# Installs node modules when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[install] npm ci"
  npm ci --no-audit --no-fund
fi
