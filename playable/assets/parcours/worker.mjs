// Parcours: the module Web Worker that runs the rules engine in Pyodide.
//
// Started once per visit by engine.mjs. Every URL is resolved against this file's own
// URL, so the site works under any subpath and never asks another host for anything:
// Pyodide and the engine wheel are vendored into the site at build time
// (playable/vendor.py): site/parcours/worker.mjs -> site/assets/vendor/. The build names each of
// these files by its content (playable/release.py rewrites the two addresses below, and the wheel's
// in engine.json), so that this worker only ever meets the files of its own build.
//
// Messages out:  {op: "status", stage: "pyodide" | "engine" | "ready"}
//                {op: "status", stage: "failed", error: {en, fr}}
// Requests in:   {id, op: "film", scenario (object or JSON string), links (where a step's article links
//                 lead: {article id: prefix, "": the default}, object or JSON string), move (optional:
//                 {dice} or {choice}, played where the scenario stops; the film says if refused)}
//                {id, op: "play", request}   the Play page: parcours_view.play_json (a race
//                                            replayed, bots playing on, the new steps)
//                {id, op: "figure", request}  a game's live figure recomputed from a form ({game, name,
//                                            input}): parcours_view.figure_json
//                {id, op: "compare", request} a reader's comparison of readings, a few races a
//                                            request: parcours_view.compare_json
// Answers:       {id, op: "begin"} as Python starts on a request (the page's watchdog counts from
//                there: a request that hangs gets the worker terminated and started again), then
//                {id, film} (the parsed film) or {id, result} (play, figure, compare) or {id, error: {en, fr}}
// Objects may come as JSON text (the page sends text).
//
// Never loadPackage/micropip: a package Pyodide lacks locally would come from a CDN.

const ENGINE = new URL("../assets/vendor/engine.json", import.meta.url);
const PYODIDE = new URL("../assets/vendor/pyodide/", import.meta.url);

/** @typedef {import("./lang.mjs").Words} Words */

/** @type {(stage: string, extra?: object) => void} */
const status = (stage, extra = {}) => postMessage({ op: "status", stage, ...extra });

// A failure to start Python or the engine, said in both languages (the page shows the reader's).
class StartError extends Error {
  /**
   * @param {string} en
   * @param {string} fr
   */
  constructor(en, fr) {
    super(en);
    this.fr = fr;
  }
}

/**
 * @param {URL} url
 * @param {[string, string]} what the file, [en, fr]
 */
async function fetchOk(url, [whatEn, whatFr]) {
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new StartError(`the ${whatEn} could not be downloaded (network error)`,
      `${whatFr} n'a pas pu être téléchargé (erreur réseau)`);
  }
  if (!response.ok) {
    throw new StartError(`the ${whatEn} could not be downloaded (HTTP ${response.status})`,
      `${whatFr} n'a pas pu être téléchargé (HTTP ${response.status})`);
  }
  return response;
}

// When each part of the start ended (ms since the epoch), sent with "ready" (scripts/bench_site.py reads them).
/** @type {Record<string, number>} */
const timings = {};
const at = () => performance.timeOrigin + performance.now();

