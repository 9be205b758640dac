// Parcours: the worked example.
//
// Every `.px-example` on a page arrives fully rendered (board, explained steps, the film
// of every frame as JSON): stepping through it needs no Python. This module adds the
// controls, and on the reader's intent (the example scrolled into view, hovered, focused,
// a control used) starts the engine (engine.mjs), which replays the example live, checks it
// against the page, and plays on: thrown dice, changed readings of the rules, permalinks.
//
// Material for MkDocs' instant navigation swaps pages without re-running this module: the
// entry point (parcours.mjs) calls mountExamples() on every page, which is idempotent.

import { dieName, sidesOf, throwFor } from "./dice.mjs";
import { bi, boardCaption, h, namedBoard, parseHTML, plainText, showEngineNote, whenNear } from "./dom.mjs";
import { EngineError, EngineTimeout, engine, requestFilm, startEngine, startInAMoment } from "./engine.mjs";
import { followWords, numberIn } from "./lang.mjs";
import { linkInHash, linkTarget, permalinkAnchor, publishLink, readLink, readRecord, toBase64url } from "./links.mjs";

/** @typedef {import("./lang.mjs").Words} Words */
/** @typedef {import("./engine.mjs").Stage} Stage */
/** @typedef {import("./dice.mjs").Need} Need */
/** @typedef {import("./dice.mjs").ChoiceNeed} ChoiceNeed */
/** @typedef {number[] | string | null} Played a step's move: its dice, a decision, or none (the start) */
/** @typedef {{boards: string[], labels: Words[], asked: (Need | null)[], played: Played[], need: Need | null}} Film */
/**
 * The engine's film (parcours_view/film.py, Film): a frame a step, and what the race waits for after.
 * @typedef {{board: string, item: string, label: Words, asked?: Need | null, played?: Played}} Frame
 * @typedef {{frames: Frame[], need: Need | null, refused: Words | null, diverged: Words | null,
 *   kept: {dice: number[], choices: string[]} | null, stopped: string}} LiveFilm
 */
/**
 * A reading of the rules, as the page's <template class="px-options"> holds it (Option in the engine).
 * @typedef {{question: Words, values: Record<string, Words>, default: string | number, range?: [number, number],
 *   labels?: Record<string, Words>, article?: string}} OptionInfo
 */
/**
 * A scenario (docs/scenario-format.md): the engine checks it; these fields are the ones read here.
 * @typedef {{ruleset: string, dice?: number[], choices?: string[], options?: Record<string, string | number>,
 *   seed?: number}} Scenario
 */
/** @typedef {{random?: true, dice?: number[], choice?: string}} Move a random throw, dice typed, or a decision */
/** @typedef {HTMLElement & {pxWidget?: WorkedExample}} Example a .px-example, and its widget once set up */

// The same markup as the browser serialises it once parsed (what li.innerHTML reads back),
// every href made absolute against the example's page: Material's instant navigation does that to the
// page's own links (el.href = el.href), so the page's step and the live one are compared on equal terms,
// even when the answer comes after the reader has gone on to another page.
/**
 * @param {string} html
 * @param {string} base the address of the example's page
 */
function normalised(html, base) {
  const template = parseHTML(html);
  for (const el of template.content.querySelectorAll("[href]")) {
    el.setAttribute("href", new URL(/** @type {string} */ (el.getAttribute("href")), base).href);
  }
  return template.innerHTML;
}

// The film the page was built with, in a <template class="px-film"> (inert, and left alone by
// Material's instant navigation).
/**
 * @param {HTMLElement} el
 * @returns {{boards: (string | [number, number, string][])[], labels: Words[], asked: (Need | null)[],
 *   played: Played[], need: Need | null}}
 */
function readFilm(el) {
  return JSON.parse(/** @type {string} */ (/** @type {HTMLTemplateElement} */ (el.querySelector("template.px-film"))
    .content.textContent));
}

// The film's boards as rulebook.py packs them: the first whole, each next one as hunks [start, end,
// text] replacing the previous board's characters start to end, in order. The page's boards carry
// no accessible name (namedBoard gives it in the reader's language).
/** @param {(string | [number, number, string][])[]} packed */
function unpackBoards(packed) {
  /** @type {string[]} */
  const boards = [];
  for (const item of packed) {
    if (typeof item === "string") {
      boards.push(item);
      continue;
    }
    const before = /** @type {string} the first board is whole */ (boards.at(-1));
    let board = "";
    let at = 0;
    for (const [start, end, text] of item) {
      board += before.slice(at, start) + text;
      at = end;
    }
    boards.push(board + before.slice(at));
  }
  return boards;
}

// A board without its root's aria-label, as the page packs it (rulebook.unnamed).
const unnamed = (/** @type {string} */ board) => board.replace(/ aria-label="[^"]*"/, "");

// The example's readings of the rules: data-options holds their ids (["veldiv.art7-rider", ...]),
// to look up in the page's <template class="px-options">.
/** @type {WeakMap<HTMLTemplateElement, Record<string, OptionInfo>>} */
const catalogues = new WeakMap();
/**
 * @param {HTMLElement} el
 * @returns {Record<string, OptionInfo>}
 */
function readOptions(el) {
  /** @type {string[]} */
  const given = JSON.parse(/** @type {string} */ (el.dataset.options));
  const holder = /** @type {HTMLTemplateElement | null} */ (document.querySelector("template.px-options"));
  if (holder && !catalogues.has(holder)) catalogues.set(holder, JSON.parse(/** @type {string} */ (holder.content.textContent)));
  const catalogue = holder ? /** @type {Record<string, OptionInfo>} set above */ (catalogues.get(holder)) : {};
  return Object.fromEntries(given.filter((id) => catalogue[id]).map((id) => [id, catalogue[id]]));
}

// Where the steps' article links lead: the page's <template class="px-links"> ({article id: prefix,
// "": the default}; a rulebook may be printed on several pages), else this page.
/** @returns {Record<string, string>} */
function pageLinks() {
  const holder = /** @type {HTMLTemplateElement | null} */ (document.querySelector("template.px-links"));
  return holder ? JSON.parse(/** @type {string} */ (holder.content.textContent)) : { "": "#" };
}

