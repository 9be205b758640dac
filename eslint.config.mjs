// ESLint over the browser's JavaScript (make lint): ESLint's recommended rules, import-x's (an import
// must name a file and an export that exist) and no import cycle. Each script runs in its own scope.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import globals from "globals";

export default [
  js.configs.recommended,
  importX.flatConfigs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.browser },
    rules: {
      "import-x/no-cycle": "error", // one module a job: none may import, even through others, one that imports it
    },
  },
  {
    // The module Web Worker that runs Pyodide (engine.mjs starts it): a worker's globals, no DOM.
    files: ["playable/assets/parcours/worker.mjs"],
    languageOptions: { globals: globals.worker },
  },
  {
    // Added to Material's search worker (playable/search_later.py): a classic worker script.
    files: ["playable/search_later.js"],
    languageOptions: { sourceType: "script", globals: globals.worker },
  },
  {
    // The service worker, a classic script; playable/offline.py fills in its __NAMES__ at build time.
    files: ["playable/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, __MANIFEST__: "readonly", __IMMUTABLE__: "readonly",
        __PRECACHE__: "readonly", __PYTHON__: "readonly" },
    },
  },
];
