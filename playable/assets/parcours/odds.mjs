// Parcours: the horse race's odds editor. Loaded by the entry point (parcours.mjs) only on the
// page that has it (#px-odds): the reader edits the board, the engine (parcours_view.odds_json)
// computes its exact odds.

import { bi, h, wrapTables } from "./dom.mjs";
import { EngineError, EngineTimeout, engine, requestEngine, startEngine } from "./engine.mjs";
import { followWordsIn } from "./lang.mjs";

/** @typedef {{holes: number | string, up: number | string, traps: (number | string)[]}} Board as the engine reads it */

class OddsEditor {
  /** @param {HTMLElement} el #px-odds, as the build writes it (playable/macros.py) */
  constructor(el) {
    this.el = el;
    this.form = /** @type {HTMLFormElement} */ (el.querySelector("form.px-board-form"));
    this.result = /** @type {HTMLElement} */ (el.querySelector(".px-odds-result"));
    this.status = /** @type {HTMLElement} */ (this.form.querySelector(".px-status"));
    this.status.setAttribute("role", "status");
    /** @type {{holes: number, up: number, traps: number[]}} */
    this.defaults = JSON.parse(/** @type {string} */ (el.dataset.board));
    this.published = this.result.innerHTML;
    this.gen = 0;
    this.busy = false;
    this.submit = /** @type {HTMLButtonElement} */ (this.form.querySelector("button[type=submit]"));
    this.reset = h("button", { type: "button", class: "px-board-reset" },
      bi({ fr: "Valeurs par défaut", en: "Defaults" }));
    this.submit.after(this.reset);
    this.form.noValidate = true; // the engine says what is wrong with a board
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.compute(); });
    this.reset.addEventListener("click", () => this.restore());
    const intent = () => startEngine();
    this.form.addEventListener("focusin", intent, { once: true });
    this.form.addEventListener("pointerenter", intent, { once: true });
    this.form.hidden = false;
    el.dataset.pxOdds = "on";
  }

  // The inputs as the engine reads a board: numbers where they are numbers, the rest as typed,
  // so that the engine's own sentence says what is wrong ("got 'x'").
  /** @returns {Board} */
  board() {
    const value = (/** @type {string} */ name) => {
      const text = this.input(name).value.trim();
      return /^-?\d+$/.test(text) ? Number(text) : text;
    };
    const traps = this.input("traps").value.split(/[\s,;]+/).filter(Boolean)
      .map((t) => (/^-?\d+$/.test(t) ? Number(t) : t));
    return { holes: value("holes"), up: value("up"), traps };
  }

  /** @param {string} name one of the form's inputs: holes, up, traps */
  input(name) {
    return /** @type {HTMLInputElement} */ (this.form.elements.namedItem(name));
  }

  /**
   * @param {string} en
   * @param {string} fr
   * @param {"info" | "error"} kind
   */
  say(en, fr, kind) {
    this.status.dataset.kind = kind;
    this.status.replaceChildren(bi([en, fr]));
  }

  async compute() {
    if (this.busy) {
      return this.say("Still computing the last board: one moment.", "Calcul du dernier plateau en cours : un instant.", "info");
    }
    const board = this.board();
    const gen = ++this.gen;
    this.busy = true;
    this.submit.setAttribute("aria-disabled", "true");
    this.result.setAttribute("aria-busy", "true");
    this.el.dataset.state = "computing";
    this.status.dataset.kind = "info";
    this.status.replaceChildren(h("span", { class: "px-spinner", "aria-hidden": "true" }), " ",
      engine.stage === "ready"
        ? bi(["Computing the exact odds…", "Calcul des chances exactes…"])
        : bi(["Getting the game engine ready, then computing the exact odds…", "Préparation du moteur de jeu, puis calcul des chances exactes…"]));
    let answer;
    let refused = null;
    try {
      answer = await requestEngine("odds", { board: JSON.stringify(board) });
    } catch (err) {
      refused = err instanceof EngineError ? err : new EngineError(String(err));
    }
    if (gen !== this.gen) return;
    this.busy = false;
    this.submit.removeAttribute("aria-disabled");
    this.result.removeAttribute("aria-busy");
    this.el.dataset.state = refused ? "refused" : "done";
    if (refused instanceof EngineTimeout) {
      const [en, fr] = refused.words;
      return this.say(`${en} The odds shown are still the last ones.`, `${fr} Les chances affichées restent les dernières.`, "error");
    }
    if (refused !== null) {
      return this.say(`This board was refused: ${refused.refusal.en}. The odds shown are still the last ones.`,
        `Ce plateau est refusé : ${refused.refusal.fr}. Les chances affichées restent les dernières.`, "error");
    }
    this.result.innerHTML = answer.html;
    followWordsIn(this.result);
    wrapTables(this.result);
    const traps = board.traps.join(", ") || "none";
    this.say(`Exact odds for ${board.holes} holes (${board.up} going up), traps ${traps}.`,
      `Chances exactes pour ${board.holes} trous (${board.up} à la montée), pièges ${traps === "none" ? "aucun" : traps}.`, "info");
  }

  restore() {
    this.gen += 1; // a computation still running is dropped
    this.busy = false;
    this.submit.removeAttribute("aria-disabled");
    this.result.removeAttribute("aria-busy");
    const d = this.defaults;
    this.input("holes").value = String(d.holes);
    this.input("up").value = String(d.up);
    this.input("traps").value = d.traps.join(", ");
    this.result.innerHTML = this.published;
    followWordsIn(this.result);
    this.el.dataset.state = "default";
    this.say("Back to the board of the box, and its odds.", "Retour au plateau de la boîte, et à ses chances.", "info");
  }
}

/** @type {OddsEditor | null} */
let odds = null; // the odds editor, kept across Material's instant navigation

// Sets up the odds editor (on each visit: Material's instant navigation swaps pages).
export function mountOdds() {
  const box = document.getElementById("px-odds");
  if (!box || box.dataset.pxOdds) return;
  try {
    if (odds && !odds.el.isConnected) box.replaceWith(odds.el); // drawn again: the board edited stays
    else odds = new OddsEditor(box);
  } catch (err) {
    console.error("Parcours: the odds editor could not be set up:", err);
  }
}
