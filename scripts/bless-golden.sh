#!/usr/bin/env bash
# Re-records tests/golden/hashes.txt from the current build. New golden strokes may be
# added freely; an existing hash may move only with a bumped SIM_VERSION
# (src/sim/table.rs), since golden hashes change only on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --no-default-features --bin carrom
version=$(sed -nE 's/^pub const SIM_VERSION: u32 = ([0-9]+);/\1/p' src/sim/table.rs)
old=tests/golden/hashes.txt
new=$(mktemp)
trap 'rm -f "$new"' EXIT
{ echo "# sim version $version"; scripts/golden-hashes.sh target/debug/carrom; } > "$new"
if [[ -f "$old" && "$(head -n1 "$old")" == "# sim version $version" ]]; then
  moved=$(comm -23 <(sed 1d "$old" | sort) <(sed 1d "$new" | sort))
  if [[ -n "$moved" ]]; then
    echo "these golden hashes moved but SIM_VERSION is still $version;" \
         "bump it if the change is deliberate:" >&2
    echo "$moved" >&2
    exit 1
  fi
fi
cp "$new" "$old"
echo "recorded $(($(wc -l < "$old") - 1)) golden strokes for sim version $version"
