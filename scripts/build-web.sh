#!/usr/bin/env bash
# Builds the game for browsers into a folder of static files (default target/web), which
# `carrom-signaling --web DIR` serves: index.html, carrom.js and carrom_bg.wasm.
#
# Needs: the wasm32-unknown-unknown target (rustup), wasm-bindgen-cli at the version
# Cargo.lock pins (from crates.io), and wasm-opt (npm's binaryen; skipped with a note
# when absent, which leaves the wasm larger).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/web}"

wanted=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if ! command -v wasm-bindgen >/dev/null || [[ "$(wasm-bindgen --version)" != *" $wanted"* ]]; then
  echo "build-web: wasm-bindgen $wanted is needed: cargo install wasm-bindgen-cli --version $wanted" >&2
  exit 1
fi

cargo build --profile web-release --target wasm32-unknown-unknown --bin carrom
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-name carrom --out-dir "$out" \
  target/wasm32-unknown-unknown/web-release/carrom.wasm

opt=$(command -v wasm-opt || true)
[[ -z "$opt" && -x target/web-tools/node_modules/.bin/wasm-opt ]] && opt=target/web-tools/node_modules/.bin/wasm-opt
if [[ -n "$opt" ]]; then
  "$opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types \
    "$out/carrom_bg.wasm" -o "$out/carrom_bg.wasm.opt"
  mv "$out/carrom_bg.wasm.opt" "$out/carrom_bg.wasm"
else
  echo "build-web: no wasm-opt (npm install --prefix target/web-tools binaryen): not optimised" >&2
fi
cp web/index.html web/thinker.js "$out/"

# Served to browsers that take gzip (carrom-signaling --web sends the .gz beside a file).
for file in carrom_bg.wasm carrom.js; do
  gzip -9 -c "$out/$file" > "$out/$file.gz"
done

bytes=$(stat -c %s "$out/carrom_bg.wasm")
gzipped=$(stat -c %s "$out/carrom_bg.wasm.gz")
echo "build-web: $out/carrom_bg.wasm is $bytes bytes, $gzipped gzipped"
