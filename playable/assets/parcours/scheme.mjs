// Parcours: the colour scheme. Light, or dark when the reader's system asks for it, or as the reader
// chose with the header's button (kept, as the language is, in localStorage). The theme applies it
// before the first paint (overrides/main.html): Material's own dark scheme, "slate", on <body>, which
// Material's instant navigation keeps from page to page. Paper is always light.
// (No import: lang.mjs puts the button's words in the reader's language, as Material's own.)

const STORE = "parcours.scheme";
/** @typedef {"light" | "dark"} Scheme */
const MATERIAL = { light: "default", dark: "slate" };
const system = matchMedia("(prefers-color-scheme: dark)");

/** @returns {Scheme | null} */
function storedScheme() {
  try {
    const stored = localStorage.getItem(STORE);
    return stored === "dark" || stored === "light" ? stored : null;
  } catch {
    return null; // storage refused (private mode): the system's scheme, or the choice made on this page
  }
}

/** @type {Scheme | null} */
let chosenHere = null;
/** @type {() => Scheme} */
const chosenScheme = () => chosenHere ?? storedScheme() ?? (system.matches ? "dark" : "light");

/** @param {Scheme} scheme */
function apply(scheme) {
  document.documentElement.dataset.pxScheme = scheme;
  document.body.setAttribute("data-md-color-scheme", MATERIAL[scheme]);
  document.querySelector(".px-scheme")?.setAttribute("aria-pressed", String(scheme === "dark"));
}

/** @param {Scheme} scheme */
function choose(scheme) {
  chosenHere = scheme;
  try {
    localStorage.setItem(STORE, scheme);
  } catch {
    // kept for this page only
  }
  apply(scheme);
}

// The button: a half-filled circle; its name, "Thème sombre · Dark scheme", says what pressing it does.
function control() {
  const button = Object.assign(document.createElement("button"), { type: "button", className: "px-scheme" });
  button.setAttribute("aria-label", "Thème sombre · Dark scheme");
  button.title = "Thème sombre · Dark scheme";
  button.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="8.5" '
    + 'fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor"/></svg>';
  button.addEventListener("click", () => choose(chosenScheme() === "dark" ? "light" : "dark"));
  return button;
}

let listening = false;
export function mountScheme() {
  const header = document.querySelector(".md-header__inner");
  if (header && !header.querySelector(".px-scheme")) {
    header.insertBefore(control(), header.querySelector(".px-lang") ?? header.querySelector("label[for=__search]"));
  }
  if (!listening) {
    listening = true;
    system.addEventListener("change", () => apply(chosenScheme()));
    addEventListener("beforeprint", () => document.body.setAttribute("data-md-color-scheme", MATERIAL.light));
    addEventListener("afterprint", () => apply(chosenScheme()));
  }
  apply(chosenScheme());
}
