#!/usr/bin/env bash
# npm run test:reliability: faults, load and attacks against the whole stack, started as npm start
# starts it, on a separate FerretDB, Redis and Mailpit that the fault tests may stop and start.
#   JP_SKIP_BUILD=1          reuse the current build
#   extra arguments          go to jest (a file, or -t 'name')
# Every test prints what it did and measured ([reliability] lines); they are repeated at the end.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# JP_PORT_OFFSET (a multiple of 100) gives a second checkout its own servers and ports.
lane=$(( ${JP_PORT_OFFSET:-0} / 10 ))
export JP_DATA_DIR="$PWD/.data/reliability" JP_MONGO_PORT=$((27037 + lane)) JP_REDIS_PORT=$((6400 + lane))
export JP_MAILPIT_SMTP_PORT=$((1035 + lane)) JP_MAILPIT_HTTP_PORT=$((8035 + lane))
unset MONGO_URL REDIS_URL EDGE_REDIS_URL SMTP_URL MAILPIT_URL
bash scripts/provision.sh all
source scripts/node-env.sh
bash scripts/install.sh
[ "${JP_SKIP_BUILD:-}" = 1 ] || bash scripts/build.sh
mkdir -p "$JP_DATA_DIR"
rm -f "$JP_DATA_DIR/report.txt"
status=0
started=$(date +%s)
JP_SUITE=reliability node node_modules/.bin/jest --ci --runInBand --forceExit "$@" || status=$?
bash scripts/provision.sh stop
if [ -s "$JP_DATA_DIR/report.txt" ]; then
  echo
  echo "== reliability figures ($(( $(date +%s) - started )) s, $(nproc) cores; full logs in $JP_DATA_DIR/logs) =="
  cat "$JP_DATA_DIR/report.txt"
fi
exit $status
