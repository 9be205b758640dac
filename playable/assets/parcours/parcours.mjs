// Parcours: the site's one script entry point (mkdocs.yml, extra_javascript). Material for MkDocs'
// instant navigation swaps pages without re-running scripts: on every page it draws, through
// Material's `document$`, this mounts what the page holds, each part idempotently. A part's
// module (the worked example, the Play page, a live figure) loads on the first page that holds
// the part. Every URL is resolved against import.meta.url, so the site works under any subpath.
// Once the first page has loaded, it registers the service worker (the site's sw.js, written by
// playable/offline.py from playable/sw.js), which keeps the site for reading and playing offline.
// A page of another build (a deployment since this one) is loaded again, whole (release.mjs).

import { citeHere, reachableTables } from "./dom.mjs";
import { mountLanguage } from "./lang.mjs";
import { linkInHash, linkTarget } from "./links.mjs";
import { reloadIfAnotherBuild, reloadIfDeployed } from "./release.mjs";
import { mountScheme } from "./scheme.mjs";

/** @type {{selector: string, module: string, mount: string}[]} a part, its module and the function that mounts it */
const PARTS = [
  { selector: ".px-example", module: "./example.mjs", mount: "mountExamples" },
  { selector: "#px-play-form", module: "./play.mjs", mount: "mountPlay" },
  { selector: ".px-live", module: "./live.mjs", mount: "mountLive" },
  { selector: ".px-impact[data-races]", module: "./compare.mjs", mount: "mountCompare" },
  { selector: ".px-keep", module: "./keep.mjs", mount: "mountKeep" },
];
/** @type {Map<string, Promise<Record<string, () => void> | null>>} */
const loaded = new Map(); // module -> its import() (null once it failed, said once)

// Material's search is a dialog without a name (axe: aria-dialog-name): it takes the name Material
// itself gives the search's options, in the site's language.
function nameSearchDialog() {
  const dialog = document.querySelector('.md-search[role="dialog"]');
  const name = dialog?.querySelector(".md-search__options")?.getAttribute("aria-label");
  if (dialog && name && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", name);
}

// Once loaded, a part is mounted on every page, so that it can let go of the page left.
/** @param {{selector: string, module: string, mount: string}} part */
function mountPart({ selector, module, mount }) {
  if (!loaded.has(module)) {
    if (!document.querySelector(selector)) return;
    loaded.set(module, import(module).catch(async (err) => {
      if (!await reloadIfDeployed()) console.error(`Parcours: ${module} could not be loaded:`, err);
      return null;
    }));
  }
  /** @type {Promise<Record<string, () => void> | null>} set above */ (loaded.get(module)).then((part) => part && part[mount]());
}

// The service worker, registered once the page has loaded (so its first fetches do not compete with
// the page's own). Offline is an extra: a browser without service workers, or an insecure context, reads as before.
let offlineAsked = false;
function keepOffline() {
  if (offlineAsked || !navigator.serviceWorker) return;
  offlineAsked = true;
  // Once a worker controls the page (now, or a new build's taking over), it keeps what the page
  // fetched before (sw.js, "keep").
  const keep = () => navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage({ op: "keep" }), () => {});
  navigator.serviceWorker.addEventListener("controllerchange", keep);
  const register = () => navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))
    .then((reg) => { takeOver(reg); keep(); }, () => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

// A new build's worker, once installed, is asked to take over at once (sw.js, "skip-waiting").
/** @param {ServiceWorkerRegistration} reg */
function takeOver(reg) {
  if (!reg) return;
  const ask = (/** @type {ServiceWorker | null} */ worker) => worker?.postMessage({ op: "skip-waiting" });
  ask(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    worker?.addEventListener("statechange", () => { if (worker.state === "installed") ask(worker); });
  });
}

// Material's search worker holds the search index unbuilt until a reader reaches for the search
// (playable/search_later.js): told here when the search opens (its field focused, its toggle checked),
// or when the worker starts while it is open already. Once per document: the listeners outlive pages.
let searchWatched = false;
function releaseSearchWhenOpened() {
  if (searchWatched || typeof BroadcastChannel === "undefined") return;
  searchWatched = true;
  const channel = new BroadcastChannel("parcours-search");
  const open = () => channel.postMessage("open");
  const isOpen = () => /** @type {HTMLInputElement | null} */ (document.getElementById("__search"))?.checked
    || document.activeElement?.matches(".md-search__input");
  channel.onmessage = ({ data }) => { if (data === "waiting" && isOpen()) open(); };
  document.addEventListener("focusin", ({ target }) => {
    if (target instanceof Element && target.matches(".md-search__input")) open();
  });
  document.addEventListener("change", ({ target }) => {
    if (target instanceof HTMLInputElement && target.id === "__search" && target.checked) open();
  });
  if (isOpen()) open();
}

function mountPage() {
  if (reloadIfAnotherBuild()) return; // a page of a new deployment, met by instant navigation
  keepOffline();
  releaseSearchWhenOpened();
  nameSearchDialog();
  mountScheme();
  mountLanguage();
  reachableTables();
  citeHere();
  for (const part of PARTS) mountPart(part);
  answerLink();
}

// A permalink the page cannot use (damaged, or for an example of another page) is answered on every
// page, those without a part that reads permalinks too (links.mjs: a sentence, nothing changed).
function answerLink() {
  linkTarget(linkInHash(location.hash));
}
addEventListener("hashchange", answerLink);

// Material's pages, one after another (its instant navigation), where Material is.
const material = /** @type {Window & {document$?: {subscribe?: (next: () => void) => unknown}}} */ (window);
if (material.document$ && typeof material.document$.subscribe === "function") material.document$.subscribe(mountPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountPage);
else mountPage();
