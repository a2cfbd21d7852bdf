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
  // every other kind the engine tells in a replay (tests/engine/test_demos.py checks the list)
  { key: "deal", params: { dealer: 0, players: 4, cards: 12, out: [] } },
  { key: "deal", params: { dealer: 2, players: 5, cards: 12, out: [2] } },
  { key: "deal", params: { dealer: 1, players: 6, cards: 8, out: [] } },
  { key: "lead", params: { seat: 1, card: "CT", trick: 1 } },
  { key: "play", params: { seat: 2, card: "CA" } },
  { key: "healthy", params: { seat: 1 } },
  { key: "reservation", params: { seat: 0, what: "solo:jacks" } },
  { key: "reservation", params: { seat: 0, what: "wedding" } },
  { key: "contract", params: { contract: "solo:jacks", declarer: 0, partner: null, leader: 1 } },
  { key: "contract", params: { contract: "poverty", declarer: 0, partner: 3, leader: 1 } },
  { key: "declare-solo", params: { seat: 0 } },
  { key: "duty-solo", params: { seat: 2, forced: false, leads: true } },
  { key: "duty-solo", params: { seat: 2, forced: true, leads: true } },
  { key: "forced-solo", params: { seat: 2 } },
  { key: "wedding-partner", params: { seat: 3, partner: 1, trick: 2, rule: "fehl" } },
  { key: "silent-wedding", params: { seat: 1, trick: 7 } },
  { key: "doubles", params: { seat: 2, word: "re" } },
  { key: "goals", params: { re: { kind: "eyes", need: 151 }, kontra: { kind: "eyes", need: 90 } } },
  { key: "goals", params: { re: { kind: "trick" }, kontra: { kind: "all" } } },
  { key: "fox", params: { winner: 3, party: "kontra", points: 1, seat: 0, trick: 10 } },
  { key: "fox-last", params: { winner: 3, party: "kontra", points: 1 } },
  { key: "doppelkopf", params: { winner: 3, party: "kontra", points: 1, trick: 1, eyes: 43 } },
  { key: "karlchen", params: { winner: 3, party: "kontra", points: 1 } },
  { key: "karlchen", params: { winner: 3, party: "re", points: 2 } },
  { key: "karlchen-caught", params: { winner: 2, party: "kontra", points: 1, seat: 1 } },
  { key: "heart-trick", params: { winner: 0, party: "kontra", points: 1, trick: 1 } },
  { key: "dulle-caught", params: { winner: 1, party: "re", points: 1, seat: 0, trick: 9 } },
  { key: "pigs-revealed", params: { seat: 3, kind: "pigs" } },
  { key: "superpigs-revealed", params: { seat: 0, kind: "superpigs" } },
  { key: "bock", params: { level: 1, factor: 2 } },
  { key: "bock-trigger", params: { triggers: ["solo-lost"], rounds: 1, deals: 4, stack: "queue" } },
  { key: "bock-trigger", params: { triggers: ["solo-lost", "re-kontra"], rounds: 2, deals: 8, stack: "double" } },
  { key: "trick", params: { trick: 9, winner: 2, card: "HT", eyes: 41, why: "dulle-first", last: false, beaten: 0 } },
  { key: "trick", params: { trick: 4, winner: 3, card: "DA", eyes: 25, why: "pig", last: false } },
  { key: "trick", params: { trick: 2, winner: 2, card: "SA", eyes: 30, why: "equal-first", last: false, beaten: 3 } },
  { key: "trick", params: { trick: 1, winner: 3, card: "DA", eyes: 43, why: "ruff", last: false } },
  { key: "result", params: { contract: "normal", winner: "kontra", eyes: { re: 120, kontra: 120 },
    goals: { re: { kind: "eyes", need: 121 }, kontra: { kind: "eyes", need: 120 } } } },
  { key: "result", params: { contract: "redeal", winner: null, eyes: null } },
];

function problems(text) {
  const found = [];
  if (/[{}]/.test(text)) found.push("a placeholder is left");
  // a seat the page could not name is drawn "–"; a dash between words is punctuation
  if (/(^|[:(] |\b(von|für|an|mit|und|of|for|to|with|and) )–(?=[ .,]|$)/u.test(text)) found.push("a seat without a name");
  if (/\b0 (Trumpf|Trümpfe|trumps?)\b/.test(text)) found.push("says 0 trumps");
  if (/\b(\p{L}+) \(\1\)/u.test(text)) found.push("a word repeated in brackets");
  if (/\b(\p{L}+) \1\b/u.test(text)) found.push("a word doubled");
  if (/daraus folgt es|it follows\)/.test(text)) found.push("no reason given");
  if (!/[.!)]$/.test(text.trim())) found.push("not a whole sentence");
  if (/\bundefined\b|\bnull\b|NaN/.test(text)) found.push("a value is missing");
  if (/[a-z][A-Z][a-z]*\.[a-z]|\b(ev|nar|how|why|beaten)\.[a-z]/.test(text)) found.push("an untranslated key");
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
  assert.ok(problems("Ben spielt die zweite Kreuz-Dame (daraus folgt es)").includes("no reason given"));
  assert.ok(problems("Ben gewinnt Stich 3 mit: ").includes("not a whole sentence"));
  assert.ok(problems("die nächsten 8 Spiele sind BockspielebockStack.add.").includes("an untranslated key"));
});

// The moments a demo is about say what the rule did, in so many words.
for (const [lang, words] of [
  ["de", { deal: /Anna gibt und setzt aus/, silent: /Ben spielt die zweite Kreuz-Dame.*stille Hochzeit.*allein/ }],
  ["en", { deal: /Anna deals and sits out/, silent: /Ben plays the second Queen of clubs.*silent Hochzeit.*alone/ }],
]) {
  test(`the dealer sitting out and the stille Hochzeit are said (${lang})`, () => {
    setLang(lang);
    const deal = eventText({ key: "deal", params: { dealer: 0, players: 5, cards: 12, out: [0] } }, seatName);
    const silent = eventText({ key: "silent-wedding", params: { seat: 1, trick: 7 } }, seatName);
    const four = eventText({ key: "deal", params: { dealer: 0, players: 4, cards: 12, out: [] } }, seatName);
    setLang("de");
    assert.match(deal, words.deal);
    assert.match(silent, words.silent);
    assert.doesNotMatch(four, words.deal);
  });
}
