// ESLint (pinned in package.json / package-lock.json), run by `python3 build.py test`.
// ESLint's recommended rules, unused variables and undefined names as errors, with the
// globals each folder really has: the page runs in a browser window, worker.js in a
// module worker, sw.js in a service worker, restore.js in the worker and in Node (the
// snapshot maker imports it), the build's scripts and tests/web/ in Node.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "node_modules/", ".cache/", ".venv/", "build/", "**/pyodide/"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // dropping a key by destructuring the rest is how the page copies an object without it
      "no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }],
      "no-undef": "error",
    },
  },
  {
    files: ["web/**/*.js"],
    ignores: ["web/worker.js", "web/sw.js", "web/restore.js"],
    languageOptions: { globals: globals.browser },
  },
  { files: ["web/worker.js"], languageOptions: { globals: globals.worker } },
  { files: ["web/sw.js"], languageOptions: { globals: globals.serviceworker } },
  { files: ["web/restore.js"], languageOptions: { globals: { ...globals.worker, ...globals.node } } },
  {
    files: ["eslint.config.js", "buildtools/**/*.mjs", "tests/web/**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
];
