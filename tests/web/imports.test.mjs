// Every module of the screens loads in node without a document, a window or IndexedDB
// (they touch the DOM only when a screen is drawn or an intent runs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeJson, decodeJson } from "../../web/core/base64url.js";
import { randomSeed, randomId } from "../../web/core/random.js";

const MODULES = ["screens/keeper/keeper", "screens/keeper/keeper-sheet", "screens/tournament/tournament", "core/tournament-evening", "screens/replay/replay", "screens/replay/replay-words", "screens/rules/editor", "screens/review/review", "core/variants", "core/rules-spec", "table/sheet", "core/options", "core/csv", "core/random", "core/base64url"];

test("the screens' modules import without a browser", async () => {
  assert.equal(typeof globalThis.document, "undefined");
  for (const name of MODULES) {
    const module = await import(`../../web/${name}.js`);
    assert.ok(Object.keys(module).length > 0, name);
  }
});

test("links carry JSON as base64url, umlauts and all", () => {
  const tag = { id: "t-1", names: ["Jürgen", "Zoë"], players: [3, 1] };
  const text = encodeJson(tag);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeJson(text), tag);
  assert.deepEqual(decodeJson(` ${text}\n`), tag);
  assert.throws(() => decodeJson("%%%"));
  assert.throws(() => decodeJson(encodeJson("x").slice(0, -1) + "!"));
});

test("seeds are 32-bit numbers, ids carry their prefix", () => {
  const seeds = new Set(Array.from({ length: 50 }, randomSeed));
  assert.ok(seeds.size > 45);
  for (const seed of seeds) assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32);
  assert.match(randomId("v-"), /^v-[0-9a-z]{2,14}$/);
});

// The page's modules import each other without a cycle (read from their import lines).
test("no import cycle among the page's modules", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const { dirname, join, normalize, relative } = await import("node:path");
  const web = new URL("../../web/", import.meta.url).pathname;
  const files = readdirSync(web, { recursive: true }).filter((f) => f.endsWith(".js"));
  const imports = new Map(files.map((file) => {
    const text = readFileSync(join(web, file), "utf8");
    const targets = [...text.matchAll(/(?:from\s+|import\s+)"(\.[^"]+)"/g)]
      .map((m) => relative(web, normalize(join(web, dirname(file), m[1]))));
    return [file, targets];
  }));
  assert.ok(imports.get("app.js").includes("core/store.js"), "the import lines are read");
  const done = new Set();
  const visit = (file, path) => {
    assert.ok(!path.includes(file), `import cycle: ${[...path, file].join(" -> ")}`);
    if (done.has(file)) return;
    for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of files) visit(file, []);
});

// The layers, bottom up: core/ (state, engine client, storage, words), table/ (the one
// drawing of the table), screens/<screen>/, page/ (what puts the screens together).
// A lower layer never imports a higher one.
test("core and the table drawing never import a screen or the page's assembly", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const { dirname, join, normalize, relative } = await import("node:path");
  const web = new URL("../../web/", import.meta.url).pathname;
  const files = readdirSync(web, { recursive: true }).filter((f) => f.endsWith(".js"));
  const upward = [];
  for (const file of files.filter((f) => f.startsWith("core/") || f.startsWith("table/"))) {
    const text = readFileSync(join(web, file), "utf8");
    for (const m of text.matchAll(/(?:from\s+|import\s+)"(\.[^"]+)"/g)) {
      const target = relative(web, normalize(join(web, dirname(file), m[1])));
      const higher = target.startsWith("screens/") || target.startsWith("page/")
        || (file.startsWith("core/") && target.startsWith("table/"));
      if (higher) {
        upward.push(`${file} -> ${target}`);
      }
    }
  }
  assert.ok(files.includes("core/store.js") && files.includes("table/table.js"), "the folders are read");
  assert.deepEqual(upward, []);
});
