// The start screen: a saved game to go on with, the rule sets by name with a line
// each (from the engine's rules metadata), table size and rounds, the demos, the score
// keeper, and each rule set's primer in help; what is stored on the device (export,
// import, entries set aside). A pure view of the store, and the intents of its buttons.
import { h } from "./dom.js";
import { t, localText, presetName, errorText, getLang, has, levelName } from "./i18n.js";
import { icon } from "./icons.js";
import { cardSvg } from "./cards.js";
import * as V from "./variants.js";
import { rulesName } from "./editor.js";
import { maxRounds, defaultRounds, presetPlayers } from "./choices.js";
import * as saved from "./storage.js";

function presetChoice(store, id) {
  const meta = store.rulesMeta?.[id];
  const chosen = id === store.preset && !store.variant;
  return h("button", { type: "button", class: `preset${chosen ? " chosen" : ""}`, role: "radio",
    "aria-checked": String(chosen), dataset: { intent: "preset", value: id, focus: `preset:${id}`,
      testid: "preset" } },
  h("strong", { class: "preset-name", text: presetName(store.rulesMeta, id) }),
  h("span", { class: "preset-line", text: localText(meta?.description) }),
  h("span", { class: "preset-facts", text: facts(meta) }));
}

// A saved house-rule variant, chosen like a preset.
function variantChoice(store, v) {
  const chosen = store.variant === v.id;
  const meta = V.rulesInfo(store.variants, store.rulesMeta, V.normalRules(v.rules));
  return h("button", { type: "button", class: `preset variant-choice${chosen ? " chosen" : ""}`, role: "radio",
    "aria-checked": String(chosen), dataset: { intent: "variant", value: v.id, focus: `variant:${v.id}`,
      testid: "variant-choice" } },
  h("strong", { class: "preset-name", text: v.name }),
  h("span", { class: "preset-line", text: t("variantFrom", { preset: presetName(store.rulesMeta, v.rules.preset) }) }),
  h("span", { class: "preset-facts", text: facts(meta) }));
}

function facts(meta) {
  if (!meta) return "";
  const parts = [t("deckCards", { n: meta.deck })];
  parts.push(meta.players.length > 1 ? t("playersRange", { a: meta.players[0], b: meta.players.at(-1) })
    : t("playersCount", { n: meta.players[0] }));
  if (meta.tournament) parts.push(t("tournamentRules"));
  return parts.join(" · ");
}

function chips(kind, values, chosen, label) {
  return h("div", { class: "chips", role: "radiogroup", "aria-label": label },
    values.map(([value, text]) => h("button", { type: "button", role: "radio",
      class: `chip${value === chosen ? " chosen" : ""}`, "aria-checked": String(value === chosen),
      dataset: { intent: kind, value: String(value), focus: `${kind}:${value}`, testid: kind } }, text)));
}

function resumeCard(store) {
  const saved = store.savedGame;
  if (!saved) return null;
  return h("section", { class: "resume-card", "aria-labelledby": "resume-title" },
    h("h2", { id: "resume-title", text: t("resumeTitle") }),
    h("p", { text: t("resumeLine", { rules: saved.rules ? rulesName(saved.rules, store) : "" }) }),
    h("a", { class: "button primary", href: saved.hash, dataset: { testid: "resume" } },
      t("resume")));
}

// Entries the page could not open (damaged, or from a newer version): each can be
// saved as a file or deleted.
function quarantineList(store) {
  const items = store.quarantined ?? [];
  if (!items.length) return null;
  return h("section", { class: "quarantine", "aria-labelledby": "quarantine-title",
    dataset: { testid: "quarantine" } },
  h("h2", { id: "quarantine-title", text: t("quarantineTitle") }),
  h("p", { class: "quiet", text: t("quarantineLine") }),
  h("ul", {}, items.map((q) => h("li", { dataset: { testid: "quarantined", id: String(q.id) } },
    h("span", { class: "quarantine-what" },
      h("strong", { text: kindName(q.key) }),
      q.at ? ` · ${new Date(q.at).toLocaleString(getLang() === "de" ? "de-DE" : "en-GB")}` : "",
      h("span", { class: "quiet", text: ` · ${errorText(typeof q.why === "string" ? { code: q.why } : q.why)}` })),
    h("span", { class: "quarantine-go" },
      h("button", { type: "button", dataset: { intent: "quarantine-export", value: String(q.id),
        testid: "quarantine-export", focus: `quarantine-export:${q.id}` }, text: t("quarantineExport") }),
      deleteButton(q.id, String(store.confirmDrop) === String(q.id)))))));
}

