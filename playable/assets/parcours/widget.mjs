// Parcours: the worked-example widget.
//
// Every `.px-example` on a page arrives fully rendered (board, explained steps, the film
// of every frame as JSON): stepping through it needs no Python. This module adds the
// controls, and on the reader's intent (the example scrolled into view, hovered, focused,
// a control used) starts ONE module Web Worker per visit (worker.mjs: Pyodide and the
// rules engine), which replays the example live, checks it against the page, and plays
// on: thrown dice, changed readings of the rules, permalinks.
//
// Material for MkDocs' instant navigation swaps pages without re-running this module, so
// widgets are set up in `document$.subscribe(...)`, idempotently, and the worker lives at
// module level: it survives page changes. Every URL is resolved against import.meta.url.

const WORKER_URL = new URL("./worker.mjs", import.meta.url);
// A permalink is refused before it is parsed when it is longer or deeper than any real one:
// a whole race's record is a few KB and 5 levels deep; a hostile one could stall Python.
const LINK_LIMITS = { chars: 64 * 1024, depth: 64 };
// The watchdog: a request Python has begun and not answered in this time restarts the worker.
// The longest real request (a batch of bot moves with the search bot) takes about 1 s in CPython.
const REQUEST_TIMEOUT = 12_000;
// Python and the engine start in 3-7 s here; a start that has not ended in this time has stalled
// (a download that never completes): the reader is told, rather than left with a spinner.
const START_TIMEOUT = 120_000;

// ------------------------------------------------------------------ the engine (one worker)
// pending: id -> {op, payload, resolve, reject, timer}; a request the worker has not begun is
// sent again to a restarted worker, the one it was running is refused (EngineTimeout).
const engine = { worker: null, stage: "idle", error: { en: "", fr: "" }, pending: new Map(), nextId: 1,
  listeners: new Set(), startTimer: null };

// A refusal: `words` in each language, as the engine gives them ({en, fr}); the worker's own
// failures are sentences in English.
class EngineError extends Error {
  constructor(words) {
    const both = typeof words === "string" ? { en: words, fr: words } : words;
    super(both.en);
    this.words = both;
  }
}

// The worker did not answer in time and was restarted; callers say so in both languages.
class EngineTimeout extends EngineError {
  constructor() {
    super(`no answer in ${REQUEST_TIMEOUT / 1000} seconds`);
    this.seconds = REQUEST_TIMEOUT / 1000;
  }
}

function startEngine() {
  if (engine.worker || engine.stage === "failed") return;
  engine.stage = "loading";
  let worker;
  try {
    worker = new Worker(WORKER_URL, { type: "module" });
  } catch {
    engineFailed({ en: "this browser cannot start the engine's worker",
      fr: "ce navigateur ne peut pas lancer le processus du moteur" });
    return;
  }
  engine.worker = worker;
  clearTimeout(engine.startTimer);
  engine.startTimer = setTimeout(() => {
    if (engine.worker !== worker || engine.stage !== "loading") return;
    worker.terminate();
    engine.worker = null;
    engineFailed({ en: `Python did not start within ${START_TIMEOUT / 1000} seconds`,
      fr: `Python n'a pas démarré en ${START_TIMEOUT / 1000} secondes` });
  }, START_TIMEOUT);
  // Messages from a worker that was since replaced are ignored.
  worker.onmessage = ({ data }) => { if (engine.worker === worker) onWorkerMessage(data); };
  worker.onerror = (event) => {
    event.preventDefault();
    if (engine.worker === worker) {
      engineFailed({ en: "the engine's worker could not be loaded", fr: "le processus du moteur n'a pas pu être chargé" });
    }
  };
  for (const [id, request] of engine.pending) send(id, request); // queued before a restart
  notifyEngine();
}

function onWorkerMessage(data) {
  if (data && data.op === "status") {
    if (data.stage === "ready") {
      engine.stage = "ready";
      clearTimeout(engine.startTimer);
    }
    else if (data.stage === "failed") engineFailed(data.error || { en: "unknown error", fr: "erreur inconnue" });
    notifyEngine();
    return;
  }
  const pending = engine.pending.get(data && data.id);
  if (!pending) return;
  if (data.op === "begin") { // Python starts on it now: the watchdog counts from here
    pending.timer = setTimeout(() => restartEngine(data.id), REQUEST_TIMEOUT);
    return;
  }
  settle(data.id);
  if (data.error) pending.reject(new EngineError(data.error));
  else pending.resolve(data.film !== undefined ? data.film : data.result);
}

function settle(id) {
  clearTimeout(engine.pending.get(id).timer);
  engine.pending.delete(id);
}

// The request `id` hangs: refuse it, and start a new worker (and Python) for the others.
function restartEngine(id) {
  const hung = engine.pending.get(id);
  if (!hung) return;
  settle(id);
  engine.worker.terminate();
  engine.worker = null;
  hung.reject(new EngineTimeout());
  startEngine();
}

function engineFailed(reason) { // reason: {en, fr}
  clearTimeout(engine.startTimer);
  engine.stage = "failed";
  engine.error = reason;
  for (const [id, { reject }] of engine.pending) {
    settle(id);
    reject(new EngineError(`Python could not start: ${reason.en}`));
  }
  notifyEngine();
}

function notifyEngine() {
  for (const listener of engine.listeners) listener(engine.stage);
}

function requestFilm(scenario, anchorPrefix) {
  return requestEngine("film", { scenario, anchorPrefix });
}

// Any request to the worker (worker.mjs lists them): "film", "play" (the Play page), "odds".
// Objects travel as JSON text: a structured clone of a strange object could fail in postMessage.
function requestEngine(op, payload) {
  startEngine();
  if (engine.stage === "failed") return Promise.reject(new EngineError(`Python could not start: ${engine.error.en}`));
  let message;
  try {
    message = Object.fromEntries(Object.entries(payload).map(([key, value]) =>
      [key, value !== null && typeof value === "object" ? JSON.stringify(value) : value]));
  } catch {
    return Promise.reject(new EngineError("this request cannot be written as JSON"));
  }
  return new Promise((resolve, reject) => {
    const id = engine.nextId++;
    const request = { op, message, resolve, reject, timer: null };
    engine.pending.set(id, request);
    send(id, request);
  });
}

