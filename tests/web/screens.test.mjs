// The other screens' intents and helpers against a fake ctx: the replay's stepping and
// autoplay stops, the sheet's row details, the rules editor's draft, the review's stop.
import { test } from "node:test";
import assert from "node:assert/strict";
import { initialReplay, replayIntents, stepTarget, goTo, playOnFrom } from "../../web/screens/replay/replay.js";
import { sheetIntents } from "../../web/table/sheet.js";
import { initialKeeper } from "../../web/screens/keeper/keeper.js";
import { initialEditor, startDraft, draftOptions, draftRules, toggleMember, typedValue, applies } from "../../web/screens/rules/editor.js";
import { initialReview, stopReview, closeReview, reviewBudget, statsGroups, dealStat, reasonText } from "../../web/screens/review/review.js";
import { setLang } from "../../web/core/i18n.js";
import { fakeCtx } from "./fake.mjs";

// A replay of 10 steps: tricks complete at 4 and 8, a rule acts at 3 and 6.
function replayState() {
  const replay = initialReplay();
  replay.data = { frames: Array.from({ length: 10 }, () => ({})), tricks_at: [4, 8], stops: [3, 6], events: [],
    record: { rules: "ddv", actions: ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"] } };
  replay.notes = [{ step: 4, text: "Fuchs!" }];
  return { screen: "replay", replay };
}

test("the replay's buttons step, jump by trick and rule, and stay in range", async () => {
  const ctx = fakeCtx(replayState());
  const rv = ctx.state.replay;
  const at = async (intent, data = {}) => {
    await replayIntents[intent](ctx, data);
    return rv.step;
  };
  assert.equal(await at("replay-next"), 1);
  assert.equal(await at("replay-next-trick"), 4);
  assert.equal(rv.draft, "Fuchs!"); // the step's note is what the editor shows
  assert.equal(await at("replay-next-rule"), 6);
  assert.equal(await at("replay-prev-trick"), 4);
  assert.equal(await at("replay-last"), 9);
  assert.equal(await at("replay-next"), 9);
  assert.equal(await at("replay-next-trick"), 9);
  assert.equal(await at("replay-first"), 0);
  assert.equal(await at("replay-prev"), 0);
  assert.equal(await at("replay-jump", { value: "8" }), 8);
  assert.equal(stepTarget(rv, "prev-trick"), 4);
  goTo(rv, 42);
  assert.equal(rv.step, 9);
});

test("autoplay halts where a rule acts, and a stop drops the step on its way", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const ctx = fakeCtx(replayState());
  const rv = ctx.state.replay;
  await replayIntents["replay-speed"](ctx, { value: "2" });
  await replayIntents["replay-play"](ctx, {});
  assert.equal(rv.playing, true);
  t.mock.timers.tick(450);
  t.mock.timers.tick(450);
  assert.equal(rv.step, 2);
  t.mock.timers.tick(450);
  assert.deepEqual([rv.step, rv.playing, rv.paused], [3, false, true]);
  await replayIntents["replay-play"](ctx, {}); // on from the rule
  await replayIntents["replay-play"](ctx, {}); // and stopped at once
  t.mock.timers.tick(5000);
  assert.equal(rv.step, 3);
});

test("play on takes the record up to the step, at the seat shown", () => {
  const { replay } = replayState();
  goTo(replay, 5);
  replay.seat = 2;
  assert.deepEqual(playOnFrom(replay), { record: { rules: "ddv", actions: ["a0", "a1", "a2", "a3", "a4"] }, seat: 2 });
  replay.seat = -1;
  assert.equal(playOnFrom(replay).seat, 0);
});

test("a row's details open and close on the sheet shown", async () => {
  const ctx = fakeCtx({ screen: "keeper", keeper: initialKeeper(), expanded: [] });
  await sheetIntents["toggle-row"](ctx, { row: "2" });
  await sheetIntents["toggle-row"](ctx, { row: "0" });
  assert.deepEqual(ctx.state.keeper.expanded, [2, 0]);
  await sheetIntents["toggle-row"](ctx, { row: "2" });
  assert.deepEqual(ctx.state.keeper.expanded, [0]);
  ctx.state.screen = "play";
  await sheetIntents["toggle-row"](ctx, { row: "1" });
  assert.deepEqual(ctx.state.expanded, [1]);
});

const PRESETS = { ddv: { solos: ["queens", "jacks"], pigs: false, deadlines: [9, 6, 3, 0, 0], dulle_order: "first" } };
const OPTIONS = [
  { name: "solos", type: "list", items: ["queens", "jacks", "fleshless"], group: "reservations" },
  { name: "pigs", type: "bool", group: "cards" },
  { name: "superpigs", type: "bool", group: "cards", depends: [{ option: "pigs", not: [false] }] },
  { name: "dulle_order", type: "str", choices: ["first", "second"], group: "cards" },
  { name: "players", type: "int", group: "table" },
];

test("the editor's draft: what differs from the preset, typed from the form", () => {
  const ed = initialEditor();
  startDraft(ed, PRESETS, { preset: "ddv", options: { pigs: true } });
  assert.deepEqual(draftOptions(ed, PRESETS, OPTIONS), { pigs: true });
  assert.ok(applies(ed, OPTIONS[2]));
  ed.values.pigs = typedValue(OPTIONS[1], { checked: false, value: "on" });
  assert.ok(!applies(ed, OPTIONS[2]));
  assert.equal(draftRules(ed, PRESETS, OPTIONS), "ddv"); // nothing differs: the preset's id
  ed.values.dulle_order = typedValue(OPTIONS[3], { value: "second" });
  assert.deepEqual(draftRules(ed, PRESETS, OPTIONS), { preset: "ddv", options: { dulle_order: "second" } });
  assert.equal(typedValue({ name: "x", type: "int" }, { value: "7" }), 7);
  // a list member off and on again: back in the preset's order
  const preset = PRESETS.ddv.solos;
  const without = toggleMember(preset, "queens", preset);
  assert.deepEqual(without, ["jacks"]);
  assert.deepEqual(toggleMember(without, "queens", preset), ["queens", "jacks"]);
  assert.deepEqual(toggleMember(preset, "fleshless", preset), ["queens", "jacks", "fleshless"]);
});

test("the review stops; its budget comes from the link or the default", () => {
  const rs = initialReview();
  rs.state = "running";
  stopReview(rs);
  assert.deepEqual([rs.state, rs.run], ["stopped", 1]);
  stopReview(rs);
  assert.deepEqual([rs.state, rs.run], ["stopped", 2]);
  const state = { screen: "review", review: { ...initialReview(), state: "running" } };
  closeReview(state);
  assert.deepEqual([state.screen, state.review.state], ["play", "stopped"]);
  assert.equal(reviewBudget("#/play?rules=ddv&review-budget=40"), 40);
  assert.equal(reviewBudget("#/play?review-budget=0"), 1500);
  assert.equal(reviewBudget("#/play"), 1500);
});

test("a finished deal's statistics line, grouped by rules and level", () => {
  const view = { seat: 1, rules: "ddv", sheet: [{}, {}], totals: [3, -3, 3, -3],
    announcements: [{ seat: 1, word: "kontra" }],
    result: { contract: "solo:queens", parties: { re: [1], kontra: [0, 2, 3] }, points: [-1, 3, -1, -1] } };
  const stat = dealStat(view, { game: "g1", level: "strong" });
  assert.deepEqual({ ...stat, at: 0 }, { key: "g1:2", game: "g1", at: 0, rules: "ddv", level: "strong", seat: 1,
    contract: "solo:queens", party: "soloist", points: 3, said: true, totals: [3, -3, 3, -3], loss: null });
  const groups = statsGroups([{ rules: "ddv", level: "a" }, { rules: "ddv", level: "b" }, { rules: "ddv", level: "a" }]);
  assert.deepEqual(groups.map((g) => g.length), [2, 1]);
});

test("options: what is stored is read with care, changed by known keys, applied to the root", async () => {
  const { parseOptions, changeOption, delayOf, flightOf, themeOf, applyOptions, DEFAULTS } = await import("../../web/core/options.js");
  assert.deepEqual(parseOptions(null), DEFAULTS);
  assert.deepEqual(parseOptions("{oops"), DEFAULTS);
  const read = parseOptions(JSON.stringify({ speed: "fast", sound: "yes", theme: "neon", extra: 1, eyes: false }));
  assert.deepEqual(read, { ...DEFAULTS, speed: "fast", eyes: false });
  assert.equal(delayOf(read), 150);
  assert.equal(flightOf({ speed: "instant" }), 0);
  assert.ok(!changeOption(read, "speed", "warp"));
  assert.ok(!changeOption(read, "volume", 3));
  assert.ok(changeOption(read, "theme", "dark"));
  assert.equal(themeOf(read, false), "dark");
  assert.equal(themeOf({ theme: "auto" }, true), "dark");
  const style = new Map();
  const root = { dataset: { theme: "light" }, style: { setProperty: (k, v) => style.set(k, v) } };
  applyOptions({ ...DEFAULTS, fourColour: true }, root);
  assert.deepEqual(root.dataset, { speed: "normal", deck: "four" });
  assert.equal(style.get("--anim"), "240ms");
});

test("an option changed in the editor is checked by the engine; an older answer is dropped", async () => {
  const { editorIntents, editorRoute } = await import("../../web/screens/rules/editor.js");
  const { initialVariants } = await import("../../web/core/variants.js");
  const asked = [];
  const engine = {
    check_rules: ({ rules }) => {
      asked.push(rules);
      const refused = typeof rules === "object" && rules.options.pigs === true && !rules.options.dulle_order;
      return refused ? { ok: false, refusal: { code: "needs-order", params: {} }, option: "dulle_order" }
        : { ok: true, rules, info: {}, differences: [] };
    },
  };
  const state = { meta: { presets: PRESETS, options: OPTIONS }, editor: initialEditor(), variants: initialVariants() };
  const ctx = fakeCtx(state, engine);
  await editorRoute(ctx, "/rules/edit", new URLSearchParams("from=ddv"));
  assert.equal(state.editor.mode, "edit");
  assert.deepEqual(asked, ["ddv"]);
  assert.equal(state.editor.answer.ok, true);
  await editorIntents["editor-option"](ctx, { option: "pigs", checked: true, value: "on" });
  assert.deepEqual(asked.at(-1), { preset: "ddv", options: { pigs: true } });
  assert.deepEqual([state.editor.answer.ok, state.editor.answer.option, state.editor.changed], [false, "dulle_order", "pigs"]);
  await editorIntents["editor-option"](ctx, { option: "dulle_order", value: "second" });
  assert.equal(state.editor.answer.ok, true);
  // a save without a name says so; with one, the variant is kept under the engine's rules
  await editorIntents["editor-save"](ctx, {});
  assert.equal(ctx.log.alerts.at(-1), "Gib den Hausregeln einen Namen.");
  assert.deepEqual(state.variants.list, []);
  await editorIntents["editor-name"](ctx, { value: "Donnerstag" });
  await editorIntents["editor-save"](ctx, {});
  assert.equal(state.editor.saved, "Donnerstag");
  assert.deepEqual(state.variants.list.map((v) => [v.name, v.rules]),
    [["Donnerstag", { preset: "ddv", options: { pigs: true, dulle_order: "second" } }]]);
  assert.equal(ctx.log.saves.at(-1).kind, "variants");
  // two changes in a row: the first answer, coming in last, is not the draft's
  const waiting = [];
  engine.check_rules = ({ rules }) => new Promise((resolve) => waiting.push(() => resolve(
    { ok: rules.options.superpigs === false, rules, info: {}, differences: [], refusal: { code: "x", params: {} } })));
  const first = editorIntents["editor-option"](ctx, { option: "superpigs", checked: true });
  const second = editorIntents["editor-option"](ctx, { option: "superpigs", checked: false });
  await new Promise((resolve) => setTimeout(resolve, 0));
  waiting[1]();
  await second;
  waiting[0]();
  await first;
  assert.equal(state.editor.answer.ok, true);
  // a section opened and closed by its summary
  await editorIntents["editor-group"](ctx, { group: "specials", open: "false" });
  assert.equal(state.editor.open.specials, true);
  await editorIntents["editor-group"](ctx, { group: "specials", open: "true" });
  assert.equal(state.editor.open.specials, false);
});

test("the replay's sentences name seats, and score lines are named in German", async () => {
  const { eventText } = await import("../../web/screens/replay/replay-words.js");
  const { lineLabel } = await import("../../web/table/sheet.js");
  const names = (s) => ["Anna", "Bernd", "Carla", "Dieter"][s];
  assert.equal(eventText({ key: "play", params: { seat: 2, card: "HT" } }, names), "Carla spielt Herz-Zehn.");
  assert.match(eventText({ key: "trick", params: { winner: 1, trick: 3, card: "CQ", eyes: 25, why: "high" } }, names),
    /^Bernd gewinnt Stich 3 mit Kreuz-Dame \(25 Augen\)/);
  assert.equal(lineLabel({ item: "won", party: "re", points: 1 }), "Gewonnen");
  assert.equal(lineLabel({ item: "bock", factor: 4, points: 8 }), "×4 (Bock)");
});

test("every reason the review gives is said in both languages, its values filled in", () => {
  // one of each code doko.bots.review.why gives, with its parameters
  const reasons = [
    { code: "trick-kept", card: "0:HA", best: 100, played: 0 },
    { code: "eyes-given", eyes: 24, party: "kontra" },
    { code: "special-lost", kind: "fox", party: "re" },
    { code: "special-missed", kind: "karlchen", card: "0:CJ" },
    { code: "trump-for-fehl", card: "0:S9" },
    { code: "word-lost", word: "0:no60", lost: 100, eyes: 97 },
    { code: "word-lost", word: "0:no60", lost: 100, eyes: 97, actual: 116 },
    { code: "word-missed", word: "0:re", won: 81 },
    { code: "game-won", best: 75, played: 0 },
  ];
  try {
    for (const lang of ["de", "en"]) {
      setLang(lang);
      for (const r of reasons) {
        const text = reasonText(r);
        assert.doesNotMatch(text, /[{}]|rvWhy|undefined|0:/, `${lang} ${r.code}: ${text}`);
      }
    }
    setLang("de");
    assert.equal(reasonText(reasons[1]), "Etwa 24 Augen im Stich an Kontra verschenkt.");
    assert.match(reasonText(reasons[0]), /^Mit Herz-Ass /);
    assert.match(reasonText(reasons[2]), /Fuchs gefangen/);
    assert.match(reasonText(reasons[6]), /in diesem Spiel 116/);
    setLang("en");
    assert.equal(reasonText(reasons[1]), "About 24 Augen in the trick given away to Kontra.");
  } finally {
    setLang("de");
  }
});
