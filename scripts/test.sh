#!/usr/bin/env bash
# npm test: lint, type-check and build, then every jest suite (unit, integration on real FerretDB
# and Redis, PDF on real Chromium, browser e2e against the whole stack, deployment manifests).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/provision.sh all
source scripts/node-env.sh
echo "[test] node $(node --version)"
bash scripts/install.sh
echo "[test] lint"
npm run --silent lint
bash scripts/build.sh
echo "[test] jest"
# --forceExit: a suite that fails half-way through its setup can leave a connection open, and CI
# must end with the failure rather than wait on it.
# On two cores jest runs the suites one after another inside its own process, and what the suites
# leave in that process adds up: it passed 4 GB of heap at the end of a full run (V8's default
# limit there), so the limit is raised for the run rather than let it die after the last suite.
# --runInBand: what two cores do anyway, pinned for larger machines: the e2e suites share one stack
# and the journals they write, so one suite's write must not land in another's comparison.
exec node --max-old-space-size=8192 node_modules/.bin/jest --ci --runInBand --forceExit "$@"
