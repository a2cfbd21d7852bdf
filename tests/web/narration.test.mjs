// The replay's sentences for the special moments, in both languages: a real name for
// every seat, no word said twice ("sagt Re (Re)"), no "0 Trumpf", no placeholder left.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../web/core/i18n.js";
import { eventText } from "../../web/screens/replay/replay-words.js";

const NAMES = ["Anna", "Ben", "Cem", "Dora"];
const seatName = (s) => NAMES[s];

const MOMENTS = [
  { key: "announce", params: { seat: 1, word: "re", party: "re", system: "cards", cards: 11, deadline: 11 } },
  { key: "announce", params: { seat: 2, word: "kontra", party: "kontra", late: true } },
  { key: "announce", params: { seat: 2, word: "no90", party: "kontra", system: "tricks", trick: 2, deadline: 3 } },
  { key: "poverty-return", params: { seat: 1, giver: 0, cards: 3, trumps: 0 } },
  { key: "poverty-return", params: { seat: 1, giver: 0, cards: 3, trumps: 1 } },
  { key: "poverty-return", params: { seat: 1, giver: 0, cards: 3, trumps: 2 } },
  { key: "party-known", params: { seat: 3, party: "kontra", how: "deduced" } },
  { key: "party-known", params: { seat: 0, party: "re", how: "queen" } },
  { key: "party-known", params: { seat: 0, party: "re", how: "second-queen" } },
  { key: "party-known", params: { seat: 2, party: "kontra", how: "announced" } },
  { key: "wedding-partner", params: { seat: 0, partner: 2, trick: 3 } },
  { key: "wedding-alone", params: { seat: 0 } },
  { key: "poverty-accept", params: { seat: 1, giver: 0, cards: 3 } },
  { key: "poverty-decline", params: { seat: 2 } },
];

function problems(text) {
  const found = [];
  if (/[{}]/.test(text)) found.push("a placeholder is left");
  if (/–/.test(text)) found.push("a seat without a name");
  if (/\b0 (Trumpf|Trümpfe|trumps?)\b/.test(text)) found.push("says 0 trumps");
  if (/\b(\p{L}+) \(\1\)/u.test(text)) found.push("a word repeated in brackets");
  if (/\b(\p{L}+) \1\b/u.test(text)) found.push("a word doubled");
  if (/daraus folgt es|it follows\)/.test(text)) found.push("no reason given");
  return found;
}

for (const lang of ["de", "en"]) {
  test(`every special moment reads as a sentence (${lang})`, () => {
    setLang(lang);
    const bad = MOMENTS.map((e) => [e, eventText(e, seatName)])
      .flatMap(([e, text]) => problems(text).map((p) => `${e.key}: "${text}": ${p}`));
    setLang("de");
    assert.deepEqual(bad, []);
  });
}

test("the checks see what they are for", () => {
  assert.deepEqual(problems("Ben sagt Re (Re)."), ["a word repeated in brackets"]);
  assert.ok(problems("gibt 0 Trümpfe zurück").includes("says 0 trumps"));
  assert.ok(problems("– spielt mit Ben").includes("a seat without a name"));
});
