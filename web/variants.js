// Named house-rule variants: a preset plus the options that differ, saved on the device
// (storage.js, the "variants" entry) and carried by links as `options=<base64url JSON>`.
// The engine decides what a rule set is: every variant used anywhere is checked by its
// `check_rules` request, whose answers are kept here by rule set (the page draws
// synchronously, so a rule set not yet checked is asked for and drawn once it is in).
import { saveVariants, savedVariants } from "./storage.js";
import { normalRules, rulesKey, presetOf, optionsOf, coded } from "./rules-spec.js";
import { randomId } from "./seeds.js";

const MAX_NAME = 60;
const MAX_FILE = 200_000;
const FILE_KIND = "doko-variants";

export const variants = { list: [], loaded: false };
const checked = new Map(); // rules key -> check_rules answer
const asking = new Map(); // rules key -> its pending promise
let ctx = null; // {call, render}

export function initVariants(context) {
  ctx = context;
}

export * from "./rules-spec.js";

// ---- what the engine says about a rule set --------------------------------------

// The engine's check_rules answer for `rules` (kept once asked).
export function checkRules(rules) {
  const key = rulesKey(rules);
  if (checked.has(key)) return Promise.resolve(checked.get(key));
  if (!asking.has(key)) {
    asking.set(key, ctx.call("check_rules", { rules }).then((answer) => {
      checked.set(key, answer);
      asking.delete(key);
      return answer;
    }, (err) => { asking.delete(key); throw err; }));
  }
  return asking.get(key);
}

// The answer if it is in, else null (and it is asked for; the page redraws then).
export function checkedRules(rules) {
  const key = rulesKey(rules);
  if (checked.has(key)) return checked.get(key);
  checkRules(rules).then(() => ctx.render(), () => {});
  return null;
}

// The answer if it is in, else null; never asks (for screens, which only draw: the
// intent that shows a rule set awaits checkRules first).
export function knownCheck(rules) {
  return checked.get(rulesKey(rules)) ?? null;
}

// As rulesMeta, without asking the engine.
export function rulesInfo(meta, rules) {
  if (typeof rules === "string") return meta?.[rules] ?? null;
  const answer = knownCheck(rules);
  return answer?.ok ? answer.info : null;
}

// A rule set as the page's preset list shows it (options and facts), for a preset
// from the engine's metadata, for a variant from its check (null until it is in).
export function rulesMeta(meta, rules) {
  if (typeof rules === "string") return meta?.[rules] ?? null;
  const answer = checkedRules(rules);
  return answer?.ok ? answer.info : null;
}

// ---- the device's variants ------------------------------------------------------

export async function loadVariants() {
  const data = await savedVariants();
  variants.list = Array.isArray(data?.variants) ? data.variants : [];
  variants.loaded = true;
  ctx?.render();
  return variants.list;
}

export function variantById(id) {
  return variants.list.find((v) => v.id === id) ?? null;
}

// The saved variant with exactly these rules, if any.
export function findVariant(rules) {
  const key = rulesKey(rules);
  return variants.list.find((v) => rulesKey(v.rules) === key) ?? null;
}

export function cleanName(name) {
  return String(name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

async function write() {
  await saveVariants({ variants: variants.list });
  ctx?.render();
}

// Save a new variant (or, with `id`, change one); resolves to it.
export async function storeVariant(name, rules, id = null) {
  const entry = { id: id ?? newId(), name: cleanName(name), rules: { preset: presetOf(rules),
    options: optionsOf(rules) }, savedAt: Date.now() };
  const at = variants.list.findIndex((v) => v.id === entry.id);
  if (at >= 0) variants.list.splice(at, 1, entry);
  else variants.list.push(entry);
  await write();
  return entry;
}

export async function renameVariant(id, name) {
  const v = variantById(id);
  if (!v || !cleanName(name)) return;
  v.name = cleanName(name);
  await write();
}

export async function deleteVariant(id) {
  variants.list = variants.list.filter((v) => v.id !== id);
  await write();
}

function newId() {
  return randomId("v-");
}

// ---- files ----------------------------------------------------------------------

export function exportText(list = variants.list) {
  return JSON.stringify({ app: FILE_KIND, version: 1,
    variants: list.map((v) => ({ name: v.name, rules: { preset: v.rules.preset, options: v.rules.options } })) },
  null, 1);
}

// Read a file of variants: every one is checked by the engine first; the whole file is
// refused (with the reason) on the first one it refuses. Resolves to the names added.
export async function importText(text) {
  if (typeof text !== "string" || text.length > MAX_FILE) throw coded("too-large");
  let data;
  try { data = JSON.parse(text); } catch { throw coded("not-json"); }
  if (!data || data.app !== FILE_KIND || !Array.isArray(data.variants)) throw coded("not-variants");
  const found = [];
  for (const v of data.variants) {
    if (!v || typeof v !== "object" || !cleanName(v.name) || !v.rules || typeof v.rules !== "object") {
      throw coded("not-variants");
    }
    const answer = await checkRules({ preset: v.rules.preset, options: v.rules.options ?? {} });
    if (!answer.ok) throw coded("variant-refused", { name: cleanName(v.name), reason: answer.refusal });
    found.push({ name: cleanName(v.name), rules: answer.rules });
  }
  for (const v of found) {
    variants.list.push({ id: newId(), name: v.name, rules: { preset: presetOf(v.rules),
      options: optionsOf(v.rules) }, savedAt: Date.now() });
  }
  await write();
  return found.map((v) => v.name);
}
