#!/usr/bin/env node
// Run the Parcours engine inside Pyodide under Node, offline.
//
// Pyodide is loaded from node_modules/pyodide (npm ci), never from a CDN: every
// `fetch` is blocked and reported, and packageBaseUrl points at the local copy.
// The engine is installed from its wheel with pyodide.unpackArchive(..., "wheel").
//
// Usage (from anywhere; paths are relative to the current directory):
//   node tests/node/pyodide_run.mjs [--wheel WHEEL] --golden SCENARIOS.json
//       Replays each scenario of the JSON list with parcours.replay inside Pyodide
//       and prints the list of results as canonical JSON
//       (json.dumps(sort_keys=True, separators=(",", ":"))) plus "\n" on stdout.
//   node tests/node/pyodide_run.mjs [--wheel WHEEL] [--mount HOSTDIR]...
//       --pytest TESTDIR WHEELS_DIR [-- PYTEST_ARGS...]
//       Unpacks every pure wheel of WHEELS_DIR (pytest, hypothesis and their
//       dependencies: scripts/fetch_test_wheels.sh), copies TESTDIR into the Pyodide
//       file system at the same absolute path (plus the pytest config file of its
//       parent: pyproject.toml, pytest.ini, tox.ini or setup.cfg), mounts each
//       HOSTDIR read-through at its own path, runs pytest there with the parent of
//       TESTDIR as working directory and exits with pytest's exit code.
//       Hypothesis runs with its current profile minus the deadline (WebAssembly is
//       slower and its first calls slower still). A test that starts a process
//       (subprocess.Popen: Pyodide has no processes) is skipped with that reason.
//   node tests/node/pyodide_run.mjs [--wheel WHEEL] [--mount HOSTDIR]... --script SCRIPT.py [-- ARGS...]
//       Runs SCRIPT.py as __main__ inside Pyodide (runpy.run_path) with sys.argv =
//       [SCRIPT.py, ARGS...], after mounting each HOSTDIR read-write at its own path
//       (mount the directories the script reads or writes), and exits with its exit
//       code (sys.exit(n), or 1 on an uncaught exception, traceback on stderr). The
//       script's stdout and stderr go to ours. The same script can then be run by
//       CPython, for a parity test (tests/test_pyodide_parity.py does so).
//
// WHEEL defaults to the newest dist/parcours-*-py3-none-any.whl of the repository
// (python -m build --wheel --outdir dist/). Diagnostics go to stderr.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "..", "..");
const PYODIDE_DIR = path.join(REPO, "node_modules", "pyodide");
const T0 = performance.now();

function die(message, code = 2) {
  process.stderr.write(`pyodide_run: ${message}\n`);
  process.exit(code);
}
function note(message) {
  process.stderr.write(`pyodide_run: [${((performance.now() - T0) / 1000).toFixed(1)} s] ${message}\n`);
}
function writeAll(fd, data) { // a string, or raw bytes (not split into characters: UTF-8 stays whole)
  const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const opts = { wheel: null, golden: null, pytest: null, script: null, mounts: [], pytestArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const need = (n) => {
      if (i + n >= argv.length) die(`${a} needs ${n} argument(s)`);
      const vals = argv.slice(i + 1, i + 1 + n);
      i += n;
      return vals;
    };
    if (a === "--wheel") [opts.wheel] = need(1);
    else if (a === "--golden") [opts.golden] = need(1);
    else if (a === "--pytest") opts.pytest = need(2);
    else if (a === "--script") [opts.script] = need(1);
    else if (a === "--mount") opts.mounts.push(need(1)[0]);
    else if (a === "--") { opts.pytestArgs = argv.slice(i + 1); break; }
    else if (a === "-h" || a === "--help") {
      process.stdout.write(fs.readFileSync(fileURLToPath(import.meta.url), "utf8")
        .split("\n").filter((l) => l.startsWith("//")).map((l) => l.slice(3)).join("\n") + "\n");
      process.exit(0);
    } else die(`unknown argument ${JSON.stringify(a)} (try --help)`);
  }
  if ([opts.golden, opts.pytest, opts.script].filter(Boolean).length !== 1) {
    die("give exactly one of --golden FILE, --pytest TESTDIR WHEELS_DIR or --script SCRIPT.py");
  }
  if (opts.pytestArgs.length && opts.golden) die("arguments after -- need --pytest or --script");
  return opts;
}