const lowerFirst = (/** @type {string} */ text) => text.charAt(0).toLowerCase() + text.slice(1);

// ------------------------------------------------------------------ one worked example
// A reading's value in words, {en, fr}, as its game gives them (Option.labels); a number is its own word.
/**
 * @param {OptionInfo} info
 * @param {string | number} value
 * @returns {Words}
 */
function valueWords(info, value) {
  return info.labels?.[value] ?? { en: String(value), fr: String(value) };
}

class WorkedExample {
  /** @param {Example} el as playable/rulebook.py renders it */
  constructor(el) {
    this.el = el;
    /** @type {Scenario} */
    this.original = JSON.parse(/** @type {string} */ (el.dataset.scenario));
    this.optionInfo = readOptions(el);
    this.links = pageLinks();
    this.list = /** @type {HTMLOListElement} */ (el.querySelector("ol.px-steps"));
    this.figure = /** @type {HTMLElement} */ (el.querySelector(".px-figure"));
    this.caption = /** @type {HTMLElement} */ (el.querySelector(".px-caption"));
    const pre = readFilm(el);
    // What the page was built with: the live replay is checked against it (verify).
    this.preList = this.list.innerHTML;
    this.pageAddress = document.baseURI;
    // Each step's board, caption, what the rules asked there and what was played; what the last waits for.
    /** @type {Film} */
    this.preFilm = { boards: unpackBoards(pre.boards), labels: pre.labels, asked: pre.asked, played: pre.played, need: pre.need };
    this.scenario = structuredClone(this.original);
    this.film = this.preFilm;
    this.k = 0;
    this.gen = 0; // bumped by reset: answers to older requests are dropped
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    this.waiting = 0; // moves asked for and not played yet (Python may still be starting)
    this.activated = false;
    this.build();
    this.decorateItems();
    this.onEngine = (/** @type {Stage} */ stage) => this.showEngine(stage);
    engine.listeners.add(this.onEngine);
    this.showEngine(engine.stage);
    el.dataset.pxWidget = "on";
    this.left = this.kept(); // what the reader left here, if anything (mountExamples opens it)
    this.keeping = false; // until then, frames drawn are not kept in the history
    this.go(0, { quiet: true });
  }

  get last() { return this.film.boards.length - 1; }

