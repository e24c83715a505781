// Runs the firmware's cases on the MicroPython VM: MicroPython's own
// WebAssembly port (npm @micropython/micropython-webassembly-pyscript, pinned
// in package.json), under Node.
//
//   node tests/firmware/micropython/run.mjs [FIRMWARE_DIR]
//
// Every firmware file (lm_*.py, protocol_vectors.json), the stand-ins for
// `machine` and `neopixel` (stand_ins/) and the cases (cases/) are written
// into the VM's filesystem root; cases/runcases.py then prints one line per
// case, "PASS name" or "FAIL name: error", and "SUMMARY passed failed".
// Exit status: 0 all passed, 1 a case failed, 2 the VM or the runner failed,
// 3 the npm package is not installed.
//
// Why a heap of 192 KiB: about what MicroPython leaves free on an RP2040, so
// a case that needs more memory than the Pico has fails here too.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const firmware = resolve(process.argv[2] ?? join(here, "..", "..", "..", "firmware"));
const PACKAGE = "@micropython/micropython-webassembly-pyscript";

let loadMicroPython;
try {
  ({ loadMicroPython } = await import(PACKAGE));
} catch (error) {
  console.log(`ERROR npm package ${PACKAGE} is not installed in ${here}/node_modules ` +
    `(bash scripts/setup.sh micropython installs it): ${error.code ?? error.message}`);
  process.exit(3);
}

function copy(mp, folder, keep) {
  for (const name of readdirSync(folder).sort()) {
    if (keep(name)) {
      mp.FS.writeFile("/" + name, readFileSync(join(folder, name)));
    }
  }
}

const started = Date.now();
const mp = await loadMicroPython({
  heapsize: 192 * 1024,
  linebuffer: true,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stdout.write("STDERR " + line + "\n"),
});
copy(mp, firmware, (n) => /^lm_.*\.py$/.test(n) || n === "protocol_vectors.json");
copy(mp, join(here, "stand_ins"), (n) => n.endsWith(".py"));
copy(mp, join(here, "cases"), (n) => n.endsWith(".py"));
try {
  mp.runPython("import sys\nprint('VM', sys.implementation._machine, sys.version)\n" +
    "import runcases\nruncases.FINISHED = runcases.main('/')");
} catch (error) {
  console.log("ERROR the runner failed on the VM: " + String(error.message ?? error).trim().split("\n").pop());
  console.log(String(error.message ?? error));
  process.exit(2);
}
const ok = mp.runPython("runcases.FINISHED");
console.log(`TIME ${Date.now() - started} ms`);
process.exit(ok ? 0 : 1);
