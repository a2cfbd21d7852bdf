// One table from intent name to handler, merged from every module's handlers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { intentTable, runIntent, intentData, answers } from "../../web/core/intents.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a name two modules handle is refused at start-up", () => {
  const keeper = { "keeper-add": () => {} };
  const other = { "keeper-add": () => {}, "other-thing": () => {} };
  assert.throws(() => intentTable(keeper, other), /intent "keeper-add" is handled twice/);
});

test("a handler that is not a function is refused", () => {
  assert.throws(() => intentTable({ broken: "oops" }), /no handler/);
});

test("an intent runs its handler at once with the context and the element's data", () => {
  const seen = [];
  const table = intentTable({ level: (ctx, data) => seen.push([ctx.name, data.value]) },
    { players: () => seen.push("players") });
  assert.equal(runIntent(table, "level", { name: "ctx" }, { value: "strong" }), true);
  assert.deepEqual(seen, [["ctx", "strong"]]);
});

test("an unknown intent (or none) is ignored and says so", async () => {
  const table = intentTable({ known: () => { throw new Error("must not run"); } });
  assert.equal(runIntent(table, "unknown", {}), false);
  assert.equal(runIntent(table, undefined, {}), false);
  assert.equal(runIntent(table, "toString", {}), false); // no inherited names
});

test("a handler that fails becomes the page's alert, not an uncaught error", async () => {
  const alerts = [];
  const table = intentTable({
    later: async () => { throw Object.assign(new Error("x"), { code: "later" }); },
    now: () => { throw Object.assign(new Error("y"), { code: "now" }); },
  });
  runIntent(table, "now", { alert: (err) => alerts.push(err.code) });
  runIntent(table, "later", { alert: (err) => alerts.push(err.code) });
  await tick();
  assert.deepEqual(alerts, ["now", "later"]);
});

test("intentData: the dataset, a select's value and whether the element is enabled", () => {
  const button = { tagName: "BUTTON", dataset: { intent: "review-game", value: "2" },
    getAttribute: (name) => (name === "aria-disabled" ? "true" : null) };
  assert.deepEqual(intentData(button), { intent: "review-game", value: "2", enabled: false });
  const select = { tagName: "SELECT", value: "6", dataset: { intent: "players" }, getAttribute: () => null };
  assert.deepEqual(intentData(select), { intent: "players", value: "6", checked: false, files: null, enabled: true });
  const box = { tagName: "INPUT", type: "checkbox", checked: true, value: "on", dataset: { intent: "x" },
    getAttribute: () => null };
  assert.equal(intentData(box).checked, true);
  assert.equal(intentData(box).value, "on");
});

test("answers: a button its click, a typed field each input, a chosen field its change, named keys", () => {
  const el = (tagName, type = "", dataset = {}) => ({ tagName, type, dataset });
  const on = (type, key = "") => ({ type, key });
  assert.equal(answers(el("BUTTON"), on("click")), true);
  assert.equal(answers(el("BUTTON"), on("change")), false);
  assert.equal(answers(el("INPUT", "text"), on("click")), false);
  assert.equal(answers(el("INPUT", "text"), on("input")), true);
  assert.equal(answers(el("INPUT", "text"), on("change")), false);
  assert.equal(answers(el("TEXTAREA"), on("input")), true);
  assert.equal(answers(el("SELECT"), on("change")), true);
  assert.equal(answers(el("SELECT"), on("input")), false);
  assert.equal(answers(el("INPUT", "checkbox"), on("change")), true);
  assert.equal(answers(el("INPUT", "range"), on("input")), false);
  assert.equal(answers(el("INPUT", "file"), on("change")), true);
  assert.equal(answers(el("INPUT", "text", { keys: "Enter" }), on("keydown", "Enter")), true);
  assert.equal(answers(el("INPUT", "text", { keys: "Enter" }), on("keydown", "a")), false);
  assert.equal(answers(el("INPUT", "text"), on("keydown", "Enter")), false);
});