// "variant:Name" is one of the kind "variant"
function kindName(key) {
  const kind = String(key).split(":")[0];
  return has(`entryKind.${kind}`) ? t(`entryKind.${kind}`) : t("entryKind.other");
}

// Deleting is for good: the first press asks, the second deletes.
function deleteButton(id, asking) {
  return h("button", { type: "button", class: asking ? "danger" : null,
    dataset: { intent: "quarantine-delete", value: String(id), testid: "quarantine-delete",
      focus: `quarantine-delete:${id}`, asking: String(asking) },
    text: t(asking ? "quarantineDeleteSure" : "quarantineDelete") });
}

function fan() {
  return h("div", { class: "hero-fan", "aria-hidden": "true" },
    ["CQ", "HT", "DA", "CJ"].map((c, i) => h("span", { class: `card suit-${c[0]}`, style: `--i:${i}` },
      cardSvg(c))));
}

export function startScreen(store) {
  const ids = store.rulesMeta ? Object.keys(store.rulesMeta) : [];
  const rounds = Array.from({ length: maxRounds(store) }, (_, i) => i + 1);
  const chosenRounds = store.rounds ?? defaultRounds(store);
  return h("div", { class: "start" },
    h("section", { class: "hero" }, fan(),
      h("p", { class: "tagline", text: t("tagline") })),
    resumeCard(store),
    h("section", { class: "setup", "aria-labelledby": "setup-title" },
      h("h2", { id: "setup-title", text: t("rules") }),
      ids.length
        ? h("div", { class: "presets", role: "radiogroup", "aria-label": t("rules") },
          ids.map((id) => presetChoice(store, id)), store.variants.list.map((v) => variantChoice(store, v)))
        : h("p", { class: "quiet", text: t("rulesLoading") }),
      ids.length ? [
        store.botLevels.length ? [h("h3", { text: t("opponents") }),
          chips("level", store.botLevels.map((l) => [l.id, levelName(store.botLevels, l.id)]),
            store.level ?? store.defaultLevel, t("opponents"))] : null,
        h("h3", { text: t("players") }),
        chips("players", presetPlayers(store).map((n) => [n, String(n)]), store.players, t("players")),
        h("h3", { text: t("rounds") }),
        h("div", { class: "field" },
          h("label", { for: "rounds", class: "sr-only", text: t("rounds") }),
          h("select", { id: "rounds", dataset: { focus: "rounds", testid: "rounds", intent: "rounds" } },
            rounds.map((n) => h("option", { value: String(n), selected: n === chosenRounds,
              text: t("roundsCount", { n }) + (n === defaultRounds(store) ? ` ${t("byDefault")}` : "") })))),
      ] : null,
      h("div", { class: "start-go" },
        h("button", { type: "button", class: "primary big", dataset: { intent: "new", focus: "new",
          testid: "new-game" } }, t("newGame")),
        h("button", { type: "button", class: "link-like", "aria-haspopup": "dialog",
          dataset: { intent: "primer", focus: "primer", testid: "primer-open" } },
        icon("help"), t("primerOpen", { name: presetName(store.rulesMeta, store.preset) })))),
    h("section", { class: "more", "aria-label": t("more") },
      h("a", { class: "tile", href: "#/stats", dataset: { testid: "open-stats-tile" } },
        icon("sheet"), h("strong", { text: t("stTitle") }), h("span", { text: t("stLine") })),
      h("a", { class: "tile", href: "#/together", dataset: { testid: "open-together" } },
        icon("people"), h("strong", { text: t("together") }), h("span", { text: t("togetherLine") })),
      h("a", { class: "tile", href: "#/demos", dataset: { testid: "open-demos" } },
        icon("eye"), h("strong", { text: t("demos") }), h("span", { text: t("demosLine") })),
      h("button", { type: "button", class: "tile", dataset: { intent: "keeper", focus: "keeper",
        testid: "open-keeper" } },
      icon("sheet"), h("strong", { text: t("keeper") }), h("span", { text: t("keeperLine") })),
      h("button", { type: "button", class: "tile", dataset: { intent: "tournament",
        focus: "tournament", testid: "open-tournament" } },
      icon("sheet"), h("strong", { text: t("tournament") }), h("span", { text: t("tournamentLine") })),
      h("a", { class: "tile", href: "#/rules", dataset: { testid: "open-rules" } },
        icon("gear"), h("strong", { text: t("houseRules") }), h("span", { text: t("houseRulesLine") }))),
    quarantineList(store),
    savesPanel());
}

