// Parcours: the service worker, so that a reader who came once reads and plays without a network,
// and Python starts from the browser's own disk the second time.
//
// Written into the site's root (sw.js) by playable/hooks.py, which fills in BUILD (a hash of every
// static file of this build: scripts, styles, Pyodide, the engine's wheel) and PRECACHE (the scripts
// and styles a page needs). Its scope is the directory it is served from, so any subpath works.
//
// One cache per build, "parcours-<BUILD>". Installing fetches PRECACHE into it; activating deletes
// every other build's cache and takes over the open pages at once, so a new deployment replaces
// the old cache in one step and two builds are never mixed.
//   - Pages (a URL ending in / or .html, whether a navigation or Material's instant navigation),
//     the search index and the sitemap: from the network, kept as they come; from the cache offline.
//     A page of another build (its <meta name="parcours-build">) is not kept, and tells this worker
//     that it is outdated: every request then goes to the network until the new worker takes over.
//   - Everything else of the site (static, and all in BUILD): from the cache, else from the network
//     and kept. Pyodide and the wheel are kept so when Python first starts under this worker; a
//     worker started before this one took over is covered by the page's message "keep-python".
// A worker that a newer one is replacing (one waits or installs, or a page of another build was seen)
// steps aside: it answers nothing from its cache, so that it holds no response the browser would wait
// on before the new one takes over, and it writes nothing (a cache it reopened after the new worker
// deleted it would come back empty and stay).

const BUILD = "__BUILD__";
const PRECACHE = __PRECACHE__;
const PYTHON = __PYTHON__; // what Python's start fetches (assets/vendor/)
const CACHE = `parcours-${BUILD}`;
const SNAPSHOTS = "parcours-python"; // the worker's own (worker.mjs): a snapshot of Python, named by its build
const SCOPE = new URL(self.registration.scope);
const FRESH = ["search/search_index.json", "sitemap.xml"]; // derived from the pages, not in BUILD
const BUILD_META = /<meta name="parcours-build" content="([\w-]+)"/;
let outdated = false;

const here = (path) => new URL(path, SCOPE).href;
// A restarted worker forgets "outdated"; the registration still says whether a newer one is coming.
const replaced = () => outdated || self.registration.waiting !== null || self.registration.installing !== null;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map(here))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("parcours-") && name !== CACHE && name !== SNAPSHOTS) await caches.delete(name);
    }
    await self.clients.claim();
    // The pages open now, and the search index, came before this worker: kept from the HTTP cache.
    const open = (await self.clients.matchAll({ type: "window" })).map((client) => client.url.split("#")[0]);
    for (const url of [...open, ...FRESH.map(here)]) {
      const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
      if (response && response.ok && await sameBuild(response.clone())) await put(url, response);
    }
  })());
});

// Whether a response is of this build (a page says its build in its head; the rest is of this one).
async function sameBuild(response) {
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) return true;
  return (BUILD_META.exec(await response.text()) || [])[1] === BUILD;
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.op === "keep-python") event.waitUntil(keep(PYTHON.map(here)));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const path = url.pathname.slice(SCOPE.pathname.length);
  if (path === "sw.js") return;
  if (request.mode === "navigate" || path === "" || path.endsWith("/") || path.endsWith(".html") || FRESH.includes(path)) {
    event.respondWith(networkFirst(event));
  } else if (!replaced()) {
    event.respondWith(cacheFirst(event));
  }
});

async function networkFirst(event) {
  const key = event.request.url.split("#")[0];
  let response;
  try {
    response = await fetch(event.request);
  } catch (err) {
    const kept = await caches.match(key, { cacheName: CACHE, ignoreSearch: true });
    if (kept) return kept;
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
  const probe = response.clone().body.getReader();
  const decoder = new TextDecoder();
  let head = "";
  for (;;) {
    const { done, value } = await probe.read();
    if (done) break;
    head += decoder.decode(value, { stream: true });
    if (BUILD_META.test(head) || head.includes("</head>")) break;
  }
  probe.cancel().catch(() => {});
  const build = (BUILD_META.exec(head) || [])[1];
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

async function cacheFirst(event) {
  const kept = await caches.match(event.request, { cacheName: CACHE, ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") event.waitUntil(put(event.request, response.clone()));
  return response;
}

// This build's cache to write into: none once it is replaced (caches.open would create it again).
async function ownCache() {
  return !replaced() && await caches.has(CACHE) ? caches.open(CACHE) : null;
}

async function put(key, response) {
  const cache = await ownCache();
  if (cache) await cache.put(key, response);
  else await response.body?.cancel();
}

// Python's files, fetched by a worker this one did not control: the browser's HTTP cache has them
// (the worker fetched them a moment ago, from this build), so they are not downloaded again.
async function keep(urls) {
  for (const url of urls) {
    const cache = await ownCache();
    if (!cache) return;
    if (await cache.match(url)) continue;
    const response = await fetch(url, { cache: "force-cache" }).catch(() => null);
    if (response && response.ok) await put(url, response);
  }
}
