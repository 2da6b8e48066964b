#!/usr/bin/env bash
# Type-checks and builds every package and the web app; prints the log only when it fails.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p .data/logs
# `build.sh run` (npm start) builds only what runs: the services' tsc build and the web bundles.
# The type-checks that emit nothing (tools and tests, the web sources) are the tests' (npm test).
if [ "${1:-}" = run ]; then
  echo "[build] services and web"
  target=build:run
else
  echo "[build] services, tools and web"
  target=build
fi
if ! npm run --silent "$target" >.data/logs/build.log 2>&1; then
  grep -v 'Unknown user config' .data/logs/build.log | tail -60
  echo "[build] failed (full log: .data/logs/build.log)" >&2
  exit 1
fi
