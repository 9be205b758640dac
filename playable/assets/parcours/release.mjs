// Parcours: which build this page's scripts belong to, and what happens when the site has moved on
// while the page was open (a new deployment): the page is loaded again, whole, from the new build, so
// that one build's scripts never run another's page, nor start another's engine. Each build names its
// files by their content (playable/release.py): an old page's files are gone from a new deployment.

const BUILD_META = 'meta[name="parcours-build"]';
const shownBuild = () => /** @type {HTMLMetaElement | null} */ (document.querySelector(BUILD_META))?.content || null;

// The build of the page these scripts came with (playable/offline.py marks every page's head).
export const BUILD = shownBuild();

// After Material's instant navigation, which puts the new page's head in place of the old one's:
// a page of another build is loaded again, whole (true: it is being loaded).
export function reloadIfAnotherBuild() {
  const shown = shownBuild();
  if (!BUILD || !shown || shown === BUILD) return false;
  location.reload();
  return true;
}

// A file of this build could not be loaded (a module, the engine's worker, Python's files): if the
// site, asked for this page again, is of another build now, the page is loaded again from it (true).
// Offline, or the same build: false, and the caller says what failed.
export async function reloadIfDeployed() {
  if (!BUILD) return false;
  try {
    const response = await fetch(location.href.split("#")[0], { cache: "no-cache" });
    const found = /<meta name="parcours-build" content="(\w+)"/.exec(await response.text());
    if (!found || found[1] === BUILD) return false;
  } catch {
    return false;
  }
  location.reload();
  return true;
}
