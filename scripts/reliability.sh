#!/usr/bin/env bash
# npm run test:reliability: faults, load and attacks against the whole stack, started as npm start
# starts it, on a separate FerretDB and Redis that the fault tests may stop and start.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export JP_DATA_DIR="$PWD/.data/reliability" JP_MONGO_PORT=27037 JP_REDIS_PORT=6400
unset MONGO_URL REDIS_URL
bash scripts/provision.sh all
bash scripts/install.sh
[ "${JP_SKIP_BUILD:-}" = 1 ] || bash scripts/build.sh
status=0
JP_SUITE=reliability node node_modules/.bin/jest --ci --runInBand "$@" || status=$?
bash scripts/provision.sh stop
exit $status
