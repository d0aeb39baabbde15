#!/usr/bin/env bash
# Prints the golden hash list: one line per stroke of every golden scenario
# (tests/golden/*.json through `simulate`) and golden match (tests/golden/matches/*.json
# through `referee`), "<file> <stroke> <hash or error>", using the carrom binary given
# as the command
# (e.g. `scripts/golden-hashes.sh target/debug/carrom`, or a runner and a .wasm file).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
args=()
for a in "$@"; do
  if [[ "$a" == */* && -e "$a" ]]; then a=$(cd "$(dirname "$a")" && pwd)/$(basename "$a"); fi
  args+=("$a")
done
cd "$here/tests/golden"
list() {
  local command=$1 file=$2
  "${args[@]}" "$command" "$file" | sed -E \
    -e 's/^\{"stroke":([0-9]+),"error".*/\1 error/' \
    -e 's/^\{"stroke":([0-9]+),.*"hash":"([0-9a-f]{16})"\}$/\1 \2/' \
    -e "s|^|$file |"
}
for file in *.json; do list simulate "$file"; done
for file in matches/*.json; do list referee "$file"; done