function send(id, { op, message }) {
  engine.worker.postMessage({ ...message, id, op });
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
function readLink(payload) {
  // base64 takes 4 characters for 3 bytes: refuse a long payload before decoding it
  if (typeof payload !== "string" || payload.length > Math.ceil(LINK_LIMITS.chars * 4 / 3)) return null;
  try {
    return parseLink(fromBase64url(payload));
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ small helpers
const clone = (value) => JSON.parse(JSON.stringify(value));

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

// A bilingual text: English · French, each in its own language.
function bi(en, fr, cls) {
  // the dot is hidden from screen readers, the spaces around it are not ("Next Suivant")
  return h("span", { class: cls }, h("span", { lang: "en", text: en }), " ",
    h("span", { class: "px-sep", "aria-hidden": "true", text: "·" }), " ", h("span", { lang: "fr", text: fr }));
}

function parseHTML(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template;
}

// The inside of a step's <li>: the film's own `item` when it carries one, else exactly what
// playable/rulebook.py's _step_item writes.
function stepInner(frame) {
  if (typeof frame.item === "string") return frame.item;
  const dice = frame.dice.join(" ");
  return `<span class="px-dice" aria-label="dice ${dice}">${dice}</span>`
    + `<div class="px-step-text"><div lang="fr">${frame.html.fr}</div>`
    + `<div lang="en">${frame.html.en}</div></div>`;
}

// The same markup as the browser serialises it once parsed (what li.innerHTML reads back),
// every href made absolute: Material's instant navigation does that to the page's own links
// (el.href = el.href), so the page's step and the live one are compared on equal terms.
function normalised(html) {
  const template = parseHTML(html);
  for (const el of template.content.querySelectorAll("[href]")) {
    el.setAttribute("href", new URL(el.getAttribute("href"), document.baseURI).href);
  }
  return template.innerHTML;
}

// The film the page was built with: a <template class="px-film"> (inert, and left alone by
// Material's instant navigation) or a <script type="application/json" class="px-film">.
function readFilm(el) {
  const holder = el.querySelector("template.px-film, script.px-film");
  if (!holder) throw new Error("no px-film data in the example");
  return JSON.parse(holder.content ? holder.content.textContent : holder.textContent);
}

// The example's readings of the rules: data-options holds them ({id: option}), or only their
// ids (["veldiv.art7-rider", ...]) to look up in the page's <template class="px-options">.
const catalogues = new WeakMap();
function readOptions(el) {
  const given = JSON.parse(el.dataset.options || "{}");
  if (!Array.isArray(given)) return given;
  const holder = document.querySelector("template.px-options");
  if (holder && !catalogues.has(holder)) catalogues.set(holder, JSON.parse(holder.content.textContent));
  const catalogue = holder ? catalogues.get(holder) : {};
  return Object.fromEntries(given.filter((id) => catalogue[id]).map((id) => [id, catalogue[id]]));
}

// The plain text of one language of a step, sentence after sentence.
function plainText(container) {
  if (!container) return "";
  const items = container.querySelectorAll("li");
  const parts = items.length ? Array.from(items, (li) => li.textContent) : [container.textContent];
  return parts.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean).join(" ");
}

// A fair die of `sides` faces (the Ronde also throws D4, D8, D10, D12 and D16).
function randomDie(sides = 6) {
  const n = Number.isInteger(sides) && sides > 1 && sides <= 256 ? sides : 6;
  const limit = 256 - (256 % n); // bytes from `limit` up would favour the low faces
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte); while (byte[0] >= limit);
  return (byte[0] % n) + 1;
}

// The die a need asks for ("D16", "2 × D6"), and whether a face fits it.
const sidesOf = (need) => (need && Number.isInteger(need.sides) ? need.sides : 6);
function dieName(need) {
  const die = `D${sidesOf(need)}`;
  return need && need.count > 1 ? `${need.count} × ${die}` : die;
}

// A refusal for faces that do not fit the die ([en, fr]), or null.
function badFace(dice, need) {
  const sides = sidesOf(need);
  const wrong = dice.find((d) => d < 1 || d > sides);
  if (wrong === undefined) return null;
  if (sides === 6) return [`A die shows 1 to 6: ${wrong} is not a face.`, `Un dé va de 1 à 6 : ${wrong} n'est pas une face.`];
  return [`This throw is a D${sides}, which shows 1 to ${sides}: ${wrong} is not a face.`,
    `Ce lancer se fait au D${sides}, qui va de 1 à ${sides} : ${wrong} n'est pas une face.`];
}

function toBase64url(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

const COUNT = { 1: ["one die", "un seul dé", "4"], 2: ["two dice", "deux dés", "3 5"] };

// ------------------------------------------------------------------ one worked example
class Widget {
  constructor(el) {
    this.el = el;
    this.original = JSON.parse(el.dataset.scenario);
    this.optionInfo = readOptions(el);
    this.prefix = (el.dataset.rulesUrl || "") + "#";
    this.list = el.querySelector("ol.px-steps");
    this.figure = el.querySelector(".px-figure");
    this.caption = el.querySelector(".px-caption");
    const pre = readFilm(el);
    // What the page was built with: the live replay is checked against these.
    this.preItems = Array.from(this.list.children, (li) => normalised(li.innerHTML));
    this.preList = this.list.innerHTML;
    const diceOf = (li) => (li.querySelector(".px-dice")?.textContent.trim() || "").split(/\s+/)
      .filter((t) => /^\d+$/.test(t)).map(Number); // "D16 13": the die's name is not a face
    const sizeOf = (li) => Number(li.querySelector(".px-dice")?.dataset.sides) || null;
    this.preFilm = {
      boards: pre.boards, labels: pre.labels, finished: pre.finished, diceNeeded: pre.dice_needed,
      dice: pre.dice || [[], ...Array.from(this.list.children, diceOf)],
      sides: pre.sides || [null, ...Array.from(this.list.children, sizeOf)], // the die of each step's throw
      need: pre.need, // undefined when the page does not say: asked of the engine
    };
    this.scenario = clone(this.original);
    this.film = this.preFilm;
    this.needs = new Map(); // step -> what the race waits for there, once asked of the engine
    this.k = 0;
    this.gen = 0; // bumped by reset: answers to older requests are dropped
    this.queue = Promise.resolve();
    this.activated = false;
    this.build();
    this.decorateItems();
    this.onEngine = (stage) => this.showEngine(stage);
    engine.listeners.add(this.onEngine);
    this.showEngine(engine.stage);
    el.dataset.pxWidget = "on";
    this.go(0, { quiet: true });
  }

  get last() { return this.film.boards.length - 1; }

  // ---------------------------------------------------------------- building
  build() {
    const id = this.el.id;
    const button = (cls, en, fr, icon, after) => {
      const b = h("button", { type: "button", class: cls },
        icon && !after ? h("span", { "aria-hidden": "true", class: "px-icon", text: icon }) : null,
        bi(en, fr),
        icon && after ? h("span", { "aria-hidden": "true", class: "px-icon", text: icon }) : null);
      return b;
    };
    this.buttons = {
      start: button("px-first", "Start", "Début", "«"),
      back: button("px-back", "Back", "Retour", "‹"),
      next: button("px-next", "Next", "Suivant", "›", true),
      end: button("px-last", "End", "Fin", "»", true),
      reset: button("px-reset", "Reset", "Rétablir", "↺"),
    };
    this.counter = h("span", { class: "px-counter" });
    this.buttons.start.addEventListener("click", () => this.use(() => this.go(0)));
    this.buttons.back.addEventListener("click", () => this.use(() => this.go(this.k - 1)));
    this.buttons.next.addEventListener("click", () => this.use(() => this.go(this.k + 1)));
    this.buttons.end.addEventListener("click", () => this.use(() => this.go(this.last)));
    this.buttons.reset.addEventListener("click", () => this.use(() => this.reset()));

    this.diceInput = h("input", {
      type: "text", id: `${id}-dice`, class: "px-dice-input", inputmode: "numeric", autocomplete: "off",
      spellcheck: "false", size: "5", placeholder: "3 5",
    });
    this.randomButton = button("px-random", "Random throw", "Lancer au hasard");
    this.throwButton = button("px-throw", "Throw", "Lancer");
    // Which die the race asks for here ("D16", in the dice's label): the Ronde throws dice of six sizes.
    this.dieAsk = h("span", { class: "px-die-ask", id: `${id}-die`, hidden: true });
    this.randomButton.setAttribute("aria-describedby", this.dieAsk.id); // the input: its label says it
    this.randomButton.addEventListener("click", () => this.use(() => this.playRandom()));
    this.throwButton.addEventListener("click", () => this.use(() => this.playChosen()));
    this.diceInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); this.use(() => this.playChosen()); }
    });

    this.choiceSelect = h("select", { id: `${id}-choice` });
    this.choiceLabel = h("label", { for: this.choiceSelect.id });
    this.choiceButton = button("px-choose", "Choose", "Choisir");
    this.choiceButton.addEventListener("click", () => this.use(() => this.playChoice()));
    this.choiceBox = h("span", { class: "px-decide", hidden: true }, this.choiceLabel, this.choiceSelect, this.choiceButton);

    this.permalink = h("a", { class: "px-permalink", href: "#" + id }, bi("Permalink", "Lien permanent"));
    // A plain click puts the link in the address bar (and the clipboard) without leaving the
    // position: followed, Material's instant navigation would redraw the page and every other
    // example would lose its state. A middle click, "copy link" and the like work as usual.
    this.permalink.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      this.use(() => this.sharePermalink());
    });
    this.engineNote = h("span", { class: "px-engine" });
    this.status = h("p", { class: "px-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });

    const controls = this.el.querySelector(".px-controls");
    controls.replaceChildren(
      h("div", { class: "px-row px-nav", role: "group", "aria-label": "Steps · Étapes" },
        this.buttons.start, this.buttons.back, this.counter, this.buttons.next, this.buttons.end),
      h("div", { class: "px-row px-play", role: "group", "aria-label": "Play on · Continuer la partie" },
        this.randomButton,
        h("span", { class: "px-chosen" },
          h("label", { for: this.diceInput.id }, bi("Your dice", "Vos dés"), " ", this.dieAsk), this.diceInput, this.throwButton),
        this.choiceBox,
        this.buttons.reset),
      this.status,
      this.buildOptions(),
      h("div", { class: "px-row px-meta" }, this.permalink, this.engineNote),
    );
    controls.hidden = false;

    const hint = h("span", { class: "px-sr", id: `${id}-hint`,
      text: "Enter on a step shows it; arrow keys, Home and End step through the example. · "
        + "Entrée sur une étape l'affiche ; les flèches, Début et Fin parcourent l'exemple." });
    controls.append(hint);
    this.list.setAttribute("aria-describedby", hint.id);

    this.list.addEventListener("click", (event) => {
      const li = event.target.closest("li.px-step");
      if (!li || event.target.closest("a")) return;
      this.use(() => this.go(Number(li.dataset.step)));
    });
    this.el.addEventListener("keydown", (event) => this.onKey(event));
    this.el.addEventListener("pointerenter", () => this.activate());
    this.el.addEventListener("focusin", () => this.activate());
  }

  buildOptions() {
    const ids = Object.keys(this.optionInfo);
    this.optionControls = {};
    if (!ids.length) return null;
    const article = this.el.dataset.article || this.guessArticle();
    const fields = ids.map((oid) => {
      const info = this.optionInfo[oid];
      const fieldId = `${this.el.id}-opt-${oid.replace(/[^\w-]/g, "-")}`;
      const describe = h("p", { class: "px-option-choice", id: `${fieldId}-desc` });
      let control;
      if (info.range) {
        control = h("input", { type: "number", id: fieldId, min: info.range[0], max: info.range[1], step: 1,
          "aria-describedby": describe.id, inputmode: "numeric" });
      } else {
        control = h("select", { id: fieldId, "aria-describedby": describe.id },
          Object.keys(info.values).map((value) => h("option", { value },
            value === info.default ? `${value} (default · par défaut)` : value)));
      }
      control.addEventListener("change", () => this.use(() => this.changeOption(oid, control)));
      this.optionControls[oid] = { control, describe, info };
      return h("div", { class: "px-option-field" },
        h("label", { for: fieldId }, bi(info.question.en, info.question.fr)), control, describe);
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
          ? bi(`Other readings of the rules (${n})`, `Autres lectures du règlement (${n})`)
          : bi(`Readings of the rules (${n})`, `Lectures du règlement (${n})`)),
        h("div", { class: "px-readings-body" }, others)));
    }
    return wrap;
  }

  guessArticle() {
    // The article the example belongs to: the nearest heading before it (veldiv-art-7 -> veldiv:art-7).
    let node = this.el;
    while (node) {
      let prev = node.previousElementSibling;
      while (prev) {
        if (/^H2$/.test(prev.tagName) && prev.id) return prev.id.replace("-", ":");
        prev = prev.previousElementSibling;
      }
      node = node.parentElement;
      if (node && node.matches("article, main, body")) break;
    }
    return "";
  }

  syncOptions() {
    const chosen = this.scenario.options || {};
    for (const [oid, { control, describe, info }] of Object.entries(this.optionControls)) {
      const value = oid in chosen ? chosen[oid] : info.default;
      control.value = String(value);
      describe.replaceChildren();
      if (info.range) {
        describe.append(bi(`a whole number from ${info.range[0]} to ${info.range[1]}`,
          `un nombre entier de ${info.range[0]} à ${info.range[1]}`));
      } else if (Object.hasOwn(info.values, value)) {
        describe.append(bi(info.values[value].en, info.values[value].fr));
      }
    }
  }

  decorateItems() {
    for (const li of this.list.children) li.tabIndex = 0;
  }

  // ---------------------------------------------------------------- intent and keys
  activate() {
    if (this.activated || !this.el.isConnected) return;
    this.activated = true;
    performance.mark(`parcours:intent:${this.el.id}`); // for scripts/bench_site.py
    startEngine();
    this.enqueue(() => this.verify(), { always: true });
  }

  use(action) {
    this.activate();
    action();
  }

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target;
    if (target.closest("input, select, textarea")) return;
    const li = target.closest("li.px-step");
    if (li && target === li && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      this.use(() => this.go(Number(li.dataset.step)));
      return;
    }
    const to = { ArrowLeft: this.k - 1, ArrowRight: this.k + 1, Home: 0, End: this.last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.use(() => this.go(to));
  }

  // ---------------------------------------------------------------- showing a frame
  go(k, { note = null, quiet = false } = {}) {
    k = Math.max(0, Math.min(this.last, k));
    this.k = k;
    const board = parseHTML(this.film.boards[k]).content.firstElementChild;
    const current = this.figure.querySelector("svg.px-board");
    if (board && current) current.replaceWith(board);
    const label = this.film.labels[k];
    this.caption.replaceChildren(h("span", { lang: "fr", text: label.fr }), h("br"), h("span", { lang: "en", text: label.en }));
    for (const li of this.list.children) {
      const step = Number(li.dataset.step);
      if (step === k) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
      li.classList.toggle("px-later", step > k);
    }
    this.counter.textContent = `${k} / ${this.last}`;
    const atStart = k === 0;
    const atEnd = k === this.last;
    for (const [name, off] of [["start", atStart], ["back", atStart], ["next", atEnd], ["end", atEnd]]) {
      this.buttons[name].setAttribute("aria-disabled", String(off));
    }
    this.updatePermalink();
    this.showNeed();
    if (!quiet) this.announce(note);
  }

  announce(note = null) {
    const k = this.k;
    const parts = [];
    if (note) parts.push(h("span", { class: "px-status-note" }, bi(note.en, note.fr)), " ");
    let en;
    let fr;
    if (k === 0) {
      en = `Start: ${this.film.labels[0].en}.`;
      fr = `Départ : ${this.film.labels[0].fr}.`;
    } else {
      const li = this.list.querySelector(`li.px-step[data-step="${k}"]`);
      const text = (lang) => plainText(li?.querySelector(`.px-step-text > [lang="${lang}"]`));
      const dice = this.film.dice[k].join(" ");
      en = dice ? `Dice ${dice}. ${text("en")}` : text("en");
      fr = dice ? `Dés ${dice}. ${text("fr")}` : text("fr");
    }
    parts.push(bi(`Step ${k} of ${this.last}`, `Étape ${k} sur ${this.last}`, "px-status-step"),
      h("span", { class: "px-sr" }, ": ", h("span", { lang: "en", text: en }), " ", h("span", { lang: "fr", text: fr })));
    this.status.dataset.kind = "step";
    this.status.replaceChildren(...parts);
  }

  say(en, fr, kind = "error") {
    this.status.dataset.kind = kind;
    this.status.replaceChildren(bi(en, fr));
  }

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
  enqueue(task, { always = false } = {}) {
    const gen = this.gen;
    const run = this.queue.then(() => ((always || gen === this.gen) && this.el.isConnected ? task(gen) : undefined));
    this.queue = run.catch((err) => this.fault(err));
    return run;
  }

  fault(err) {
    if (err instanceof EngineTimeout) {
      this.go(this.k, { quiet: true }); // the last good position, drawn again
      this.say(`The engine took more than ${err.seconds} seconds and was restarted: the example is back at its last position.`,
        `Le moteur a mis plus de ${err.seconds} secondes et a été redémarré : l'exemple est revenu à sa dernière position.`);
    } else if (err instanceof EngineError) {
      this.say(`The engine could not do this: ${err.words.en}.`, `Le moteur n'a pas pu le faire : ${err.words.fr}.`);
    } else {
      console.error("Parcours widget:", err);
      this.say("Something went wrong in this example; reading still works.",
        "Un problème est survenu dans cet exemple ; la lecture fonctionne toujours.");
    }
  }

  async verify() {
    let film;
    try {
      film = await requestFilm(this.original, this.prefix);
    } catch (err) {
      if (engine.stage === "failed") return; // said once, by the engine note
      this.el.dataset.live = "mismatch";
      console.error(`Parcours: the engine refused the published example ${this.el.id}: ${err.message}`);
      return;
    }
    const problems = [];
    if (film.frames.length !== this.preFilm.boards.length) {
      problems.push(`${film.frames.length - 1} live steps, ${this.preFilm.boards.length - 1} on the page`);
    }
    film.frames.forEach((frame, k) => {
      if (k < this.preFilm.boards.length && frame.board !== this.preFilm.boards[k]) problems.push(`board ${k} differs`);
      if (k > 0 && k <= this.preItems.length && normalised(stepInner(frame)) !== this.preItems[k - 1]) {
        problems.push(`step ${k} differs`);
      }
    });
    if (film.need !== undefined) this.preFilm.need = film.need;
    this.el.dataset.live = problems.length ? "mismatch" : "match";
    performance.mark(`parcours:live:${this.el.id}`);
    if (problems.length) {
      console.error(`Parcours: the live replay of ${this.el.id} disagrees with the page: ${problems.join("; ")}`);
    }
  }

  useFilm(film, scenario) {
    this.scenario = scenario;
    this.film = {
      boards: film.frames.map((f) => f.board), labels: film.frames.map((f) => f.label),
      dice: film.frames.map((f) => f.dice), sides: film.frames.map((f) => f.sides ?? null),
      finished: film.finished, diceNeeded: film.dice_needed,
      need: film.need === undefined ? undefined : film.need,
    };
    this.needs = new Map();
    this.list.innerHTML = film.frames.slice(1)
      .map((frame, i) => `<li class="px-step" data-step="${i + 1}">${stepInner(frame)}</li>`).join("");
    this.decorateItems();
    this.syncOptions();
  }

  // ---------------------------------------------------------------- playing on
  // What the race waits for after step k: {kind: "dice", count}, {kind: "choice", choices, ...},
  // null once it is over, or undefined when only the engine can tell (a decision, mid-line).
  knownNeed(k) {
    if (this.needs.has(k)) return this.needs.get(k);
    if (k < this.last) {
      const next = this.film.dice[k + 1];
      const sides = (this.film.sides && this.film.sides[k + 1]) || 6;
      return next && next.length ? { kind: "dice", count: next.length, sides } : undefined;
    }
    if (this.film.need !== undefined) return this.film.need;
    if (this.film.finished) return null;
    if (this.film.diceNeeded > 0) return { kind: "dice", count: this.film.diceNeeded };
    return undefined;
  }

  async needAt(k) {
    const known = this.knownNeed(k);
    if (known !== undefined) return known;
    const film = await requestFilm(this.truncated(k), this.prefix);
    const need = film.need === undefined ? null : film.need;
    this.needs.set(k, need);
    return need;
  }

  // The scenario as far as step k: the dice and the decisions of the steps up to it.
  truncated(k) {
    const scenario = clone(this.scenario);
    const frames = this.film.dice.slice(1, k + 1);
    scenario.dice = frames.flat();
    const decisions = frames.filter((d) => d.length === 0).length;
    const choices = (this.scenario.choices || []).slice(0, decisions);
    if (choices.length) scenario.choices = choices;
    else delete scenario.choices;
    delete scenario.seed; // every die so far is written out: a seed would throw others
    return scenario;
  }

  // The decision controls show when the position waits for a player's choice.
  showNeed() {
    const k = this.k;
    const gen = this.gen;
    const apply = (need) => {
      if (k !== this.k || gen !== this.gen) return;
      const dice = need && need.kind === "dice";
      this.dieAsk.hidden = !dice;
      this.dieAsk.textContent = dice ? dieName(need) : "";
      if (dice) this.diceInput.placeholder = need.count === 2 ? "3 5" : String(Math.min(3, sidesOf(need)));
      const choice = need && need.kind === "choice";
      this.choiceBox.hidden = !choice;
      if (!choice) return;
      const current = Array.from(this.choiceSelect.options, (o) => o.value).join("\n");
      if (current !== need.choices.join("\n")) {
        // A choice in words where the engine gives them (the Ronde's "t-hammer@3"), its code after.
        const text = (c) => (need.labels && Object.hasOwn(need.labels, c) ? `${need.labels[c].en} · ${need.labels[c].fr}` : c);
        this.choiceSelect.replaceChildren(...need.choices.map((c) => h("option", { value: c, text: text(c) })));
      }
      const seat = Number.isInteger(need.seat) ? need.seat + 1 : "";
      if (need.question) this.choiceLabel.replaceChildren(bi(need.question.en, need.question.fr));
      else {
        this.choiceLabel.replaceChildren(bi(`Player ${seat} decides${need.decision ? ` (${need.decision})` : ""}`,
          `Décision du joueur ${seat}${need.decision ? ` (${need.decision})` : ""}`));
      }
    };
    const known = this.knownNeed(k);
    if (known !== undefined) apply(known);
    else if (this.activated && engine.stage !== "failed") this.needAt(k).then(apply, () => apply(null));
    else apply(null);
  }

  refuseOver() {
    this.say("The race is over: there is nothing left to play. Go back a step to play another line.",
      "La course est finie : plus rien à jouer. Revenez d'une étape pour jouer une autre suite.");
  }

  refuseDecision() {
    this.say("Here a player decides, nothing is thrown: make the choice below.",
      "Ici un joueur décide, on ne lance pas : faites le choix ci-dessous.");
  }

  // A refusal sentence, or null when the move fits what the race waits for.
  misfit(need, move) {
    if (need === null) return () => this.refuseOver();
    if (need.kind === "choice") {
      if (move.choice === undefined) return () => this.refuseDecision();
      if (!need.choices.includes(move.choice)) {
        return () => this.say(`"${move.choice}" is not one of the choices here.`, `« ${move.choice} » n'est pas un choix possible ici.`);
      }
      return null;
    }
    if (move.dice === undefined) {
      return () => this.say("Here the dice are thrown; there is no decision to make.", "Ici on lance les dés ; il n'y a rien à décider.");
    }
    if (move.dice.length !== need.count) {
      const [en, fr, example] = COUNT[need.count] || [`${need.count} dice`, `${need.count} dés`, "3 5"];
      return () => this.say(`This throw takes ${en}, not ${move.dice.length}: e.g. "${example}".`,
        `Ce lancer se joue avec ${fr}, pas ${move.dice.length} : par ex. « ${example} ».`);
    }
    const bad = badFace(move.dice, need);
    if (bad) return () => this.say(...bad);
    return null;
  }

  playRandom() {
    const need = this.knownNeed(this.k);
    if (need === null) return this.refuseOver();
    if (need && need.kind === "choice") return this.refuseDecision();
    this.play({ random: true });
  }

  playChosen() {
    const text = this.diceInput.value.trim();
    const need = this.knownNeed(this.k);
    if (need === null) return this.refuseOver();
    if (need && need.kind === "choice") return this.refuseDecision();
    const count = need ? need.count : 0;
    const [, , example] = COUNT[count] || ["", "", "3 5"];
    if (!text) {
      return this.say(`Type the dice first, e.g. "${example}".`, `Écrivez d'abord les dés, par ex. « ${example} ».`);
    }
    const tokens = text.split(/[\s,;+]+/);
    if (!tokens.every((t) => /^\d+$/.test(t))) {
      return this.say(`"${text}" is not a throw: write the dice as numbers, e.g. "${example}".`,
        `« ${text} » n'est pas un lancer : écrivez les dés en chiffres, par ex. « ${example} ».`);
    }
    const dice = tokens.map(Number);
    // Where the die is not known yet (a decision before, mid-line), misfit() checks once it is.
    const bad = need ? badFace(dice, need) : badFace(dice, { sides: 16 }) && [
      `No die here shows ${dice.find((d) => d < 1 || d > 16)}: the largest, the D16, shows 1 to 16.`,
      `Aucun dé ici ne montre ${dice.find((d) => d < 1 || d > 16)} : le plus grand, le D16, va de 1 à 16.`];
    if (bad) return this.say(...bad);
    if (need) {
      const refuse = this.misfit(need, { dice });
      if (refuse) return refuse();
    }
    this.play({ dice });
  }

  playChoice() {
    const choice = this.choiceSelect.value;
    if (!choice) return;
    this.play({ choice });
  }

  // Play a move from the step shown: dice, a random throw or a decision. From an earlier step
  // the rest of the old line is dropped first.
  play(move) {
    const fromStep = this.k;
    this.enqueue(async (gen) => {
      const need = await this.needAt(fromStep);
      if (gen !== this.gen) return;
      if (move.random) {
        if (need === null) return this.refuseOver();
        if (need.kind !== "dice") return this.refuseDecision();
        move = { dice: Array.from({ length: need.count }, () => randomDie(sidesOf(need))) };
      }
      const refuse = this.misfit(need, move);
      if (refuse) return refuse();
      const truncated = fromStep < this.last;
      const scenario = this.truncated(fromStep);
      if (move.dice) scenario.dice.push(...move.dice);
      else scenario.choices = [...(scenario.choices || []), move.choice];
      this.list.setAttribute("aria-busy", "true");
      let film;
      try {
        film = await requestFilm(scenario, this.prefix);
      } finally {
        this.list.removeAttribute("aria-busy");
      }
      if (gen !== this.gen) return;
      if (film.frames.length !== fromStep + 2) {
        return this.say("The engine did not take this move.", "Le moteur n'a pas pris ce coup.");
      }
      this.useFilm(film, scenario);
      const words = move.choice !== undefined && need.labels && Object.hasOwn(need.labels, move.choice)
        ? need.labels[move.choice] : { en: move.choice, fr: move.choice };
      const what = move.dice
        ? { en: `You threw ${move.dice.join(" ")}`, fr: `Vous avez lancé ${move.dice.join(" ")}` }
        : { en: `You chose: ${words.en}`, fr: `Vous avez choisi : ${words.fr}` };
      const note = truncated
        ? { en: `Played on from step ${fromStep}: ${lowerFirst(what.en)}; the steps after it were dropped.`,
            fr: `Partie reprise à l'étape ${fromStep} : ${lowerFirst(what.fr)} ; les étapes suivantes sont abandonnées.` }
        : { en: `${what.en}.`, fr: `${what.fr}.` };
      if (this.film.finished) {
        note.en += " The race is over.";
        note.fr += " La course est finie.";
      }
      this.go(this.last, { note });
    });
  }

  changeOption(oid, control) {
    const { info } = this.optionControls[oid];
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
      const scenario = clone(this.scenario);
      scenario.options = { ...(scenario.options || {}), [oid]: value };
      let film;
      try {
        film = await requestFilm(scenario, this.prefix);
      } catch (err) {
        this.syncOptions(); // back to the reading in force
        throw err;
      }
      if (gen !== this.gen) return;
      this.useFilm(film, scenario);
      this.go(this.k, { note: { en: `Reading "${value}" replayed.`, fr: `Lecture « ${value} » rejouée.` } });
    });
  }

  reset() {
    this.showPublished();
    this.go(0, { note: { en: "Back to the example as published.", fr: "Retour à l'exemple publié." } });
  }

  // The example as the page was built, at its start, without a word in the live region.
  showPublished() {
    this.gen += 1; // requests still waiting, or in flight, are dropped
    this.scenario = clone(this.original);
    this.film = this.preFilm;
    this.needs = new Map();
    this.list.innerHTML = this.preList;
    this.decorateItems();
    this.syncOptions();
    this.diceInput.value = "";
    this.go(0, { quiet: true });
  }

  // ---------------------------------------------------------------- permalinks
  openFragment(payload) {
    const data = readLink(payload);
    const refuse = (en, fr) => {
      this.showPublished();
      this.say(`${en} Here is the example as published.`, `${fr} Voici l'exemple tel que publié.`);
    };
    if (data === null) {
      return refuse("This link's position could not be read: it is incomplete, damaged or too large.",
        "La position de ce lien est illisible : le lien est incomplet, abîmé ou trop grand.");
    }
    const s = data && data.s;
    if (!s || typeof s !== "object" || Array.isArray(s) || !Number.isInteger(data.k) || data.k < 0) {
      return refuse("This link does not hold a position of this example.", "Ce lien ne contient pas de position de cet exemple.");
    }
    if (s.ruleset !== this.original.ruleset) {
      const other = typeof s.ruleset === "string" ? s.ruleset.slice(0, 60) : JSON.stringify(s.ruleset ?? null).slice(0, 60);
      return refuse(`This link is for another race (${other}).`, `Ce lien concerne une autre course (${other}).`);
    }
    this.activate();
    this.say("Opening the position of the link…", "Ouverture de la position du lien…", "info");
    this.enqueue(async (gen) => {
      let film;
      try {
        film = await requestFilm(s, this.prefix);
      } catch (err) {
        if (gen !== this.gen) return;
        if (err instanceof EngineTimeout) {
          return refuse(`The engine took more than ${err.seconds} seconds over this link's position and was restarted.`,
            `Le moteur a mis plus de ${err.seconds} secondes sur la position de ce lien et a été redémarré.`);
        }
        return refuse(`The engine refused this link's position (${err.words?.en ?? err.message}).`,
          `Le moteur refuse la position de ce lien (${err.words?.fr ?? err.message}).`);
      }
      if (gen !== this.gen) return;
      this.useFilm(film, s);
      // The engine replays a link within a budget of steps; a film it stopped says "budget".
      const n = film.frames.length - 1;
      this.go(data.k, { note: film.stopped === "budget"
        ? { en: `The position of the link, its race shown only up to step ${n}.`,
            fr: `La position du lien, sa course montrée seulement jusqu'à l'étape ${n}.` }
        : { en: "The position of the link.", fr: "La position du lien." } });
    });
  }
}

