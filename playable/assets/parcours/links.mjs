// Parcours: permalinks. A position is written into the page's address as #<id>:<payload>, the
// payload base64url of JSON; a link is read within limits, so a hostile one cannot stall Python, and
// an address that is damaged, or for no example of the page, is answered here in a sentence.

import { bi, h } from "./dom.mjs";

// A permalink is refused before it is parsed when it is longer or deeper than any real one:
// a whole race's record is a few KB and 5 levels deep; a hostile one could stall Python.
const LINK_LIMITS = { chars: 64 * 1024, depth: 64 };
// Every example's id, and the Play page's, begins so (playable/rulebook.py, macros.py).
const EXAMPLE_PREFIX = "ex-";
const NOTE_ID = "px-link-note"; // the sentence about the page's address

/** @typedef {{id: string, payload: string | null, damaged?: undefined} | {damaged: true, id?: undefined}} Link */

/** @param {string} text */
export function toBase64url(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

// A record's JSON text (a permalink's, or one kept in the browser's storage, which another page of
// the same origin may have written), parsed, or null when it is too long, too deep or not JSON. The
// depth is counted over the brackets outside strings, without recursion, before JSON.parse sees it.
/**
 * @param {unknown} text
 * @returns {any} whatever the JSON holds: its reader checks it
 */
export function readRecord(text) {
  if (typeof text !== "string" || text.length > LINK_LIMITS.chars) return null;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      if (++depth > LINK_LIMITS.depth) return null;
    } else if (c === "]" || c === "}") depth--;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// A permalink's payload (base64url of JSON), read within the limits, or null.
/**
 * @param {unknown} payload
 * @returns {any} whatever the JSON holds: its reader checks it
 */
export function readLink(payload) {
  // base64 takes 4 characters for 3 bytes: refuse a long payload before decoding it
  if (typeof payload !== "string" || payload.length > Math.ceil(LINK_LIMITS.chars * 4 / 3)) return null;
  try {
    return readRecord(fromBase64url(payload));
  } catch {
    return null;
  }
}

// What a page's address links to, read without throwing: null when it links to nothing of ours (no
// hash, or an anchor the page has: a heading, a footnote, an example by its bare id); else {id,
// payload} for a permalink ("#ex-art-3:eyJz…"; payload null for a bare "#ex-…" anchor), or
// {damaged: true} when a "%" escape of the address cannot be decoded. Only the id is decoded: a
// payload is base64url, and one that is not says so in its own example.
/**
 * @param {string | null | undefined} hash
 * @returns {Link | null}
 */
export function linkInHash(hash) {
  const raw = (hash || "").replace(/^#/, "");
  if (!raw || document.getElementById(raw)) return null;
  const colon = raw.indexOf(":");
  let id;
  try {
    id = decodeURIComponent(colon < 0 ? raw : raw.slice(0, colon));
  } catch {
    return { damaged: true };
  }
  if (colon < 0) return id.startsWith(EXAMPLE_PREFIX) && !document.getElementById(id) ? { id, payload: null } : null;
  return id ? { id, payload: raw.slice(colon + 1) } : null;
}

// The element a link of linkInHash is for: an example of this page (or the Play page's race), or
// null. A damaged link, or one for an example this page does not have (one of another page, say),
// is answered here, for every part of the page: a sentence at the top of the page, in both
// languages, and nothing else changes (the examples keep their positions). A good link, or none,
// takes the sentence away.
/** @param {Link | null} link */
export function linkTarget(link) {
  const el = link && !link.damaged ? document.getElementById(link.id) : null;
  if (!link || el?.classList.contains("px-example")) {
    document.getElementById(NOTE_ID)?.remove();
    return el;
  }
  if (link.damaged) {
    sayAtTop(["This link could not be read: its address is damaged (a “%” not followed by a character's code). "
      + "Nothing on the page was changed.",
    "Ce lien est illisible : son adresse est abîmée (un « % » qui n'est pas suivi du code d'un caractère). "
      + "Rien n'a changé sur la page."]);
  } else {
    const name = link.id.slice(0, 60);
    sayAtTop([`This link is for “${name}”, which is not an example of this page: it may be meant for another page. `
      + "Nothing on the page was changed.",
    `Ce lien vise « ${name} », qui n'est pas un exemple de cette page : il est peut-être destiné à une autre page. `
      + "Rien n'a changé sur la page."]);
  }
  return null;
}

// A sentence about the page's address, under the page's title, brought into view.
/** @param {[string, string]} words [en, fr] */
function sayAtTop(words) {
  let note = document.getElementById(NOTE_ID);
  if (!note) {
    note = h("div", { id: NOTE_ID, class: "admonition warning px-status", role: "status", "data-kind": "error" });
    const content = document.querySelector("article.md-content__inner") || document.body;
    const title = content.querySelector(":scope > h1");
    if (title) title.after(note);
    else content.prepend(note);
  }
  note.replaceChildren(h("p", {}, bi(words)));
  note.scrollIntoView({ block: "nearest" });
}

// The "Permalink" link of a widget. A plain click calls `share` instead of following it:
// followed, Material's instant navigation would redraw the page, and every other widget on it
// would lose its state. A middle click, "copy link" and the like work as usual.
/**
 * @param {string} href
 * @param {() => void} share
 */
export function permalinkAnchor(href, share) {
  const anchor = h("a", { class: "px-permalink", href }, bi(["Permalink", "Lien permanent"]));
  anchor.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    share();
  });
  return anchor;
}

// A permalink, "followed" without reloading: into the address bar, and the clipboard where allowed.
// Returns whether it was copied.
/** @param {string} href */
export async function publishLink(href) {
  history.replaceState(history.state, "", href);
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(href);
      return true;
    }
  } catch {
    // no clipboard: the address bar shows the link
  }
  return false;
}
