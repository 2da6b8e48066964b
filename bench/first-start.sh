#!/usr/bin/env bash
# A first start: a fresh clone of this repository's HEAD, nothing under its .data, then `npm start`
# until the demo journal's home page answers 200 through nginx (http://localhost:8080/). Prints
# the seconds it took and each provisioning step's time. With --cold the Go, npm and pip caches are
# empty too (a machine that never built anything; its Debian packages stay installed).
#
# It uses the stack's ports (nginx 8080, the services from 4000): run it alone, under
#   flock -o /tmp/jp-stack.lock bash bench/first-start.sh [--cold]
# or beside a running stack with PORT and JP_PORT_BASE set to free ones (e.g. PORT=18080
# JP_PORT_BASE=14000). Its own PostgreSQL, FerretDB, Redis and Mailpit listen on other ports than a running
# set's, and stop with it.
# The section in docs/benchmarks.md comes from bench/first-start.md, written from its output.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
COLD=0; [ "${1:-}" = --cold ] && COLD=1
WORK="$(mktemp -d /tmp/first-start-XXXXXX)"
# nginx's workers (www-data) serve the clone's web build: they must be able to walk to it.
chmod 755 "$WORK"
LOG="$WORK/start.log"
# The servers npm start provisioned stop with it; if it died first, they are stopped here. Its log
# stays in /tmp/first-start.log.
trap 'cp "$LOG" /tmp/first-start.log 2>/dev/null; (cd "$WORK/clone" 2>/dev/null && bash scripts/provision.sh stop >/dev/null 2>&1); rm -rf "$WORK"' EXIT

git clone -q "$ROOT" "$WORK/clone" || exit 1
cd "$WORK/clone" || exit 1
if [ "$COLD" = 1 ]; then
  export GOCACHE="$WORK/cache/go-build" GOMODCACHE="$WORK/cache/gomod" npm_config_cache="$WORK/cache/npm" PIP_CACHE_DIR="$WORK/cache/pip"
fi
export JP_MONGO_PORT=27127 JP_PG_PORT=5499 JP_REDIS_PORT=6490 JP_MAILPIT_SMTP_PORT=1125 JP_MAILPIT_HTTP_PORT=8125

NGINX_PORT="${PORT:-8080}"
home() { curl -s -o /dev/null -m 5 -w '%{http_code}' -H 'Host: localhost' "http://127.0.0.1:$NGINX_PORT/"; }
[ "$(home)" = 000 ] || { echo "something already answers on port $NGINX_PORT: stop it first" >&2; exit 1; }

echo "commit $(git rev-parse --short HEAD), $([ "$COLD" = 1 ] && echo 'empty Go, npm and pip caches' || echo "this machine's Go, npm and pip caches"), load average $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s.%N)
setsid npm start > >(while IFS= read -r l; do printf '%s %s\n' "$(date +%s.%N)" "$l"; done >"$LOG") 2>&1 &
pid=$!
# CPU seconds of npm start's processes and the servers it starts, per step (bench/tree-cpu.py).
CPU="$WORK/cpu.txt"
# PostgreSQL starts itself as a daemon: its postmaster (and the backends under it) are found by its pid file.
python3 "$ROOT/bench/tree-cpu.py" "$pid" "$WORK/clone/.data/run/*.pid $WORK/clone/.data/postgres/data/postmaster.pid" "$CPU" &
sampler=$!
status=failed
while kill -0 "$pid" 2>/dev/null; do
  if [ "$(home)" = 200 ]; then status=served; break; fi
  [ $(($(date +%s) - ${start%.*})) -gt 1800 ] && { status='not served after 1800 s'; break; }
  sleep 1
done
end=$(date +%s.%N)
kill -USR1 "$sampler"; sleep 2
printf 'demo home page %s: %.0f s after npm start (load average %s)\n' "$status" "$(echo "$end - $start" | bc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
cpu="$(awk '{ sub(/^[0-9]+ total=/, ""); print; exit }' "$CPU")"
printf 'CPU until served: %s s (user+system of npm start and its servers; on 2 cores no less than %.0f s of wall time)\n' \
  "$cpu" "$(echo "${cpu%% *} / 2" | bc -l)"
# When each step began, in seconds after npm start (provisioning, install, build, seed and start).
awk -v s="$start" '/\[provision\] |\[install\]|\[build\]|The journal platform is running|Mailpit is running/ { t = $1; $1 = ""; printf "  %6.0f s %s\n", t - s, $0 }' "$LOG"
# Mailpit is built after the journals serve (a first start): how long it took, and its CPU.
if [ "$status" = served ] && ! grep -q 'Mailpit already running' "$LOG"; then
  for _ in $(seq 1 900); do grep -q 'Mailpit is running\|Mailpit could not' "$LOG" && break; kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  printf 'Mailpit (after serving): %s %.0f s after npm start\n' "$(grep -o 'Mailpit is running\|Mailpit could not[^(]*' "$LOG" | head -1 || echo 'not ready')" "$(echo "$(date +%s.%N) - $start" | bc)"
fi
kill -TERM "$sampler"; wait "$sampler" 2>/dev/null
printf 'CPU seconds at the end: %s\n' "$(tail -1 "$CPU")"
kill -INT -- "-$pid" 2>/dev/null
for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
kill -0 "$pid" 2>/dev/null && kill -TERM -- "-$pid"
[ "$status" = served ]