// Export and import of everything stored on this device.
function savesPanel() {
  return h("div", { class: "saves" },
    h("button", { type: "button", dataset: { intent: "saves-export", testid: "export" }, text: t("export") }),
    h("button", { type: "button", dataset: { intent: "saves-import", testid: "import" }, text: t("import") }),
    h("input", { type: "file", accept: "application/json,.json", hidden: true,
      dataset: { intent: "saves-import-file", testid: "import-file" } }));
}

// ---- intents and the route -------------------------------------------------------------

// The start page's list of entries set aside (export, delete).
async function listQuarantined(ctx) {
  let list = [];
  try { list = await saved.quarantined(); } catch { /* no storage: nothing set aside */ }
  ctx.update((s) => { s.quarantined = list; });
}

// "Weiterspielen": whatever game the device holds, under its own link; then the entries
// set aside.
export async function startRoute(ctx) {
  const found = await saved.savedGame("#/game").catch(() => null);
  const hash = found?.hash;
  const rules = found?.table?.game?.rules ?? found?.record?.rules ?? null;
  ctx.update((s) => { s.savedGame = typeof hash === "string" && hash.startsWith("#/") ? { hash, rules } : null; });
  await listQuarantined(ctx);
}

// Another tab or a failed read set an entry aside: the list is read again.
export function quarantineChanged(ctx) {
  if (ctx.state.screen === "start") listQuarantined(ctx);
}

function quarantinedItem(ctx, id) {
  return ctx.state.quarantined.find((q) => String(q.id) === String(id)) ?? null;
}

export const startIntents = {
  "quarantine-export": async (ctx, data) => {
    const item = quarantinedItem(ctx, data.value);
    if (!item) return;
    const name = String(item.key || "entry").replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 40);
    try {
      ctx.download(`doppelkopf-${name}-${item.id}.json`, "application/json", await saved.quarantinedText(item.id));
    } catch (err) { // no file rather than a wrong one
      ctx.alert(err?.code ? err : t("storageFailed"));
    }
  },
  // pressed twice: the first press asks, the second deletes
  "quarantine-delete": async (ctx, data) => {
    const item = quarantinedItem(ctx, data.value);
    if (String(ctx.state.confirmDrop) !== String(data.value)) {
      return ctx.update((s) => { s.confirmDrop = data.value; });
    }
    ctx.update((s) => { s.confirmDrop = null; });
    if (!item) return;
    try { await saved.dropQuarantined(item.id); } catch { ctx.alert(t("storageFailed")); }
    await listQuarantined(ctx);
  },
  "saves-export": async (ctx) => {
    try {
      ctx.download("doppelkopf.json", "application/json", await saved.exportAll());
    } catch {
      ctx.alert(t("storageFailed"));
    }
  },
  // the hidden file field opens the device's file chooser
  "saves-import": () => document.querySelector("[data-testid=import-file]")?.click(),
  "saves-import-file": async (ctx, data) => {
    const file = data.files?.[0];
    if (!file) return;
    try {
      await saved.importFile(file);
      ctx.alert(t("imported"));
    } catch (err) {
      ctx.alert(t("importBad", { why: errorText(err) }));
    }
  },
};
