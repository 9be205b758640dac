// Parcours: permalinks. A position is written into the page's address as #<id>:<payload>, the
// payload base64url of JSON; a link is read within limits, so a hostile one cannot stall Python.

import { bi, h } from "./dom.mjs";

// A permalink is refused before it is parsed when it is longer or deeper than any real one:
// a whole race's record is a few KB and 5 levels deep; a hostile one could stall Python.
const LINK_LIMITS = { chars: 64 * 1024, depth: 64 };

export function toBase64url(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

// A permalink's JSON text, parsed, or null when it is too long, too deep or not JSON. The depth
// is counted over the brackets outside strings, without recursion, before JSON.parse sees it.
function parseLink(text) {
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
export function readLink(payload) {
  // base64 takes 4 characters for 3 bytes: refuse a long payload before decoding it
  if (typeof payload !== "string" || payload.length > Math.ceil(LINK_LIMITS.chars * 4 / 3)) return null;
  try {
    return parseLink(fromBase64url(payload));
  } catch {
    return null;
  }
}

// The element id and the payload of a permalink's hash ("#ex-art-3:eyJz…"), or null.
export function linkInHash(hash) {
  const match = /^#([^:]+):(.*)$/s.exec(hash || "");
  return match ? { id: decodeURIComponent(match[1]), payload: match[2] } : null;
}

// The "Permalink" link of a widget. A plain click calls `share` instead of following it:
// followed, Material's instant navigation would redraw the page, and every other widget on it
// would lose its state. A middle click, "copy link" and the like work as usual.
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
