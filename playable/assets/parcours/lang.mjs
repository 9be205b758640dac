// Parcours: the reader's language. Both languages side by side by default; a reader may choose
// French only or English only, once: the choice is kept (localStorage) and applied to every page
// before its first paint by the theme (overrides/main.html sets <html data-px-lang lang>), and
// parcours.css hides the other language's texts, every original text of the rules excepted.
// Here: the header's control, Material's own words (each "French · English",
// overrides/partials/languages/custom.html), of which one language keeps its half, the tab's title,
// and the search's results.
// (No import: dom.mjs builds its elements with this module's words, so this one builds its own.)

/** @typedef {{en: string, fr: string}} Words a text in both languages */
/** @typedef {"fr" | "en" | "both"} Mode the languages shown */
/** @typedef {HTMLElement | SVGElement} Marked an element that may keep its words in data-px-* */

const STORE = "parcours.lang";
const BOTH_LANG = "en"; // <html lang> with both languages: the theme's (mkdocs.yml, custom.html)
/** @type {{mode: Mode, text: string, lang: string | null, name: string}[]} */
const CHOICES = [
  { mode: "fr", text: "FR", lang: "fr", name: "Français seulement" },
  { mode: "en", text: "EN", lang: "en", name: "English only" },
  { mode: "both", text: "FR + EN", lang: null, name: "Français et anglais · French and English" },
];
// Material's words, where they stand: [selector, attribute] (null: the element's own text).
/** @type {[string, string | null][]} */
const INTERFACE = [
  [".md-skip", null],
  [".md-header__inner", "aria-label"],
  [".md-search__input", "placeholder"],
  [".md-search__input", "aria-label"],
  [".md-search__options", "aria-label"],
  ['.md-search[role="dialog"]', "aria-label"],
  [".md-search__icon[type=reset]", "title"],
  [".md-search__icon[type=reset]", "aria-label"],
  [".md-search__icon[for=__search]", "title"],
  [".md-search-result__meta", null],
  [".md-search-result__more summary > div", null],
  [".md-nav--primary", "aria-label"],
  [".md-nav--secondary", "aria-label"],
  [".md-nav--secondary > .md-nav__title", null],
  [".md-top", null],
  [".md-footer", "aria-label"],
  [".headerlink", "title"],
  [".px-lang", "aria-label"],
  [".px-lang [data-mode=both]", "title"],
  [".px-lang [data-mode=both] .px-sr", null],
  [".px-scheme", "aria-label"],
  [".px-scheme", "title"],
];

// The reader's own choice, read once from storage, then as made (storage may be refused: then for
// this visit). A printable rulebook shows its own choice without touching this one.
/** @type {Mode | null} */
let readerChoice = null;
function readersLanguage() {
  if (readerChoice === null) {
    try {
      const stored = localStorage.getItem(STORE);
      readerChoice = stored === "fr" || stored === "en" ? stored : "both";
    } catch {
      readerChoice = document.documentElement.dataset.pxPrint ? "both" : chosenLanguage();
    }
  }
  return readerChoice;
}

// A printable rulebook's own language choice (its <div class="px-print" data-px-print>), or null.
/** @returns {Mode | null} */
function printedLanguage() {
  const mode = /** @type {HTMLElement | null} */ (document.querySelector(".px-print[data-px-print]"))?.dataset.pxPrint;
  return CHOICES.some((choice) => choice.mode === mode) ? /** @type {Mode} */ (mode) : null;
}

// The language shown: "fr", "en" or "both".
/** @returns {Mode} */
export function chosenLanguage() {
  const mode = document.documentElement.dataset.pxLang;
  return mode === "fr" || mode === "en" ? mode : "both";
}

// A text as its language sets it, as the build's are (parcours.core.typeset): French keeps a sign
// and the word before it on one line, and « … » around their words, the plain space written
// before : ; ! ? » % and after « becoming a no-break space (U+00A0). English is left as written.
const FRENCH_SPACE = / (?=[:;!?»%])|(?<=«) /g;
/**
 * @param {string} text
 * @param {unknown} [lang] the text's language: "fr", or any other
 */
export function typeset(text, lang) {
  return lang === "fr" && typeof text === "string" ? text.replace(FRENCH_SPACE, "\u00a0") : text;
}

// Words for a place where only text will do (an <option>, an attribute): {en, fr} in the reader's
// choice, French first when both.
/** @param {Words} words */
export function wordsFor({ en, fr: written }) {
  const fr = typeset(written, "fr");
  const mode = chosenLanguage();
  return mode === "fr" || fr === en ? fr : mode === "en" ? en : `${fr} · ${en}`;
}

// Words where only text will do (an <option>'s text, an attribute), kept in the reader's choice: the
// element carries both languages (data-px-fr, data-px-en) and data-px-words names what they fill
// ("text", or an attribute). The build writes the same attributes on its own elements.
/**
 * @template {Marked} E
 * @param {E} el
 * @param {Words} words
 * @param {string} [attribute]
 * @returns {E}
 */
