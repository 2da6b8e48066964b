#!/usr/bin/env bash
# npm start: provision the real local servers, install, build, seed and run everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# Servers that were already running stay running when we stop; the ones we start, we stop.
stop_servers=1
if port_open "${JP_MONGO_PORT:-27027}" || port_open "${JP_REDIS_PORT:-6390}" || port_open "${JP_MAILPIT_SMTP_PORT:-1025}"; then stop_servers=0; fi

# Only what running needs: the test tools (kustomize, promtool, kubeconform, schemas) are `npm test`'s.
bash scripts/provision.sh packages
bash scripts/provision.sh node
source scripts/node-env.sh
# On a new machine FerretDB is built with Go (minutes): it builds while npm installs and builds the
# platform, and the servers start once both are done. Mailpit, also built with Go, is not needed to
# serve (mail waits in the durable outbox): start.ts builds and starts it once the journals serve.
{ bash scripts/provision.sh ferretdb && bash scripts/provision.sh robots; } &
ferretdb=$!
trap 'kill "$ferretdb" 2>/dev/null || true' EXIT
bash scripts/install.sh
bash scripts/build.sh run
wait "$ferretdb"
trap - EXIT
JP_MAILPIT_LATER=1 bash scripts/provision.sh servers
JP_STOP_SERVERS=$stop_servers JP_MAILPIT_LATER=1 exec node node_modules/.bin/tsx scripts/start.ts
