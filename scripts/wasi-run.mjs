// Runs a WASI (wasm32-wasip1) command under Node: `node wasi-run.mjs MODULE.wasm ARGS…`.
// The current directory is made visible to the module as `.`, so relative paths work.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process from "node:process";

const [modulePath, ...args] = process.argv.slice(2);
// WASI writes to fd 1 synchronously; Node leaves a pipe non-blocking, so a full pipe
// would fail the module's write (EAGAIN). Make standard output blocking.
for (const stream of [process.stdout, process.stderr]) {
  stream._handle?.setBlocking?.(true);
}
const wasi = new WASI({
  version: "preview1",
  args: [modulePath, ...args],
  env: {},
  preopens: { ".": process.cwd() },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(modulePath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