export function followWords(el, { en, fr }, attribute = "text") {
  el.dataset.pxFr = fr;
  el.dataset.pxEn = en;
  el.dataset.pxWords = attribute;
  drawWords(el);
  return el;
}

// Every element under root that keeps its words in the reader's language (HTML the engine wrote,
// such as a chart's name), drawn in it.
/** @param {ParentNode} root */
export function followWordsIn(root) {
  for (const el of /** @type {NodeListOf<Marked>} */ (root.querySelectorAll("[data-px-words]"))) drawWords(el);
}

/** @param {Marked} el one with data-px-words, data-px-fr and data-px-en */
function drawWords(el) {
  const words = wordsFor(/** @type {Words} */ ({ en: el.dataset.pxEn, fr: el.dataset.pxFr }));
  if (el.dataset.pxWords === "text") {
    if (el.textContent !== words) el.textContent = words;
  } else {
    el.setAttribute(/** @type {string} */ (el.dataset.pxWords), words);
  }
}

// A number as a language writes it ("1 234,5" in French, "1,234.5" in English, a negative one with
// a minus sign, U+2212, where Intl writes a hyphen): every number the scripts put in a sentence goes
// through here, as the build's go through parcours.core.number_words.
// (A whole number, a step's or a count's, is written here, as Intl would: the first Intl object costs
// tens of milliseconds, on every page load. Made on first use for the others.)
/** @type {Record<string, Intl.NumberFormat>} */
const NUMBERS = {};
/** @type {Record<string, string>} */
const THOUSANDS = { fr: "\u202f", en: "," };
/**
 * @param {string} lang "fr" or "en"
 * @param {number} value
 */
export function numberIn(lang, value) {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, THOUSANDS[lang] ?? ",");
    return value < 0 ? `\u2212${digits}` : digits;
  }
  NUMBERS[lang] ??= new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB");
  return NUMBERS[lang].format(value).replace(/^-/, "\u2212");
}

// One half of Material's "French · English", or both.
/**
 * @param {string} bilingual
 * @param {Mode} mode
 */
function half(bilingual, mode) {
  const parts = bilingual.split(" · ");
  if (mode === "both" || parts.length !== 2) return bilingual;
  return mode === "fr" ? parts[0] : parts[1];
}

// Material's words with a count: its translation puts the count in the first "#" only ("6 documents
// trouvés · # matching documents"), the English half takes it too.
/** @param {string} words */
function counted(words) {
  const count = words.match(/^(\d\S*) /)?.[1];
  return count ? words.replace("#", count) : words;
}

// One of Material's words (overrides/partials/languages/custom.html), its count in each language.
/** @type {Record<string, string> | null} */
let translations = null;
/**
 * @param {string} key
 * @param {number} count
 */
function materialWords(key, count) {
  try {
    translations ??= /** @type {Record<string, string>} */ (
      JSON.parse(/** @type {HTMLElement} */ (document.getElementById("__config")).textContent).translations);
    return translations[key].replaceAll("#", String(count));
  } catch {
    return null;
  }
}

// The last text of an element that holds words (Material puts its icons before them).
/** @param {Element} el */
function wordsNode(el) {
  const texts = /** @type {Text[]} */ (Array.from(el.childNodes)
    .filter((n) => n.nodeType === Node.TEXT_NODE && /** @type {Text} */ (n).data.trim()));
  return texts[texts.length - 1] || null;
}

// Each of Material's words in the reader's choice; the bilingual original is kept beside it.
/**
 * @param {Mode} mode
 * @param {ParentNode} [root]
 */
function followInterface(mode, root = document) {
  for (const [selector, attribute] of INTERFACE) {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector))) {
      const key = attribute ? `pxBi${attribute.replace(/\W/g, "")}` : "pxBiText";
      if (attribute) {
        const now = el.getAttribute(attribute);
        if (now === null) continue;
        if (!(key in el.dataset) || (now !== el.dataset[key] && now.includes(" · "))) el.dataset[key] = now;
        el.setAttribute(attribute, half(/** @type {string} set above */ (el.dataset[key]), mode));
      } else {
        const node = wordsNode(el);
        if (!node) continue;
        const now = node.data.trim();
        if (!(key in el.dataset) || (now !== el.dataset[key] && now.includes(" · "))) el.dataset[key] = counted(now);
        const words = half(/** @type {string} set above */ (el.dataset[key]), mode);
        if (now !== words) node.data = node.data.replace(now, words);
      }
    }
  }
}

// The tabs titled English and Français (marked by the build, playable/hooks.py) open on the
// reader's language.
/** @param {Mode} mode */
function openLanguageTabs(mode) {
  if (mode === "both") return;
  for (const label of /** @type {NodeListOf<HTMLLabelElement>} */ (
    document.querySelectorAll(`.tabbed-labels > label[lang="${mode}"]`))) {
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById(label.htmlFor));
    if (input && !input.checked) input.checked = true;
  }
}