  // ---------------------------------------------------------------- building
  build() {
    const id = this.el.id;
    /** @type {(cls: string, en: string, fr: string, icon?: string, after?: boolean) => HTMLButtonElement} */
    const button = (cls, en, fr, icon, after) => {
      const b = h("button", { type: "button", class: cls },
        icon && !after ? h("span", { "aria-hidden": "true", class: "px-icon", text: icon }) : null,
        bi([en, fr]),
        icon && after ? h("span", { "aria-hidden": "true", class: "px-icon", text: icon }) : null);
      return b;
    };
    /** @type {Record<"start" | "back" | "next" | "end" | "reset", HTMLButtonElement>} */
    this.buttons = {
      start: button("px-first", "Start", "Début", "«"),
      back: button("px-back", "Back", "Retour", "‹"),
      next: button("px-next", "Next", "Suivant", "›", true),
      end: button("px-last", "End", "Fin", "»", true),
      reset: button("px-reset", "Reset", "Rétablir", "↺"),
    };
    /** @type {HTMLSpanElement} */
    this.counter = h("span", { class: "px-counter" });
    this.buttons.start.addEventListener("click", () => this.use(() => this.go(0)));
    this.buttons.back.addEventListener("click", () => this.use(() => this.go(this.k - 1)));
    this.buttons.next.addEventListener("click", () => this.use(() => this.go(this.k + 1)));
    this.buttons.end.addEventListener("click", () => this.use(() => this.go(this.last)));
    this.buttons.reset.addEventListener("click", () => this.use(() => this.reset()));

    /** @type {HTMLInputElement} */
    this.diceInput = h("input", {
      type: "text", id: `${id}-dice`, class: "px-dice-input", inputmode: "numeric", autocomplete: "off",
      spellcheck: "false", size: "5", placeholder: "3 5",
    });
    /** @type {HTMLButtonElement} */
    this.randomButton = button("px-random", "Random throw", "Lancer au hasard");
    /** @type {HTMLButtonElement} */
    this.throwButton = button("px-throw", "Throw", "Lancer");
    // Which die the race asks for here ("D16", in the dice's label): the Ronde throws dice of six sizes.
    /** @type {HTMLSpanElement} */
    this.dieAsk = h("span", { class: "px-die-ask", id: `${id}-die`, hidden: true });
    this.randomButton.setAttribute("aria-describedby", this.dieAsk.id); // the input: its label says it
    this.randomButton.addEventListener("click", () => this.use(() => this.play({ random: true }, this.randomButton)));
    this.throwButton.addEventListener("click", () => this.use(() => this.playChosen()));
    this.diceInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); this.use(() => this.playChosen()); }
    });

    // "Your die" for one die, "Your dice" for several (showNeed says which).
    /** @type {HTMLSpanElement} */
    this.diceWords = h("span", { class: "px-dice-words" }, bi(["Your dice", "Vos dés"]));
    /** @type {HTMLSpanElement} */
    this.chosen = h("span", { class: "px-chosen" },
      h("label", { for: this.diceInput.id }, this.diceWords, " ", this.dieAsk), this.diceInput, this.throwButton);

    /** @type {HTMLSelectElement} */
    this.choiceSelect = h("select", { id: `${id}-choice` });
    /** @type {HTMLLabelElement} */
    this.choiceLabel = h("label", { for: this.choiceSelect.id });
    /** @type {HTMLButtonElement} */
    this.choiceButton = button("px-choose", "Choose", "Choisir");
    this.choiceButton.addEventListener("click", () => this.use(() => this.playChoice()));
    /** @type {HTMLSpanElement} */
    this.choiceBox = h("span", { class: "px-decide", hidden: true }, this.choiceLabel, this.choiceSelect, this.choiceButton);
    // A race over where a move would be played: no dice to offer (nor a die to name), a sentence instead.
    // Shown at the step where it ends, or at an earlier one (a move then plays from the example's end).
    /** @type {HTMLSpanElement} */
    this.overHere = h("span", {}, bi(["The race is over here. Go back a step to play another line.",
      "Ici la course est finie. Revenez d'une étape pour jouer une autre suite."]));
    /** @type {HTMLSpanElement} */
    this.overLater = h("span", {}, bi(["This example plays its race to the end. To play another line, tick "
      + "“Play from the step shown” at the step you choose.", "Cet exemple joue sa course jusqu'au bout. Pour jouer "
      + "une autre suite, cochez « Jouer depuis l'étape affichée » à l'étape de votre choix."]));
    /** @type {HTMLSpanElement} */
    this.overNote = h("span", { class: "px-over", hidden: true }, this.overHere, this.overLater);

    // A move plays on from the end of the example; from an earlier step only if the reader says so.
    /** @type {HTMLInputElement} */
    this.branchBox = h("input", { type: "checkbox", id: `${id}-branch` });
    this.branchBox.addEventListener("change", () => this.showNeed());
    /** @type {HTMLLabelElement} */
    this.branchLabel = h("label", { class: "px-branch", for: this.branchBox.id, hidden: true }, this.branchBox, " ",
      bi(["Play from the step shown (the steps after it are dropped)",
        "Jouer depuis l'étape affichée (les étapes suivantes sont abandonnées)"]));

    // A plain click puts the link in the address bar (and the clipboard) without leaving the position.
    /** @type {HTMLAnchorElement} */
    this.permalink = permalinkAnchor("#" + id, () => this.use(() => this.sharePermalink()));
    /** @type {HTMLSpanElement} */
    this.engineNote = h("span", { class: "px-engine" });
    /** @type {HTMLParagraphElement} */
    this.status = h("p", { class: "px-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });

    const controls = /** @type {HTMLElement} */ (this.el.querySelector(".px-controls"));
    // A race without readings has no options box (null), which the native replaceChildren would print.
    controls.replaceChildren(.../** @type {HTMLElement[]} */ ([
      followWords(h("div", { class: "px-row px-nav", role: "group" },
        this.buttons.start, this.buttons.back, this.counter, this.buttons.next, this.buttons.end),
      { fr: "Étapes", en: "Steps" }, "aria-label"),
      followWords(h("div", { class: "px-row px-play", role: "group" },
        this.randomButton,
        this.chosen,
        this.choiceBox,
        this.overNote,
        this.buttons.reset),
      { fr: "Continuer la partie", en: "Play on" }, "aria-label"),
      this.branchLabel,
      this.status,
      this.buildOptions(),
      h("div", { class: "px-row px-meta" }, this.permalink, this.engineNote),
    ].filter(Boolean)));
    controls.hidden = false;

    const hint = h("span", { class: "px-sr", id: `${id}-hint` },
      bi(["Enter on a step shows it; arrow keys, Home and End step through the example.",
        "Entrée sur une étape l'affiche ; les flèches, Début et Fin parcourent l'exemple."]));
    controls.append(hint);
    this.list.setAttribute("aria-describedby", hint.id);

    this.list.addEventListener("click", (event) => {
      const target = /** @type {Element} */ (event.target);
      const li = /** @type {HTMLElement | null} */ (target.closest("li.px-step"));
      if (!li || target.closest("a")) return;
      this.use(() => this.go(Number(li.dataset.step)));
    });
    this.el.addEventListener("keydown", (event) => this.onKey(event));
    this.el.addEventListener("pointerenter", () => this.activate());
    this.el.addEventListener("focusin", () => this.activate());
  }

  buildOptions() {
    const ids = Object.keys(this.optionInfo);
    /** @type {Record<string, {control: HTMLInputElement | HTMLSelectElement, describe: HTMLElement, info: OptionInfo}>} */
    this.optionControls = {};
    if (!ids.length) return null;
    const article = this.el.dataset.article;
    const fields = ids.map((oid) => {
      const info = this.optionInfo[oid];
      const fieldId = `${this.el.id}-opt-${oid.replace(/[^\w-]/g, "-")}`;
      const describe = h("p", { class: "px-option-choice", id: `${fieldId}-desc` });
      /** @type {HTMLInputElement | HTMLSelectElement} */
      let control;
      if (info.range) {
        control = h("input", { type: "number", id: fieldId, min: info.range[0], max: info.range[1], step: 1,
          "aria-describedby": describe.id, inputmode: "numeric" });
      } else {
        control = h("select", { id: fieldId, "aria-describedby": describe.id },
          Object.keys(info.values).map((value) => followWords(h("option", { value }), {
            en: valueWords(info, value).en + (value === info.default ? " (default)" : ""),
            fr: valueWords(info, value).fr + (value === info.default ? " (par défaut)" : "") })));
      }
      control.addEventListener("change", () => this.use(() => this.changeOption(oid, control)));
      this.optionControls[oid] = { control, describe, info };
      return h("div", { class: "px-option-field" },
        h("label", { for: fieldId }, bi(info.question)), control, describe);
    });
    // The reading this example is about (its own article's) stands open; the others wait
    // behind a summary, so that an example in a race with eight readings stays short.
    const own = ids.map((oid, i) => (article && this.optionInfo[oid].article === article ? fields[i] : null))
      .filter(Boolean);
    const others = fields.filter((f) => !own.includes(f));
    this.syncOptions();
    const wrap = h("div", { class: "px-readings-wrap" });
    if (own.length) wrap.append(h("div", { class: "px-readings-own" }, own));
    if (others.length) {
      const n = others.length;
      wrap.append(h("details", { class: "px-readings" },
        h("summary", {}, own.length
          ? bi([`Other readings of the rules (${n})`, `Autres lectures du règlement (${n})`])
          : bi([`Readings of the rules (${n})`, `Lectures du règlement (${n})`])),
        h("div", { class: "px-readings-body" }, others)));
    }
    return wrap;
  }

  syncOptions() {
    const chosen = this.scenario.options || {};
    for (const [oid, { control, describe, info }] of Object.entries(this.optionControls)) {
      const value = oid in chosen ? chosen[oid] : info.default;
      control.value = String(value);
      describe.replaceChildren();
      if (info.range) {
        describe.append(bi([`a whole number from ${info.range[0]} to ${info.range[1]}`,
          `un nombre entier de ${info.range[0]} à ${info.range[1]}`]));
      } else if (Object.hasOwn(info.values, value)) {
        describe.append(bi(info.values[value]));
      }
    }
  }

  decorateItems() {
    for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.list.children)) li.tabIndex = 0;
  }

  // ---------------------------------------------------------------- intent and keys
  activate() {
    if (this.activated || !this.el.isConnected) return;
    this.activated = true;
    performance.mark(`parcours:intent:${this.el.id}`); // for scripts/bench_site.py
    startEngine();
    this.enqueue(() => this.verify(), { always: true });
  }

  /** @param {() => unknown} action */
  use(action) {
    this.activate();
    action();
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = /** @type {Element} */ (event.target);
    if (target.closest("input, select, textarea")) return;
    const li = /** @type {HTMLElement | null} */ (target.closest("li.px-step"));
    if (li && target === li && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      this.use(() => this.go(Number(li.dataset.step)));
      return;
    }
    const to = /** @type {Record<string, number | undefined>} */ ({ ArrowLeft: this.k - 1, ArrowRight: this.k + 1, Home: 0,
      End: this.last })[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.use(() => this.go(to));
  }

  // ---------------------------------------------------------------- showing a frame
  /**
   * @param {number} k
   * @param {{note?: Words | null, quiet?: boolean}} [options] a note said before the step; quiet: nothing said
   */
  go(k, { note = null, quiet = false } = {}) {
    k = Math.max(0, Math.min(this.last, k));
    this.k = k;
    const label = this.film.labels[k];
    const board = namedBoard(this.film.boards[k], label);
    const current = this.figure.querySelector("svg.px-board");
    if (board && current) current.replaceWith(board);
    this.caption.replaceChildren(...boardCaption(label));
    for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.list.children)) {
      const step = Number(li.dataset.step);
      if (step === k) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
      li.classList.toggle("px-later", step > k);
    }
    this.counter.textContent = `${k} / ${this.last}`;
    this.branchLabel.hidden = k === this.last;
    if (k === this.last) this.branchBox.checked = false;
    const atStart = k === 0;
    const atEnd = k === this.last;
    for (const [name, off] of /** @type {["start" | "back" | "next" | "end", boolean][]} */ (
      [["start", atStart], ["back", atStart], ["next", atEnd], ["end", atEnd]])) {
      this.buttons[name].setAttribute("aria-disabled", String(off));
    }
    this.updatePermalink();
    if (this.keeping) this.keepInHistory();
    this.showNeed();
    if (!quiet) this.announce(note);
  }

  /** @param {Words | null} [note] */
  announce(note = null) {
    const k = this.k;
    /** @type {(Node | string)[]} */
    const parts = [];
    if (note) parts.push(h("span", { class: "px-status-note" }, bi(note)), " ");
    let en;
    let fr;
    if (k === 0) {
      en = `Start: ${this.film.labels[0].en}.`;
      fr = `Départ : ${this.film.labels[0].fr}.`;
    } else {
      const li = this.list.querySelector(`li.px-step[data-step="${k}"]`);
      const text = (/** @type {string} */ lang) => plainText(li?.querySelector(`.px-step-text > [lang="${lang}"]`));
      const played = this.film.played[k];
      const dice = Array.isArray(played) ? played.join(" ") : "";
      en = dice ? `Dice ${dice}. ${text("en")}` : text("en");
      fr = dice ? `Dés ${dice}. ${text("fr")}` : text("fr");
    }
    parts.push(bi([`Step ${numberIn("en", k)} of ${numberIn("en", this.last)}`,
      `Étape ${numberIn("fr", k)} sur ${numberIn("fr", this.last)}`], { cls: "px-status-step" }),
      h("span", { class: "px-sr" }, ": ", h("span", { lang: "en", text: en }), " ", h("span", { lang: "fr", text: fr })));
    this.status.dataset.kind = "step";
    this.status.replaceChildren(...parts);
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

  /** @param {Stage} stage */
  showEngine(stage) {
    showEngineNote(this.engineNote, stage, [" Reading still works.", " La lecture fonctionne toujours."]);
  }

  updatePermalink() {
    const payload = toBase64url(JSON.stringify({ s: this.scenario, k: this.k }));
    const url = new URL(location.href);
    url.hash = `${this.el.id}:${payload}`;
    this.permalink.href = url.href;
  }

  async sharePermalink() {
    if (await publishLink(this.permalink.href)) {
      this.say("Link to this position copied; the address bar shows it too.",
        "Lien vers cette position copié ; la barre d'adresse l'affiche aussi.", "info");
    } else {
      this.say("The address bar now shows the link to this position: copy it from there.",
        "La barre d'adresse affiche maintenant le lien vers cette position : copiez-le.", "info");
    }
  }

  // ---------------------------------------------------------------- the live engine
  // Requests to the engine run one after the other. A reset drops the ones still waiting
  // (their `gen` is stale), except the check against the page, which changes nothing.
  /**
   * @param {(gen: number) => unknown} task
   * @param {{always?: boolean}} [options]
   */
  enqueue(task, { always = false } = {}) {
    const gen = this.gen;
    const run = this.queue.then(() => ((always || gen === this.gen) && this.el.isConnected ? task(gen) : undefined));
    this.queue = run.catch((err) => this.fault(err));
    return run;
  }

  /** @param {unknown} err */
  fault(err) {
    if (err instanceof EngineTimeout) {
      this.go(this.k, { quiet: true }); // the last good position, drawn again
      this.say(`The engine took more than ${err.seconds} seconds and was restarted: the example is back at its last position.`,
        `Le moteur a mis plus de ${err.seconds} secondes et a été redémarré : l'exemple est revenu à sa dernière position.`);
    } else if (err instanceof EngineError) {
      this.say(`The engine could not do this: ${err.refusal.en}.`, `Le moteur n'a pas pu le faire : ${err.refusal.fr}.`);
    } else {
      console.error("Parcours widget:", err);
      this.say("Something went wrong in this example; reading still works.",
        "Un problème est survenu dans cet exemple ; la lecture fonctionne toujours.");
    }
  }

  async verify() {
    /** @type {LiveFilm} */
    let film;
    try {
      film = await requestFilm(this.original, this.links);
    } catch (err) {
      if (engine.stage === "failed") return; // said once, by the engine note
      this.el.dataset.live = "mismatch";
      console.error(`Parcours: the engine refused the published example ${this.el.id}: ${/** @type {Error} */ (err).message}`);
      return;
    }
    // The page's steps, normalised only now: on a page of fifty examples this is work for no one
    // until the reader turns to one.
    const preItems = Array.from(/** @type {Element} */ (parseHTML(`<ol>${this.preList}</ol>`).content.firstElementChild).children,
      (li) => normalised(li.innerHTML, this.pageAddress));
    /** @type {string[]} */
    const problems = [];
    if (film.frames.length !== this.preFilm.boards.length) {
      problems.push(`${film.frames.length - 1} live steps, ${this.preFilm.boards.length - 1} on the page`);
    }
    film.frames.forEach((frame, k) => {
      if (k < this.preFilm.boards.length && unnamed(frame.board) !== this.preFilm.boards[k]) {
        problems.push(`board ${k} differs`);
      }
      if (k > 0 && k <= preItems.length && normalised(frame.item, this.pageAddress) !== preItems[k - 1]) {
        problems.push(`step ${k} differs`);
      }
    });
    this.el.dataset.live = problems.length ? "mismatch" : "match";
    performance.mark(`parcours:live:${this.el.id}`);
    if (problems.length) {
      console.error(`Parcours: the live replay of ${this.el.id} disagrees with the page: ${problems.join("; ")}`);
    }
  }

  /**
   * @param {LiveFilm} film
   * @param {Scenario} scenario
   */
  useFilm(film, scenario) {
    this.scenario = scenario;
    this.film = {
      boards: film.frames.map((f) => f.board), labels: film.frames.map((f) => f.label),
      asked: film.frames.map((f) => f.asked ?? null), played: film.frames.map((f) => f.played ?? null),
      need: film.need,
    };
    this.list.innerHTML = film.frames.slice(1)
      .map((frame, i) => `<li class="px-step" data-step="${i + 1}">${frame.item}</li>`).join("");
    this.decorateItems();
    this.syncOptions();
  }

  // ---------------------------------------------------------------- playing on
  // What the race waits for after step k, as the engine said: {kind: "dice", count, sides},
  // {kind: "choice", choices, labels, question, ...}, or null once it is over.
  /**
   * @param {number} k
   * @returns {Need | null}
   */
  needAt(k) {
    return k < this.last ? this.film.asked[k + 1] : this.film.need;
  }

  // The scenario as far as step k: the dice and the decisions played up to it.
  /** @param {number} k */
  truncated(k) {
    const scenario = /** @type {Scenario & {dice: number[]}} its dice set below */ (structuredClone(this.scenario));
    const moves = this.film.played.slice(1, k + 1);
    scenario.dice = moves.filter(Array.isArray).flat();
    const choices = moves.filter((move) => typeof move === "string");
    if (choices.length) scenario.choices = choices;
    else delete scenario.choices;
    delete scenario.seed; // every die so far is written out: a seed would throw others
    return scenario;
  }

  // Where a move is played: the end of the example, or the step shown if the reader chose so.
  playFrom() {
    return this.branchBox.checked ? this.k : this.last;
  }

  // The die to throw, or the decision's controls, for what the race waits for where a move is played.
  showNeed() {
    const need = this.needAt(this.playFrom());
    const dice = need?.kind === "dice";
    this.dieAsk.hidden = !dice;
    this.dieAsk.textContent = dice ? dieName(need) : "";
    if (dice) {
      this.diceInput.placeholder = need.count === 2 ? "3 5" : String(Math.min(3, sidesOf(need)));
      this.diceWords.replaceChildren(bi(need.count > 1 ? ["Your dice", "Vos dés"] : ["Your die", "Votre dé"]));
    }
    const choice = need?.kind === "choice";
    // A decision is made, not thrown: the dice controls give way to the choice's; at the race's end, to a sentence.
    this.randomButton.hidden = choice || need === null;
    this.chosen.hidden = choice || need === null;
    this.choiceBox.hidden = !choice;
    this.overNote.hidden = need !== null;
    this.overHere.hidden = this.playFrom() !== this.k;
    this.overLater.hidden = !this.overHere.hidden;
    if (!choice) return;
    const current = Array.from(this.choiceSelect.options, (o) => o.value).join("\n");
    if (current !== need.choices.join("\n")) {
      // Each choice in the engine's words (the Ronde's "t-hammer@3": "Man with the hammer → …").
      this.choiceSelect.replaceChildren(...need.choices.map((c) =>
        followWords(h("option", { value: c }), need.labels[c])));
    }
    this.choiceLabel.replaceChildren(bi(need.question));
  }

  // Typed dice: written as numbers here; whether they fit the throw is the engine's to say.
  playChosen() {
    const text = this.diceInput.value.trim();
    const example = this.diceInput.placeholder;
    if (!text) {
      return this.say(`Type the dice first, e.g. “${example}”.`, `Écrivez d'abord les dés, par ex. « ${example} ».`);
    }
    const tokens = text.split(/[\s,;+]+/);
    if (!tokens.every((t) => /^\d+$/.test(t))) {
      return this.say(`“${text}” is not a throw: write the dice as numbers, e.g. “${example}”.`,
        `« ${text} » n'est pas un lancer : écrivez les dés en chiffres, par ex. « ${example} ».`);
    }
    this.play({ dice: tokens.map(Number) }, this.throwButton);
  }

  playChoice() {
    const choice = this.choiceSelect.value;
    if (!choice) return;
    this.play({ choice }, this.choiceButton);
  }

  // A move asked for waits its turn (Python may be starting): the control used shows it is busy,
  // and the status says so, until every move asked for is played.
  /** @param {HTMLElement} control */
  hold(control) {
    this.waiting += 1;
    control.classList.add("px-busy");
    control.setAttribute("aria-busy", "true");
    if (engine.stage === "ready" || engine.stage === "failed") return;
    const n = this.waiting;
    this.say(n === 1 ? "The game engine is getting ready: your move will be played as soon as it is."
      : `The game engine is getting ready: your ${n} moves will be played in turn as soon as it is.`,
    n === 1 ? "Le moteur de jeu se prépare : votre coup sera joué dès qu'il sera prêt."
      : `Le moteur de jeu se prépare : vos ${n} coups seront joués dans l'ordre dès qu'il sera prêt.`, "info");
  }

  release() {
    this.waiting -= 1;
    if (this.waiting > 0) return;
    for (const control of this.el.querySelectorAll(".px-busy")) {
      control.classList.remove("px-busy");
      control.removeAttribute("aria-busy");
    }
  }

  // Play a move when its turn in the queue comes (so that each move asked for while Python starts
  // is played): dice, a random throw or a decision, from the end of the example or, if the reader
  // chose so, from the step shown (the rest of the old line is then dropped). The engine plays it,
  // or refuses it with a sentence.
  /**
   * @param {Move} move
   * @param {HTMLElement} control
   */
  play(move, control) {
    this.hold(control);
    const done = () => this.release();
    this.enqueue(async (gen) => {
      const fromStep = this.playFrom();
      const need = this.needAt(fromStep);
      if (move.random) {
        if (need === null) {
          return this.say("The race is over: there is nothing left to play. Go back a step to play another line.",
            "La course est finie : plus rien à jouer. Revenez d'une étape pour jouer une autre suite.");
        }
        if (need.kind !== "dice") {
          return this.say("Here a player decides, nothing is thrown: make the choice below.",
            "Ici un joueur décide, on ne lance pas : faites le choix ci-dessous.");
        }
        move = { dice: throwFor(need) };
      }
      const scenario = this.truncated(fromStep);
      this.list.setAttribute("aria-busy", "true");
      /** @type {LiveFilm} */
      let film;
      try {
        film = await requestFilm(scenario, this.links, move);
      } finally {
        this.list.removeAttribute("aria-busy");
      }
      if (gen !== this.gen) return;
      if (film.refused) {
        return this.say(`Not played: ${film.refused.en}. The position is unchanged.`,
          `Coup refusé : ${film.refused.fr}. La position n'a pas changé.`);
      }
      if (film.frames.length !== fromStep + 2) {
        return this.say("The engine did not take this move.", "Le moteur n'a pas pris ce coup.");
      }
      if (move.dice) scenario.dice.push(...move.dice);
      else scenario.choices = [...(scenario.choices || []), /** @type {string} */ (move.choice)];
      const dropped = fromStep < this.last;
      this.useFilm(film, scenario);
      const decided = /** @type {ChoiceNeed} what a decision was played for (read only then) */ (need);
      const what = move.dice
        ? { en: `You threw ${move.dice.join(" ")}`, fr: `Vous avez lancé ${move.dice.join(" ")}` }
        : { en: `You chose: ${decided.labels[/** @type {string} */ (move.choice)].en}`,
            fr: `Vous avez choisi : ${decided.labels[/** @type {string} */ (move.choice)].fr}` };
      const note = dropped
        ? { en: `Played on from step ${fromStep}: ${lowerFirst(what.en)}; the steps after it were dropped.`,
            fr: `Partie reprise à l'étape ${fromStep} : ${lowerFirst(what.fr)} ; les étapes suivantes sont abandonnées.` }
        : { en: `${what.en}.`, fr: `${what.fr}.` };
      if (this.film.need === null) {
        note.en += " The race is over.";
        note.fr += " La course est finie.";
      }
      this.go(this.last, { note });
    }).then(done, done);
  }

  /**
   * @param {string} oid
   * @param {HTMLInputElement | HTMLSelectElement} control
   */
  changeOption(oid, control) {
    const { info } = this.optionControls[oid];
    /** @type {string | number} */
    let value = control.value;
    if (info.range) {
      const n = Number(value);
      if (!/^-?\d+$/.test(value.trim()) || n < info.range[0] || n > info.range[1]) {
        this.syncOptions();
        return this.say(`This reading takes a whole number from ${info.range[0]} to ${info.range[1]}.`,
          `Cette lecture prend un nombre entier de ${info.range[0]} à ${info.range[1]}.`);
      }
      value = n;
    }
    this.enqueue(async (gen) => {
      const scenario = structuredClone(this.scenario);
      scenario.options = { ...(scenario.options || {}), [oid]: value };
      /** @type {LiveFilm} */
      let film;
      try {
        film = await requestFilm(scenario, this.links, undefined, true);
      } catch (err) {
        this.syncOptions(); // back to the reading in force
        throw err;
      }
      if (gen !== this.gen) return;
      if (film.refused) { // the example's set-up does not fit this reading
        this.syncOptions();
        return this.say(film.refused.en, film.refused.fr);
      }
      const words = valueWords(info, value);
      const note = { en: `Reading “${words.en}” replayed.`, fr: `Lecture « ${words.fr} » rejouée.` };
      if (film.diverged) { // the example's own moves apply up to there: the rest is the reader's
        const kept = /** @type {{dice: number[], choices: string[]}} lenient: said */ (film.kept);
        scenario.dice = kept.dice;
        if (kept.choices.length) scenario.choices = kept.choices;
        else delete scenario.choices;
        delete scenario.seed;
        note.en += ` ${film.diverged.en}`;
        note.fr += ` ${film.diverged.fr}`;
      }
      this.useFilm(film, scenario);
      this.go(film.diverged ? film.frames.length - 1 : this.k, { note });
    });
  }

  reset() {
    this.showPublished();
    this.go(0, { note: { en: "Back to the example as published.", fr: "Retour à l'exemple publié." } });
  }

  // The example as the page was built, at its start, without a word in the live region.
  showPublished() {
    this.gen += 1; // requests still waiting, or in flight, are dropped
    this.scenario = structuredClone(this.original);
    this.film = this.preFilm;
    this.branchBox.checked = false;
    this.list.innerHTML = this.preList;
    this.decorateItems();
    this.syncOptions();
    this.diceInput.value = "";
    this.go(0, { quiet: true });
  }

  // ---------------------------------------------------------------- history
  // What was played stays with the page's entry in the browser's history (Back and Forward, a
  // reload): sessionStorage, keyed by the entry (the Navigation API's key where the browser has it,
  // else the page's path) and the example. Material keeps its own scroll offset in history.state.
  historyKey() {
    const entry = globalThis.navigation?.currentEntry?.key ?? location.pathname;
    return `parcours:${entry}:${this.el.id}`;
  }

  keepInHistory() {
    try {
      if (this.k === 0 && JSON.stringify(this.scenario) === JSON.stringify(this.original)) {
        sessionStorage.removeItem(this.historyKey());
      } else {
        sessionStorage.setItem(this.historyKey(), JSON.stringify({ s: this.scenario, k: this.k }));
      }
    } catch {
      // storage refused (private mode, quota): the example simply is not kept
    }
  }

  // The position this page's history entry kept, or null (read as a permalink is, within its limits).
  kept() {
    try {
      const data = readRecord(sessionStorage.getItem(this.historyKey()) ?? "null");
      return data && typeof data === "object" ? data : null;
    } catch {
      return null;
    }
  }

  // ---------------------------------------------------------------- permalinks
  /** @param {string | null} payload */
  openFragment(payload) {
    const data = readLink(payload);
    if (data === null) {
      return this.refusePosition("This link's position could not be read: it is incomplete, damaged or too large.",
        "La position de ce lien est illisible : le lien est incomplet, abîmé ou trop grand.");
    }
    this.openPosition(data, "link");
  }

  /**
   * @param {string} en
   * @param {string} fr
   */
  refusePosition(en, fr) {
    this.showPublished();
    this.say(`${en} Here is the example as published.`, `${fr} Voici l'exemple tel que publié.`);
  }

  // A position {s: scenario, k: step} from a permalink ("link") or from the history ("history").
  /**
   * @param {any} data as it was read (JSON of a link or of the storage): checked here
   * @param {"link" | "history"} source
   */
  openPosition(data, source) {
    const link = source === "link";
    const s = data && data.s;
    if (!s || typeof s !== "object" || Array.isArray(s) || !Number.isInteger(data.k) || data.k < 0) {
      return this.refusePosition(link ? "This link does not hold a position of this example."
        : "The position kept for this example could not be read.",
      link ? "Ce lien ne contient pas de position de cet exemple." : "La position gardée pour cet exemple est illisible.");
    }
    if (s.ruleset !== this.original.ruleset) {
      const other = typeof s.ruleset === "string" ? s.ruleset.slice(0, 60) : JSON.stringify(s.ruleset ?? null).slice(0, 60);
      return this.refusePosition(`This link is for another race (${other}).`, `Ce lien concerne une autre course (${other}).`);
    }
    const opened = link ? { en: "The position of the link.", fr: "La position du lien." }
      : { en: "Your position, as you left it.", fr: "Votre position, telle que vous l'avez laissée." };
    if (JSON.stringify(s) === JSON.stringify(this.original)) { // the example as published: no Python needed
      this.showPublished();
      return this.go(data.k, { note: opened });
    }
    this.activate();
    this.say(link ? "Opening the position of the link…" : "Opening your position…",
      link ? "Ouverture de la position du lien…" : "Ouverture de votre position…", "info");
    this.enqueue(async (gen) => {
      /** @type {LiveFilm} */
      let film;
      try {
        film = await requestFilm(s, this.links);
      } catch (err) {
        if (gen !== this.gen) return;
        const [what, quoi] = link ? ["this link's position", "la position de ce lien"]
          : ["the position kept for this example", "la position gardée pour cet exemple"];
        if (err instanceof EngineTimeout) {
          return this.refusePosition(`The engine took more than ${err.seconds} seconds over ${what} and was restarted.`,
            `Le moteur a mis plus de ${err.seconds} secondes sur ${quoi} et a été redémarré.`);
        }
        const { en, fr } = err instanceof EngineError ? err.refusal : { en: String(err), fr: String(err) };
        return this.refusePosition(`The engine refused ${what} (${en}).`, `Le moteur refuse ${quoi} (${fr}).`);
      }
      if (gen !== this.gen) return;
      this.useFilm(film, s);
      // The engine replays a link within a budget of steps; a film it stopped says "budget".
      const n = film.frames.length - 1;
      this.go(data.k, { note: film.stopped === "budget"
        ? { en: `${opened.en.slice(0, -1)}, its race shown only up to step ${n}.`,
            fr: `${opened.fr.slice(0, -1)}, sa course montrée seulement jusqu'à l'étape ${n}.` }
        : opened });
    });
  }
}