// ------------------------------------------------------------------ pages
const widgets = new Set();
let observer = null;
let scrolled = false;
const visible = new Set();

function activateVisible() {
  if (!scrolled) return;
  for (const widget of visible) widget.activate();
}

function watch(widget) {
  if (!("IntersectionObserver" in window)) return;
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const widget = entry.target.pxWidget;
        if (!widget) continue;
        if (entry.isIntersecting && entry.intersectionRatio >= 0.2) visible.add(widget);
        else visible.delete(widget);
      }
      activateVisible();
    }, { threshold: [0, 0.2, 0.5] });
    // In view at load is not yet intent: in view after the reader scrolls is.
    addEventListener("scroll", () => { scrolled = true; activateVisible(); }, { passive: true });
  }
  observer.observe(widget.el);
}

function openFragment(hash, fresh) {
  const match = /^#([^:]+):(.*)$/s.exec(hash || "");
  if (!match) return;
  const el = document.getElementById(decodeURIComponent(match[1]));
  const widget = el && el.pxWidget;
  if (!widget || (fresh && !fresh.has(widget))) return;
  el.scrollIntoView({ block: "start" });
  widget.openFragment(match[2]);
}

function init() {
  for (const widget of widgets) {
    if (widget.el.isConnected) continue;
    // The same example drawn again (Material's instant navigation redraws a page on its first
    // hash change, and on a return visit): put the played one back, so nothing played is lost.
    const redrawn = document.getElementById(widget.el.id);
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
  const fresh = new Set();
  // A worked example as playable/rulebook.py renders it: steps and a film to step through.
  // Anything else that shares the class (the Play page's game, say) is left to its own script.
  for (const el of document.querySelectorAll(".px-example")) {
    if (el.pxWidget || el.dataset.pxWidget) continue;
    if (!el.querySelector(":scope > ol.px-steps") || !el.querySelector(".px-film")) continue;
    try {
      const widget = new Widget(el);
      el.pxWidget = widget;
      widgets.add(widget);
      fresh.add(widget);
      watch(widget);
    } catch (err) {
      console.error(`Parcours: the example ${el.id} could not be set up:`, err);
    }
  }
  if (fresh.size) openFragment(location.hash, fresh);
}

addEventListener("hashchange", () => {
  const match = /^#([^:]+):(.*)$/s.exec(location.hash);
  const widget = match && document.getElementById(decodeURIComponent(match[1]))?.pxWidget;
  if (!widget) return;
  if (new URL(widget.permalink.href).hash === location.hash) return; // our own link: already there
  openFragment(location.hash, null);
});

// ------------------------------------------------------------------ styles (only with the widget)
const CSS = `
.px-controls:not([hidden]) { display: block; }
.px-row { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: 0 0 .5rem; }
.px-controls .px-icon { display: inline-block; min-width: .8em; }
.px-controls button .px-icon:first-child { margin-right: .3em; }
.px-controls button .px-icon:last-child:not(:first-child) { margin-left: .3em; }
.px-controls button { cursor: pointer; }
.px-controls button[aria-disabled="true"] { opacity: .5; cursor: default; }
.px-controls button:hover:not([aria-disabled="true"]) { border-color: var(--md-accent-fg-color); }
.px-counter { min-width: 4.5em; text-align: center; font-size: .8rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.px-chosen { display: inline-flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.px-chosen label, .px-decide label { font-size: .7rem; }
.px-decide:not([hidden]) { display: inline-flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.px-controls input.px-dice-input { width: 5.5em; }
.px-die-ask:not([hidden]) { font-weight: 700; font-size: .75rem; padding: .1rem .4rem; border: 1px solid currentColor; border-radius: .25rem; }
.px-readings-wrap { font-size: .75rem; margin: 0 0 .5rem; }
.px-readings-own { display: grid; gap: .6rem; margin: 0 0 .5rem; padding-left: .6rem; border-left: 3px solid var(--md-accent-fg-color); }
.md-typeset details.px-readings { margin: 0; font-size: inherit; border: 1px solid var(--md-default-fg-color--lightest); box-shadow: none; }
.md-typeset details.px-readings > summary { background: transparent; padding: .5rem 1.8rem .5rem .6rem; min-height: 2.2rem; font-weight: 400; }
.md-typeset details.px-readings > summary::before { display: none; }
.px-readings-body { display: grid; gap: .6rem; padding: .2rem 0 .4rem; }
.px-option-field { display: grid; gap: .2rem; justify-items: start; }
.px-option-field label { font-weight: 700; }
.px-option-field select, .px-option-field input { max-width: 100%; }
.px-option-choice { margin: 0 !important; color: var(--md-default-fg-color--light); }
.px-meta { font-size: .7rem; }
.px-permalink { display: inline-flex; align-items: center; gap: .3em; min-height: 2.2rem; }
.px-engine { color: var(--md-default-fg-color--light); display: inline-flex; align-items: center; gap: .4em; }
.px-spinner { width: .8em; height: .8em; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: px-spin 1s linear infinite; }
@keyframes px-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .px-spinner { animation: none; } }
.px-controls .px-status { margin: 0 0 .6rem; min-height: 1.5em; }
.px-status-step { font-weight: 700; }
.px-status[data-kind="error"] { color: #b71c1c; }
[data-md-color-scheme="slate"] .px-status[data-kind="error"] { color: #ff8a80; }
.px-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
.px-example[data-px-widget] .px-step { cursor: pointer; }
.px-example[data-px-widget] .px-step:hover:not([aria-current]) { background: var(--md-default-fg-color--lightest); }
/* Later steps: lighter text, not opacity (which would fail contrast, links included). */
.px-example[data-px-widget] .px-step.px-later { opacity: 1; color: var(--md-default-fg-color--light); }
.px-steps[aria-busy="true"] { opacity: .7; }
@media screen and (max-width: 44.9375em) {
  .px-nav { display: grid; grid-template-columns: repeat(4, 1fr); }
  .px-nav .px-counter { grid-column: 1 / -1; grid-row: 1; }
  .px-nav button { padding-left: .2rem; padding-right: .2rem; }
  .px-nav button .px-icon { display: none; }
  .px-nav button > span:not(.px-icon) { display: flex; flex-direction: column; line-height: 1.15; }
  .px-nav button .px-sep { display: none; }
  .px-play > * { flex: 1 1 100%; }
  .px-chosen { display: grid; grid-template-columns: 1fr auto; gap: .2rem .4rem; }
  .px-chosen label { grid-column: 1 / -1; }
  .px-controls input.px-dice-input { width: 100%; }
}
`;

function addStyles() {
  if (document.getElementById("px-widget-css")) return;
  if (document.adoptedStyleSheets && "replaceSync" in CSSStyleSheet.prototype) {
    if (addStyles.sheet) return;
    addStyles.sheet = new CSSStyleSheet();
    addStyles.sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, addStyles.sheet];
  } else {
    document.head.append(h("style", { id: "px-widget-css", text: CSS }));
  }
}

