// The English page names each thing of the game one way: the players' own German words
// for the game's terms (docs/glossary.md), never an English stand-in beside them.
import { test } from "node:test";
import assert from "node:assert/strict";
import en from "../../web/lang/en.js";

// English words that stood beside the players' own (the word the page uses instead)
const STAND_INS = [
  [/\bwedding/i, "Hochzeit"],
  [/\bcontra\b/i, "Kontra"],
  [/\bagainst the old\b/i, "gegen die Alten"],
  [/\b(extra|bonus) points?\b/i, "Sonderpunkt(e)"],
  [/\bpoverty\b/i, "Armut"],
  [/\bcompulsory solo|\bduty solo/i, "Pflichtsolo"],
];

test("no English stand-in for a term the page keeps in German", () => {
  const found = [];
  for (const [key, text] of Object.entries(en)) {
    for (const [word, instead] of STAND_INS) {
      if (typeof text === "string" && word.test(text)) found.push(`${key}: "${text}" (say ${instead})`);
    }
  }
  assert.deepEqual(found, []);
});
