// The start page's choices read from the store: which rules are chosen (a preset or a
// saved variant), and the table sizes, rounds and bots they allow. Pure functions of the
// state; the facts come from the engine's metadata.
import * as V from "../core/variants.js";

// The rules chosen on the start page: a preset id, or a saved variant's rules.
export function chosenRules(state) {
  const v = state.variant ? V.variantById(state.variants, state.variant) : null;
  return v ? V.normalRules(v.rules) : state.preset;
}

// What the engine says of the chosen rules (a variant's from its check, once in).
export function chosenMeta(state) {
  return V.rulesInfo(state.variants, state.rulesMeta, chosenRules(state)) ?? state.rulesMeta?.[state.preset] ?? null;
}

// Rounds of a series: a Pflichtsolo preset plays at most (and by default) its
// Pflichtsolo rounds, the others the engine's default.
function dutySoloRounds(state) {
  return chosenMeta(state)?.duty_solo_rounds ?? 0;
}

export function defaultRounds(state) {
  return dutySoloRounds(state) || state.limits?.default_rounds || 4;
}

export function maxRounds(state) {
  return dutySoloRounds(state) || state.limits?.max_rounds || defaultRounds(state);
}

// Table sizes the chosen rules allow.
export function presetPlayers(state) {
  return chosenMeta(state)?.players ?? [4];
}

// After the rules changed: a table size or a number of rounds they do not allow goes
// back to the default.
export function fitTable(state) {
  if (!presetPlayers(state).includes(state.players)) state.players = 4;
  if (state.rounds && state.rounds > maxRounds(state)) state.rounds = null;
}

// The bot spec of the chosen level (the engine's default level without a choice).
export function levelBot(state) {
  const level = state.level ?? state.defaultLevel;
  return state.botLevels.find((l) => l.id === level)?.bot ?? "standard";
}
