// The start screen: a saved game to go on with, the rule sets by name with a line
// each (from the engine's rules metadata), table size and rounds, the demos, the score
// keeper, and each rule set's primer in help; what is stored on the device (export,
// import, entries set aside). A pure view of the store, and the intents of its buttons.
import { h, clickOn } from "../../core/dom.js";
import { t, localText, presetName, errorText, getLang, has, levelName } from "../../core/i18n.js";
import { icon } from "../../core/icons.js";
import { cardSvg } from "../../table/cards.js";
import * as V from "../../core/variants.js";
import { rulesName } from "../rules/editor.js";
import { maxRounds, defaultRounds, presetPlayers } from "../../table/choices.js";
import * as saved from "../../core/storage.js";
import { leaveTable } from "../../core/store.js";
import { askInstall } from "../../core/install.js";

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

// Every game saved on this device, the last played first: each resumable, each deletable
// (with a way back).
function savedGamesList(store) {
  const games = store.savedGames ?? [];
  if (!games.length) return null;
  return h("section", { class: "resume-card", "aria-labelledby": "resume-title", dataset: { testid: "saved-games" } },
    h("h2", { id: "resume-title", text: t(games.length > 1 ? "savedGamesTitle" : "resumeTitle") }),
    h("ul", { class: "saved-games" }, games.map((g, i) => savedGameItem(store, g, i === 0))));
}

function savedGameItem(store, g, first) {
  return h("li", { class: "saved-game", dataset: { testid: "saved-game", id: g.id } },
    h("span", { class: "saved-game-what" },
      // the rule set's name once the engine has said it (never its id)
      h("strong", { text: g.rules && store.meta ? rulesName(g.rules, store) : t("savedGameUnknown") }),
      h("span", { class: "quiet", text: gameFacts(g) })),
    h("span", { class: "saved-game-go" },
      h("a", { class: `button${first ? " primary" : ""}`, href: `#/game/${g.id}`,
        dataset: { testid: first ? "resume" : "resume-other" } }, t("resume")),
      h("button", { type: "button", dataset: { intent: "game-delete", value: g.id, testid: "game-delete",
        focus: `game-delete:${g.id}` }, text: t("quarantineDelete") })));
}

// "4 Spieler · 6 Spiele gespielt · Noch 4 Bockspiele · zuletzt 6.12., 20:15"
function gameFacts(g) {
  const info = g.info ?? {};
  const parts = [];
  if (g.names?.length) parts.push(g.names.join(", "));
  else if (info.players) parts.push(t("playersCount", { n: info.players }));
  parts.push(t("dealsPlayed", { n: info.deals ?? 0 }));
  if (info.bock > 0) parts.push(t("bockToCome", { n: info.bock }));
  if (info.duty > 0 && info.deals > 0) parts.push(t("dutySolosOwed", { n: info.duty })); // (all owe one at the start)
  if (info.finished) parts.push(t("seriesDone"));
  if (g.savedAt) {
    parts.push(t("lastPlayed", { when: new Date(g.savedAt).toLocaleString(getLang() === "de" ? "de-DE" : "en-GB",
      { dateStyle: "short", timeStyle: "short" }) }));
  }
  return parts.join(" · ");
}

// An import that would replace stored data asks first, and offers to save everything.
function importQuestion(store) {
  const ask = store.importAsk;
  if (!ask) return null;
  return h("section", { class: "import-ask", role: "alertdialog", "aria-labelledby": "import-ask-title",
    dataset: { testid: "import-ask" } },
  h("h2", { id: "import-ask-title", text: t("importReplacesTitle") }),
  h("p", { text: t("importReplaces", { what: ask.replaces.map(kindName).join(", ") }) }),
  h("div", { class: "import-ask-go" },
    h("button", { type: "button", class: "danger", dataset: { intent: "import-replace", testid: "import-replace" },
      text: t("importReplace") }),
    h("button", { type: "button", dataset: { intent: "saves-export", testid: "import-export-first" },
      text: t("exportFirst") }),
    h("button", { type: "button", dataset: { intent: "import-cancel", testid: "import-cancel" },
      text: t("cancel") })));
}

