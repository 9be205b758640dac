// Parcours: a figure the reader recomputes from a form (a game's live figure: its view's LIVE, asked by
// name). Loaded by the entry point (parcours.mjs) only on a page that holds one (.px-live): the reader
// edits the form's fields, the engine computes the figure again (the worker's "figure" request,
// parcours_view.figure_json). Every word said about it is the view's (data-words), every field the form's
// own: this module knows no game.

import { bi, h, wrapTables } from "./dom.mjs";
import { EngineError, EngineTimeout, engine, requestEngine, startEngine } from "./engine.mjs";
import { followWordsIn } from "./lang.mjs";

/** @typedef {import("./lang.mjs").Words} Words */
/**
 * What the view says about its figure, each in both languages: busy (a computation under way), computing,
 * starting (Python starts first), kept (after a refusal: the figure shown is still the last one), refused
 * ("{refusal}" where the engine's sentence goes), restored (back to the published figure), reset (the button).
 * @typedef {Record<"busy" | "computing" | "starting" | "kept" | "refused" | "restored" | "reset", Words>} Said
 */
/** @typedef {Record<string, number | string | (number | string)[]>} Input the form's fields, as the engine reads them */

// A field's text as the engine reads it: a whole number where it is one, the rest as typed, so that the
// engine's own sentence says what is wrong ("got 'x'").
/** @param {string} text */
const asTyped = (text) => (/^-?\d+$/.test(text) ? Number(text) : text);

class LiveFigure {
  /** @param {HTMLElement} el .px-live, as the game's view writes it (its FIGURES) */
  constructor(el) {
    this.el = el;
    this.game = /** @type {string} */ (el.dataset.game);
    this.figure = /** @type {string} */ (el.dataset.figure);
    /** @type {Said} */
    this.words = JSON.parse(/** @type {string} */ (el.dataset.words));
    this.form = /** @type {HTMLFormElement} */ (el.querySelector("form.px-live-form"));
    this.result = /** @type {HTMLElement} */ (el.querySelector(".px-live-result"));
    this.status = /** @type {HTMLElement} */ (this.form.querySelector(".px-status"));
    this.status.setAttribute("role", "status");
    this.published = this.result.innerHTML;
    this.gen = 0;
    this.busy = false;
    this.submit = /** @type {HTMLButtonElement} */ (this.form.querySelector("button[type=submit]"));
    this.reset = h("button", { type: "button", class: "px-live-reset" }, bi(this.words.reset));
    this.submit.after(this.reset);
    this.form.noValidate = true; // the engine says what is wrong with the fields
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.compute(); });
    this.reset.addEventListener("click", () => this.restore());
    const intent = () => startEngine();
    this.form.addEventListener("focusin", intent, { once: true });
    this.form.addEventListener("pointerenter", intent, { once: true });
    this.form.hidden = false;
    el.dataset.pxLive = "on";
  }

  // The fields by name; a field marked data-list is a list (its items between commas, semicolons or spaces).
  /** @returns {Input} */
  input() {
    /** @type {Input} */
    const input = {};
    for (const field of this.form.querySelectorAll("input[name]")) {
      const { name, value, dataset } = /** @type {HTMLInputElement} */ (field);
      input[name] = "list" in dataset ? value.split(/[\s,;]+/).filter(Boolean).map(asTyped) : asTyped(value.trim());
    }
    return input;
  }

  /**
   * @param {Words} words
   * @param {"info" | "error"} kind
   */
  say(words, kind) {
    this.status.dataset.kind = kind;
    this.status.replaceChildren(bi(words));
  }

  /** @param {boolean} done the computation is over (or dropped) */
  settle(done) {
    this.busy = !done;
    if (done) {
      this.submit.removeAttribute("aria-disabled");
      this.result.removeAttribute("aria-busy");
    } else {
      this.submit.setAttribute("aria-disabled", "true");
      this.result.setAttribute("aria-busy", "true");
    }
  }

  async compute() {
    const said = this.words;
    if (this.busy) return this.say(said.busy, "info");
    const input = this.input();
    const gen = ++this.gen;
    this.settle(false);
    this.el.dataset.state = "computing";
    this.status.dataset.kind = "info";
    this.status.replaceChildren(h("span", { class: "px-spinner", "aria-hidden": "true" }), " ",
      bi(engine.stage === "ready" ? said.computing : said.starting));
    let answer;
    let refused = null;
    try {
      answer = await requestEngine("figure", { request: { game: this.game, name: this.figure, input } });
    } catch (err) {
      refused = err instanceof EngineError ? err : new EngineError(String(err));
    }
    if (gen !== this.gen) return;
    this.settle(true);
    this.el.dataset.state = refused ? "refused" : "done";
    if (refused instanceof EngineTimeout) {
      const [en, fr] = refused.words;
      return this.say({ en: `${en} ${said.kept.en}`, fr: `${fr} ${said.kept.fr}` }, "error");
    }
    if (refused !== null) {
      const why = refused.refusal;
      return this.say({ en: `${said.refused.en.replace("{refusal}", why.en)} ${said.kept.en}`,
        fr: `${said.refused.fr.replace("{refusal}", why.fr)} ${said.kept.fr}` }, "error");
    }
    this.result.innerHTML = answer.html;
    followWordsIn(this.result);
    wrapTables(this.result);
    this.say(answer.said, "info");
  }

  restore() {
    this.gen += 1; // a computation still running is dropped
    this.settle(true);
    this.form.reset(); // each field's value as the page gave it
    this.result.innerHTML = this.published;
    followWordsIn(this.result);
    this.el.dataset.state = "default";
    this.say(this.words.restored, "info");
  }
}

/** @type {Map<string, LiveFigure>} */
const figures = new Map(); // each page's live figures by their element's id, kept across Material's instant navigation

// Sets up every live figure of the page (on each visit: Material's instant navigation swaps pages).
export function mountLive() {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".px-live"))) {
    if (box.dataset.pxLive) continue;
    try {
      const kept = figures.get(box.id);
      if (kept && !kept.el.isConnected) box.replaceWith(kept.el); // drawn again: the fields edited stay
      else figures.set(box.id, new LiveFigure(box));
    } catch (err) {
      console.error("Parcours: a live figure could not be set up:", err);
    }
  }
}
