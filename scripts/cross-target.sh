#!/usr/bin/env bash
# Cross-target determinism: builds the pure core's `carrom` binary (no client feature)
# for x86_64, i686 and wasm32-wasip1, debug and release, plays every golden scenario and
# golden match on each, prints each build's hash list, and fails unless all six lists are
# identical to each other and to the checked-in tests/golden/hashes.txt. Then it runs the
# core's test suites (unit, physics, property, rules, game) on i686 and wasm32 too.
# Needs: rustup targets i686-unknown-linux-gnu and wasm32-wasip1, Debian gcc-multilib
# (to link i686), and Node (to run WASI modules). .ci/run installs them.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(x86_64-unknown-linux-gnu i686-unknown-linux-gnu wasm32-wasip1)
built=${CARGO_TARGET_DIR:-target}
expected=$(sed 1d tests/golden/hashes.txt)
lists=$(mktemp -d)
trap 'rm -rf "$lists"' EXIT

for target in "${targets[@]}"; do
  for profile in debug release; do
    flag=(); [[ $profile == release ]] && flag=(--release)
    cargo build --quiet --no-default-features --bin carrom --target "$target" "${flag[@]}"
    if [[ $target == wasm32-* ]]; then
      run=(node --no-warnings scripts/wasi-run.mjs "$built/$target/$profile/carrom.wasm")
    else
      run=("$built/$target/$profile/carrom")
    fi
    scripts/golden-hashes.sh "${run[@]}" > "$lists/$target-$profile"
    echo "== $target $profile ($(wc -l < "$lists/$target-$profile") strokes)"
    cat "$lists/$target-$profile"
  done
done

status=0
for list in "$lists"/*; do
  if ! diff -u <(echo "$expected") "$list" > "$list.diff"; then
    echo "MISMATCH: $(basename "$list") differs from tests/golden/hashes.txt" >&2
    cat "$list.diff" >&2
    status=1
  fi
done
if [[ $status != 0 ]]; then
  exit $status
fi
echo "cross-target determinism: all ${#targets[@]} targets × debug/release give the checked-in hashes"

suites=(--lib --test core)
echo "== test suites on i686-unknown-linux-gnu"
cargo test --quiet --no-default-features --target i686-unknown-linux-gnu "${suites[@]}" --test commands
echo "== test suites on wasm32-wasip1 (under Node's WASI)"
CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $PWD/scripts/wasi-run.mjs" \
  cargo test --quiet --no-default-features --target wasm32-wasip1 "${suites[@]}"
echo "cross-target tests: passed on i686 and wasm32"