// ------------------------------------------------------------------ pages
/** @type {Set<WorkedExample>} */
const widgets = new Set();
/** @type {IntersectionObserver | null} */
let observer = null;
let byReader = false;
/** @type {Set<WorkedExample>} */
const visible = new Set();

function activateVisible() {
  startSoon();
  if (!byReader) return;
  for (const widget of visible) widget.activate();
}

// An example in view for a moment (read, scrolled to, landed on by a permalink) starts Python, so that
// it is ready by the reader's first touch (engine.mjs, startInAMoment).
/** @type {number | null} */
let dwell = null;
function startSoon() {
  clearTimeout(dwell ?? undefined);
  dwell = visible.size ? startInAMoment(() => visible.size > 0) : null;
}

/** @param {WorkedExample} widget */
function watch(widget) {
  if (!("IntersectionObserver" in window)) return;
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const widget = /** @type {Example} */ (entry.target).pxWidget;
        if (!widget) continue;
        if (entry.isIntersecting && entry.intersectionRatio >= 0.2) visible.add(widget);
        else visible.delete(widget);
      }
      activateVisible();
    }, { threshold: [0, 0.2, 0.5] });
    // In view at load is not yet intent: in view after the reader scrolls is (by hand: a wheel, a
    // finger, a key, the scroll bar; not the page's own scrolling, Material's or a link's).
    const byHand = () => { byReader = true; };
    for (const type of ["wheel", "touchmove", "keydown", "pointerdown"]) addEventListener(type, byHand, { passive: true });
    addEventListener("scroll", () => { if (byReader) activateVisible(); }, { passive: true });
  }
  observer.observe(widget.el);
}

