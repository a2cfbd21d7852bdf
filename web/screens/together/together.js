// Playing together: the setup screen (who sits where: people by name, or bots; one
// device passed round, or every friend on their own), the names a shared table shows,
// and what its saved game keeps. Pass and play is passplay.js, a table across devices
// netplay.js; app.js calls the hooks below.
import { h } from "../../core/dom.js";
import { t, presetName, levelName } from "../../core/i18n.js";
import { DEFAULT_STUN } from "./netplay.js";
import { setting, saveSetting } from "../../core/storage.js";
import { openScreen } from "../../core/store.js";
import { gameLink } from "../../core/router.js";

const MAX_NAME = 24;

let ctx = null; // {state, update, alert, start(mode, names), rounds()}

// The store's `togetherSetup` slice: what the setup screen holds while it is filled in,
// starting from the names typed last time on this device.
export function initialTogetherSetup() {
  const setup = { names: ["", "", "", "", "", "", "", ""], people: [true, true, false, false, false, false, false, false],
    host: "", stun: DEFAULT_STUN };
  try {
    const saved = JSON.parse(setting("together") || "{}");
    if (Array.isArray(saved.names)) saved.names.slice(0, 8).forEach((n, i) => { if (typeof n === "string") setup.names[i] = n.slice(0, MAX_NAME); });
    if (Array.isArray(saved.people)) saved.people.slice(0, 8).forEach((p, i) => { setup.people[i] = p === true; });
    if (typeof saved.host === "string") setup.host = saved.host.slice(0, MAX_NAME);
    if (typeof saved.stun === "string") setup.stun = saved.stun.slice(0, 200);
  } catch { /* private mode or a damaged entry: the defaults stand */ }
  return setup;
}

export function initTogether(context) {
  ctx = context;
}

// Typing changes the store, not the DOM (the next draw shows the fields from it).
function typed({ field, seat, value }) {
  const text = String(value ?? "");
  ctx.update(({ togetherSetup: setup }) => {
    if (field === "name") setup.names[Number(seat)] = text.slice(0, MAX_NAME);
    else if (field === "host") setup.host = text.slice(0, MAX_NAME);
    else if (field === "stun") setup.stun = text.slice(0, 200);
  });
  remember();
}

// A seat of the setup switched between a person and a bot.
function togglePerson(seat) {
  ctx.update(({ togetherSetup: setup }) => { setup.people[seat] = !setup.people[seat]; });
  remember();
}

function remember() {
  saveSetting("together", JSON.stringify(ctx.state.togetherSetup));
}

export function stunSetting() {
  return ctx.state.togetherSetup.stun.trim();
}

export function hostName() {
  return ctx.state.togetherSetup.host.trim() || t("hostDefault");
}

// ---- the table's people -----------------------------------------------------------

// store.together: null, or {mode: "pass" | "host" | "guest", names: per seat (null: a bot),
// covered / revealed (pass and play), lost (a guest's host went away)}.
export function names() {
  return ctx.state.together?.names ?? null;
}

export function nameOf(seat) {
  const list = names();
  if (!list || seat == null || seat < 0 || seat >= list.length) return null;
  return list[seat] ?? t("botName", { n: seat + 1 });
}

export function mode() {
  return ctx.state.together?.mode ?? null;
}

export function leave() {
  ctx.update((s) => { s.together = null; });
}

// What a saved shared table keeps beside the engine's save: who sits where.
export function saved() {
  const tg = ctx.state.together;
  if (!tg || tg.mode === "guest") return null;
  return { mode: tg.mode, names: tg.names };
}

// A saved table's people back (ignored when they do not fit the table).
export function resumed(entry, players) {
  const ok = entry && ["pass", "host"].includes(entry.mode) && Array.isArray(entry.names)
    && entry.names.length === players
    && entry.names.every((n) => n === null || (typeof n === "string" && n.length <= 40));
  ctx.update((s) => { s.together = ok ? { mode: entry.mode, names: [...entry.names], covered: null, revealed: null } : null; });
  return ok ? entry.mode : null;
}

// ---- the setup screen ---------------------------------------------------------------

// Pass and play starts with the people named on the setup (bots elsewhere), when they
// are two to five, all named, no name twice.
function startPassing() {
  const { people, names } = ctx.state.togetherSetup;
  const chosen = Array.from({ length: ctx.state.players }, (_, s) => (people[s] ? names[s].trim() : null));
  const named = chosen.filter((n) => n !== null);
  if (named.length < 2 || named.length > 5) return ctx.alert(t("togetherPeopleCount"));
  if (named.some((n) => !n)) return ctx.alert(t("togetherNameMissing"));
  if (new Set(named).size !== named.length) return ctx.alert(t("togetherNamesTwice"));
  return ctx.start("pass", chosen);
}

