#!/usr/bin/env node
// Restore the built site's Python snapshot, as a reader's browser does, and run a script in it.
//
//   node tests/node/snapshot_run.mjs PYODIDE_DIR SNAPSHOT SCRIPT.py INPUT.json
//
// PYODIDE_DIR: the site's vendored Pyodide (site/assets/vendor/pyodide-*/); SNAPSHOT: its
// python.*.snapshot (gzip). None of the engine's files is written: the script meets the engine as
// the snapshot holds it. The script runs with INPUT (its text) as the global `INPUT`; the value of
// its last line, a string, is printed on stdout. Every fetch is refused (offline, as the tests are).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [runtime, snapshot, script, input] = process.argv.slice(2);
if (!runtime || !snapshot || !script || !input) {
  console.error("usage: node tests/node/snapshot_run.mjs PYODIDE_DIR SNAPSHOT SCRIPT.py INPUT.json");
  process.exit(2);
}
globalThis.fetch = async (url) => { throw new Error(`offline: fetch(${url}) refused`); };
const dir = runtime.endsWith("/") ? runtime : `${runtime}/`;
const { loadPyodide } = await import(pathToFileURL(`${dir}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: dir, packages: [], _loadSnapshot: gunzipSync(readFileSync(snapshot)) });
pyodide.globals.set("INPUT", readFileSync(input, "utf-8"));
process.stdout.write(String(pyodide.runPython(readFileSync(script, "utf-8"))));
