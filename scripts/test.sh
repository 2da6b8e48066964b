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
exec node node_modules/.bin/jest --ci --forceExit "$@"