// The position of a permalink in the page's address, opened in its example (one of `fresh` only, if
// given; else not when the address is the example's own link, already shown). A link that is damaged,
// or for no example of this page, is answered by links.mjs, and no example changes.
/**
 * @param {string} hash
 * @param {Set<WorkedExample> | null} fresh
 */
function openFragment(hash, fresh) {
  const link = linkInHash(hash);
  const el = /** @type {Example | null} */ (linkTarget(link));
  if (el && !el.pxWidget && !fresh && isWorkedExample(el)) { // a link to an example not set up yet
    mounting = mounting.then(() => setUp([el])).then(reopen).then(() => {
      if (el.pxWidget) openFragment(hash, null);
    }, () => {});
    return;
  }
  const widget = el?.pxWidget;
  if (!widget || (fresh && !fresh.has(widget))) return;
  if (!fresh && new URL(widget.permalink.href).hash === hash) return;
  widget.el.scrollIntoView({ block: "start" });
  widget.openFragment(/** @type {{payload: string | null}} the link of an example */ (link).payload);
}

// Sets up the page's worked examples (every page: Material's instant navigation swaps pages): those
// near the screen (or named by the address) at once, one example a frame; the others as the reader
// comes near them, so that a page of twenty examples builds two or three at load. One page's setting
// up at a time.
/** @type {Promise<unknown>} */
let mounting = Promise.resolve();
export function mountExamples() {
  mounting = mounting.then(mountNow, mountNow);
}

