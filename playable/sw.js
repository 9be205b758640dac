// Parcours: the service worker, so that a reader who came once reads and plays without a network,
// and Python starts from the browser's own disk the second time.
//
// Written into the site's root (sw.js) by playable/offline.py, which fills in BUILD (a hash of every
// file of this build), MANIFEST (the SHA-256 of each file), IMMUTABLE (the files named by their
// content: playable/release.py), PRECACHE (the scripts, styles and search a page needs) and PYTHON
// (what Python's start fetches). Its scope is the directory it is served from, so any subpath works.
//
// One cache per build, "parcours-<BUILD>". Installing fetches PRECACHE into it; activating deletes
// every other build's cache and takes over the open pages at once, so a new deployment replaces
// the old cache in one step and two builds are never mixed.
//   - Every byte kept or served from the cache is checked against MANIFEST first: what does not match
//     (another build's file, a damaged one, or one that another site of the same origin wrote into
//     our cache) is never kept, and is dropped and fetched again if found there. A file this build
//     does not have goes to the network untouched.
//   - The files named by their content: from the cache, else from the network and kept (Pyodide and
//     the wheel are kept so when Python first starts under this worker; what the browser fetched
//     before this worker took over is kept on the page's word: the messages "keep", "keep-python").
//   - The search index: from this build's cache too (each page of this build asks for the same one).
//   - Everything else (pages, whether a navigation or Material's instant navigation, the sitemap, the
//     favicon…): from the network, asked to revalidate what the browser's HTTP cache holds
//     (a page of another build would name files the server no longer has), kept as they come; from
//     the cache offline. A page of another build (its <meta name="parcours-build">) tells this worker
//     that it is outdated: every request then goes to the network until the new worker takes over.
// A worker that a newer one is replacing (one waits or installs, or a page of another build was seen)
// steps aside: it answers nothing from its cache, so that it holds no response the browser would wait
// on before the new one takes over, and it writes nothing (a cache it reopened after the new worker
// deleted it would come back empty and stay).

const BUILD = "__BUILD__";
const MANIFEST = __MANIFEST__;
const IMMUTABLE = new Set(__IMMUTABLE__);
const PRECACHE = __PRECACHE__;
const PYTHON = __PYTHON__; // what Python's start fetches (assets/vendor/, the worker's script)
const CACHE = `parcours-${BUILD}`;
const STARTED = "parcours-python-started"; // empty: made by worker.mjs once Python has started here
const SCOPE = new URL(self.registration.scope);
// A local server (scripts/serve.py) writes its own address into the sitemap, which holds only the
// pages' addresses: kept as served, not checked.
const UNCHECKED = new Set(["sitemap.xml"]);
// This build's search index, the same for every page of the build (checked against MANIFEST like the
// rest): kept per build and served from the cache, not fetched again on every visit (175 KB).
const PER_BUILD = new Set(["search/search_index.json"]);
const BUILD_META = /<meta name="parcours-build" content="([\w-]+)"/;
let outdated = false;

const here = (path) => new URL(path, SCOPE).href;
// A restarted worker forgets "outdated"; the registration still says whether a newer one is coming.
const replaced = () => outdated || self.registration.waiting !== null || self.registration.installing !== null;
// The file of the site a URL names, as MANIFEST names it ("veldiv/rules/" is "veldiv/rules/index.html").
const fileOf = (url) => {
  let path = new URL(url).pathname.slice(SCOPE.pathname.length);
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape names no file of ours: left as it came
  }
  return path === "" || path.endsWith("/") ? `${path}index.html` : path;
};
// The URL a file of the site is asked by ("veldiv/rules/index.html" is "veldiv/rules/").
const urlOf = (file) => here(file.endsWith("index.html") ? file.slice(0, -"index.html".length) : file);
const known = (file) => Object.hasOwn(MANIFEST, file) || UNCHECKED.has(file);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const path of PRECACHE) {
      // What the page has just fetched (its scripts, styles, the search index) comes from the HTTP
      // cache, not the network a second time, when it is this build's byte for byte (a file named by
      // its content always is); else, and for a file no digest checks, it is asked of the server.
      const bytes = (!UNCHECKED.has(path) && await precached(path, IMMUTABLE.has(path) ? "force-cache" : "default"))
        || await precached(path, "no-cache");
      if (!bytes) throw new Error(`${path} is not this build's: the deployment changed while installing`);
      await cache.put(here(path), bytes);
    }
    await self.skipWaiting();
  })());
});

