# Sourced by the test and CI scripts: when the machine's Node.js is not the images' major,
# `scripts/provision.sh node` installed that one under .data/bin, and it goes first on PATH here
# so that npm, jest and every process the suites spawn (process.execPath) run on it.
_jp_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_jp_node="$(ls -d "$_jp_root"/.data/bin/node-v24.*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -n "$_jp_node" ] && [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true)" != 24 ]; then
  export PATH="$_jp_node:$PATH"
fi
unset _jp_root _jp_node