// The setup screen's intents (the page's one intent table runs them).
export const togetherIntents = {
  "together-field": (_ctx, data) => typed(data),
  "together-person": (_ctx, data) => togglePerson(Number(data.value)),
  "together-pass": () => startPassing(),
  "together-host": () => ctx.start("host", Array.from({ length: ctx.state.players }, (_, s) => (s === 0 ? hostName() : null))),
};

function seatRow(seat) {
  const person = ctx.state.togetherSetup.people[seat];
  return h("li", { class: "seat-setup" },
    h("label", { for: `together-name-${seat}`, class: "seat-label", text: t("seatNumber", { n: seat + 1 }) }),
    person
      ? h("input", { id: `together-name-${seat}`, type: "text", maxlength: String(MAX_NAME), autocomplete: "off",
        value: ctx.state.togetherSetup.names[seat], placeholder: t("namePlaceholder"),
        dataset: { intent: "together-field", field: "name", seat: String(seat), focus: `together-name:${seat}`, testid: "seat-name" } })
      : h("span", { id: `together-name-${seat}`, class: "seat-bot", text: t("botName", { n: seat + 1 }) }),
    h("button", { type: "button", role: "switch", class: "chip", "aria-checked": String(person),
      "aria-label": t("seatIsPerson", { n: seat + 1 }),
      dataset: { intent: "together-person", value: String(seat), focus: `together-person:${seat}`,
        testid: "seat-person" }, text: person ? t("person") : t("bot") }));
}

export function togetherScreen(ready) {
  const store = ctx.state;
  const level = store.level ?? store.defaultLevel;
  const facts = [presetName(store.rulesMeta, store.preset), t("roundsCount", { n: ctx.rounds() }),
    level ? `${t("opponents")}: ${levelName(store.botLevels, level)}` : null].filter(Boolean).join(" · ");
  return h("div", { class: "start together" },
    h("p", { class: "together-facts", dataset: { testid: "together-facts" } },
      h("span", { text: `${t("rules")}: ${facts}` }), " ",
      h("a", { href: "#", text: t("togetherChange") })),
    h("section", { class: "setup", "aria-labelledby": "pass-title" },
      h("h2", { id: "pass-title", text: t("passTitle") }),
      h("p", { class: "quiet", text: t("passLine") }),
      h("ol", { class: "seat-list" }, Array.from({ length: store.players }, (_, s) => seatRow(s))),
      h("div", { class: "start-go" },
        h("button", { type: "button", class: "primary big", "aria-disabled": ready ? null : "true",
          dataset: { intent: "together-pass", focus: "together-pass", testid: "pass-start" } }, t("passStart")))),
    h("section", { class: "setup", "aria-labelledby": "host-title" },
      h("h2", { id: "host-title", text: t("hostTitle") }),
      h("p", { class: "quiet", text: t("hostLine") }),
      h("div", { class: "field" },
        h("label", { for: "together-host", text: t("yourName") }),
        h("input", { id: "together-host", type: "text", maxlength: String(MAX_NAME), autocomplete: "off",
          value: ctx.state.togetherSetup.host, placeholder: t("namePlaceholder"),
          dataset: { intent: "together-field", field: "host", focus: "together-host", testid: "host-name" } })),
      h("div", { class: "field" },
        h("label", { for: "together-stun", text: t("stunLabel") }),
        h("input", { id: "together-stun", type: "text", autocomplete: "off", spellcheck: "false",
          value: ctx.state.togetherSetup.stun, placeholder: t("stunOff"),
          dataset: { intent: "together-field", field: "stun", focus: "together-stun", testid: "stun" } }),
        h("p", { class: "quiet small", text: t("stunHelp", { stun: DEFAULT_STUN }) })),
      h("div", { class: "start-go" },
        h("button", { type: "button", class: "primary big", "aria-disabled": ready ? null : "true",
          dataset: { intent: "together-host", focus: "together-host-go", testid: "host-start" } }, t("hostStart")))));
}

// The setup's link; its seed (a test's, or a shared deal) is the deal the table starts with.
export const togetherRoutes = {
  "/together": (ctx, { params }) => ctx.update((s) => {
    s.game.seed = gameLink(params).seed;
    openScreen(s, "together");
  }),
};