// A file of PRECACHE fetched in a cache mode, checked against MANIFEST: null if it is not this build's.
async function precached(path, mode) {
  const response = await fetch(here(path), { cache: mode });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return checked(path, response);
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("parcours-") && name !== CACHE && name !== STARTED) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Kept on a page's word (parcours.mjs, engine.mjs), not while activating: a worker still activating
// would hold back the pages' requests, and a newer worker's taking over, until it was done.
//   "keep": what the browser fetched of this build before this worker took over (the page open now,
//           the search…), from its HTTP cache only; and for a reader who has started Python once
//           (STARTED exists), this build's Python and then the whole edition too, fetched if the HTTP
//           cache lacks them (a new build's wheel, or Pyodide's runtime, too large for some browsers'
//           HTTP cache);
//   "keep-python": Python's files, from the HTTP cache where it has them, else from the network; then
//           the whole edition (keepEdition), which the reader can then read offline;
//   "keep-edition": the reader's request (keep.mjs): Python and the whole edition, whatever the browser's
//           wish to save data; answered on the message's port, {ok}: whether every file is kept;
//   "skip-waiting": to a worker installed and waiting (it asked to skip waiting as it installed, but
//           Chromium may leave it waiting while the pages of the old one stay open: asking again
//           makes it look whether the old one is free).
self.addEventListener("message", (event) => {
  const op = event.data && event.data.op;
  if (op === "skip-waiting") event.waitUntil(self.skipWaiting());
  else if (op === "keep") event.waitUntil(keepFetched());
  else if (op === "keep-python") event.waitUntil(keep(PYTHON, "force-cache").then(keepEdition));
  else if (op === "keep-edition") event.waitUntil(keepAll().then((ok) => event.ports[0]?.postMessage({ ok })));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const file = fileOf(request.url);
  if (file === "sw.js") return;
  const page = request.mode === "navigate" || file.endsWith(".html");
  if (page) event.respondWith(networkFirst(event));
  else if (!known(file) || replaced()) return; // another build's file, or this worker steps aside
  else if (IMMUTABLE.has(file) || PER_BUILD.has(file)) event.respondWith(cacheFirst(event));
  else event.respondWith(networkFirst(event));
});

// ------------------------------------------------------------------ the manifest
const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

// A response's copy if its bytes are this build's file's (MANIFEST), else null (it is consumed).
async function checked(file, response) {
  const bytes = await response.arrayBuffer();
  if (!UNCHECKED.has(file) && hex(await crypto.subtle.digest("SHA-256", bytes)) !== MANIFEST[file]) return null;
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// What this build's cache holds for a URL, checked; a copy that does not match is dropped. The cache's
// own response is answered (its copy checked), not a new one: the browser keeps its compiled code beside
// it (Pyodide's WebAssembly is then not compiled again on each visit).
async function fromCache(url) {
  const kept = await caches.match(url, { cacheName: CACHE, ignoreSearch: true });
  if (!kept) return null;
  const file = fileOf(url);
  if (known(file) && await checked(file, kept.clone())) return kept;
  const cache = await ownCache();
  if (cache) await cache.delete(url, { ignoreSearch: true });
  return null;
}

// ------------------------------------------------------------------ strategies
async function networkFirst(event) {
  const key = event.request.url.split("#")[0];
  let response;
  try {
    // Revalidated: the HTTP cache may hold a page of the last deployment, naming files now gone.
    response = await fetch(event.request, { cache: "no-cache" });
  } catch (err) {
    const kept = await fromCache(key);
    if (kept) return kept;
    if (event.request.mode === "navigate") return offlinePage();
    throw err;
  }
  if (!response.ok || response.type !== "basic") return response;
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) {
    event.waitUntil(put(key, response.clone()));
    return response;
  }
  // A page: its build is read from the first bytes of a copy, before the page's own requests can
  // come; the page gets the network's response itself (no stream for this worker to pump).
  const copy = response.clone();
  const build = await buildOf(response.clone());
  if (build === BUILD) {
    event.waitUntil(put(key, copy));
  } else {
    copy.body.cancel().catch(() => {});
    if (build) { // a new deployment: this worker steps aside until the new one takes over
      outdated = true;
      self.registration.update().catch(() => {});
    }
  }
  return response;
}

