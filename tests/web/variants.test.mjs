// The device's house-rule variants as a store slice: checks kept by rule set, saving,
// renaming, deleting, and files of variants read only when the engine takes them all.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as V from "../../web/core/variants.js";
import { fakeCtx } from "./fake.mjs";

const THURSDAY = { preset: "ddv", options: { pigs: "two-foxes", bock: ["solo-lost"] } };

// check_rules, faked: a rule set with an option "throw_kings" is refused.
const ENGINE = {
  check_rules: ({ rules }) => (typeof rules === "object" && "throw_kings" in rules.options
    ? { ok: false, refusal: { code: "option-unknown", params: { option: "throw_kings" } } }
    : { ok: true, rules, info: { players: [4], name: "x" }, differences: [] }),
};

function variantsCtx() {
  return fakeCtx({ variants: V.initialVariants() }, ENGINE);
}

test("a rule set is checked once and its facts read from the store", async () => {
  const ctx = variantsCtx();
  assert.equal(V.rulesInfo(ctx.state.variants, {}, THURSDAY), null);
  await V.checkRules(ctx, THURSDAY);
  // the same rules with their options in another order: the same key, no second ask
  await V.checkRules(ctx, { preset: "ddv", options: { bock: ["solo-lost"], pigs: "two-foxes" } });
  assert.equal(ctx.log.calls.length, 1);
  assert.deepEqual(V.rulesInfo(ctx.state.variants, {}, THURSDAY), { players: [4], name: "x" });
  assert.deepEqual(V.rulesInfo(ctx.state.variants, { ddv: { players: [4, 5] } }, "ddv"), { players: [4, 5] });
});

test("saved, renamed and deleted variants are written as one list", async () => {
  const ctx = variantsCtx();
  const v = await V.storeVariant(ctx, "  Donnerstags   runde ", THURSDAY);
  assert.match(v.id, /^v-[0-9a-z]+$/);
  assert.equal(v.name, "Donnerstags runde");
  assert.deepEqual(V.findVariant(ctx.state.variants, { ...THURSDAY }), v);
  await V.storeVariant(ctx, "Zweite", "ddv");
  await V.renameVariant(ctx, v.id, "Freitag");
  await V.renameVariant(ctx, v.id, "   "); // no name: nothing changes
  assert.deepEqual(ctx.state.variants.list.map((x) => x.name), ["Freitag", "Zweite"]);
  await V.deleteVariant(ctx, v.id);
  assert.deepEqual(ctx.log.saves.map((s) => s.data.variants.map((x) => x.name)),
    [["Donnerstags runde"], ["Donnerstags runde", "Zweite"], ["Freitag", "Zweite"], ["Zweite"]]);
  assert.deepEqual(ctx.log.saves.map((s) => s.kind), ["variants", "variants", "variants", "variants"]);
});

test("a file of variants comes in whole, or not at all with the reason", async () => {
  const ctx = variantsCtx();
  const file = V.exportText([{ name: "A", rules: THURSDAY }, { name: "B", rules: { preset: "ddv", options: {} } }]);
  const broken = JSON.stringify({ ...JSON.parse(file), variants: [...JSON.parse(file).variants,
    { name: "Kaputt", rules: { preset: "ddv", options: { throw_kings: 9 } } }] });
  await assert.rejects(V.importVariants(ctx, broken), (err) => err.code === "variant-refused"
    && err.params.name === "Kaputt" && err.params.reason.code === "option-unknown");
  assert.deepEqual(ctx.state.variants.list, []);
  assert.deepEqual(await V.importVariants(ctx, file), ["A", "B"]);
  assert.deepEqual(ctx.state.variants.list.map((v) => v.rules), [THURSDAY, { preset: "ddv", options: {} }]);
  for (const [text, code] of [["{", "not-json"], ["[]", "not-variants"], [JSON.stringify({ app: "x", variants: [] }), "not-variants"],
    ["x".repeat(200_001), "too-large"], [JSON.stringify({ app: "doko-variants", variants: [{ name: "", rules: {} }] }), "not-variants"]]) {
    assert.throws(() => V.parseVariantsFile(text), (err) => err.code === code, code);
  }
});

test("the stored list is restored and every variant checked", async () => {
  const ctx = variantsCtx();
  await V.variantsRestore(ctx, { variants: [V.variantEntry("A", THURSDAY, "v-1")] });
  assert.equal(ctx.state.variants.loaded, true);
  assert.ok(V.knownCheck(ctx.state.variants, THURSDAY).ok);
  assert.equal(V.variantById(ctx.state.variants, "v-1").name, "A");
  await V.variantsRestore(ctx, null);
  assert.deepEqual(ctx.state.variants.list, []);
});
