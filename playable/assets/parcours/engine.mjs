// Parcours: talking to the engine, ONE module Web Worker per visit (worker.mjs: Pyodide and the
// rules engine). Started on the reader's intent, or a moment ahead of it (startInAMoment); it lives at
// module level, so it survives Material's instant navigation. A request that hangs restarts the worker
// (the watchdog); the requests still queued are sent again to the new one.

import { reloadIfDeployed } from "./release.mjs";

const WORKER_URL = new URL("./worker.mjs", import.meta.url);
// The watchdog: a request Python has begun and not answered in this time restarts the worker.
// The longest real request (a batch of bot moves with the search bot) takes about 1 s in CPython.
const REQUEST_TIMEOUT = 12_000;
// Python and the engine start in 3-7 s here; a start that has not ended in this time has stalled
// (a download that never completes): the reader is told, rather than left with a spinner.
const START_TIMEOUT = 120_000;

// stage: "idle", "loading", "ready" or "failed" (error: why, {en, fr}); listeners hear each change.
// pending: id -> {op, message, resolve, reject, timer}; a request the worker has not begun is
// sent again to a restarted worker, the one it was running is refused (EngineTimeout).
/** @typedef {import("./lang.mjs").Words} Words */
/** @typedef {"idle" | "loading" | "ready" | "failed"} Stage */
/**
 * @typedef {object} Request
 * @property {string} op
 * @property {Record<string, unknown>} message its fields, objects as JSON text
 * @property {(answer: any) => void} resolve with the engine's answer, JSON that its caller reads
 * @property {(error: EngineError) => void} reject
 * @property {number | undefined} timer the watchdog, once Python has begun it
 */
/**
 * What the worker says (worker.mjs): a status, a request begun, or a request's answer.
 * @typedef {{op?: string, stage?: Stage, error?: Words, timings?: Record<string, number>, id?: number,
 *   film?: unknown, result?: unknown}} WorkerMessage
 */
/** @type {{worker: Worker | null, stage: Stage, error: Words, pending: Map<number | undefined, Request>, nextId: number,
 *   listeners: Set<(stage: Stage) => void>, startTimer: number | undefined}} */
export const engine = { worker: null, stage: "idle", error: { en: "", fr: "" }, pending: new Map(), nextId: 1,
  listeners: new Set(), startTimer: undefined };

// A refusal, with its sentence in each language (`refusal`: {en, fr}, as the engine gives them).
export class EngineError extends Error {
  /** @param {Words | string} refusal */
  constructor(refusal) {
    const both = typeof refusal === "string" ? { en: refusal, fr: refusal } : refusal;
    super(both.en);
    this.refusal = both;
  }
}

// The worker did not answer in time and was restarted; callers say so in both languages.
export class EngineTimeout extends EngineError {
  constructor() {
    super(`no answer in ${REQUEST_TIMEOUT / 1000} seconds`);
    this.seconds = REQUEST_TIMEOUT / 1000;
  }

  get words() { // [en, fr]
    return [`The engine took more than ${this.seconds} seconds and was restarted.`,
      `Le moteur a mis plus de ${this.seconds} secondes et a été redémarré.`];
  }
}