// "Gelöscht — Rückgängig": the last delete (or replacing import) can be taken back.
export function undoBar(store) {
  if (!store.undo) return null;
  return h("div", { class: "undo-bar", role: "status", dataset: { testid: "undo-bar" } },
    h("span", { text: store.undo.text }),
    h("button", { type: "button", dataset: { intent: "undo-delete", testid: "undo-delete" }, text: t("undoDelete") }),
    h("button", { type: "button", class: "link-like", "aria-label": t("close"),
      dataset: { intent: "undo-dismiss", testid: "undo-dismiss" }, text: "×" }));
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
    importQuestion(store),
    savedGamesList(store),
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
      store.installable ? h("button", { type: "button", class: "tile", dataset: { intent: "install",
        focus: "install", testid: "install" } },
      icon("download"), h("strong", { text: t("install") }), h("span", { text: t("installLine") })) : null,
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

// Every saved game, the last played first; then the entries set aside.
export async function startRoute(ctx) {
  await listGames(ctx);
  await listQuarantined(ctx);
}

async function listGames(ctx) {
  const games = await saved.savedGames().catch(() => []);
  ctx.update((s) => { s.savedGames = games.map(gameListItem); });
}

// What the start page shows of a saved game (not the table itself).
function gameListItem(g) {
  const d = g.data;
  const rules = d.info?.rules ?? d.table?.game?.rules ?? d.record?.rules ?? null;
  const names = Array.isArray(d.together?.names) ? d.together.names.filter((n) => typeof n === "string") : [];
  return { id: g.id, savedAt: g.savedAt, rules, names, info: d.info ?? null };
}

// What is stored changed under the page (an import, an undo): every screen's data read
// again, and the start page's lists.
async function storedChanged(ctx) {
  await ctx.reread();
  await startRoute(ctx);
}

// The message for an import refused: which entry, what is wrong.
function importProblem(err) {
  if (err?.code === "import-entry") {
    const key = String(err.params?.key ?? "");
    return t("importEntryBad", { what: kindName(key), why: errorText(err.params?.reason) });
  }
  return err?.code ? errorText(err) : t("storageFailed");
}

async function commitImport(ctx, plan) {
  const done = await saved.commitImport(plan);
  ctx.update((s) => {
    s.importAsk = null;
    s.undo = done.trashId === null ? null : { id: done.trashId, text: t("importedReplaced") };
  });
  await storedChanged(ctx);
  ctx.alert(t("importedCount", { n: done.keys.length }));
}

// Another tab or a failed read set an entry aside: the list is read again.
export function quarantineChanged(ctx) {
  if (ctx.state.screen === "start") listQuarantined(ctx);
}

function quarantinedItem(ctx, id) {
  return ctx.state.quarantined.find((q) => String(q.id) === String(id)) ?? null;
}

export const startIntents = {
  install: (ctx) => void askInstall(ctx),
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
  "saves-import": () => clickOn("[data-testid=import-file]"),
  // checked whole first (shape, then the engine); what would replace stored data asks
  "saves-import-file": async (ctx, data) => {
    const file = data.files?.[0];
    if (!file) return;
    let plan;
    try {
      const check = (entries) => ctx.call("check_entries", { entries }).then((a) => a.problems);
      plan = await saved.planImport(await saved.fileText(file), check);
    } catch (err) {
      ctx.update((s) => { s.importAsk = null; });
      return ctx.alert(t("importBad", { why: importProblem(err) }));
    }
    if (plan.replaces.length) return ctx.update((s) => { s.importAsk = plan; });
    try { await commitImport(ctx, plan); } catch { ctx.alert(t("storageFailed")); }
  },
  "import-replace": async (ctx) => {
    const plan = ctx.state.importAsk;
    if (!plan) return;
    try { await commitImport(ctx, plan); } catch { ctx.alert(t("storageFailed")); }
  },
  "import-cancel": (ctx) => ctx.update((s) => { s.importAsk = null; }),
  "game-delete": async (ctx, data) => {
    try {
      const id = await saved.deleteEntries([`game:${data.value}`]);
      ctx.update((s) => { s.undo = id === null ? null : { id, text: t("deleted") }; });
    } catch {
      ctx.alert(t("storageFailed"));
    }
    await listGames(ctx);
  },
  "undo-dismiss": (ctx) => ctx.update((s) => { s.undo = null; }),
  "undo-delete": async (ctx) => {
    const undo = ctx.state.undo;
    if (!undo) return;
    ctx.update((s) => { s.undo = null; });
    try { await saved.undoDelete(undo.id); } catch { ctx.alert(t("storageFailed")); }
    await storedChanged(ctx);
  },
};

// Every other link opens the start page (a message from the last screen stays).
export const startRoutes = {
  "*": (ctx) => {
    ctx.update((s) => leaveTable(s, { screen: "start" }));
    startRoute(ctx);
  },
};
