// The page's words: one flat table per language (lang/de.js, lang/en.js) and one way
// to use them, t(key, vars). German is the default. Engine values (cards, action
// words, contracts, score items, error codes) are translated here, never parsed.
import de from "../lang/de.js";
import en from "../lang/en.js";
import { isCard } from "./card-text.js";
import { CodedError } from "./coded-error.js";

const TABLES = { de, en };
let lang = "de";

export function setLang(next) { lang = TABLES[next] ? next : "de"; }
export function getLang() { return lang; }

// t("cardsCount", {n: 2}): fills {name} slots; "Karte|Karten" style texts pick the
// singular for n === 1 and the plural otherwise.
export function t(key, vars = {}) {
  const text = lookup(key);
  if (typeof text !== "string") return text;
  return fill(text, vars);
}

// Whether the current language has a text for key (German is the fallback).
export function has(key) {
  return TABLES[lang][key] != null || TABLES.de[key] != null;
}

function lookup(key) {
  return TABLES[lang][key] ?? TABLES.de[key] ?? key;
}

function fill(text, vars) {
  const chosen = text.replace(/\{(\w+)\|([^{}|]*)\|([^{}]*)\}/g,
    (_, name, one, many) => (Number(vars[name]) === 1 ? one : many));
  return chosen.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

// A rule set's text in the page's language (the engine gives {de, en}).
// A bots' level by name: in German the engine's own name (its metadata's `levels`), in
// another language that language's word for it.
export function levelName(levels, id) {
  const level = (levels ?? []).find((l) => l.id === id);
  if (lang === "de" && level?.name) return level.name;
  return has(`level.${id}`) ? t(`level.${id}`) : level?.name ?? String(id);
}

export function localText(value, fallback = "") {
  if (!value) return fallback;
  if (typeof value === "string") return value;
  return value[getLang()] ?? value.de ?? fallback;
}

export function presetName(meta, id) {
  return localText(meta?.[id]?.name, id);
}


export function cardName(card) {
  const suit = t(`suit.${card[0]}`), rank = t(`rank.${card[1]}`);
  // German writes a card as one word with a hyphen, as the rule texts do: Kreuz-Dame
  return lang === "de" ? `${suit}-${rank}` : `${rank} of ${suit}`;
}

// The card's corner index: German B/D, English J/Q.
export function cardFace(card) {
  return t(`face.${card[1]}`);
}

export function actionLabel(word) {
  const key = `action.${word}`;
  if (has(key)) return t(key);
  // a Hochzeit with a named partner card (klassisch): "wedding:CA"
  const [kind, card] = word.split(":");
  if (kind === "wedding" && isCard(card ?? "")) return t("weddingWith", { card: cardName(card) });
  return t("action.unknown");
}

export function contractName(contract) {
  if (contract == null) return "";
  const key = `contract.${contract}`;
  if (has(key)) return t(key);
  if (contract.startsWith("solo:")) return actionLabel(contract);
  return t("contract.other");
}

// Party names: Re/Kontra, or the teams A/B at a fixed-team table (6, 8 players).
export function partyLabel(party) {
  if (party === "A" || party === "B") return t("team", { name: party });
  if (party === "re" || party === "kontra") return t(party);
  return "–";
}

// Score line items ("won", "no90-announced", "30-against-no90", "doubled-re").
export function itemLabel(item) {
  const text = String(item);
  if (has(`item.${text}`)) return t(`item.${text}`);
  let m = text.match(/^(\w+)-(announced|reached|missed)$/);
  if (m) return `${actionLabel(m[1])} ${t(`itemSuffix.${m[2]}`)}`;
  m = text.match(/^(\d+)-against-(\w+)$/);
  if (m) return t("item.against", { n: m[1], word: actionLabel(m[2]) });
  m = text.match(/^doubled-(\w+)$/);
  if (m) return t("item.doubled", { word: actionLabel(m[1]) });
  return t("item.other");
}

// An Error with a code and parameters the page translates (errorText below).
export function coded(code, params = {}) {
  return new CodedError(code, code, params);
}

// An engine refusal ({code, params}) as a sentence a player would say. Seats become
// names, cards card names, suits suit words; unknown codes get a plain sentence.
export function errorText(error, seatName = (s) => t("player", { n: s + 1 })) {
  const code = error && typeof error === "object" ? error.code : null;
  const params = (error && error.params) || {};
  if (!code || !has(`err.${code}`)) return t("err.unknown");
  const vars = {};
  for (const [name, value] of Object.entries(params)) vars[name] = paramText(name, value, seatName);
  return t(`err.${code}`, vars);
}

function paramText(name, value, seatName) {
  // a refusal caused by another one carries it as {code, params}
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return typeof value.code === "string" ? errorText(value, seatName) : "";
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => paramText(name, v, seatName)).join(", ") : "–";
  if (/seat|winner|partner|declarer|actor|dealer/.test(name) && Number.isInteger(value)) return seatName(value);
  if (typeof value === "string" && isCard(value)) return cardName(value);
  if (name === "suit" || name === "led") return t(`suitWord.${value}`);
  if (["word", "what", "called"].includes(name)) return actionLabel(String(value));
  if (name === "contract") return contractName(String(value));
  if (name === "preset" || name === "rules") return String(value);
  // a rules option by its label in the rules editor ("Pflichtsolo", not duty_solo_rounds)
  if (name === "option" && has(`opt.${value}`)) return t(`opt.${value}`);
  return typeof value === "number" ? String(value) : String(value ?? "");
}
