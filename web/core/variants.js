// Named house-rule variants: a preset plus the options that differ, saved on the device
// (the "variants" entry) and carried by links as `options=<base64url JSON>`. The engine
// decides what a rule set is: every variant used anywhere is checked by its
// `check_rules` request, whose answers the store keeps by rule set. State: the store's
// `variants` slice (initialVariants): the device's list and the checks; screens read it
// with the plain functions here, intents change it with the ctx ones.
import { rulesKey, presetOf, optionsOf, normalRules } from "./rules-spec.js";
import { coded } from "./i18n.js";
import { randomId } from "./random.js";

const MAX_NAME = 60;
const MAX_FILE = 200_000;
const FILE_KIND = "doko-variants";

export * from "./rules-spec.js";

export function initialVariants() {
  return { list: [], loaded: false, checks: {} }; // checks: rules key -> check_rules answer
}

// ---- reading the slice ------------------------------------------------------------------

export function variantById(vs, id) {
  return vs?.list.find((v) => v.id === id) ?? null;
}

// The saved variant with exactly these rules, if any.
export function findVariant(vs, rules) {
  const key = rulesKey(rules);
  return vs?.list.find((v) => rulesKey(v.rules) === key) ?? null;
}

// The engine's check of a rule set if it is in, else null (screens only read: the
// intent that shows a rule set awaits checkRules first).
export function knownCheck(vs, rules) {
  return vs?.checks[rulesKey(rules)] ?? null;
}

// A rule set as the page's preset list shows it (options and facts): a preset's from the
// engine's metadata, a variant's from its check (null until it is in).
export function rulesInfo(vs, presets, rules) {
  if (typeof rules === "string") return presets?.[rules] ?? null;
  const answer = knownCheck(vs, rules);
  return answer?.ok ? answer.info : null;
}

export function cleanName(name) {
  return String(name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

// A variant as the list keeps it (a new one gets an id).
export function variantEntry(name, rules, id = null) {
  return { id: id ?? randomId("v-"), name: cleanName(name), rules: { preset: presetOf(rules),
    options: optionsOf(rules) }, savedAt: Date.now() };
}

// The list with `entry` in it: in its place if it was there, else at the end.
export function withVariant(list, entry) {
  const at = list.findIndex((v) => v.id === entry.id);
  return at >= 0 ? list.map((v, i) => (i === at ? entry : v)) : [...list, entry];
}

// ---- files ---------------------------------------------------------------------------------

export function exportText(list) {
  return JSON.stringify({ app: FILE_KIND, version: 1,
    variants: list.map((v) => ({ name: v.name, rules: { preset: v.rules.preset, options: v.rules.options } })) },
  null, 1);
}

// A variants file as [{name, rules}] to be checked; throws a coded error for a file
// that is none.
export function parseVariantsFile(text) {
  if (typeof text !== "string" || text.length > MAX_FILE) throw coded("too-large");
  let data;
  try { data = JSON.parse(text); } catch { throw coded("not-json"); }
  if (!data || data.app !== FILE_KIND || !Array.isArray(data.variants)) throw coded("not-variants");
  return data.variants.map((v) => {
    if (!v || typeof v !== "object" || !cleanName(v.name) || !v.rules || typeof v.rules !== "object") {
      throw coded("not-variants");
    }
    return { name: cleanName(v.name), rules: { preset: v.rules.preset, options: v.rules.options ?? {} } };
  });
}

// ---- through ctx: the engine and storage --------------------------------------------------

// The engine's check_rules answer for `rules` (kept in the store once asked).
// The engine's answer, or (the request itself failed) a refusal in the same shape.
export async function checkAnswer(ctx, rules) {
  try {
    return await checkRules(ctx, rules);
  } catch (err) {
    return { ok: false, refusal: { code: err.code, params: err.params }, option: null };
  }
}

export async function checkRules(ctx, rules) {
  const known = knownCheck(ctx.state.variants, rules);
  if (known) return known;
  const answer = await ctx.call("check_rules", { rules });
  ctx.update((s) => { s.variants.checks[rulesKey(rules)] = answer; });
  return answer;
}

// The device's stored list is in: kept, and every variant checked (the start page and
// the lists say what each plays).
export async function variantsRestore(ctx, saved) {
  const list = Array.isArray(saved?.variants) ? saved.variants : [];
  ctx.update((s) => {
    s.variants.list = list;
    s.variants.loaded = true;
  });
  await Promise.all(list.map((v) => checkRules(ctx, normalRules(v.rules)).catch(() => null)));
}

async function write(ctx, list) {
  ctx.update((s) => { s.variants.list = list; });
  await ctx.save("variants", { variants: list });
}

// Save a new variant (or, with `id`, change one); resolves to it.
export async function storeVariant(ctx, name, rules, id = null) {
  const entry = variantEntry(name, rules, id);
  await write(ctx, withVariant(ctx.state.variants.list, entry));
  await checkRules(ctx, normalRules(entry.rules)).catch(() => null);
  return entry;
}

export async function renameVariant(ctx, id, name) {
  const v = variantById(ctx.state.variants, id);
  if (!v || !cleanName(name)) return;
  await write(ctx, withVariant(ctx.state.variants.list, { ...v, name: cleanName(name) }));
}

export async function deleteVariant(ctx, id) {
  await write(ctx, ctx.state.variants.list.filter((v) => v.id !== id));
}

// Read a file of variants: every one is checked by the engine first; the whole file is
// refused (with the reason) on the first one it refuses. Resolves to the names added.
export async function importVariants(ctx, text) {
  const found = [];
  for (const v of parseVariantsFile(text)) {
    const answer = await checkRules(ctx, v.rules);
    if (!answer.ok) throw coded("variant-refused", { name: v.name, reason: answer.refusal });
    found.push(variantEntry(v.name, answer.rules));
  }
  await write(ctx, found.reduce(withVariant, ctx.state.variants.list));
  await Promise.all(found.map((v) => checkRules(ctx, normalRules(v.rules)).catch(() => null)));
  return found.map((v) => v.name);
}
