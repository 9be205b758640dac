// Python's memory with the engine imported, made once at build time, so that a reader's browser
// restores it instead of starting Python, unpacking the engine and importing it (about 0.4 s where that
// takes 3).
//
//     node scripts/snapshot_python.mjs PYODIDE_DIR ENGINE.whl OUT.snapshot
//
// The very Pyodide the site vendors (PYODIDE_DIR) starts here as worker.mjs starts it, the wheel is
// unpacked where worker.mjs unpacks it and the engine imported; Pyodide's memory is then written,
// gzip-compressed (GitHub Pages does not compress a file of unknown type; worker.mjs decompresses it).
// Pyodide's private _makeSnapshot/makeMemorySnapshot, as of the version package.json pins; the
// snapshot holds no proxy of a JavaScript object (none is made before it). Run by playable/vendor.py.

import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [runtime, wheel, output] = process.argv.slice(2);
if (!runtime || !wheel || !output) {
  console.error("usage: node scripts/snapshot_python.mjs PYODIDE_DIR ENGINE.whl OUT.snapshot");
  process.exit(2);
}
const dir = runtime.endsWith("/") ? runtime : `${runtime}/`;
const { loadPyodide } = await import(pathToFileURL(`${dir}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: dir, packages: [], _makeSnapshot: true });
const site = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
// Every module of the engine and the view imported (the command line's apart), what they read as they
// are imported read: a restored Python needs none of the wheel's files (worker.mjs unpacks it only when
// Python starts the long way). Each restore reseeds `random`; the garbage collected first leaves less to ship.
pyodide.runPython(`
import gc, importlib, pkgutil
importlib.invalidate_caches()
import parcours, parcours_view
for package in (parcours, parcours_view):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if module.name != "parcours.cli":
            importlib.import_module(module.name)
gc.collect()
`);
writeFileSync(output, gzipSync(pyodide.makeMemorySnapshot(), { level: 9 }));
