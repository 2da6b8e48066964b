#!/usr/bin/env bash
# The release: build and push every image, pin each one by digest in k8s/overlays/prod/release, commit.
#   bash scripts/release.sh registry.example.org/journal     # skaffold build --push, pin, commit
#   bash scripts/release.sh --pin build.json                 # pin a `skaffold build --file-output`
# Afterwards every `kubectl apply -k k8s/overlays/prod` (the runbook's routine steps included)
# applies exactly these images: git holds the release, so no later apply can roll one back.
# JP_RELEASE_OVERLAY (default k8s/overlays/prod/release) and JP_RELEASE_NO_COMMIT=1 are for tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OVERLAY="${JP_RELEASE_OVERLAY:-$ROOT/k8s/overlays/prod/release}"
die() { printf '[release] ERROR: %s\n' "$*" >&2; exit 1; }

KUSTOMIZE="$ROOT/.data/bin/kustomize-v5.7.1"
[ -x "$KUSTOMIZE" ] || KUSTOMIZE="$(command -v kustomize)" || die "kustomize not found: bash scripts/provision.sh kustomize"

if [ "${1:-}" = "--pin" ]; then
  [ -f "${2:-}" ] || die "usage: release.sh --pin BUILD.json"
  build="$2"
else
  registry="${1:-}"
  [ -n "$registry" ] || die "usage: release.sh REGISTRY (e.g. registry.example.org/journal)"
  [[ "$registry" =~ ^[a-z0-9-]+(\.[a-z0-9-]+)+(:[0-9]+)?(/[a-z0-9._-]+)*$ ]] || die "not a registry path: $registry"
  [ -z "$(git -C "$ROOT" status --porcelain)" ] || die "the work tree has changes: release from a clean commit"
  command -v skaffold >/dev/null || die "skaffold is needed to build and push"
  mkdir -p "$ROOT/.data/release"
  build="$ROOT/.data/release/build-$(git -C "$ROOT" rev-parse --short HEAD).json"
  # Image names carry no '/' or '.', so --default-repo only prefixes them:
  # journal-gateway -> $registry/journal-gateway (the names of skaffold.yaml, k8s/ and the runbook).
  skaffold build -p prod --default-repo "$registry" --file-output "$build"
fi

# Each built image as name=registry/name@sha256:digest (the tag is dropped: the digest is the release).
pins="$(node -e '
  const b = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const { imageName, tag } of b.builds) {
    const m = /^(.+?)(?::[\w][\w.-]*)?@(sha256:[a-f0-9]{64})$/.exec(tag);
    if (!m) { console.error(`no digest in ${tag} (was the image pushed?)`); process.exit(1); }
    console.log(`${imageName}=${m[1]}@${m[2]}`);
  }' "$build")"
[ -n "$pins" ] || die "no images in $build"
# shellcheck disable=SC2086
(cd "$OVERLAY" && "$KUSTOMIZE" edit set image $pins)
printf '[release] pinned in %s:\n%s\n' "${OVERLAY#"$ROOT"/}" "$pins" >&2

if [ "${JP_RELEASE_NO_COMMIT:-}" != 1 ]; then
  git -C "$ROOT" add "$OVERLAY/kustomization.yaml"
  git -C "$ROOT" commit -q -m "Release $(git -C "$ROOT" rev-parse --short HEAD): images pinned by digest" -- "$OVERLAY/kustomization.yaml"
  printf '[release] committed; deploy with: kubectl apply -k k8s/overlays/prod\n' >&2
fi