// Material wraps wide tables in a scrolling box that the keyboard cannot reach (axe:
// scrollable-region-focusable): make each one a focusable, named region.
function reachableTables() {
  for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap")) {
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", "Table · Tableau");
  }
}

// The Play page and the horse race's odds editor: their code (play.mjs) loads only on the pages
// that have them; it shares this module's engine (one worker per visit) and helpers.
function initPlay() {
  if (!document.getElementById("px-play-form") && !document.getElementById("px-odds")) return;
  import("./play.mjs").then((play) => play.init(), (err) => console.error("Parcours: play.mjs could not be loaded:", err));
}

function start() {
  addStyles();
  reachableTables();
  init();
  initPlay();
}

// Python's state in a small note: a spinner while it starts, then ready or why it failed.
function showEngineNote(note, stage, [afterEn, afterFr] = ["", ""]) {
  note.removeAttribute("aria-busy");
  if (stage === "loading") {
    note.setAttribute("aria-busy", "true");
    note.replaceChildren(h("span", { class: "px-spinner", "aria-hidden": "true" }),
      bi("Starting Python…", "Démarrage de Python…"));
  } else if (stage === "ready") {
    note.replaceChildren(bi("Python ready", "Python prêt"));
  } else if (stage === "failed") {
    note.replaceChildren(bi(`Python could not start: ${engine.error.en}.${afterEn}`,
      `Python n'a pas pu démarrer : ${engine.error.fr}.${afterFr}`));
  } else {
    note.replaceChildren();
  }
  note.dataset.stage = stage;
}

// A permalink, "followed" without reloading: into the address bar, and the clipboard where allowed.
// Returns whether it was copied.
async function publishLink(href) {
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

export {
  EngineError, EngineTimeout, badFace, bi, clone, dieName, publishLink, sidesOf, showEngineNote, engine, fromBase64url, h, parseHTML, plainText, randomDie, reachableTables, readLink,
  requestEngine, startEngine, toBase64url,
};

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(start);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