async function boot() {
  timings.worker = at();
  status("pyodide");
  // Pyodide's loader, the manifest and then the wheel are all fetched at once.
  /** @type {Promise<typeof import("pyodide")>} the package package.json pins, as vendored */
  const loader = import(new URL("pyodide.mjs", PYODIDE).href);
  loader.catch(() => {}); // reported when awaited below
  /** @type {{wheel: string, sha256: string, snapshot: string, snapshot_sha256: string, pyodide: string} | null} checked below */
  const manifest = await (await fetchOk(ENGINE, ["engine manifest", "le manifeste du moteur"])).json();
  const file = /^\.\/[\w.+-]+$/;
  const sha = /^[0-9a-f]{64}$/;
  if (!manifest || !file.test(manifest.wheel) || !manifest.wheel.endsWith(".whl") || !sha.test(manifest.sha256)
      || !file.test(manifest.snapshot) || !sha.test(manifest.snapshot_sha256) || typeof manifest.pyodide !== "string") {
    throw new StartError("the engine manifest (engine.json) is malformed",
      "le manifeste du moteur (engine.json) est mal formé");
  }
  // Python's snapshot downloads while Pyodide's runtime does. It holds the engine, imported: the wheel
  // (the engine's files) is needed only if it cannot be restored, and then fetched at once.
  /** @type {Promise<ArrayBuffer> | null} */
  let wheelBytes = null;
  const wheel = () => (wheelBytes ??= fetchOk(new URL(manifest.wheel, ENGINE), ["engine wheel", "le paquet du moteur (wheel)"])
    .then((r) => r.arrayBuffer()).then((bytes) => { timings.wheel = at(); return bytes; }));
  const snapshot = readSnapshot(new URL(manifest.snapshot, ENGINE), manifest.snapshot_sha256);
  snapshot.catch(() => wheel().catch(() => {})); // then Python starts the long way (a failure reported below)
  /** @type {typeof import("pyodide").loadPyodide} */
  let loadPyodide;
  try {
    ({ loadPyodide } = await loader);
  } catch {
    throw new StartError("Pyodide's loader could not be loaded", "le chargeur de Pyodide n'a pas pu être chargé");
  }
  /** @type {NonNullable<Parameters<typeof loadPyodide>[0]>} */
  const options = {
    indexURL: PYODIDE.href,
    packageBaseUrl: PYODIDE.href, // even a stray package request stays on this site
    packages: [],
    stdout: (line) => console.log(line),
    stderr: (line) => console.log(line),
  };
  let pyodide, restored = true;
  try {
    pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
    timings.snapshot = at();
  } catch (err) {
    console.warn("Parcours: Python's snapshot could not be restored; Python starts the long way:", err);
    wheel().catch(() => {}); // downloads while Python starts (a failure reported when awaited)
    restored = false;
    pyodide = await loadPyodide(options);
  }
  if (pyodide.version !== manifest.pyodide) {
    throw new StartError(`Pyodide ${pyodide.version} was loaded, but the engine was built for ${manifest.pyodide}`,
      `Pyodide ${pyodide.version} a été chargé, mais le moteur a été construit pour ${manifest.pyodide}`);
  }
  timings.runtime = at();
  status("engine");
  if (!restored) await unpackEngine(pyodide, new Uint8Array(await wheel()), manifest.sha256);
  pyodide.runPython("import random; random.seed()"); // not the snapshot's random state
  timings.engine = at();
  const view = pyodide.pyimport("parcours_view");
  const calls = { film: view.film_json, play: view.play_json, figure: view.figure_json, compare: view.compare_json };
  timings.imported = at();
  status("ready", { timings });
  self.caches?.open(STARTED).catch(() => {});
  return calls;
}

/**
 * The long way: the engine's files, checked, where Python imports them from.
 * @param {import("pyodide").PyodideAPI} pyodide
 * @param {Uint8Array<ArrayBuffer>} bytes the wheel
 * @param {string} sha256 its digest, in hex
 */
async function unpackEngine(pyodide, bytes, sha256) {
  if (await sha256Hex(bytes) !== sha256) {
    throw new StartError("the engine wheel does not match its checksum (a stale or damaged download)",
      "le paquet du moteur ne correspond pas à sa somme de contrôle (téléchargement périmé ou abîmé)");
  }
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: site });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

// ------------------------------------------------------------------ the snapshot
// Python's memory once the engine is imported, made at build time by the same Pyodide
// (scripts/snapshot_python.mjs, gzip): restored, it spares the reader Python's start and the
// engine's imports (about ten times faster). Pyodide's private _loadSnapshot, as of the version
// package.json pins. Restored only if its bytes are those engine.json names; a snapshot that does not
// restore (or does not come) leaves Python to start the long way.
// The service worker keeps this build's Python for a reader who has started it once (STARTED exists).
const STARTED = "parcours-python-started";

/**
 * @param {URL} url
 * @param {string} sha256 its digest, in hex
 */
async function readSnapshot(url, sha256) {
  const packed = new Uint8Array(await (await fetchOk(url, ["Python snapshot", "l'instantané de Python"])).arrayBuffer());
  if (await sha256Hex(packed) !== sha256) throw new Error("Python's snapshot does not match its checksum");
  return new Uint8Array(await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip")))
    .arrayBuffer());
}