// After the next frame: the browser draws, scrolls or answers the reader in between, and lays out each
// example's new controls in a frame of its own (examples set up back to back, in tasks of their own,
// were all laid out in one long frame after them). A hidden page draws no frame: a task then.
const afterNextFrame = () => new Promise((resolve) => {
  if (document.visibilityState === "hidden") setTimeout(resolve, 0);
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});

// A worked example as playable/rulebook.py renders it: steps and a film to step through. Anything
// else that shares the class (the Play page's game, say) is left to its own script.
const isWorkedExample = (/** @type {Element} */ el) => el.querySelector(":scope > ol.px-steps") && el.querySelector(".px-film");

// Near the screen: within a screen's height of it (as dom.mjs's whenNear).
const isNear = (/** @type {Element} */ el) => {
  const { top, bottom } = el.getBoundingClientRect();
  return top < 2 * innerHeight && bottom > -innerHeight;
};

// The examples to set up, the one named by the address first, then those nearest the screen.
/**
 * @param {Example[]} els
 * @param {Element | null} target
 */
function inSetUpOrder(els, target) {
  const distance = (/** @type {Element} */ el) => {
    if (el === target) return -1;
    const { top, bottom } = el.getBoundingClientRect();
    return Math.max(0, top - innerHeight, -bottom);
  };
  return els.map((el) => /** @type {[number, Example]} */ ([distance(el), el])).sort((a, b) => a[0] - b[0]).map(([, el]) => el);
}

