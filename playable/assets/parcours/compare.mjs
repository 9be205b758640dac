// Parcours: a comparison the reader runs beside a reading's note (.px-impact, data-races from the
// build: each race the reading applies to, its name in both languages and its number of players).
// The worker plays it a few races per request (parcours_view.compare_json): the page shows how far
// it has come, stays responsive, and Cancel stops it between two requests. Leaving the page stops it
// too, so that the worker is free for the next page at once (after the few races under way); coming
// back, the reader finds the box as it was left, saying so.

import { bi, h, parseHTML, playersWords, whenNear, wrapTables } from "./dom.mjs";
import { EngineError, EngineTimeout, engine, requestEngine, startEngine } from "./engine.mjs";
import { followWords, numberIn } from "./lang.mjs";

const COUNTS = [200, 1000, 5000];
// Races a request: the first few, then as many as take about TARGET ms on this device (at most STEP),
// so a slow phone stays well inside the worker's watchdog (12 s) even for the Ronde's long races.
const FIRST_STEP = 10;
const STEP = 100;
const TARGET = 2000;

/** @typedef {import("./lang.mjs").Words} Words */
/** @typedef {{ruleset: string, name: Words, min: number, max: number, players: number}} Race as the build lists it */
/** @typedef {{run: unknown, cancelled: boolean, left: boolean, done: number, total: number}} Running */
/** @typedef {HTMLElement & {pxCompare?: Comparison}} Box a .px-impact, and the comparison set up in it */

let counter = 0;
/** @type {Map<string, Comparison>} */
const comparisons = new Map(); // "page path option" -> its Comparison, kept when the page is left

class Comparison {
  /** @param {Box} box */
  constructor(box) {
    this.box = box;
    this.option = box.dataset.impact;
    /** @type {Race[]} */
    this.races = JSON.parse(/** @type {string} */ (box.dataset.races));
    /** @type {Running | null} */
    this.running = null;
    const id = `px-cmp-${++counter}`;
    this.race = h("select", { id: `${id}-race` }, this.races.map((r) =>
      followWords(h("option", { value: r.ruleset }), r.name)));
    this.players = h("input", { type: "number", id: `${id}-players`, inputmode: "numeric" });
    this.count = h("select", { id: `${id}-count` }, COUNTS.map((n) =>
      followWords(h("option", { value: String(n) }), { en: numberIn("en", n), fr: numberIn("fr", n) })));
    this.count.value = "1000";
    this.start = h("button", { type: "submit" }, bi(["Compare", "Comparer"]));
    this.cancel = h("button", { type: "button", class: "px-cancel", hidden: true }, bi(["Cancel", "Annuler"]));
    this.progress = followWords(h("progress", { max: "1", value: "0", hidden: true }),
      { fr: "Avancement", en: "Progress" }, "aria-label");
    this.status = h("p", { class: "px-status", role: "status", "aria-live": "polite" });
    this.result = h("div", { class: "px-compare-result" });
    const field = (/** @type {HTMLElement} */ input, /** @type {string} */ en, /** @type {string} */ fr) => h("label", { for: input.id }, bi([en, fr]), " ", input);
    this.form = h("form", { class: "px-compare-form" },
      h("p", { class: "px-compare-title" }, h("strong", {}, bi(["Compare for yourself", "Comparez vous-même"]))),
      this.races.length > 1 ? field(this.race, "Race", "Course") : null,
      field(this.players, "Players", "Joueurs"), field(this.count, "Races", "Courses"),
      this.start, this.cancel, this.progress);
    this.race.addEventListener("change", () => this.fitPlayers());
    this.fitPlayers();
    this.form.noValidate = true; // the number of players is checked here, in a sentence
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.run(); });
    this.cancel.addEventListener("click", () => this.stop());
    this.form.addEventListener("focusin", () => startEngine(), { once: true });
    box.append(this.form, this.status, this.result);
    box.dataset.pxCompare = "on";
  }

  chosen() {
    return this.races.find((r) => r.ruleset === this.race.value) ?? this.races[0];
  }

  fitPlayers() {
    const race = this.chosen();
    this.players.min = String(race.min);
    this.players.max = String(race.max);
    this.players.value = String(race.players);
    this.players.disabled = race.min === race.max;
  }

  /**
   * @param {string} en
   * @param {string} fr
   * @param {"info" | "error"} [kind]
   */
  say(en, fr, kind = "info") {
    this.status.dataset.kind = kind;
    this.status.replaceChildren(bi([en, fr]));
  }

  /** @param {boolean} on */
  busy(on) {
    this.start.hidden = on;
    this.cancel.hidden = !on;
    this.progress.hidden = !on;
    this.result.setAttribute("aria-busy", String(on));
  }

  async run() {
    if (this.running) return;
    const race = this.chosen();
    const players = Number(this.players.value);
    if (!Number.isInteger(players) || players < race.min || players > race.max) {
      const [en, fr] = playersWords(race.min, race.max);
      this.say(`This race is for ${en}.`, `Cette course se joue ${fr}.`, "error");
      return this.players.focus();
    }
    /** @type {Running} */
    const running = { run: null, cancelled: false, left: false, done: 0, total: Number(this.count.value) };
    this.running = running;
    this.busy(true);
    this.progress.value = 0;
    this.say(engine.stage === "ready" ? "Playing the races…" : "Getting the game engine ready, then playing the races…",
      engine.stage === "ready" ? "Les courses se jouent…" : "Préparation du moteur de jeu, puis les courses se jouent…");
    try {
      const races = Number(this.count.value);
      const started = await requestEngine("compare", { request: { start: {
        ruleset: race.ruleset, players, option: this.option, races, seed: 1 } } });
      running.run = started.run;
      let size = FIRST_STEP;
      for (;;) {
        if (running.cancelled) {
          await requestEngine("compare", { request: { run: running.run, stop: true } });
          return running.left ? this.sayLeft(running)
            : this.say("Cancelled: the figures above are unchanged.", "Annulée : les chiffres ci-dessus n'ont pas changé.");
        }
        const sent = performance.now();
        const step = await requestEngine("compare", { request: { run: running.run, step: size } });
        const took = Math.max(1, performance.now() - sent);
        size = Math.max(1, Math.min(STEP, Math.round(size * TARGET / took)));
        running.done = step.done;
        this.progress.value = step.done / step.total;
        this.say(`${numberIn("en", step.done)} of ${numberIn("en", step.total)} races played…`,
          `${numberIn("fr", step.done)} courses jouées sur ${numberIn("fr", step.total)}…`);
        if (step.html) {
          this.result.replaceChildren(parseHTML(step.html).content);
          wrapTables(this.result);
          return this.say("Done: your comparison is below.", "Terminé : votre comparaison est ci-dessous.");
        }
      }
    } catch (err) {
      const lower = (/** @type {string} */ text) => text.charAt(0).toLowerCase() + text.slice(1); // after a colon, the sentence goes on
      const why = err instanceof EngineTimeout ? { en: lower(err.words[0]), fr: lower(err.words[1]) }
        : err instanceof EngineError ? { en: `${err.refusal.en}.`, fr: `${err.refusal.fr}.` }
          : { en: String(err), fr: String(err) };
      this.say(`The comparison stopped: ${why.en}`, `La comparaison s'est arrêtée : ${why.fr}`, "error");
    } finally {
      this.running = null;
      this.busy(false);
    }
  }

  stop() {
    if (!this.running) return;
    this.running.cancelled = true;
    this.say("Cancelling after the races under way…", "Annulation après les courses en cours…");
  }

  // The reader left the page: stopped after the races under way, as Cancel does.
  leave() {
    if (!this.running || this.running.cancelled) return;
    this.running.cancelled = true;
    this.running.left = true;
  }

  /** @param {Running} running */
  sayLeft({ done, total }) {
    const [n, m] = [numberIn("en", done), numberIn("en", total)];
    const [nFr, mFr] = [numberIn("fr", done), numberIn("fr", total)];
    this.say(`Stopped when you left the page, after ${n} of ${m} races: the figures above are unchanged. `
      + "Press Compare to run it again.",
    `Arrêtée quand vous avez quitté la page, après ${nFr} courses sur ${mFr} : les chiffres ci-dessus n'ont pas changé. `
      + "Appuyez sur Comparer pour la relancer.");
  }
}

