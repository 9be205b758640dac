// Parcours: the reader's request to keep the whole edition for reading offline (the home page's
// .px-keep). The button says the edition's size (the build's <meta name="parcours-edition-bytes">);
// pressed, it asks the service worker (sw.js, "keep-edition") and says, in a sentence, when every
// page and file is kept, or that they could not all be. Without a service worker it stays hidden.

import { bi, h } from "./dom.mjs";
import { numberIn } from "./lang.mjs";

const NO_ANSWER_MS = 15_000; // a worker that never became ready (blocked, or this browser's storage off)

function megabytes() {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="parcours-edition-bytes"]'));
  const bytes = Number(meta?.content);
  return Number.isFinite(bytes) && bytes > 0 ? Math.max(1, Math.round(bytes / 1e6)) : null;
}

// The service worker's answer to "keep-edition": {ok}, or {ok: false} when it never answers.
/** @returns {Promise<{ok: boolean}>} */
function askToKeep() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false }), NO_ANSWER_MS);
    navigator.serviceWorker.ready.then((registration) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }) => { clearTimeout(timer); resolve(data || { ok: false }); };
      /** @type {ServiceWorker} ready: it has one */ (registration.active).postMessage({ op: "keep-edition" }, [channel.port2]);
    }, () => { clearTimeout(timer); resolve({ ok: false }); });
  });
}

export function mountKeep() {
  const box = /** @type {HTMLElement | null} */ (document.querySelector(".px-keep"));
  const size = megabytes();
  if (!box || box.dataset.pxKeep || !navigator.serviceWorker || !size) return;
  box.dataset.pxKeep = "on";
  const status = h("p", { class: "px-status", role: "status", "aria-live": "polite" });
  const say = (/** @type {string} */ en, /** @type {string} */ fr) => status.replaceChildren(bi([en, fr]));
  const button = h("button", { type: "button", class: "md-button" },
    bi([`Keep this edition for reading offline (${numberIn("en", size)} MB)`,
      `Garder cette édition pour la lire hors ligne (${numberIn("fr", size)} Mo)`]));
  button.addEventListener("click", async () => {
    button.disabled = true;
    say("Keeping the edition… You can go on reading meanwhile.",
      "L'édition est en train d'être gardée… Vous pouvez continuer à lire.");
    const { ok } = await askToKeep();
    if (ok) {
      say("The edition is kept: every page reads offline, and its examples play.",
        "L'édition est gardée : toutes ses pages se lisent hors ligne, et ses exemples se jouent.");
    } else {
      button.disabled = false;
      say("The edition could not all be kept (no connection, or no room left in this browser). "
        + "Try again later.", "L'édition n'a pas pu être gardée en entier (pas de connexion, ou plus de place "
        + "dans ce navigateur). Réessayez plus tard.");
    }
  });
  box.replaceChildren(h("p", {}, button), status);
  box.hidden = false;
}
