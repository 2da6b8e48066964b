#!/usr/bin/env bash
# Type-checks and builds every package and the web app; prints the log only when it fails.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p .data/logs
echo "[build] services, tools and web"
if ! npm run --silent build >.data/logs/build.log 2>&1; then
  grep -v 'Unknown user config' .data/logs/build.log | tail -60
  echo "[build] failed (full log: .data/logs/build.log)" >&2
  exit 1
fi