const engine = boot();
engine.catch((err) => status("failed", { error: sentence(err) }));

/** @type {(value: unknown) => string} */
const asText = (value) => (typeof value === "string" ? value : JSON.stringify(value));

// What each request asks of Python: the JSON text to pass, and the key of the answer.
/** @typedef {Record<string, unknown>} Message a request's fields (engine.mjs's requestEngine) */
/** @typedef {"film" | "play" | "figure" | "compare"} Op */
/** @type {Record<Op, (data: Message) => [(string | boolean | undefined)[], string]>} */
const REQUESTS = {
  film: (data) => [[asText(data.scenario), asText(data.links ?? { "": "#" }),
    data.move === undefined ? undefined : asText(data.move), data.lenient === true], "film"],  // undefined: None (null: JsNull)
  play: (data) => [[asText(data.request)], "result"],
  figure: (data) => [[asText(data.request)], "result"],
  compare: (data) => [[asText(data.request)], "result"],
};

self.onmessage = async ({ data }) => {
  /** @type {{id?: unknown, op?: unknown}} */
  const { id, op } = data || {};
  if (!Object.hasOwn(REQUESTS, /** @type {PropertyKey} */ (op))) {
    postMessage({ id, error: { en: `unknown request ${JSON.stringify(op)}`, fr: `demande inconnue ${JSON.stringify(op)}` } });
    return;
  }
  const request = /** @type {Op} one of REQUESTS */ (op);
  let calls;
  try {
    calls = await engine;
  } catch (err) {
    const why = sentence(err);
    postMessage({ id, error: { en: `Python could not start: ${why.en}`, fr: `Python n'a pas pu démarrer : ${why.fr}` } });
    return;
  }
  try {
    const [args, key] = REQUESTS[request](data);
    postMessage({ id, op: "begin" });
    const answer = JSON.parse(calls[request](...args));
    if (answer.error) postMessage({ id, error: answer.error }); // {en, fr}
    else postMessage({ id, [key]: answer });
  } catch (err) {
    // Too deep or too large for Python (the page refuses such links before they come here).
    const python = /** @type {{type?: unknown} | null | undefined} a PythonError has its exception's type */ (err);
    if (python && (python.type === "RecursionError" || python.type === "MemoryError")) {
      postMessage({ id, error: { en: "this request is too deeply nested or too large for the engine",
        fr: "cette demande est trop imbriquée ou trop grande pour le moteur" } });
      return;
    }
    // Any other Python exception here is a fault in the engine, not in the request: log it
    // in full for whoever debugs, answer with one line.
    console.error(err);
    postMessage({ id, error: {
      en: `the engine failed on this ${op === "film" ? "scenario" : "request"} (a bug: see the browser console)`,
      fr: `le moteur a échoué sur ${op === "film" ? "ce scénario" : "cette demande"} (un bogue : voir la console du navigateur)`,
    } });
  }
};

// Why Python did not start, as {en, fr}: ours in both languages, anything else quoted as it came.
/**
 * @param {any} err whatever was thrown
 * @returns {Words}
 */
function sentence(err) {
  const text = String((err && err.message) || err || "unknown error").split("\n")[0].slice(0, 300);
  if (err instanceof StartError) return { en: text, fr: err.fr };
  return { en: text, fr: `erreur inattendue (message du navigateur, en anglais : « ${text} »)` };
}

// ------------------------------------------------------------------ SHA-256
// crypto.subtle exists only in secure contexts (https, localhost); a site served over
// plain http on a local network still gets its wheel checked, in plain JavaScript.
/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256Hex(bytes) {
  let buf;
  if (self.crypto && self.crypto.subtle) buf = new Uint8Array(await self.crypto.subtle.digest("SHA-256", bytes));
  else buf = sha256(bytes);
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** @param {Uint8Array} data */
function sha256(data) {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(padded.length - 4, (data.length << 3) >>> 0);
  const w = new Uint32Array(64);
  const rotr = (/** @type {number} */ x, /** @type {number} */ n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(4 * i, h[i]);
  return out;
}