function defaultWheel() {
  const dist = path.join(REPO, "dist");
  const found = fs.existsSync(dist)
    ? fs.readdirSync(dist).filter((f) => /^parcours-.*-py3-none-any\.whl$/.test(f))
      .map((f) => path.join(dist, f)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    : [];
  if (!found.length) die("no engine wheel in dist/: run `python -m build --wheel --outdir dist/` or pass --wheel PATH");
  return found[0];
}

// ---------------------------------------------------------------- no network
// Pyodide reads local paths with fs in Node; a fetch would mean a CDN (or any
// other host) is being asked for something. Refuse it, loudly, and fail the run.
const blockedFetches = [];
globalThis.fetch = async (input) => {
  const url = typeof input === "string" ? input : (input?.url ?? String(input));
  blockedFetches.push(url);
  process.stderr.write(`pyodide_run: BLOCKED network fetch of ${url}\n`);
  throw new TypeError(`pyodide_run: network access is not allowed (${url})`);
};

// ---------------------------------------------------------------- Pyodide
let SITE = null; // site-packages inside Pyodide
function checkPyodide() {
  if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
    die(`${path.relative(process.cwd(), PYODIDE_DIR) || PYODIDE_DIR} is missing: run \`npm ci\` first`);
  }
}

async function boot(wheelPath) {
  if (!fs.existsSync(wheelPath)) die(`engine wheel not found: ${wheelPath}`);
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const indexURL = PYODIDE_DIR + path.sep;
  const pyodide = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL, // so that even a stray loadPackage looks locally, not on the CDN
    packages: [],
    stdout: (line) => writeAll(2, line + "\n"), // until setStdout below: keep stdout clean
    stderr: (line) => writeAll(2, line + "\n"),
  });
  note(`Pyodide ${pyodide.version} loaded from ${indexURL}`);
  pyodide.setStderr({ write: (buf) => { writeAll(2, buf); return buf.length; } });
  // unpackArchive extracts into the working directory unless told otherwise: that
  // only imports while the cwd is on sys.path (''), so unpack into site-packages.
  SITE = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", { extractDir: SITE });
  const info = pyodide.runPython(`
import importlib, sys
importlib.invalidate_caches()
import parcours
f"parcours {parcours.__version__} from {parcours.__file__}; Python {sys.version.split()[0]} ({sys.platform})"
`);
  note(`${info} (wheel ${path.basename(wheelPath)})`);
  return pyodide;
}

// Copy a host directory tree into the Emscripten file system (MEMFS).
const SKIP_DIRS = new Set(["__pycache__", ".pytest_cache", ".hypothesis", "node_modules", ".mypy_cache", ".ruff_cache"]);
function copyTree(FS, hostDir, fsDir) {
  let files = 0;
  FS.mkdirTree(fsDir);
  for (const ent of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const src = path.join(hostDir, ent.name);
    const dst = `${fsDir}/${ent.name}`;
    if (ent.isDirectory()) {
      if (!SKIP_DIRS.has(ent.name)) files += copyTree(FS, src, dst);
    } else if (ent.isFile()) {
      FS.writeFile(dst, fs.readFileSync(src));
      files += 1;
    }
  }
  return files;
}

// Each host directory at its own path, read and written through (NODEFS).
function mountAll(pyodide, mounts) {
  for (const m of mounts) {
    const host = path.resolve(m);
    if (!fs.existsSync(host)) die(`--mount: no such directory ${host}`);
    pyodide.FS.mkdirTree(host);
    pyodide.mountNodeFS(host, host);
  }
}

async function runGolden(pyodide, file) {
  const text = fs.readFileSync(file, "utf8");
  pyodide.globals.set("SCENARIOS_JSON", text);
  const out = pyodide.runPython(`
import json, parcours
_scenarios = json.loads(SCENARIOS_JSON)
if not isinstance(_scenarios, list):
    raise SystemExit("the golden file must hold a JSON list of scenarios")
json.dumps([parcours.replay(s) for s in _scenarios], sort_keys=True, separators=(",", ":"))
`);
  writeAll(1, out + "\n");
  note(`${JSON.parse(text).length} scenario(s) replayed`);
  return 0;
}

