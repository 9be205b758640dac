// Parcours: DOM helpers shared by the worked example, the Play page and the live figures, and the
// one helper that writes a text in both languages.

import { engine } from "./engine.mjs";
import { followWords, typeset } from "./lang.mjs";

/** @typedef {import("./lang.mjs").Words} Words */
/** @typedef {Node | string | null | undefined | false} Child an element's child (null, undefined, false: none) */

// An element: h("button", {type: "button", class: "px-x", text: "…"}, child, [children]…). Its
// text is typeset as its language (attribute lang) sets it: every French text the scripts write
// is an element marked French.
/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = typeset(String(value), attrs.lang);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

// A text in both languages, each marked with its own, French first as everywhere on the site:
// `words` is {en, fr} or [en, fr]. The " · " between them stays in the accessible name, so a
// control is named as it reads ("Joueur 1 · Player 1"). Where only text will do (an <option>, an
// attribute), lang.mjs's followWords.
/**
 * @param {Words | [string, string]} words
 * @param {{cls?: string | null}} [options]
 */
export function bi(words, { cls = null } = {}) {
  const [en, fr] = Array.isArray(words) ? words : [words.en, words.fr];
  return h("span", { class: cls }, h("span", { lang: "fr", text: fr }), h("span", { class: "px-sep", text: " · " }),
    h("span", { lang: "en", text: en }));
}

// How many play a race, [en, fr]: "2 to 12 players" / "de 2 à 12 joueurs", or one number ("à 2 joueurs").
/** @type {(min: number, max: number) => [string, string]} */
export const playersWords = (min, max) => (min === max ? [`${min} players`, `à ${min} joueurs`]
  : [`${min} to ${max} players`, `de ${min} à ${max} joueurs`]);

/** @param {string} html */
export function parseHTML(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template;
}

// The plain text of one language of a step, sentence after sentence.
/** @param {Element | null | undefined} container */
export function plainText(container) {
  if (!container) return "";
  const items = container.querySelectorAll("li");
  const parts = items.length ? Array.from(items, (li) => li.textContent ?? "") : [container.textContent ?? ""];
  return parts.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean).join(" ");
}

// A board's caption: French, then English on a line of its own.
/** @param {Words} label */
export function boardCaption(label) {
  return [h("span", { lang: "fr", text: label.fr }), h("br"), h("span", { lang: "en", text: label.en })];
}

// A board's drawing, named for screen readers by its caption's words, in the reader's language.
/**
 * @param {string} svg
 * @param {Words} label
 */
export function namedBoard(svg, label) {
  const board = /** @type {SVGElement | null} */ (parseHTML(svg).content.firstElementChild);
  if (board) followWords(board, label, "aria-label");
  return board;
}

// Calls onNear with the elements that come within a screen's height of the view (the reader reaches
// them in a flick), each once; the observer is returned, to be disconnected when the page goes.
/**
 * @param {Iterable<Element>} els
 * @param {(coming: Element[]) => void} onNear
 */
export function whenNear(els, onNear) {
  const observer = new IntersectionObserver((entries, self) => {
    const coming = entries.filter((e) => e.isIntersecting).map((e) => e.target);
    for (const el of coming) self.unobserve(el);
    if (coming.length) onNear(coming);
  }, { rootMargin: "100% 0px" });
  for (const el of els) observer.observe(el);
  return observer;
}

// Material wraps wide tables in a scrolling box that the keyboard cannot reach (axe:
// scrollable-region-focusable): make each one a focusable, named region.
export function reachableTables() {
  for (const wrap of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".md-typeset__scrollwrap"))) {
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "region");
    followWords(wrap, { fr: "Tableau", en: "Table" }, "aria-label");
  }
}

// Material wraps a page's plain tables in a scrolling box at load; a table swapped in later gets
// the same box (and, through reachableTables, a focusable, named one).
/** @param {ParentNode} root */
export function wrapTables(root) {
  for (const table of root.querySelectorAll("table:not([class])")) {
    if (table.parentElement?.classList.contains("md-typeset__table")) continue;
    const inner = h("div", { class: "md-typeset__table" });
    const wrap = h("div", { class: "md-typeset__scrollwrap" }, inner);
    table.replaceWith(wrap);
    inner.append(table);
  }
  reachableTables();
}

// Python's state in a small note, in a reader's words: a spinner while it starts, then nothing once
// ready (data-stage says it), or why it failed.
/**
 * @param {HTMLElement} note
 * @param {string} stage the engine's (engine.mjs)
 * @param {[string, string]} [after] a sentence after the failure's, [en, fr]
 */
export function showEngineNote(note, stage, [afterEn, afterFr] = ["", ""]) {
  note.removeAttribute("aria-busy");
  if (stage === "loading") {
    note.setAttribute("aria-busy", "true");
    note.replaceChildren(h("span", { class: "px-spinner", "aria-hidden": "true" }),
      bi(["Getting the game engine ready…", "Préparation du moteur de jeu…"]));
  } else if (stage === "failed") {
    note.replaceChildren(bi([`Python could not start: ${engine.error.en}.${afterEn}`,
      `Python n'a pas pu démarrer : ${engine.error.fr}.${afterFr}`]));
  } else {
    note.replaceChildren();
  }
  note.dataset.stage = stage;
}

// The citation box's addresses (playable/citation.py) as the reader reached this page: the
// published one on the site itself, a copy's own elsewhere (a local build's, a mirror's). A line
// may break after a / between two names, never inside a name, as the build writes them.
export function citeHere() {
  const page = location.origin + location.pathname;
  for (const code of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".px-citation code.px-address"))) {
    const anchor = code.dataset.pxAnchor;
    const address = anchor ? `${page}#${anchor}` : page;
    if (code.textContent === address) continue;
    code.replaceChildren(...address.split(/(?<=[^/:]\/)(?=[^/])/).flatMap((part, k) => (k ? [h("wbr"), part] : [part])));
  }
}
