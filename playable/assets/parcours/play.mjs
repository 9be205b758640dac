// Parcours: the Play page, a whole race against bots or between friends. Loaded by the entry
// point (parcours.mjs) only on the page that has it (#px-play-form); it shares the engine
// (engine.mjs): one module Web Worker, one Pyodide per visit.
//
// The race lives in the page as a scenario: every die and every decision written out. Each move
// asks the worker to replay it (parcours_view.play_json): the engine checks the move, lets the
// bots play their turns if asked, and renders only the new steps with the same renderer as the
// worked examples. So a permalink is the scenario itself, and a refused move changes nothing.
// The race on screen is kept in the tab (sessionStorage) after every answer: a reload, or a visit
// back to the page, replays it where it was.
// What depends on the game (its rules page, its seats' names) comes from the page's form, each
// race's <option> carrying it (playable/macros.py, play_form).
//
// Humans' dice come from crypto.getRandomValues; bots' dice and decisions from the engine
// (random.Random seeded from crypto.getRandomValues; the bot that decides is the one each race's
// <option> names, data-bot, with its name in words from the game's package).

import { dieName, throwFor } from "./dice.mjs";
import { bi, boardCaption, h, namedBoard, parseHTML, plainText, playersWords, showEngineNote } from "./dom.mjs";
import { EngineError, EngineTimeout, engine, requestEngine, startEngine, startInAMoment } from "./engine.mjs";
import { followWords } from "./lang.mjs";
import { linkInHash, linkTarget, permalinkAnchor, publishLink, readLink, readRecord, toBase64url } from "./links.mjs";

const BOT_DELAY = 400; // ms between two bot moves, unless "Bots: fast"
const FAST_BATCH = 200; // bot moves in one request when fast
const SCENARIO_KEYS = ["ruleset", "players", "options", "setup", "dice", "choices"];
const PLAY_ID = "ex-play";

/** @typedef {import("./lang.mjs").Words} Words */
/** @typedef {import("./engine.mjs").Stage} Stage */
/** @typedef {import("./dice.mjs").Need} Need */
/**
 * A race as the page keeps it: a scenario (every die and decision written out), who plays it.
 * @typedef {{ruleset: string, players: number, options: Record<string, unknown>, dice: number[],
 *   choices: string[], setup?: unknown}} Scenario
 * @typedef {{scenario: Scenario, humans: number[], count: number, need: Need | null, finished: boolean,
 *   winner: number | null, humanSteps: number[]}} Race
 */
/**
 * The engine's answer (parcours_view/play.py, play): the new steps, the last with its board, and the race now.
 * @typedef {{item: string, seat: number | null, dice: number[], board?: string, label?: Words, choice?: string,
 *   choice_label?: Words}} Frame
 * @typedef {{final: boolean, caption: Words, columns: Words[], rows: {seat: number, cells: Words[]}[],
 *   name_column: number, note: Words | null}} Scoreboard
 * @typedef {{frames: Frame[], since: number, count: number, need: Need | null, finished: boolean,
 *   winner: number | null, dice: number[], choices: string[], scoreboard: Scoreboard | null, symbols?: string}} Answer
 */
/** @typedef {{seats: number[], name?: string, seed: number, moves: number}} Bots the bots' turns to play */

const capital = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// The plain text of one language of a step (its item's HTML), for the live region.
/**
 * @param {string} item
 * @param {string} lang
 */
function stepText(item, lang) {
  return plainText(parseHTML(item).content.querySelector(`.px-step-text > [lang="${lang}"]`));
}

// ================================================================== the Play page
class PlayPage {
  /**
   * @param {HTMLFormElement} form #px-play-form, as playable/macros.py writes it
   * @param {HTMLElement} el #ex-play, where the race is drawn
   */
  constructor(form, el) {
    this.form = form;
    this.el = el;
    this.select = /** @type {HTMLSelectElement} */ (form.elements.namedItem("ruleset"));
    this.playersInput = /** @type {HTMLInputElement} */ (form.elements.namedItem("players"));
    this.seatsBox = /** @type {HTMLElement} */ (form.querySelector(".px-seats"));
    this.humanSeats = new Set([0]); // what the reader ticked, kept while the number of players changes
    /** @type {Race | null} */
    this.race = null;
    this.races = 0; // races started on this page (data-race, for tests)
    this.gen = 0; // bumped by a new race: answers and timers of the old one are dropped
    this.busy = false;
    this.botsPlaying = false; // the move being played is the bots' (an undo may overtake it)
    /** @type {number | null} */
    this.timer = null;
    this.batch = FAST_BATCH; // bot moves a request when fast (fewer after a request too slow)
    this.keepKey = `parcours:play:${location.pathname}`; // where the tab keeps the race (keep)
    this.at = "";
    /** @type {string | null | undefined} the permalink's payload opened last */
    this.opened = undefined;
    this.build();
    this.setRange();
    this.renderSeats();
    this.showBot();
    form.noValidate = true; // the page says what is wrong, in both languages, in its live region
    form.addEventListener("submit", (event) => { event.preventDefault(); this.newRace(); });
    this.select.addEventListener("change", () => { this.setRange(); this.renderSeats(); this.showBot(); });
    this.playersInput.addEventListener("input", () => this.renderSeats());
    const intent = () => startEngine();
    form.addEventListener("focusin", intent, { once: true });
    form.addEventListener("pointerenter", intent, { once: true });
    startInAMoment(() => form.isConnected); // a reader who opens the Play page came to play
    form.dataset.pxPlay = "on";
    el.dataset.pxPlay = "on";
  }

  // ---------------------------------------------------------------- the form
  /** @param {string} ruleset */
  option(ruleset) {
    return Array.from(this.select.options).find((o) => o.value === ruleset) || null;
  }

  /** @returns {[number, number]} */
  range(ruleset = this.select.value) {
    const option = this.option(ruleset);
    return option ? [Number(option.dataset.min), Number(option.dataset.max)] : [2, 12];
  }

  setRange() {
    const [min, max] = this.range();
    const input = this.playersInput;
    input.min = String(min);
    input.max = String(max);
    const n = Number(input.value);
    if (!Number.isInteger(n) || n < min) input.value = String(min);
    else if (n > max) input.value = String(max);
    input.readOnly = min === max;
    input.setAttribute("aria-describedby", this.rangeNote.id);
    this.rangeNote.replaceChildren(bi({ fr: min === max ? `${min} joueurs` : `de ${min} à ${max} joueurs`,
      en: min === max ? `${min} players` : `${min} to ${max} players` }));
  }