export function startEngine() {
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

// Python started ahead of the reader's first touch, once `wanted()` has held for a moment (an example
// in view, the Play page open): a reader who only passes by downloads nothing; nor, until a touch, does
// one whose browser asks to save data. The timer, or null.
export const MOMENT = 1500;
/** @param {() => boolean} wanted */
export function startInAMoment(wanted) {
  // navigator.connection: the Network Information API, where the browser has it
  const connection = /** @type {Navigator & {connection?: {saveData?: boolean}}} */ (navigator).connection;
  if (engine.stage !== "idle" || connection?.saveData) return null;
  return setTimeout(() => { if (wanted()) startEngine(); }, MOMENT);
}

/** @param {WorkerMessage | null} data */
function onWorkerMessage(data) {
  if (data && data.op === "status") {
    if (data.stage === "ready") {
      engine.stage = "ready";
      clearTimeout(engine.startTimer);
      // Each part of Python's start, on the page's timeline (for scripts/bench_site.py).
      for (const [part, time] of Object.entries(data.timings || {})) {
        performance.mark(`parcours:python:${part}`, { startTime: time - performance.timeOrigin });
      }
      // The service worker keeps Python's files (those of a worker it did not yet control included).
      navigator.serviceWorker?.ready.then((reg) => reg.active?.postMessage({ op: "keep-python" }), () => {});
    }
    else if (data.stage === "failed") engineFailed(data.error || { en: "unknown error", fr: "erreur inconnue" });
    notifyEngine();
    return;
  }
  const pending = data ? engine.pending.get(data.id) : undefined;
  if (!data || !pending) return;
  if (data.op === "begin") { // Python starts on it now: the watchdog counts from here
    pending.timer = setTimeout(() => restartEngine(data.id), REQUEST_TIMEOUT);
    if (data.id === 1) performance.mark("parcours:python:begin"); // the first request (bench_site.py)
    return;
  }
  if (data.id === 1) performance.mark("parcours:python:answer");
  settle(data.id);
  if (data.error) pending.reject(new EngineError(data.error));
  else pending.resolve(data.film !== undefined ? data.film : data.result);
}

/** @param {number | undefined} id */
function settle(id) {
  clearTimeout(/** @type {Request} pending */ (engine.pending.get(id)).timer);
  engine.pending.delete(id);
}

// The request `id` hangs: refuse it, and start a new worker (and Python) for the others.
/** @param {number | undefined} id */
function restartEngine(id) {
  const hung = engine.pending.get(id);
  if (!hung) return;
  settle(id);
  /** @type {Worker} it ran the request */ (engine.worker).terminate();
  engine.worker = null;
  hung.reject(new EngineTimeout());
  startEngine();
}

// Python could not start: said at once; and if the site has a new deployment since this page came
// (the files this build names are gone from it), the page is loaded again from the new one.
/** @param {Words} reason */
function engineFailed(reason) {
  clearTimeout(engine.startTimer);
  reloadIfDeployed();
  engine.stage = "failed";
  engine.error = reason;
  for (const [id, { reject }] of engine.pending) {
    settle(id);
    reject(new EngineError({ en: `Python could not start: ${reason.en}`, fr: `Python n'a pas pu démarrer : ${reason.fr}` }));
  }
  notifyEngine();
}

function notifyEngine() {
  for (const listener of engine.listeners) listener(engine.stage);
}

// A worked example's film (parcours_view.film_json): its frames, rendered with links to `anchorPrefix`;
// with a `move` ({dice} or {choice}) played where the scenario stops (`film.refused` says if the rules refuse it).
// `lenient`: a worked example under another reading, replayed as far as its own moves still fit.
/**
 * @param {object | string} scenario
 * @param {Record<string, string> | string} links
 * @param {object} [move] played where the scenario stops
 * @param {boolean} [lenient]
 * @returns {Promise<any>} the film, JSON that the worked example reads
 */
export function requestFilm(scenario, links, move, lenient = false) {
  return requestEngine("film", { scenario, links, ...(move === undefined ? {} : { move }), ...(lenient ? { lenient } : {}) });
}

// Any request to the worker (worker.mjs lists them): "film", "play" (the Play page), "figure" (live.mjs), "compare".
// Objects travel as JSON text: a structured clone of a strange object could fail in postMessage.
/**
 * @param {string} op
 * @param {Record<string, unknown>} payload
 * @returns {Promise<any>} the answer, JSON that its caller reads
 */
export function requestEngine(op, payload) {
  startEngine();
  if (engine.stage === "failed") return Promise.reject(new EngineError({ en: `Python could not start: ${engine.error.en}`,
    fr: `Python n'a pas pu démarrer : ${engine.error.fr}` }));
  let message;
  try {
    message = Object.fromEntries(Object.entries(payload).map(([key, value]) =>
      [key, value !== null && typeof value === "object" ? JSON.stringify(value) : value]));
  } catch {
    return Promise.reject(new EngineError({ en: "this request cannot be written as JSON",
      fr: "cette demande ne peut pas s'écrire en JSON" }));
  }
  return new Promise((resolve, reject) => {
    const id = engine.nextId++;
    /** @type {Request} */
    const request = { op, message, resolve, reject, timer: undefined };
    engine.pending.set(id, request);
    send(id, request);
  });
}

/**
 * @param {number | undefined} id
 * @param {Request} request
 */
function send(id, { op, message }) {
  /** @type {Worker} started */ (engine.worker).postMessage({ ...message, id, op });
}