// Each example's widget, one a frame; those that could be, returned.
/** @param {Example[]} els */
async function setUp(els) {
  /** @type {Set<WorkedExample>} */
  const fresh = new Set();
  for (const [k, el] of els.entries()) {
    if (k) await afterNextFrame();
    if (el.pxWidget || el.dataset.pxWidget || !el.isConnected) continue;
    try {
      const widget = new WorkedExample(el);
      el.pxWidget = widget;
      widgets.add(widget);
      fresh.add(widget);
      watch(widget);
    } catch (err) {
      console.error(`Parcours: the example ${el.id} could not be set up:`, err);
    }
  }
  return fresh;
}

// What the reader played here before (Back, Forward, a reload), opened; the examples that had some.
/** @param {Set<WorkedExample>} fresh */
function reopen(fresh) {
  /** @type {Set<WorkedExample>} */
  const kept = new Set();
  for (const widget of fresh) {
    const data = widget.left;
    widget.keeping = true;
    if (data) {
      kept.add(widget);
      widget.openPosition(data, "history");
    }
  }
  return kept;
}

// The examples set up when the reader comes near them (the observer of this page's, replaced with it).
/** @type {IntersectionObserver | null} */
let later = null;
/** @param {Example[]} els */
function setUpWhenNear(els) {
  later?.disconnect();
  later = whenNear(els, (coming) => {
    mounting = mounting.then(() => setUp(/** @type {Example[]} */ (coming))).then(reopen, () => {});
  });
}