// A page of ours where the browser would show its own error: offline, a page not kept here yet. In
// both languages, or the reader's alone (their choice, as lang.mjs keeps it), and the way home.
function offlinePage() {
  const home = SCOPE.href;
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hors ligne · Offline - Parcours</title>
<style>body { font: 1rem/1.6 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; font-weight: 400; } a { color: #5d4037; }</style>
<script>try { var lang = localStorage.getItem("parcours.lang");
  if (lang === "fr" || lang === "en") {
    document.documentElement.dataset.only = document.documentElement.lang = lang;
    document.title = (lang === "fr" ? "Hors ligne" : "Offline") + " - Parcours";
  } } catch (e) {}</script>
<style>[data-only="fr"] [lang="en"], [data-only="en"] [lang="fr"], [data-only] .sep { display: none; }</style></head>
<body><h1><span lang="fr">Hors ligne</span><span class="sep"> · </span><span lang="en">Offline</span></h1>
<p lang="fr">Cette page n'a pas encore été gardée pour la lecture hors ligne : elle s'ouvrira une fois la connexion
revenue. Les pages déjà lues restent à votre disposition, depuis <a href="${home}">l'accueil</a>.</p>
<p lang="en">This page has not yet been kept for reading offline: it will open once you are connected again. The pages
you have read stay at hand, from <a href="${home}">the home page</a>.</p></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function buildOf(response) {
  const probe = response.body.getReader();
  const decoder = new TextDecoder();
  let head = "";
  for (;;) {
    const { done, value } = await probe.read();
    if (done) break;
    head += decoder.decode(value, { stream: true });
    if (BUILD_META.test(head) || head.includes("</head>")) break;
  }
  probe.cancel().catch(() => {});
  return (BUILD_META.exec(head) || [])[1];
}

async function cacheFirst(event) {
  const kept = await fromCache(event.request.url);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") event.waitUntil(put(event.request.url, response.clone()));
  return response;
}

// This build's cache to write into: none once it is replaced (caches.open would create it again).
async function ownCache() {
  return !replaced() && await caches.has(CACHE) ? caches.open(CACHE) : null;
}

// A response kept under its URL if it is this build's file, byte for byte.
async function put(url, response) {
  const file = fileOf(url);
  if (!known(file)) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  const good = await checked(file, response);
  const cache = good && await ownCache();
  if (cache) await cache.put(url.split("#")[0], good);
}

async function keepFetched() {
  const python = new Set(PYTHON);
  await keep([...Object.keys(MANIFEST).filter((file) => !python.has(file)), ...UNCHECKED], "only-if-cached");
  if (await caches.has(STARTED)) {
    await keep(PYTHON, "force-cache");
    await keepEdition();
  }
}

// The whole edition, once Python has started here (a reader who plays reads offline too): every page
// and file of this build not kept yet, one at a time, from the HTTP cache where it has them (about
// 11 MB beside Python's 21). Not where the browser asks to save data; not the scripts' source maps.
const EDITION = Object.keys(MANIFEST).filter((file) => !file.endsWith(".map"));
async function keepEdition() {
  if (self.navigator.connection?.saveData) return;
  await keep(EDITION, "force-cache");
}

// On the reader's request: Python and the edition; whether every file of them is now kept.
async function keepAll() {
  await keep(PYTHON, "force-cache");
  await keep(EDITION, "force-cache");
  const cache = await ownCache();
  if (!cache) return false;
  for (const file of EDITION) {
    if (!await cache.match(urlOf(file))) return false;
  }
  return true;
}

// Files of this build, fetched before this worker controlled the page (or by a worker it did not
// control), kept: the HTTP cache has them, so they are not downloaded again ("force-cache" fetches
// one it lacks). Each is checked against MANIFEST as it is put.
async function keep(files, mode) {
  for (const file of files) {
    const cache = await ownCache();
    if (!cache) return;
    const url = urlOf(file);
    if (await cache.match(url)) continue; // checked when it is served
    const response = await fetch(url, { cache: mode, mode: "same-origin" }).catch(() => null);
    if (response && response.ok) await put(url, response);
  }
}