  // Under "Who plays?": which of the engine's bots decides for the bots of the chosen race, by its
  // name in words (none in a race without decisions: its bots only throw).
  showBot() {
    const bot = this.option(this.select.value)?.dataset;
    this.botNote.replaceChildren(bi(bot?.bot
      ? { fr: `Les robots décident avec le robot « ${bot.botFr} » du moteur.`,
        en: `The bots decide with the engine's “${bot.botEn}” bot.` }
      : { fr: "Cette course ne demande aucune décision : les robots ne font que lancer les dés.",
        en: "This race asks for no decision: the bots only throw the dice." }));
  }

  renderSeats() {
    const [min, max] = this.range();
    const typed = Number(this.playersInput.value);
    const n = Number.isInteger(typed) ? Math.max(min, Math.min(max, typed)) : min;
    for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (this.seatsBox.querySelectorAll("input[type=checkbox]"))) {
      if (box.checked) this.humanSeats.add(Number(box.value));
      else this.humanSeats.delete(Number(box.value));
    }
    const boxes = Array.from({ length: n }, (_, seat) => {
      const input = h("input", { type: "checkbox", name: "human", value: String(seat), id: `px-seat-${seat}` });
      input.checked = this.humanSeats.has(seat);
      const { fr, en } = this.seatWords(this.select.value, seat);
      return h("label", { class: "px-seat", for: input.id }, input, bi({ fr: capital(fr), en: capital(en) }));
    });
    this.seatsBox.replaceChildren(...boxes);
  }

  // A seat in words, "joueur 2 (Orange)": a game may name its seats (the Ronde's riders are colours),
  // the form's <option> says so.
  // With `bot`, it says so: "player 3 (Yellow, bot)".
  /**
   * @param {string} ruleset
   * @param {number} seat
   * @param {boolean} [bot]
   * @returns {Words}
   */
  seatWords(ruleset, seat, bot = false) {
    /** @type {Record<string, string> | undefined} the seat's name in each language, if it has one */
    const name = JSON.parse(this.option(ruleset)?.dataset.seats || "[]")[seat];
    const words = (/** @type {"fr" | "en"} */ lang, /** @type {string} */ robot) => {
      const said = [name?.[lang], bot ? robot : null].filter(Boolean).join(", ");
      return `${lang === "fr" ? "joueur" : "player"} ${seat + 1}${said ? ` (${said})` : ""}`;
    };
    return { fr: words("fr", "robot"), en: words("en", "bot") };
  }

  // The race the form asks for, or null (and a sentence) when it cannot be played.
  readForm() {
    const ruleset = this.select.value;
    const option = this.option(ruleset);
    if (!option) {
      this.say("Choose a race first.", "Choisissez d'abord une course.");
      return null;
    }
    const [min, max] = this.range(ruleset);
    const text = this.playersInput.value.trim();
    const players = Number(text);
    if (!/^\d+$/.test(text) || players < min || players > max) {
      const [en, fr] = playersWords(min, max);
      this.say(`This race is for ${en}: “${text}” will not do.`, `Cette course se joue ${fr} : « ${text} » ne convient pas.`);
      this.playersInput.focus();
      return null;
    }
    const humans = Array.from(/** @type {NodeListOf<HTMLInputElement>} */ (
      this.seatsBox.querySelectorAll("input[type=checkbox]:checked")), (b) => Number(b.value))
      .filter((seat) => seat < players);
    return { scenario: { ruleset, players, options: {}, dice: [], choices: [] }, humans };
  }

  // The form shows the race of a link (once the engine has taken it).
  /**
   * @param {Scenario} scenario
   * @param {number[]} humans
   */
  showInForm(scenario, humans) {
    this.select.value = scenario.ruleset;
    this.humanSeats = new Set(humans);
    this.playersInput.value = String(scenario.players);
    this.setRange();
    this.seatsBox.replaceChildren();
    this.renderSeats();
  }

  // ---------------------------------------------------------------- the game's controls
  build() {
    const el = this.el;
    const button = (/** @type {string} */ cls, /** @type {string} */ en, /** @type {string} */ fr) =>
      h("button", { type: "button", class: cls }, bi([en, fr]));
    /** @type {HTMLSpanElement} */
    this.rangeNote = h("span", { class: "px-range", id: "px-players-range" });
    /** @type {HTMLLabelElement} */ (this.playersInput.closest("label")).append(" ", this.rangeNote);
    /** @type {HTMLSpanElement} */
    this.botNote = h("span", { class: "px-bot-note" });
    this.form.querySelector(".px-humans .px-hint")?.append(" ", this.botNote);

    /** @type {HTMLParagraphElement} */
    this.turn = h("p", { class: "px-turn", id: "ex-play-turn" });
    /** @type {HTMLDivElement} */
    this.boardHolder = h("div", { class: "px-board-holder" });
    // The position in words (the board's name too), under the move to make: over the score.
    /** @type {HTMLParagraphElement} */
    this.caption = h("p", { class: "px-caption" });
    /** @type {HTMLElement} */
    this.figure = h("figure", { class: "px-figure" }, this.boardHolder);
    /** @type {HTMLDivElement} */
    this.defs = h("div", { class: "px-play-defs", "aria-hidden": "true" });
    // The race's score as its rules keep it (the game's view says what), after every answer.
    /** @type {HTMLElement} */
    this.score = h("section", { class: "px-score", "aria-live": "off" });

    /** @type {HTMLButtonElement} */
    this.throwButton = button("px-throw", "Throw", "Lancer");
    // Which die the race asks for ("D16"): the Ronde throws dice of six sizes.
    /** @type {HTMLSpanElement} */
    this.dieAsk = h("span", { class: "px-die-ask", id: "ex-play-die", hidden: true });
    this.throwButton.setAttribute("aria-describedby", `${this.turn.id} ${this.dieAsk.id}`);
    this.throwButton.addEventListener("click", () => {
      this.throwingOn = false;
      this.humanThrow();
    });
    // A person with nothing to decide throws on by themselves: to the race's end, or to the next
    // decision (the Veldiv's and the horse race's players only ever throw). Any other press stops it.
    /** @type {HTMLButtonElement} */
    this.throwOnButton = button("px-throw-on", "Throw to the end", "Lancer jusqu'au bout");
    this.throwOnButton.addEventListener("click", () => this.throwOn());
    /** @type {boolean} */
    this.throwingOn = false;
    /** @type {HTMLParagraphElement} */
    this.choiceLegend = h("p", { class: "px-question", id: "ex-play-question" });
    /** @type {HTMLDivElement} */
    this.choices = h("div", { class: "px-row px-choices", role: "group", "aria-labelledby": this.choiceLegend.id });
    /** @type {HTMLDivElement} */
    this.decide = h("div", { class: "px-decide-box", hidden: true }, this.choiceLegend, this.choices);
    /** @type {HTMLParagraphElement} */
    this.status = h("p", { class: "px-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });

    /** @type {HTMLInputElement} */
    this.fast = h("input", { type: "checkbox", id: "ex-play-fast", class: "px-fast" });
    this.fast.addEventListener("change", () => this.onFast());
    /** @type {HTMLButtonElement} */
    this.restart = button("px-restart", "Restart", "Recommencer");
    this.restart.addEventListener("click", () => this.restartRace());
    /** @type {HTMLButtonElement} */
    this.undoButton = button("px-undo", "Undo my last move", "Annuler mon dernier coup");
    this.undoButton.addEventListener("click", () => this.undo());
    /** @type {HTMLAnchorElement} */
    this.permalink = permalinkAnchor(`#${PLAY_ID}`, () => this.sharePermalink());
    /** @type {HTMLSpanElement} */
    this.engineNote = h("span", { class: "px-engine" });

    /** @type {HTMLDivElement} */
    this.actions = followWords(h("div", { class: "px-row px-act", role: "group" }, this.throwButton, this.dieAsk,
      this.throwOnButton),
      { fr: "Votre coup", en: "Your move" }, "aria-label");
    /** @type {HTMLDivElement} */
    this.controls = h("div", { class: "px-controls px-play-controls" }, this.actions, this.decide);
    /** @type {HTMLDivElement} */
    this.meta = h("div", { class: "px-controls px-play-meta" },
      h("div", { class: "px-row px-meta" },
        h("label", { class: "px-fast-label", for: this.fast.id }, this.fast, bi(["Bots: fast", "Robots : rapides"])),
        this.undoButton, this.restart, this.permalink, this.engineNote));
    /** @type {HTMLOListElement} */
    this.list = h("ol", { class: "px-steps", start: "0" });
    /** @type {HTMLDivElement} */
    this.stepsBox = followWords(h("div", { class: "px-steps-box", tabindex: "0", role: "region" }, this.list),
      { fr: "Étapes de la course", en: "Steps of the race" }, "aria-label");
    // Who plays, the board, the move to make and what it did, in that order and on one screen (a
    // phone's too: parcours.css caps the board's height); the position in words, the score and the
    // rest under them.
    /** @type {HTMLDivElement} */
    this.game = h("div", { class: "px-game-body", hidden: true }, this.turn, this.figure, this.controls);
    /** @type {HTMLDivElement} */
    this.more = h("div", { class: "px-game-more", hidden: true }, this.caption, this.score, this.meta);
    this.stepsBox.hidden = true;
    /** @type {HTMLParagraphElement} */
    this.idle = h("p", { class: "px-idle" }, bi(["Choose a race above, then press “New race”.",
      "Choisissez une course ci-dessus, puis « Nouvelle course »."]));
    // The live region stays visible (and announced) with or without a race on screen.
    el.replaceChildren(this.defs, this.idle, this.game, this.status, this.more, this.stepsBox);
    el.hidden = false;
    this.onEngine = (/** @type {Stage} */ stage) => this.showEngine(stage);
    engine.listeners.add(this.onEngine);
    this.showEngine(engine.stage);
    this.showControls();
  }

  /** @param {Stage} stage */
  showEngine(stage) {
    showEngineNote(this.engineNote, stage);
  }

  /**
   * @param {string} en
   * @param {string} fr
   * @param {"error" | "info"} [kind]
   */
  say(en, fr, kind = "error") {
    this.status.dataset.kind = kind;
    this.status.replaceChildren(bi([en, fr]));
  }

  /** @param {number | null} seat */
  isHuman(seat) {
    return Boolean(this.race && this.race.humans.includes(/** @type {number} none: null */ (seat)));
  }

  // Who plays now, and which controls a person may use.
  showControls() {
    const race = this.race;
    const focusWasHere = this.controls.contains(document.activeElement);
    const need = race && !race.finished ? race.need : null;
    const humanTurn = Boolean(need && this.isHuman(need.seat));
    const throwing = humanTurn && need?.kind === "dice";
    const deciding = humanTurn && need?.kind === "choice";
    this.throwButton.setAttribute("aria-disabled", String(!throwing || this.busy));
    this.throwOnButton.hidden = !throwing && !this.throwingOn;
    this.throwOnButton.replaceChildren(bi(this.throwingOn ? ["Stop throwing", "Arrêter de lancer"]
      : ["Throw to the end", "Lancer jusqu'au bout"]));
    const dice = Boolean(need && need.kind === "dice");
    this.dieAsk.hidden = !dice;
    this.dieAsk.textContent = need?.kind === "dice" ? dieName(need) : "";
    this.actions.hidden = deciding;
    this.decide.hidden = !deciding;
    if (deciding && need?.kind === "choice") {
      this.choiceLegend.replaceChildren(bi(need.question));
      const current = Array.from(/** @type {HTMLCollectionOf<HTMLElement>} */ (this.choices.children), (b) => b.dataset.choice)
        .join("\n");
      if (current !== need.choices.join("\n")) {
        this.choices.replaceChildren(...need.choices.map((choice) => {
          const b = h("button", { type: "button", class: "px-choice", "data-choice": choice }, bi(need.labels[choice]));
          b.addEventListener("click", () => this.humanChoice(choice));
          return b;
        }));
      }
      for (const b of this.choices.children) b.setAttribute("aria-disabled", String(this.busy));
    } else {
      this.choices.replaceChildren();
    }
    this.restart.setAttribute("aria-disabled", String(!race));
    this.undoButton.setAttribute("aria-disabled", String(!race || !race.humanSteps.length));
    // For styles and tests: what the race waits for ("dice:0", "choice:1", "over"), and whether
    // a move is being played.
    this.el.dataset.need = !race ? "" : need ? `${need.kind}:${need.seat}` : "over";
    this.el.dataset.busy = String(this.busy);
    this.turn.replaceChildren(...this.turnText());
    // The focus never falls off the page: it goes to the control that plays next.
    if (focusWasHere && !this.controls.contains(document.activeElement)) {
      /** @type {HTMLButtonElement} */ (deciding ? this.choices.querySelector("button") : this.throwButton).focus();
    } else if (focusWasHere && deciding && document.activeElement === this.throwButton) {
      this.choices.querySelector("button")?.focus();
    }
  }

  /** @returns {HTMLSpanElement[]} */
  turnText() {
    const race = this.race;
    if (!race) return [];
    const seat = (/** @type {number} */ s) => this.seatWords(race.scenario.ruleset, s);
    if (race.finished) {
      if (!Number.isInteger(race.winner)) return [bi(["Race over.", "Course finie."])];
      const w = seat(/** @type {number} */ (race.winner));
      return [bi([`Race over: ${w.en} wins.`, `Course finie : le ${w.fr} gagne.`])];
    }
    const need = /** @type {Need} a race not finished waits for something */ (race.need);
    const p = seat(need.seat);
    if (this.isHuman(need.seat)) {
      return need.kind === "dice"
        ? [bi([`${capital(p.en)}, your throw: press Throw.`, `${capital(p.fr)}, à vous de lancer : appuyez sur Lancer.`])]
        : [bi([`${capital(p.en)}, your decision: choose below.`, `${capital(p.fr)}, à vous de décider : choisissez ci-dessous.`])];
    }
    return [bi([`${capital(p.en)}, a bot, is playing…`, `Le ${p.fr}, un robot, joue…`])];
  }

  // ---------------------------------------------------------------- starting a race
  newRace() {
    const wanted = this.readForm();
    if (!wanted) return;
    this.begin(wanted.scenario, wanted.humans, { en: "New race.", fr: "Nouvelle course." });
  }

  restartRace() {
    if (!this.race) return this.say("No race yet: choose one above.", "Pas encore de course : choisissez-en une ci-dessus.");
    const scenario = { ...structuredClone(this.race.scenario), dice: [], choices: [] };
    this.begin(scenario, [...this.race.humans], { en: "The race starts again.", fr: "La course recommence." });
  }

  // Replay `scenario` from the start; only once the engine has taken it is the old race replaced.
  // `from`: "form" (New race, Restart), "link" (a permalink) or "kept" (the race before a reload).
  /**
   * @param {Scenario} scenario
   * @param {number[]} humans
   * @param {Words} note
   * @param {{from?: "form" | "link" | "kept"}} [options]
   */
  async begin(scenario, humans, note, { from = "form" } = {}) {
    const link = from === "link";
    const gen = ++this.gen;
    this.stopBots();
    this.throwingOn = false;
    this.busy = true;
    this.botsPlaying = false;
    this.el.setAttribute("aria-busy", "true");
    if (engine.stage !== "ready") {
      this.say("Getting the game engine ready (a few seconds, once per visit)…", "Préparation du moteur de jeu (quelques secondes, une fois par visite)…", "info");
      this.status.prepend(h("span", { class: "px-spinner", "aria-hidden": "true" }), " ");
    }
    /** @type {Answer} */
    let result;
    try {
      result = await requestEngine("play", { request: this.request(scenario, 0, null, [...humans]) });
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.el.removeAttribute("aria-busy");
      this.showControls();
      this.schedule(); // the race on screen, if any, plays on
      if (from === "kept") return this.notRestored(err);
      if (err instanceof EngineTimeout) {
        const [en, fr] = err.words;
        return this.say(`${en} ${link ? "This link's race was not opened" : "The race was not started"}; nothing was changed.`,
          `${fr} ${link ? "La course de ce lien n'a pas été ouverte" : "La course n'a pas commencé"} ; rien n'a changé.`);
      }
      const { en, fr } = err instanceof EngineError ? err.refusal : { en: String(err), fr: String(err) };
      if (engine.stage === "failed") { // Python did not start: nothing was refused
        return this.say(`${en}. ${link ? "This link's race was not opened" : "The race was not started"}.`,
          `${fr}. ${link ? "La course de ce lien n'a pas été ouverte" : "La course n'a pas commencé"}.`);
      }
      if (link) {
        return this.say(`The engine refused this link's race (${en}). Nothing was changed: choose a race above.`,
          `Le moteur refuse la course de ce lien (${fr}). Rien n'a changé : choisissez une course ci-dessus.`);
      }
      return this.say(`The engine refused this race: ${en}.`, `Le moteur refuse cette course : ${fr}.`);
    }
    if (gen !== this.gen) return;
    this.busy = false;
    this.el.removeAttribute("aria-busy");
    if (from !== "form") this.showInForm(scenario, humans);
    this.race = { scenario: { ...scenario, dice: result.dice, choices: result.choices }, humans: [...humans].sort((a, b) => a - b),
      count: 0, need: null, finished: false, winner: null, humanSteps: [] };
    this.defs.innerHTML = result.symbols || "";
    this.list.replaceChildren();
    this.el.dataset.race = String(++this.races);
    this.idle.hidden = true;
    this.game.hidden = false;
    this.more.hidden = false;
    this.stepsBox.hidden = false;
    this.absorb(result);
    const race = /** @type {HTMLOptionElement} the engine took its race */ (this.option(scenario.ruleset)).dataset;
    const who = peopleAt(this.race.humans, scenario.players);
    this.announce([note, {
      en: `${race.pxEn}, ${scenario.players} players: ${who.en}.`,
      fr: `${race.pxFr}, ${scenario.players} joueurs : ${who.fr}.`,
    }], result.frames.slice(1));
    // a race started from the form: the game in view (on a phone the form fills the screen above it)
    if (from === "form") this.el.scrollIntoView({ block: "start" });
    this.schedule();
  }

  // humans: the engine draws the board as the people at this screen may see it (their own hand only).
  /**
   * @param {Scenario} scenario
   * @param {number} since
   * @param {Bots | null} [bots]
   * @param {number[]} [humans]
   */
  request(scenario, since, bots = null, humans = this.race ? this.race.humans : []) {
    // Each step cites its articles on the game's rules pages, whose paths the form's <option> gives.
    const option = /** @type {HTMLOptionElement} the race's, checked before */ (this.option(scenario.ruleset));
    /** @type {{scenario: Scenario, links: unknown, since: number, humans: number[], bots?: Bots}} */
    const request = { scenario, links: JSON.parse(/** @type {string} */ (option.dataset.links)), since, humans };
    if (bots) request.bots = bots;
    return request;
  }

  // A new answer of the engine: its steps appended, the board and the need updated.
  /** @param {Answer} result */
  absorb(result) {
    const race = /** @type {Race} */ (this.race);
    race.scenario.dice = result.dice;
    race.scenario.choices = result.choices;
    race.need = result.need;
    race.finished = result.finished;
    race.winner = result.winner;
    const first = race.count;
    race.count = result.count;
    this.list.insertAdjacentHTML("beforeend", result.frames.map((frame, i) =>
      `<li class="px-step" data-step="${first + i}">${frame.item}</li>`).join(""));
    result.frames.forEach((frame, i) => { if (this.isHuman(frame.seat)) race.humanSteps.push(first + i); });
    if (result.scoreboard) this.showScore(result.scoreboard);
    const last = result.frames[result.frames.length - 1];
    if (last && last.board) {
      const label = /** @type {Words} the last frame's, with its board */ (last.label);
      const board = namedBoard(last.board, label);
      if (board) this.boardHolder.replaceChildren(board);
      this.caption.replaceChildren(...boardCaption(label));
      this.followTurn();
    }
    for (const li of this.list.querySelectorAll('li[aria-current="step"]')) li.removeAttribute("aria-current");
    this.list.lastElementChild?.setAttribute("aria-current", "step");
    this.stepsBox.scrollTop = this.stepsBox.scrollHeight;
    this.el.dataset.steps = String(race.count - 1);
    this.el.dataset.finished = String(race.finished);
    this.updatePermalink();
    this.keep();
    this.showControls();
  }

  // A board taller than the box the page gives it (the Ronde's course: parcours.css) scrolls inside
  // it, the piece whose turn it is (the view marks it px-to-play: the Ronde's ringed rider) brought into
  // view; a box that scrolls is a named region the keyboard reaches.
  followTurn() {
    const holder = this.boardHolder;
    const scrolls = holder.scrollHeight > holder.clientHeight + 1;
    if (scrolls && !holder.hasAttribute("tabindex")) {
      holder.tabIndex = 0;
      holder.setAttribute("role", "region");
      followWords(holder, { fr: "Plateau", en: "Board" }, "aria-label");
    } else if (!scrolls && holder.hasAttribute("tabindex")) {
      for (const name of ["tabindex", "role", "aria-label", "data-px-fr", "data-px-en", "data-px-words"]) {
        holder.removeAttribute(name);
      }
    }
    const ring = scrolls ? holder.querySelector(".px-to-play") : null;
    if (!ring) return;
    const box = holder.getBoundingClientRect();
    const at = ring.getBoundingClientRect();
    holder.scrollTop += at.top + at.height / 2 - (box.top + holder.clientHeight / 2);
  }

  // The scoreboard: a table whose every cell is in both languages (a number once), the place first
  // when the race has a running order, and the game's note under it; "Results" at the end.
  /** @param {Scoreboard} board */
  showScore(board) {
    const cell = (/** @type {"th" | "td"} */ tag, /** @type {Words} */ words) =>
      h(tag, {}, words.fr === words.en ? words.fr : bi(words));
    const table = h("table", { class: "px-score-table", "data-final": String(board.final) },
      h("caption", {}, bi(board.caption)),
      h("thead", {}, h("tr", {}, board.columns.map((words) => cell("th", words)))),
      h("tbody", {}, board.rows.map((row) => h("tr", { "data-seat": String(row.seat) },
        row.cells.map((words, i) => cell(i === board.name_column ? "th" : "td", words))))));
    for (const th of table.querySelectorAll("thead th")) th.setAttribute("scope", "col");
    for (const th of table.querySelectorAll("tbody th")) th.setAttribute("scope", "row");
    this.score.replaceChildren(table, board.note ? h("p", { class: "px-score-note" }, bi(board.note)) : "");
    this.score.dataset.final = String(board.final);
  }

  // What happened, then whose turn it is: one message in the live region. Shown: who did what
  // and who plays next; read out as well: the explained step itself.
  /**
   * @param {Words[]} notes
   * @param {Frame[]} frames
   */
  announce(notes, frames) {
    /** @type {string[]} */
    const en = [];
    /** @type {string[]} */
    const fr = [];
    /** @type {{en: string[], fr: string[]}} */
    const spoken = { en: [], fr: [] };
    for (const note of notes.filter(Boolean)) { en.push(note.en); fr.push(note.fr); }
    if (frames.length > 1) {
      en.push(`${frames.length} moves played; the last:`);
      fr.push(`${frames.length} coups joués ; le dernier :`);
    }
    const frame = frames[frames.length - 1];
    if (frame) {
      const p = Number.isInteger(frame.seat) ? this.seatWords(/** @type {Race} */ (this.race).scenario.ruleset,
        /** @type {number} */ (frame.seat), !this.isHuman(frame.seat)) : null;
      if (frame.choice !== undefined) { // a decision's frame has its seat and its words (play.py, _lean)
        const [who, chose] = [/** @type {Words} */ (p), /** @type {Words} */ (frame.choice_label)];
        en.push(`${capital(who.en)} chose: ${chose.en}.`);
        fr.push(`Le ${who.fr} a choisi : ${chose.fr}.`);
      } else if (frame.dice.length && p !== null) {
        en.push(`${capital(p.en)} threw ${frame.dice.join(" ")}.`);
        fr.push(`Le ${p.fr} a lancé ${frame.dice.join(" ")}.`);
      }
      spoken.en.push(stepText(frame.item, "en"));
      spoken.fr.push(stepText(frame.item, "fr"));
    }
    const turn = this.turnText()[0];
    const turnEn = turn ? /** @type {Element} bi's */ (turn.querySelector('[lang="en"]')).textContent : "";
    const turnFr = turn ? /** @type {Element} bi's */ (turn.querySelector('[lang="fr"]')).textContent : "";
    this.status.dataset.kind = "step";
    this.status.replaceChildren(
      bi([en.join(" "), fr.join(" ")], { cls: "px-status-note" }), " ",
      h("span", { class: "px-sr" }, h("span", { lang: "en", text: spoken.en.join(" ") }), " ",
        h("span", { lang: "fr", text: spoken.fr.join(" ") }), " "),
      bi([turnEn, turnFr], { cls: "px-status-step" }));
  }

  // ---------------------------------------------------------------- moves
  /** @returns {[string, string] | null} why no move of a person's can be played now, [en, fr] */
  refusal() {
    const race = this.race;
    if (!race) return ["No race yet: choose one above and press “New race”.", "Pas encore de course : choisissez-en une ci-dessus et appuyez sur « Nouvelle course »."];
    if (race.finished) return ["The race is over: start a new one.", "La course est finie : lancez-en une nouvelle."];
    const need = /** @type {Need} a race not finished waits for something */ (race.need);
    const p = need.seat + 1;
    if (!this.isHuman(need.seat)) return [`It is player ${p}'s turn, a bot's: wait for it.`, `C'est au joueur ${p}, un robot : attendez-le.`];
    return null;
  }

  humanThrow() {
    if (this.busy) return; // the last move is still being played
    const refused = this.refusal();
    if (refused) return this.say(...refused);
    const race = /** @type {Race} refusal() says when there is none */ (this.race);
    const need = /** @type {Need} */ (race.need);
    if (need.kind !== "dice") {
      return this.say(`Here player ${need.seat + 1} decides, nothing is thrown: choose below.`,
        `Ici le joueur ${need.seat + 1} décide, on ne lance pas : choisissez ci-dessous.`);
    }
    const dice = throwFor(need);
    const scenario = structuredClone(race.scenario);
    scenario.dice.push(...dice);
    this.move(scenario);
  }

  /** @param {string} choice */
  humanChoice(choice) {
    if (this.busy) return;
    const refused = this.refusal();
    if (refused) return this.say(...refused);
    const race = /** @type {Race} refusal() says when there is none */ (this.race);
    const need = /** @type {Need} */ (race.need);
    if (need.kind !== "choice") {
      return this.say("Here the dice are thrown; there is no decision to make.", "Ici on lance les dés ; il n'y a rien à décider.");
    }
    const scenario = structuredClone(race.scenario);
    scenario.choices = [...(scenario.choices || []), choice];
    this.move(scenario);
  }

  // Play the race on to `scenario` (a person's move), or let the bots play (bots given).
  /**
   * @param {Scenario} scenario
   * @param {Bots | null} [bots]
   */
  async move(scenario, bots = null) {
    const gen = this.gen;
    const race = /** @type {Race} a move is played in a race */ (this.race);
    this.busy = true;
    this.botsPlaying = Boolean(bots);
    this.showControls();
    /** @type {Answer} */
    let result;
    try {
      result = await requestEngine("play", { request: this.request(scenario, race.count, bots) });
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.showControls();
      if (err instanceof EngineTimeout) {
        const [en, fr] = err.words;
        this.say(`${en} The race is back at its last position.`, `${fr} La course est revenue à sa dernière position.`);
        // Bots too slow for this device: fewer moves a request, and on; a single move too slow: stop.
        if (bots && bots.moves > 1) {
          this.batch = Math.max(1, Math.floor(bots.moves / 10));
          this.schedule();
        }
        return;
      }
      const { en, fr } = err instanceof EngineError ? err.refusal : { en: String(err), fr: String(err) };
      this.say(`The engine refused this move (${en}); the position is unchanged.`,
        `Le moteur refuse ce coup (${fr}) ; la position n'a pas changé.`);
      if (bots) this.stopBots(); // a bot that fails would fail again: the reader can restart
      return;
    }
    if (gen !== this.gen || race !== this.race) return;
    this.busy = false;
    if (result.count !== race.count + result.frames.length) {
      this.showControls();
      return this.say("The engine did not take this move; the position is unchanged.", "Le moteur n'a pas pris ce coup ; la position n'a pas changé.");
    }
    this.absorb(result);
    this.announce([], result.frames);
    this.schedule();
  }

  // ---------------------------------------------------------------- undo
  // The race is its record: undoing a person's last move is the record shortened to before it (the
  // bots' replies after it go too). The engine finds that move; the page drops the steps after it.
  async undo() {
    const race = this.race;
    if (!race) return this.say("No race yet: there is nothing to undo.", "Pas encore de course : rien à annuler.");
    if (!race.humans.length) {
      return this.say("Only bots play this race: there is no move of yours to undo.",
        "Seuls des robots jouent cette course : vous n'avez aucun coup à annuler.");
    }
    if (!race.humanSteps.length) {
      return this.say("Nothing to undo: nobody at this screen has moved yet.",
        "Rien à annuler : personne à cet écran n'a encore joué.");
    }
    if (this.busy && !this.botsPlaying) {
      return this.say("Your move is being played: undo it once it shows.", "Votre coup est en train d'être joué : annulez-le une fois affiché.");
    }
    const gen = ++this.gen; // a bot's move on its way is dropped: it followed the move undone
    this.stopBots();
    this.throwingOn = false;
    this.busy = true;
    this.showControls();
    /** @type {Answer} */
    let result;
    try {
      result = await requestEngine("play", { request: { ...this.request(structuredClone(race.scenario), race.count), undo: true } });
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.showControls();
      const { en, fr } = err instanceof EngineError ? err.refusal : { en: String(err), fr: String(err) };
      this.say(`The engine did not undo the move (${en}); the position is unchanged.`,
        `Le moteur n'a pas annulé le coup (${fr}) ; la position n'a pas changé.`);
      return this.schedule();
    }
    if (gen !== this.gen || race !== this.race) return;
    this.busy = false;
    for (const li of Array.from(/** @type {HTMLCollectionOf<HTMLElement>} */ (this.list.children))) {
      if (Number(li.dataset.step) >= result.since) li.remove();
    }
    race.count = result.since;
    race.humanSteps = race.humanSteps.filter((step) => step < result.since);
    this.absorb(result);
    this.announce([{ en: "Your last move is undone, with the bots' replies after it.",
      fr: "Votre dernier coup est annulé, avec les réponses des robots qui l'ont suivi." }], []);
    this.schedule();
  }

  // Throw on for the people at this screen (or stop doing so): one press, every throw theirs after it.
  throwOn() {
    if (this.throwingOn) {
      this.throwingOn = false;
      this.stopBots();
      this.showControls();
      return this.say("Stopped: throw again when you like.", "Arrêté : relancez quand vous voulez.", "info");
    }
    const refused = this.refusal();
    if (refused) return this.say(...refused);
    this.throwingOn = true;
    this.showControls();
    this.humanThrow();
  }

  // ---------------------------------------------------------------- bots
  schedule() {
    this.stopBots();
    const race = this.race;
    if (this.throwingOn && (!race || race.finished || (race.need && race.need.kind !== "dice" && this.isHuman(race.need.seat)))) {
      this.throwingOn = false; // the end, or a decision to make: the person plays on by hand
      this.showControls();
    }
    if (race && !race.finished && !this.busy && race.need && this.isHuman(race.need.seat) && this.throwingOn) {
      const gen = this.gen;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (gen === this.gen && this.throwingOn) this.humanThrow();
      }, this.fast.checked ? 0 : BOT_DELAY);
      return;
    }
    if (!race || race.finished || this.busy || !race.need || this.isHuman(race.need.seat)) return;
    const gen = this.gen;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (gen === this.gen) this.botMove();
    }, this.fast.checked ? 0 : BOT_DELAY);
  }

  stopBots() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  botMove() {
    const race = this.race;
    if (!race || this.busy || race.finished || !this.el.isConnected) return;
    const seats = Array.from({ length: race.scenario.players }, (_, s) => s).filter((s) => !this.isHuman(s));
    const bot = this.option(race.scenario.ruleset)?.dataset.bot; // none: a race whose bots only throw
    const bots = { seats, ...(bot ? { name: bot } : {}), seed: randomSeed(), moves: this.fast.checked ? this.batch : 1 };
    this.move(structuredClone(race.scenario), bots);
  }

  onFast() {
    // Fast at once: a bot waiting for its turn plays now.
    if (this.fast.checked && this.timer !== null) {
      this.stopBots();
      this.botMove();
    }
  }

  // ---------------------------------------------------------------- permalinks
  updatePermalink() {
    const race = this.race;
    const url = new URL(location.href);
    url.hash = race ? `${PLAY_ID}:${toBase64url(JSON.stringify({ s: race.scenario, h: race.humans }))}` : PLAY_ID;
    this.permalink.href = url.href;
  }

  async sharePermalink() {
    if (!this.race) return this.say("No race yet: there is nothing to link to.", "Pas encore de course : rien à partager.");
    const copied = await publishLink(this.permalink.href);
    this.keep(); // the address is now this race's own link
    if (copied) {
      this.say("Link to this race copied; the address bar shows it too.", "Lien vers cette course copié ; la barre d'adresse l'affiche aussi.", "info");
    } else {
      this.say("The address bar now shows the link to this race: copy it from there.",
        "La barre d'adresse affiche maintenant le lien vers cette course : copiez-le.", "info");
    }
  }

  /** @param {string} payload */
  openFragment(payload) {
    // The same link once only: a hash change can also make Material redraw the page (mountPlay).
    if (payload === this.opened) return;
    this.opened = payload;
    const bad = (/** @type {string} */ en, /** @type {string} */ fr) => this.say(`${en} Nothing was changed: choose a race above.`, `${fr} Rien n'a changé : choisissez une course ci-dessus.`);
    const data = readLink(payload);
    if (data === null) {
      return bad("This link's race could not be read: the link is incomplete, damaged or too large.",
        "La course de ce lien est illisible : le lien est incomplet, abîmé ou trop grand.");
    }
    const race = this.readRace(data);
    if ("problem" in race) return bad(...race.problem);
    this.say("Opening the race of the link…", "Ouverture de la course du lien…", "info");
    this.begin(race.scenario, race.humans, { en: "The race of the link.", fr: "La course du lien." }, { from: "link" });
  }

  // A race as a permalink writes it ({s: scenario, h: the people's seats}): {scenario, humans}, or
  // {problem: [en, fr]} when the page cannot play it (whether the rules can is the engine's to say).
  /**
   * @param {any} data as read (JSON of a link or of the tab's storage): checked here
   * @returns {{scenario: Scenario, humans: number[]} | {problem: [string, string]}}
   */
  readRace(data) {
    const bad = (/** @type {string} */ en, /** @type {string} */ fr) => ({ problem: /** @type {[string, string]} */ ([en, fr]) });
    const s = data && data.s;
    if (!s || typeof s !== "object" || Array.isArray(s) || !Array.isArray(data.h)) {
      return bad("This link does not hold a race.", "Ce lien ne contient pas de course.");
    }
    const extra = Object.keys(s).find((key) => !SCENARIO_KEYS.includes(key));
    if (extra !== undefined) return bad(`This link's race has an unknown field “${extra}”.`, `La course de ce lien a un champ inconnu « ${extra} ».`);
    if (typeof s.ruleset !== "string" || !this.option(s.ruleset)) {
      const name = (typeof s.ruleset === "string" ? s.ruleset : JSON.stringify(s.ruleset ?? null)).slice(0, 60);
      return bad(`This link is for a race the page does not know (${name}).`,
        `Ce lien concerne une course que la page ne connaît pas (${name}).`);
    }
    const [min, max] = this.range(s.ruleset);
    if (!Number.isInteger(s.players) || s.players < min || s.players > max) {
      const [en, fr] = playersWords(min, max);
      return bad(`This race is for ${en}, not ${JSON.stringify(s.players)}.`,
        `Cette course se joue ${fr}, pas ${JSON.stringify(s.players)}.`);
    }
    const humans = /** @type {number[]} checked here */ (data.h);
    if (!humans.every((seat) => Number.isInteger(seat) && seat >= 0 && seat < s.players) || new Set(humans).size !== humans.length) {
      return bad(`This link's people must be distinct seats from 0 to ${s.players - 1}.`,
        `Les personnes de ce lien doivent être des places distinctes de 0 à ${s.players - 1}.`);
    }
    if (!Array.isArray(s.dice ?? []) || !Array.isArray(s.choices ?? [])) {
      return bad("This link's dice and choices must be lists.", "Les dés et les choix de ce lien doivent être des listes.");
    }
    return { scenario: { ...s, options: s.options ?? {}, dice: s.dice ?? [], choices: s.choices ?? [] }, humans };
  }

  // ---------------------------------------------------------------- the race kept across a reload
  // One race a tab and a page: the one on screen, whichever history entry shows the page (Material's
  // instant navigation keeps it in memory the same way). `at`: the page's address when it was kept, so
  // that a permalink already played on is not opened again over the moves played since (a move that
  // ends once the reader has left the page keeps the page's address).
  keep() {
    if (!this.race) return;
    if (this.el.isConnected) this.at = location.hash;
    try {
      sessionStorage.setItem(this.keepKey, JSON.stringify({ s: this.race.scenario, h: this.race.humans, at: this.at }));
    } catch {
      // storage refused (private mode, quota): the race is simply not kept
    }
  }

  forget() {
    try {
      sessionStorage.removeItem(this.keepKey);
    } catch {
      // nothing was kept
    }
  }

  // What this tab kept, or null: {data}, the record read within a permalink's limits (null if it cannot
  // be read): the storage is the origin's, and another site on it may have written there.
  kept() {
    try {
      const text = sessionStorage.getItem(this.keepKey);
      return text === null ? null : { data: readRecord(text) };
    } catch {
      return null;
    }
  }

  // The race kept before a reload, replayed; one the page or the engine cannot play any more (kept by
  // another version of the site) is dropped, with a sentence.
  /** @param {{data: unknown}} kept */
  restore({ data }) {
    const race = this.readRace(data);
    if ("problem" in race) {
      this.forget();
      return this.say("The race you were playing could not be restored: it was kept by another version of this page, "
        + "or is damaged. It was dropped: choose a race above.",
      "La course que vous jouiez n'a pas pu être rétablie : elle a été gardée par une autre version de cette page, "
        + "ou elle est abîmée. Elle a été abandonnée : choisissez une course ci-dessus.");
    }
    this.begin(race.scenario, race.humans, { en: "Your race, as you left it.", fr: "Votre course, telle que vous l'avez laissée." },
      { from: "kept" });
  }

  // The engine did not replay the kept race: dropped if the engine refused it or hung over it; kept if
  // Python did not start (the race is not at fault).
  /** @param {unknown} err */
  notRestored(err) {
    const { en, fr } = err instanceof EngineError ? err.refusal : { en: String(err), fr: String(err) };
    if (engine.stage === "failed") {
      return this.say(`${en}. Your race is kept: reload the page to try again.`,
        `${fr}. Votre course est gardée : rechargez la page pour réessayer.`);
    }
    this.forget();
    const [whyEn, whyFr] = err instanceof EngineTimeout
      ? [`the engine took more than ${err.seconds} seconds over it`, `le moteur a mis plus de ${err.seconds} secondes dessus`]
      : [`the engine refuses it (${en})`, `le moteur la refuse (${fr})`];
    return this.say(`The race you were playing could not be restored: ${whyEn}. It was dropped: choose a race above.`,
      `La course que vous jouiez n'a pas pu être rétablie : ${whyFr}. Elle a été abandonnée : choisissez une course ci-dessus.`);
  }
}