async function mountNow() {
  delete document.documentElement.dataset.pxExamples;
  later?.disconnect();
  for (const widget of widgets) {
    if (widget.el.isConnected) continue;
    // The same example drawn again (Material's instant navigation redraws a page on its first
    // hash change, and on a return visit): put the played one back, so nothing played is lost.
    const redrawn = /** @type {Example | null} */ (document.getElementById(widget.el.id));
    if (redrawn && !redrawn.pxWidget && redrawn.dataset.example === widget.el.dataset.example) {
      redrawn.replaceWith(widget.el);
      watch(widget);
      continue;
    }
    widgets.delete(widget);
    visible.delete(widget);
    engine.listeners.delete(widget.onEngine);
    if (observer) observer.unobserve(widget.el);
  }
  const examples = [.../** @type {NodeListOf<Example>} */ (document.querySelectorAll(".px-example"))].filter(isWorkedExample);
  const target = linkTarget(linkInHash(location.hash));
  const lazy = "IntersectionObserver" in window;
  const now = examples.filter((el) => !lazy || el === target || isNear(el));
  const fresh = await setUp(inSetUpOrder(now, target));
  const kept = reopen(fresh);
  // (Every page, examples or not: a link for no example of this page is answered all the same.)
  openFragment(location.hash, new Set([...fresh].filter((w) => !kept.has(w))));
  if (lazy) setUpWhenNear(examples.filter((el) => !el.pxWidget));
  document.documentElement.dataset.pxExamples = location.pathname; // the examples near the screen set up
}

addEventListener("hashchange", () => openFragment(location.hash, null));
