#!/usr/bin/env bash
# Optional: installs the real kustomize into .data/tools/bin (git-ignored) so the deploy tests also compare our
# offline renderer (k8s/test/render.ts) with kustomize's own output. The tests pass without it.
# Needs Go (the Go module proxy is the only download).
set -euo pipefail
VERSION="${KUSTOMIZE_VERSION:-v5.7.1}"
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN="$(cd "$DIR/../.." && pwd)/.data/tools/bin"
mkdir -p "$BIN"
if [[ -x "$BIN/kustomize" ]] && "$BIN/kustomize" version 2>/dev/null | grep -q "${VERSION#v}"; then
  echo "kustomize $VERSION already in $BIN"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "go is not installed; skipping kustomize (the deploy tests use the built-in renderer)" >&2
  exit 0
fi
GOBIN="$BIN" GOTOOLCHAIN=local GOFLAGS=-mod=mod go install "sigs.k8s.io/kustomize/kustomize/v5@${VERSION}"
"$BIN/kustomize" version