// The browser's tab title in the reader's choice: the build writes each language's beside both
// (playable/lang_marks.py), the theme's head shows the reader's before any module (overrides/main.html);
// Material's instant navigation puts the next page's own title in, in both.
/** @param {Mode} mode */
function followTitle(mode) {
  const title = document.querySelector("head > title[data-px-both]");
  const words = title?.getAttribute(`data-px-${mode}`);
  if (words && document.title !== words) document.title = words;
}

// Search results, as Material writes them from the index (the build keeps each text's language
// there: playable/hooks.py), show the reader's language alone as the pages do (parcours.css); a
// result whose title is all in the other language (a section of the other language's tab) goes,
// and a page's results with it when none is left.
/**
 * @param {Mode} mode
 * @param {ParentNode} [root]
 */
function followResults(mode, root = document) {
  const other = /** @type {Record<Mode, string | undefined>} */ ({ fr: "en", en: "fr" })[mode];
  for (const link of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".md-search-result__link"))) {
    const title = link.querySelector("h1, h2");
    link.hidden = Boolean(other && title && !speaks(title, other));
  }
  for (const more of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".md-search-result__more"))) {
    const shown = more.querySelectorAll(".md-search-result__link:not([hidden])").length;
    more.hidden = shown === 0;
    const summary = /** @type {HTMLElement | null} */ (more.querySelector("summary > div"));
    const words = materialWords(shown === 1 ? "search.result.more.one" : "search.result.more.other", shown);
    if (summary && words && summary.dataset.pxBiText !== words) summary.textContent = words; // then halved
  }
  for (const item of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".md-search-result__item"))) {
    item.hidden = !item.querySelector(".md-search-result__link:not([hidden])");
  }
}

// Whether an element holds words not marked with the language `other`.
/**
 * @param {Element} el
 * @param {string} other
 */
function speaks(el, other) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = /** @type {Text | null} */ (walker.nextNode()); node; node = /** @type {Text | null} */ (walker.nextNode())) {
    const marked = /** @type {HTMLElement | null} */ (/** @type {Element} */ (node.parentElement).closest("[lang]"));
    if (node.data.trim() && !(marked && el.contains(marked) && marked.lang === other)) return true;
  }
  return false;
}

/** @param {Mode} mode */
function apply(mode) {
  const root = document.documentElement;
  if (mode === "both") delete root.dataset.pxLang;
  else root.dataset.pxLang = mode;
  // Set only when it changes: setting <html lang>, even to the same value, restyles the whole page
  // (13 ms at normal speed on a numbers page, on every page load).
  const lang = mode === "both" ? BOTH_LANG : mode;
  if (root.lang !== lang) root.lang = lang;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(".px-lang button"))) {
    button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
  }
  followResults(mode);
  followInterface(mode);
  followTitle(mode);
  for (const el of /** @type {NodeListOf<Marked>} */ (document.querySelectorAll("[data-px-words]"))) drawWords(el);
  openLanguageTabs(mode);
}

/** @param {Mode} mode */
function choose(mode) {
  readerChoice = mode;
  try {
    if (mode === "both") localStorage.removeItem(STORE);
    else localStorage.setItem(STORE, mode);
  } catch {
    // storage refused (private mode): the choice holds for this page only
  }
  apply(mode);
  document.dispatchEvent(new CustomEvent("parcours:lang", { detail: mode }));
}

// The control, in the header (which Material's instant navigation keeps from page to page). Each
// button is named by what it shows, then in words ("FR Français seulement").
function control() {
  const group = Object.assign(document.createElement("div"), { className: "px-lang" });
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "Langue · Language");
  for (const { mode, text, lang, name } of CHOICES) {
    const button = Object.assign(document.createElement("button"), { type: "button", className: "px-lang-choice",
      title: name });
    button.dataset.mode = mode;
    if (lang) button.lang = lang;
    button.setAttribute("aria-pressed", "false");
    button.append(text, " ", Object.assign(document.createElement("span"), { className: "px-sr", textContent: name }));
    button.addEventListener("click", () => choose(mode));
    group.append(button);
  }
  return group;
}

// Search results are written by Material as the reader types: their words follow as they come.
function watchSearch() {
  const results = /** @type {HTMLElement | null} */ (document.querySelector(".md-search-result"));
  if (!results || results.dataset.pxLang) return;
  results.dataset.pxLang = "watched";
  new MutationObserver(() => {
    const mode = chosenLanguage();
    followResults(mode, results);
    followInterface(mode, results);
  }).observe(results, { childList: true, subtree: true, characterData: true });
}

export function mountLanguage() {
  const header = document.querySelector(".md-header__inner");
  if (header && !header.querySelector(".px-lang")) {
    header.insertBefore(control(), header.querySelector("label[for=__search]"));
  }
  watchSearch();
  const printed = printedLanguage();
  if (printed) document.documentElement.dataset.pxPrint = printed;
  else delete document.documentElement.dataset.pxPrint;
  apply(printed ?? readersLanguage());
}
