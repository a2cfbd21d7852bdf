// Rule sets as the page passes them around: a preset id ("ddv") or a preset with the
// options that differ ({preset, options}), and how links carry them (rules=PRESET and
// options=<base64url JSON>). Pure functions: no storage, no engine, no DOM.
import { encodeJson } from "./base64url.js";
import { coded } from "./i18n.js";

const MAX_OPTIONS = 3000; // characters of an options= parameter (a full variant needs ~600)

// A rule set as text that is the same for the same rules: the preset id, or the preset
// with its options in name order.
export function rulesKey(rules) {
  if (typeof rules === "string") return rules;
  const options = rules?.options ?? {};
  const sorted = Object.fromEntries(Object.keys(options).sort().map((k) => [k, options[k]]));
  return JSON.stringify({ preset: rules?.preset, options: sorted });
}

// The plain form: a preset id when nothing differs.
export function normalRules(rules) {
  if (typeof rules === "string") return rules;
  const options = rules?.options ?? {};
  return Object.keys(options).length ? { preset: rules.preset, options } : rules.preset;
}

export function presetOf(rules) {
  return typeof rules === "string" ? rules : rules?.preset;
}

export function optionsOf(rules) {
  return typeof rules === "string" ? {} : rules?.options ?? {};
}

// ---- the links' options= parameter --------------------------------------------

export function encodeOptions(options) {
  return encodeJson(options);
}

// The options object of a link, or an error with a code the page translates.
export function decodeOptions(text) {
  if (text.length > MAX_OPTIONS) throw coded("options-too-long", { most: MAX_OPTIONS });
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw coded("options-not-base64");
  let json;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    json = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    throw coded("options-not-base64");
  }
  let options;
  try { options = JSON.parse(json); } catch { throw coded("options-not-json"); }
  if (!options || typeof options !== "object" || Array.isArray(options)) throw coded("options-not-object");
  return options;
}

// `&options=...` for a link of these rules ("" for a preset).
export function optionsParam(rules) {
  const options = optionsOf(rules);
  return Object.keys(options).length ? `&options=${encodeOptions(options)}` : "";
}

// The rules a link names: rules=PRESET and maybe options=...; a bad options= is
// reported as `error` and the preset alone is used.
export function rulesFromParams(params, fallback = "ddv") {
  const preset = params.get("rules") || fallback;
  const text = params.get("options");
  if (!text) return { rules: preset, error: null };
  try {
    return { rules: normalRules({ preset, options: decodeOptions(text) }), error: null };
  } catch (error) {
    return { rules: preset, error };
  }
}