/** @type {PlayPage | null} */
let current = null; // the Play page on screen, for permalinks that arrive by hashchange

// The race of a permalink to the Play page in the page's address, or null. Any other link there is
// answered by links.mjs (a sentence when it is damaged, or for no example of this page).
/** @param {string} hash */
function playPayload(hash) {
  const link = linkInHash(hash);
  return linkTarget(link)?.id === PLAY_ID ? /** @type {{payload: string | null}} the Play page's */ (link).payload : null;
}

// Sets up the Play page (on each visit: Material's instant navigation swaps pages).
export function mountPlay() {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("px-play-form"));
  const el = document.getElementById(PLAY_ID);
  const shown = current;
  const away = shown && !shown.el.isConnected;
  // The page says it is the Play page (parcours.css hides Material's back-to-top button over the board
  // on a phone): an attribute of the root, where `body:has(#ex-play)` searched the whole page again at
  // every change to it, tens of times as a rules page loads.
  document.documentElement.toggleAttribute("data-px-play", Boolean(form && el));
  if (away) shown.stopBots(); // the reader left the Play page, or Material drew it again
  if (!form || !el || form.dataset.pxPlay) {
    playPayload(location.hash); // another page: its address answered all the same
    return;
  }
  try {
    let kept = null;
    let page;
    if (away) {
      // The Play page drawn again: Material's instant navigation redraws a page on its first
      // hash change, and on a return visit. The race on screen goes on, with its own elements.
      page = shown;
      form.replaceWith(page.form);
      el.replaceWith(page.el);
      page.schedule();
    } else {
      page = current = new PlayPage(form, el);
      kept = page.kept(); // the race of this tab before a reload, if any
    }
    // A permalink is opened unless it is the one the kept race was played on from.
    const payload = playPayload(location.hash);
    if (payload !== null && page.permalink.href !== location.href && kept?.data?.at !== location.hash) {
      page.el.scrollIntoView({ block: "start" });
      page.openFragment(payload);
    } else if (kept) {
      page.restore(kept);
    }
  } catch (err) {
    console.error("Parcours: the Play page could not be set up:", err);
  }
}

addEventListener("hashchange", () => {
  const payload = playPayload(location.hash);
  if (payload === null || !current || !current.el.isConnected) return;
  if (current.permalink.href === location.href) return; // our own link: already there
  current.openFragment(payload);
});

// Who plays, in words: "player 2 played by a person, the others by bots", "players 1 and 3 …".
/**
 * @param {number[]} humans
 * @param {number} players
 * @returns {Words}
 */
function peopleAt(humans, players) {
  const seats = humans.map((s) => s + 1);
  const list = (/** @type {string} */ lang) => new Intl.ListFormat(lang, { type: "conjunction" }).format(seats.map(String));
  if (seats.length === 0) return { en: "all played by bots", fr: "tous tenus par des robots" };
  if (seats.length === players) return { en: "all played by people", fr: "tous tenus par des personnes" };
  if (seats.length === 1) {
    return { en: `player ${seats[0]} played by a person, the others by bots`,
      fr: `le joueur ${seats[0]} tenu par une personne, les autres par des robots` };
  }
  return { en: `players ${list("en")} played by people, the others by bots`,
    fr: `les joueurs ${list("fr")} tenus par des personnes, les autres par des robots` };
}
