#!/usr/bin/env bash
# Builds the game for browsers into a folder of static files (default target/web), which
# `carrom-signaling --web DIR` serves: index.html, carrom.js and carrom_bg.wasm.
#
#   scripts/build-web.sh [--quick] [OUT]
#
# The page people download is built small (profile web-release: size-optimised, whole-
# program LTO on one codegen unit, then wasm-opt), which keeps one core busy and the other
# idle through the LTO; --quick (profile web-quick) builds the same code optimised for
# speed, in parallel, without LTO or wasm-opt: for tests.
#
# Needs: the wasm32-unknown-unknown target (rustup), wasm-bindgen-cli at the version
# Cargo.lock pins (from crates.io), and wasm-opt (npm's binaryen; skipped with a note
# when absent, which leaves the wasm larger).
set -euo pipefail
cd "$(dirname "$0")/.."
profile=web-release
if [[ "${1:-}" == --quick ]]; then
  profile=web-quick
  shift
fi
out="${1:-target/web}"

wanted=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if ! command -v wasm-bindgen >/dev/null || [[ "$(wasm-bindgen --version)" != *" $wanted"* ]]; then
  echo "build-web: wasm-bindgen $wanted is needed: cargo install wasm-bindgen-cli --version $wanted" >&2
  exit 1
fi

cargo build --profile "$profile" --target wasm32-unknown-unknown --bin carrom
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-name carrom --out-dir "$out" \
  "target/wasm32-unknown-unknown/$profile/carrom.wasm"

opt=$(command -v wasm-opt || true)
[[ -z "$opt" && -x target/web-tools/node_modules/.bin/wasm-opt ]] && opt=target/web-tools/node_modules/.bin/wasm-opt
if [[ $profile == web-quick ]]; then
  echo "build-web: --quick: not size-optimised (wasm-opt skipped)" >&2
elif [[ -n "$opt" ]]; then
  "$opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types \
    "$out/carrom_bg.wasm" -o "$out/carrom_bg.wasm.opt"
  mv "$out/carrom_bg.wasm.opt" "$out/carrom_bg.wasm"
else
  echo "build-web: no wasm-opt (npm install --prefix target/web-tools binaryen): not optimised" >&2
fi
cp web/index.html web/thinker.js web/sw.js web/manifest.webmanifest web/icon-*.png "$out/"
# The fonts and the messages beyond English's that the page fetches (the desktop game has
# them all built in).
mkdir -p "$out/assets/fonts" "$out/assets/locales"
cp assets/fonts/*.ttf assets/fonts/LICENSE-Noto-OFL.txt "$out/assets/fonts/"
cp assets/locales/*.ftl "$out/assets/locales/"
rm "$out/assets/locales/en.ftl"

# Served to browsers that take brotli or gzip (carrom-signaling --web sends the .br or the
# .gz beside a file). Brotli (Debian's brotli) is skipped with a note where it is absent,
# and on --quick builds, which only tests load.
fetched=$(cd "$out" && ls assets/fonts/*.ttf assets/locales/*.ftl)
for file in carrom_bg.wasm carrom.js $fetched; do
  gzip -9 -c "$out/$file" > "$out/$file.gz"
  rm -f "$out/$file.br"
  if [[ $profile == web-release ]] && command -v brotli >/dev/null; then
    brotli -q 11 -f -o "$out/$file.br" "$out/$file"
  fi
done
if [[ $profile == web-release ]] && ! command -v brotli >/dev/null; then
  echo "build-web: no brotli (apt-get install brotli): served gzipped only" >&2
fi

bytes=$(stat -c %s "$out/carrom_bg.wasm")
gzipped=$(stat -c %s "$out/carrom_bg.wasm.gz")
brotlied=$([[ -f "$out/carrom_bg.wasm.br" ]] && stat -c %s "$out/carrom_bg.wasm.br" || echo none)
echo "build-web: $out/carrom_bg.wasm is $bytes bytes, $gzipped gzipped, $brotlied with brotli"
