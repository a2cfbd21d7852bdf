// The English page names each thing of the game one way: the players' own German words
// for the game's terms (docs/glossary.md), never an English stand-in beside them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import en from "../../web/lang/en.js";

const ROOT = new URL("../../", import.meta.url);

// English words that stood beside the players' own (the word the page uses instead)
const STAND_INS = [
  [/\bwedding/i, "Hochzeit"],
  [/\bcontra\b/i, "Kontra"],
  [/\bagainst the old\b/i, "gegen die Alten"],
  [/\b(extra|bonus) points?\b/i, "Sonderpunkt(e)"],
  [/\bpoverty\b/i, "Armut"],
  [/\bcompulsory solo|\bduty solo/i, "Pflichtsolo"],
  [/\bbride(groom)?\b/i, "the Hochzeit player"],
  [/\b(90|120|121|151|181|240) points\b/i, "trick points (the Augen)"],
  [/\((ddv|ohne-neunen|berndt|lockhausen|klassisch)\)/, "the preset's name, not its id"],
];

function standIns(where, texts) {
  const found = [];
  for (const [name, text] of texts) {
    for (const [word, instead] of STAND_INS) {
      if (typeof text === "string" && word.test(text)) found.push(`${where} ${name}: "${text}" (say ${instead})`);
    }
  }
  return found;
}

test("no English stand-in for a term the page keeps in German", () => {
  assert.deepEqual(standIns("en.js", Object.entries(en)), []);
});

// The English the engine sends the page speaks the same words: the demos' titles and
// lines (engine/doko/demos) and each preset's name, line and primer (doko.page.guide).
test("the demos' English uses the game's words", () => {
  const folder = new URL("engine/doko/demos/", ROOT);
  const texts = readdirSync(folder).filter((f) => f.endsWith(".json")).flatMap((f) => {
    const demo = JSON.parse(readFileSync(new URL(f, folder), "utf8"));
    return [[`${f} title`, demo.title.en], [`${f} description`, demo.description.en]];
  });
  assert.ok(texts.length > 100);
  assert.deepEqual(standIns("demo", texts), []);
});

test("the presets' English guides use the game's words", () => {
  const script = "import json; from doko.page.guide import GUIDES; print(json.dumps(GUIDES))";
  const guides = JSON.parse(execFileSync("python3", ["-c", script],
    { cwd: ROOT, env: { ...process.env, PYTHONPATH: "engine" }, encoding: "utf8" }));
  const texts = Object.entries(guides).flatMap(([preset, guide]) =>
    Object.entries(guide).map(([part, text]) => [`${preset} ${part}`, text.en]));
  assert.ok(texts.length >= 15);
  assert.deepEqual(standIns("guide", texts), []);
});

test("the stand-ins are found", () => {
  assert.equal(standIns("x", [["a", "Re/Contra double"], ["b", "121 points win"],
    ["c", "Nobody wins (lockhausen)"], ["d", "Silent wedding"], ["e", "a bonus point"]]).length, 5);
});
