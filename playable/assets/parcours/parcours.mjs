// Parcours: the site's one script entry point (mkdocs.yml, extra_javascript). Material for MkDocs'
// instant navigation swaps pages without re-running scripts: on every page it draws, through
// Material's `document$`, this mounts what the page holds, each part idempotently. The Play page
// and the odds editor load only on the pages that have them. Every URL is resolved against
// import.meta.url, so the site works under any subpath (GitHub Pages).

import { reachableTables } from "./dom.mjs";
import { mountExamples } from "./example.mjs";

// Material's search is a dialog without a name (axe: aria-dialog-name): it takes the name Material
// itself gives the search's options, in the site's language.
function nameSearchDialog() {
  const dialog = document.querySelector('.md-search[role="dialog"]');
  const name = dialog?.querySelector(".md-search__options")?.getAttribute("aria-label");
  if (dialog && name && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", name);
}

function mountLazily(selector, module, mount) {
  if (!document.querySelector(selector)) return;
  import(module).then((loaded) => loaded[mount](), (err) => console.error(`Parcours: ${module} could not be loaded:`, err));
}

function mountPage() {
  nameSearchDialog();
  reachableTables();
  mountExamples();
  mountLazily("#px-play-form", "./play.mjs", "mountPlay");
  mountLazily("#px-odds", "./odds.mjs", "mountOdds");
}

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(mountPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountPage);
else mountPage();