// Sets up every reading's comparison on the page (on every page: Material's instant navigation) as
// the reader comes near it, not at load: a rules page holds a dozen, each a form whose fields the
// browser would lay out inside notes it has not drawn yet (tasks of a quarter of a second on a slowed
// phone). A box met again (a return visit, or the page redrawn on a hash change) is the one left, put
// back; a comparison whose page is no longer on screen is stopped.
/** @type {IntersectionObserver | null} */
let near = null;
export function mountCompare() {
  near?.disconnect();
  /** @type {Box[]} */
  const fresh = [];
  for (const box of /** @type {NodeListOf<Box>} */ (document.querySelectorAll(".px-impact[data-impact][data-races]"))) {
    if (box.dataset.pxCompare) continue;
    const left = comparisons.get(keyOf(box));
    if (left && !left.box.isConnected) box.replaceWith(left.box);
    else fresh.push(box);
  }
  if (!("IntersectionObserver" in window)) fresh.forEach(setUp);
  else near = whenNear(fresh, (coming) => coming.forEach((box) => setUp(/** @type {Box} */ (box))));
  for (const comparison of comparisons.values()) {
    if (!comparison.box.isConnected) comparison.leave();
  }
}

const keyOf = (/** @type {Box} */ box) => `${location.pathname} ${box.dataset.impact}`;

/** @param {Box} box */
function setUp(box) {
  if (box.dataset.pxCompare || !box.isConnected) return;
  try {
    box.pxCompare = new Comparison(box);
    comparisons.set(keyOf(box), box.pxCompare);
  } catch (err) {
    console.error("Parcours: a comparison could not be set up:", err);
  }
}