async function runPytest(pyodide, testDir, wheelsDir, mounts, extraArgs) {
  testDir = path.resolve(testDir);
  wheelsDir = path.resolve(wheelsDir);
  if (!fs.existsSync(testDir)) die(`test directory not found: ${testDir}`);
  const wheels = fs.existsSync(wheelsDir) ? fs.readdirSync(wheelsDir).filter((f) => f.endsWith(".whl")).sort() : [];
  if (!wheels.some((w) => w.startsWith("pytest-"))) {
    die(`no pytest wheel in ${wheelsDir}: run \`scripts/fetch_test_wheels.sh\` first`);
  }
  for (const w of wheels) {
    if (!/-none-any\.whl$/.test(w)) die(`${w} is not a pure wheel (*-none-any.whl): Pyodide cannot use it`);
    pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(wheelsDir, w))), "wheel", { extractDir: SITE });
  }
  note(`unpacked ${wheels.length} test wheel(s): ${wheels.join(" ")}`);

  const FS = pyodide.FS;
  const root = path.dirname(testDir);
  const n = copyTree(FS, testDir, testDir);
  for (const cfg of ["pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"]) {
    const p = path.join(root, cfg);
    if (fs.existsSync(p)) { FS.mkdirTree(root); FS.writeFile(`${root}/${cfg}`, fs.readFileSync(p)); }
  }
  mountAll(pyodide, mounts);
  note(`copied ${n} file(s) of ${testDir} into the Pyodide file system${mounts.length ? `; mounted ${mounts.join(", ")}` : ""}`);

  // pytest's output goes straight to our stdout, unbuffered.
  pyodide.setStdout({ write: (buf) => { writeAll(1, buf); return buf.length; } });
  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy([testDir, "-p", "no:cacheprovider", ...extraArgs]));
  pyodide.globals.set("PYTEST_ROOT", root);
  const code = pyodide.runPython(`
import os, sys, pytest

class _PyodidePlugin:
    @pytest.hookimpl(trylast=True)
    def pytest_configure(self, config):
        # Pyodide cannot start processes: a test that tries (a CLI run through
        # subprocess, say) is CPython-only. Skip it, saying so, rather than fail.
        import subprocess

        def _no_processes(self, *args, **kwargs):
            pytest.skip("starts a process, which Pyodide cannot do (CPython-only test)")

        subprocess.Popen.__init__ = _no_processes
        # Keep the tests' own Hypothesis profile, without the deadline.
        try:
            from hypothesis import settings
        except ImportError:
            return
        settings.register_profile("pyodide-no-deadline", parent=settings(), deadline=None)
        settings.load_profile("pyodide-no-deadline")

os.chdir(PYTEST_ROOT)
sys.dont_write_bytecode = True
int(pytest.main(list(PYTEST_ARGS), plugins=[_PyodidePlugin()]))
`);
  note(`pytest exited with ${code}`);
  return code;
}

async function runScript(pyodide, script, mounts, args) {
  script = path.resolve(script);
  if (!fs.existsSync(script)) die(`script not found: ${script}`);
  mountAll(pyodide, mounts);
  if (!pyodide.FS.analyzePath(script).exists) { // not under a mount: copy it in
    pyodide.FS.mkdirTree(path.dirname(script));
    pyodide.FS.writeFile(script, fs.readFileSync(script));
  }
  pyodide.setStdout({ write: (buf) => { writeAll(1, buf); return buf.length; } });
  pyodide.globals.set("SCRIPT_ARGV", pyodide.toPy([script, ...args]));
  let code;
  try {
    code = pyodide.runPython(`
import runpy, sys
sys.argv = list(SCRIPT_ARGV)
sys.dont_write_bytecode = True
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    _code = 0
except SystemExit as _exit:
    _code = _exit.code if isinstance(_exit.code, int) else (0 if _exit.code is None else 1)
    if not isinstance(_exit.code, (int, type(None))):
        print(_exit.code, file=sys.stderr)
finally:
    sys.stdout.flush()
    sys.stderr.flush()
_code
`);
  } catch (err) { // an uncaught Python exception: its traceback is the message
    writeAll(2, `${err.message ?? err}\n`);
    code = 1;
  }
  note(`${path.basename(script)} exited with ${code}`);
  return code;
}

// ---------------------------------------------------------------- main
const opts = parseArgs(process.argv.slice(2));
checkPyodide();
const pyodide = await boot(opts.wheel ? path.resolve(opts.wheel) : defaultWheel());
const code = opts.golden ? await runGolden(pyodide, opts.golden)
  : opts.script ? await runScript(pyodide, opts.script, opts.mounts, opts.pytestArgs)
  : await runPytest(pyodide, opts.pytest[0], opts.pytest[1], opts.mounts, opts.pytestArgs);
if (blockedFetches.length && code === 0) {
  process.stderr.write(`pyodide_run: ${blockedFetches.length} fetch attempt(s) were blocked: failing\n`);
  process.exit(3);
}
process.exit(code);
