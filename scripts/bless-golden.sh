#!/usr/bin/env bash
# Re-records tests/golden/hashes.txt from the current build. Refuses when hashes would
# move without a bumped SIM_VERSION (src/sim/table.rs): golden hashes change only on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --no-default-features --bin carrom
version=$(sed -nE 's/^pub const SIM_VERSION: u32 = ([0-9]+);/\1/p' src/sim/table.rs)
new=$(mktemp)
{ echo "# sim version $version"; scripts/golden-hashes.sh target/debug/carrom; } > "$new"
old=tests/golden/hashes.txt
if [[ -f "$old" ]] && [[ "$(head -n1 "$old")" == "# sim version $version" ]] \
   && ! diff -q <(sed 1d "$old" | sort) <(sed 1d "$new" | sort | grep -F -x -f <(sed 1d "$old" | sort) || true) >/dev/null; then
  echo "golden hashes moved but SIM_VERSION is still $version: bump it if the change is deliberate" >&2
  diff "$old" "$new" >&2 || true
  rm -f "$new"; exit 1
fi
mv "$new" "$old"
echo "recorded $(($(wc -l < "$old") - 1)) golden strokes for sim version $version"
