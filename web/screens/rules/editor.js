// House rules (routes #/rules, #/rules/edit, #/rules/view): the device's variants, the
// rules editor and the rules page of any rule set. The editor draws whatever options the
// engine's metadata lists (grouped by their `group`, shown when their `depends` hold)
// and asks the engine (`check_rules`) after every change; a refusal is said next to
// the option it names. The rules page draws the engine's trump orders (`rules_help`)
// with the page's own cards and its scored examples.
// State: the store's `editor` slice (initialEditor); editorScreen draws it, editorIntents
// change it through ctx.
import { h, signed, clickOn } from "../../core/dom.js";
import { t, has, actionLabel, itemLabel, contractName, presetName, errorText, localText } from "../../core/i18n.js";
import { faceCard } from "../../table/table.js";
import { randomSeed } from "../../core/random.js";
import * as V from "../../core/variants.js";
import { openScreen } from "../../core/store.js";

export const GROUPS = ["cards", "reservations", "announcements", "specials", "scoring", "bock"];
const LEVEL_WORDS = ["re", "no90", "no60", "no30", "black"]; // the five deadlines, in order

export function initialEditor() {
  return {
    mode: "list", // list | edit | view
    source: null, // {rules, variant} the draft starts from (drawn once the engine's metadata is in)
    base: "ddv", // the preset the draft starts from
    id: null, // the saved variant being edited, or null for a new one
    name: "",
    values: null, // every option's value in the draft
    answer: null, // the engine's check of the draft
    changed: null, // the option changed last (a refusal naming a hidden option is said there)
    token: 0, // the latest check asked for: older answers are dropped
    saved: "", // name the draft was saved under (a line says so)
    renaming: null, // id of the variant whose name is being edited in the list
    renameText: "",
    confirmDelete: null,
    from: "ddv", // the preset a new variant starts from (the list's choice)
    help: null, // {rules, answer, check, error} of the rules page
    seed: 0, // the deal of the "play" links (drawn anew each time a route opens)
    open: {}, // group -> open (the editor's sections)
  };
}

// ---- words --------------------------------------------------------------------

export function optionLabel(name) {
  return has(`opt.${name}`) ? t(`opt.${name}`) : name;
}

function optionLine(name) {
  return has(`opt.${name}.line`) ? t(`opt.${name}.line`) : "";
}

// A member of a list option (a solo kind, a Sonderpunkt, a bock trigger ...).
export function memberLabel(name, member) {
  const key = `opt.${name}.${member}`;
  if (has(key)) return t(key);
  if (name === "solos") return actionLabel(`solo:${member}`);
  if (name.startsWith("specials")) return itemLabel(member);
  return String(member);
}

// One option's value in words.
export function valueLabel(name, value) {
  if (Array.isArray(value)) {
    if (name === "deadlines") return value.join(" · ");
    return value.length ? value.map((m) => memberLabel(name, m)).join(", ") : t("optNone");
  }
  const key = `opt.${name}.${value}`;
  if (has(key)) return t(key);
  if (typeof value === "boolean") return t(value ? "optOn" : "optOff");
  if (typeof value === "number") return intLabel(name, value);
  return String(value);
}

// What one difference says: "Schweinchen: beide Karo-Asse über den Dullen"; a list
// option says what it adds and drops ("Sonderpunkte: mit Karlchen gefangen, ohne Doppelkopf").
export function differenceText({ option, value, preset_value: before }) {
  if (Array.isArray(value) && Array.isArray(before) && option !== "deadlines") {
    const added = value.filter((m) => !before.includes(m));
    const dropped = before.filter((m) => !value.includes(m));
    const names = (list) => list.map((m) => memberLabel(option, m)).join(", ");
    // an option with its own phrases says it whole: "Bock nach verlorenem Solo"
    const own = has(`opt.${option}.with`);
    const parts = [];
    if (added.length) parts.push(t(own ? `opt.${option}.with` : "diffWith", { items: names(added) }));
    if (dropped.length) parts.push(t(own ? `opt.${option}.without` : "diffWithout", { items: names(dropped) }));
    if (!parts.length) parts.push(t("diffOrder", { items: valueLabel(option, value) }));
    return own ? parts.join("; ") : `${optionLabel(option)}: ${parts.join(", ")}`;
  }
  return `${optionLabel(option)}: ${valueLabel(option, value)}`;
}

// The summary of a variant: one line per option that differs from the preset.
export function differencesView(differences, { testid = "differences" } = {}) {
  if (!differences?.length) return h("p", { class: "quiet", dataset: { testid }, text: t("diffNone") });
  return h("ul", { class: "differences", dataset: { testid } },
    differences.map((d) => h("li", { dataset: { option: d.option }, text: differenceText(d) })));
}

// "DDV-Turnier" or "Donnerstagsrunde (DDV-Turnier mit Hausregeln)": the engine's
// presets and the device's variants (in `state`) name them.
export function rulesName(rules, state) {
  const preset = V.presetOf(rules);
  const base = presetName(state?.meta?.presets, preset);
  if (!Object.keys(V.optionsOf(rules)).length) return base;
  const saved = V.findVariant(state?.variants, rules);
  return saved ? saved.name : t("houseRulesOf", { preset: base });
}

// ---- the draft (pure: changes an editor slice in place) -----------------------------------

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// A draft of `rules` (a variant's, to change it): every option's value, the preset's
// overlaid with the rule set's own.
export function startDraft(ed, presets, rules, variant = null) {
  ed.source = { rules, variant };
  const preset = V.presetOf(rules);
  ed.base = presets?.[preset] ? preset : Object.keys(presets ?? { ddv: 1 })[0];
  ed.id = variant?.id ?? null;
  ed.name = variant?.name ?? "";
  ed.answer = null;
  ed.changed = null;
  ed.values = presets ? { ...structuredClone(presets[ed.base]), ...structuredClone(V.optionsOf(rules)) } : null;
}

// The options of the draft that differ from its preset. An option hidden because what it
// depends on is off means nothing, so it is not sent: a value the player cannot see
// never refuses the draft (the engine sets such an option to its neutral value).
export function draftOptions(ed, presets, options) {
  const preset = presets[ed.base];
  const out = {};
  for (const o of options) {
    if (o.group === "table" || !applies(ed, o)) continue;
    if (!same(ed.values[o.name], preset[o.name])) out[o.name] = ed.values[o.name];
  }
  return out;
}

export function draftRules(ed, presets, options) {
  return V.normalRules({ preset: ed.base, options: draftOptions(ed, presets, options) });
}

// Whether an option is shown: its `depends` hold in the draft.
export function applies(ed, option) {
  return (option.depends ?? []).every((c) => {
    const value = ed.values[c.option];
    if ("has" in c) return Array.isArray(value) && value.includes(c.has);
    return !(c.not ?? []).some((v) => same(v, value));
  });
}

// A list option's member on or off; the list keeps its order (solos may rank in it), and
// a list back to the preset's members is the preset's list.
export function toggleMember(value, member, preset) {
  const next = value.includes(member) ? value.filter((x) => x !== member) : [...value, member];
  const back = next.length === preset.length && next.every((x) => preset.includes(x));
  return back ? [...preset] : next;
}

// A form field's value as the option's type: a checkbox's state, one of its choices, a number.
export function typedValue(option, data) {
  if (option.type === "bool") return !!data.checked;
  if (option.choices) return option.choices.find((c) => String(c) === String(data.value));
  return Number(data.value);
}

// ---- the engine -------------------------------------------------------------------------------

function facts(state) {
  return { presets: state.meta?.presets, options: state.meta?.options };
}

async function check(ctx) {
  const { presets, options } = facts(ctx.state);
  let token = 0;
  ctx.update((s) => { token = ++s.editor.token; });
  const rules = draftRules(ctx.state.editor, presets, options);
  const answer = await V.checkAnswer(ctx, rules);
  ctx.update((s) => { if (token === s.editor.token) s.editor.answer = answer; });
}

function setValue(ctx, name, value) {
  ctx.update((s) => {
    const ed = s.editor;
    ed.values[name] = value;
    ed.changed = name;
    ed.saved = "";
    ed.answer = { ...ed.answer, pending: true };
  });
  return check(ctx);
}

async function saveDraft(ctx) {
  const ed = ctx.state.editor;
  const name = V.cleanName(ed.name);
  if (!ed.answer?.ok || ed.answer.pending) return;
  if (!name) return void ctx.alert(t("variantNameMissing"));
  try {
    const rules = ed.answer.rules === ed.base ? { preset: ed.base, options: {} } : ed.answer.rules;
    const v = await V.storeVariant(ctx, name, rules, ed.id);
    ctx.update((s) => {
      s.editor.id = v.id;
      s.editor.saved = v.name;
    });
  } catch {
    ctx.alert(t("storageFailed"));
  }
}

// Every variant's check, so the list can say what each changes.
async function checkAll(ctx) {
  await Promise.all(ctx.state.variants.list.map((v) => V.checkRules(ctx, V.normalRules(v.rules)).catch(() => null)));
  ctx.update(() => {});
}

// #/rules, #/rules/edit?from=PRESET|variant=ID, #/rules/view?rules=..&options=..
// (run again once the engine's metadata is in: the draft needs it)
export async function editorRoute(ctx, path, params) {
  const presets = ctx.state.meta?.presets;
  ctx.update((s) => {
    s.editor.saved = "";
    s.editor.confirmDelete = null;
    s.editor.mode = path === "/rules/edit" ? "edit" : path === "/rules/view" ? "view" : "list";
    s.editor.seed = randomSeed();
  });
  if (path === "/rules/edit") {
    const variant = V.variantById(ctx.state.variants, params.get("variant") ?? "");
    const { rules } = V.rulesFromParams(params, params.get("from") || "ddv");
    ctx.update((s) => startDraft(s.editor, presets, variant ? variant.rules : rules, variant));
    if (presets) await check(ctx);
  } else if (path === "/rules/view") {
    const { rules, error } = V.rulesFromParams(params);
    if (error) ctx.alert(t("badOptions", { why: errorText(error) }));
    await openHelp(ctx, rules);
  } else {
    await checkAll(ctx);
  }
}

// ---- intents ------------------------------------------------------------------------------------

function optionMeta(state, name) {
  return (state.meta?.options ?? []).find((o) => o.name === name) ?? null;
}

export const editorIntents = {
  "editor-option": (ctx, data) => {
    const option = optionMeta(ctx.state, data.option);
    return option ? setValue(ctx, option.name, typedValue(option, data)) : undefined;
  },
  "editor-member": (ctx, data) => {
    const ed = ctx.state.editor;
    const preset = ctx.state.meta.presets[ed.base][data.option] ?? [];
    return setValue(ctx, data.option, toggleMember(ed.values[data.option], data.member, preset));
  },
  "editor-deadline": (ctx, data) => {
    const next = [...ctx.state.editor.values.deadlines];
    next[Number(data.index)] = Number(data.value);
    return setValue(ctx, "deadlines", next);
  },
  "editor-name": (ctx, data) => ctx.update((s) => { s.editor.name = String(data.value ?? ""); }),
  "editor-save": (ctx) => saveDraft(ctx),
  "editor-base": (ctx, data) => {
    ctx.update((s) => {
      const { id, name } = s.editor;
      startDraft(s.editor, s.meta.presets, data.value);
      Object.assign(s.editor, { id, name });
    });
    return check(ctx);
  },
  "editor-group": (ctx, data) => ctx.update((s) => { s.editor.open[data.group] = data.open !== "true"; }),
  "editor-from": (ctx, data) => ctx.update((s) => { s.editor.from = data.value; }),
  "editor-new": (ctx) => ctx.navigate(`#/rules/edit?from=${encodeURIComponent(ctx.state.editor.from)}`),
  "editor-export-all": (ctx) => ctx.download("hausregeln.json", "application/json", V.exportText(ctx.state.variants.list)),
  "editor-import": () => clickOn("[data-testid=variants-import-file]"),
  "editor-import-chosen": async (ctx, data) => {
    const file = data.files?.[0];
    if (!file) return;
    try {
      const names = await V.importVariants(ctx, await file.text());
      ctx.alert("");
      ctx.status(t("variantsImported", { names: names.join(", ") }));
    } catch (err) {
      ctx.alert(t("variantsImportBad", { why: errorText(err) }));
    }
    await checkAll(ctx);
  },
  "editor-rename": (ctx, data) => ctx.update((s) => {
    s.editor.renaming = data.id;
    s.editor.renameText = V.variantById(s.variants, data.id)?.name ?? "";
  }),
  // typed, or Enter to keep it (the field's data-keys)
  "editor-rename-text": async (ctx, data) => {
    if (data.event) {
      if (data.event.key === "Enter") await editorIntents["editor-rename-ok"](ctx);
      return;
    }
    ctx.update((s) => { s.editor.renameText = String(data.value ?? ""); });
  },
  "editor-rename-ok": async (ctx) => {
    const ed = ctx.state.editor;
    await V.renameVariant(ctx, ed.renaming, ed.renameText);
    ctx.update((s) => { s.editor.renaming = null; });
  },
  "editor-export": (ctx, data) => {
    const v = V.variantById(ctx.state.variants, data.id);
    if (v) {
      ctx.download(`${v.name.replace(/[^\p{L}\p{N}]+/gu, "-") || "variante"}.json`, "application/json",
        V.exportText([v]));
    }
  },
  "editor-delete": async (ctx, data) => {
    if (ctx.state.editor.confirmDelete !== data.id) {
      return void ctx.update((s) => { s.editor.confirmDelete = data.id; });
    }
    ctx.update((s) => { s.editor.confirmDelete = null; });
    await V.deleteVariant(ctx, data.id);
    ctx.update(() => {});
  },
};

// ---- the option's controls ----------------------------------------------------------------------

function control(ed, o) {
  const value = ed.values[o.name];
  const id = `opt-${o.name}`;
  const data = { intent: "editor-option", focus: id, testid: "option-input", option: o.name };
  if (o.type === "bool") {
    return h("input", { id, type: "checkbox", role: "switch", checked: !!value,
      "aria-describedby": `${id}-line`, dataset: data });
  }
  if (o.choices) return select(id, o.choices.map((c) => [c, valueLabel(o.name, c)]), value, data);
  if (o.type === "int") {
    const [low, high] = o.range ?? [0, Math.max(20, value)];
    return select(id, range(low, high).map((n) => [n, intLabel(o.name, n)]), value, data);
  }
  if (o.type === "list" && o.items) return membersControl(o, value);
  if (o.type === "list" && o.name === "deadlines") return deadlinesControl(o, value);
  return h("code", { text: JSON.stringify(value) });
}

function intLabel(name, n) {
  if (has(`opt.${name}.${n}`)) return t(`opt.${name}.${n}`);
  return has(`opt.${name}.n`) ? t(`opt.${name}.n`, { n }) : String(n);
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

function select(id, entries, value, data) {
  return h("select", { id, "aria-describedby": `${id}-line`, dataset: data },
    entries.map(([v, text]) => h("option", { value: String(v), selected: String(v) === String(value), text })));
}

// A list with a closed set of members: one toggle per member.
function membersControl(o, value) {
  return h("div", { class: "chips members", role: "group", "aria-labelledby": `opt-${o.name}-label`,
    dataset: { testid: "option-members", option: o.name } },
  o.items.map((m) => h("button", { type: "button", class: "chip", "aria-pressed": String(value.includes(m)),
    dataset: { intent: "editor-member", option: o.name, focus: `opt-${o.name}-${m}`, member: m,
      testid: "option-member" },
    text: memberLabel(o.name, m) })));
}

function deadlinesControl(o, value) {
  const [low, high] = o.range ?? [0, 12];
  return h("div", { class: "deadlines" }, LEVEL_WORDS.map((word, i) => {
    const id = `opt-deadlines-${i}`;
    return h("label", { class: "deadline", for: id },
      h("span", { text: word === "re" ? `${actionLabel("re")}/${actionLabel("kontra")}` : actionLabel(word) }),
      select(id, range(low, high).map((n) => [n, String(n)]), value[i],
        { intent: "editor-deadline", index: String(i), focus: id, option: "deadlines" }));
  }));
}

// Where the engine's refusal is said: next to the option it names if that is shown,
// else next to the option changed last.
function refusalAt(ed, shown) {
  const a = ed.answer;
  if (!a || a.ok || a.pending) return null;
  if (a.option && shown.includes(a.option)) return a.option;
  if (ed.changed && shown.includes(ed.changed)) return ed.changed;
  return null;
}

function optionRow(ed, presets, o, refusedHere) {
  const preset = presets[ed.base];
  const differs = !same(ed.values[o.name], preset[o.name]);
  const id = `opt-${o.name}`;
  const wide = o.type === "list"; // a row of toggles or five deadlines: under the text
  return h("div", { class: `option${wide ? " wide" : ""}${differs ? " differs" : ""}${refusedHere ? " refused" : ""}`,
    dataset: { testid: "option", option: o.name, differs: String(differs) } },
  h("div", { class: "option-text" },
    h(o.type === "bool" || !(o.type === "list" && (o.items || o.name === "deadlines")) ? "label" : "span",
      { id: `${id}-label`, class: "option-label", for: o.type === "list" ? null : id, text: optionLabel(o.name) }),
    h("span", { id: `${id}-line`, class: "option-line", text: optionLine(o.name) }),
    differs ? h("span", { class: "option-preset", text: t("presetHas", { value: valueLabel(o.name, preset[o.name]) }) })
      : null),
  h("div", { class: "option-control" }, control(ed, o)),
  refusedHere ? h("p", { class: "option-refused", role: "alert", dataset: { testid: "option-refused" },
    text: errorText(ed.answer.refusal) }) : null);
}

// ---- screens ----------------------------------------------------------------------------------

export function editorScreen(state) {
  const ed = state.editor;
  if (!state.meta?.presets || !state.meta?.options) {
    return h("section", { class: "rules-page" }, h("p", { class: "quiet", text: t("engineWait") }));
  }
  if (ed.mode === "edit") {
    return ed.values ? editView(state)
      : h("section", { class: "rules-page" }, h("p", { class: "quiet", text: t("engineWait") }));
  }
  if (ed.mode === "view") return helpView(state);
  return listView(state);
}

function presetSelect(id, value, intent, presets) {
  return h("select", { id, dataset: { intent, focus: id, testid: id } },
    Object.keys(presets).map((p) => h("option", { value: p, selected: p === value, text: presetName(presets, p) })));
}

function editView(state) {
  const ed = state.editor;
  const presets = state.meta.presets;
  const options = state.meta.options.filter((o) => o.group !== "table");
  const shown = options.filter((o) => applies(ed, o)).map((o) => o.name);
  const refused = refusalAt(ed, shown);
  const a = ed.answer;
  const ok = !!a?.ok && !a.pending;
  // a refusal is said in the summary (no "no change" while refused), and alerts there
  // when no shown option says it
  const refusedAll = !!a && !a.ok && !a.pending;
  return h("section", { class: "rules-page editor", dataset: { testid: "rules-editor", valid: String(ok) },
    "aria-labelledby": "editor-title" },
  h("div", { class: "rules-head" },
    h("h2", { id: "editor-title", text: ed.id ? t("editorEditTitle") : t("editorTitle") }),
    h("a", { class: "link-like", href: "#/rules", dataset: { testid: "to-variants" }, text: t("backToVariants") })),
  h("div", { class: "field-row editor-head" },
    h("div", { class: "field" }, h("label", { for: "variant-name", text: t("variantName") }),
      h("input", { id: "variant-name", type: "text", maxlength: "60", autocomplete: "off",
        value: ed.name, placeholder: t("variantNamePlaceholder"),
        dataset: { intent: "editor-name", focus: "variant-name", testid: "variant-name" } })),
    h("div", { class: "field" }, h("label", { for: "editor-base", text: t("editorBase") }),
      presetSelect("editor-base", ed.base, "editor-base", presets))),
  h("section", { class: "editor-summary", "aria-labelledby": "editor-diff-title" },
    h("h3", { id: "editor-diff-title", text: t("diffTitle", { preset: presetName(presets, ed.base) }) }),
    refusedAll ? h("p", { class: "option-refused", role: refused ? null : "alert",
      dataset: { testid: "differences", refused: "true" }, text: t("diffRefused", { why: errorText(a.refusal) }) })
      : differencesView(ok ? a.differences : (a?.differences ?? []))),
  GROUPS.map((g) => {
    const list = options.filter((o) => o.group === g && shown.includes(o.name));
    if (!list.length) return null;
    const changedHere = list.some((o) => !same(ed.values[o.name], presets[ed.base][o.name]));
    const open = ed.open[g] ?? (g === "cards" || changedHere || list.some((o) => o.name === refused));
    return h("details", { class: "option-group", open, dataset: { testid: "option-group", group: g } },
      h("summary", { dataset: { intent: "editor-group", group: g, open: String(open), focus: `group-${g}` } },
        h("span", { text: t(`group.${g}`) }),
        changedHere ? h("span", { class: "group-changed", text: t("groupChanged") }) : null),
      list.map((o) => optionRow(ed, presets, o, o.name === refused)));
  }),
  h("div", { class: "editor-go" },
    h("button", { type: "button", class: "primary",
      // without a name it stays pressable: pressed, it says the name is missing
      "aria-disabled": ok ? null : "true",
      dataset: { intent: "editor-save", testid: "variant-save", focus: "variant-save" }, text: t("variantSave") }),
    h("a", { class: "button", href: viewLink(draftRules(ed, presets, state.meta.options)),
      dataset: { testid: "variant-view" }, text: t("rulesView") })),
  ed.saved ? h("p", { class: "saved-note", role: "status", dataset: { testid: "variant-saved" },
    text: t("variantSaved", { name: ed.saved }) }) : null);
}

// A link that deals a game with these rules (the seed: drawn when the route opened).
function playLink(rules, seed) {
  return `#/play?rules=${encodeURIComponent(V.presetOf(rules))}${V.optionsParam(rules)}&seed=${seed}`;
}

function viewLink(rules) {
  return `#/rules/view?rules=${encodeURIComponent(V.presetOf(rules))}${V.optionsParam(rules)}`;
}

function button(label, intent, extra = {}, data = {}) {
  return h("button", { type: "button", ...extra, dataset: { intent, ...data }, text: label });
}

function listView(state) {
  const ed = state.editor;
  const presets = state.meta.presets;
  const list = state.variants.list;
  return h("section", { class: "rules-page variants", dataset: { testid: "variants" }, "aria-labelledby": "variants-title" },
    h("h2", { id: "variants-title", text: t("variantsTitle") }),
    h("p", { class: "quiet", text: t("variantsLine") }),
    list.length ? h("ul", { class: "variant-list" }, list.map((v) => variantItem(state, v)))
      : h("p", { class: "empty", text: t("variantsNone") }),
    h("div", { class: "variants-new" },
      h("div", { class: "field" }, h("label", { for: "variants-from", text: t("editorBase") }),
        presetSelect("variants-from", ed.from, "editor-from", presets)),
      button(t("variantNew"), "editor-new", { class: "primary" }, { testid: "variant-new" })),
    h("div", { class: "saves" },
      button(t("variantsExport"), "editor-export-all", { disabled: !list.length }, { testid: "variants-export" }),
      button(t("variantsImport"), "editor-import", {}, { testid: "variants-import" }),
      h("input", { type: "file", accept: "application/json,.json", hidden: true,
        dataset: { intent: "editor-import-chosen", testid: "variants-import-file" } })));
}

function variantItem(state, v) {
  const ed = state.editor;
  const presets = state.meta.presets;
  const answer = V.knownCheck(state.variants, v.rules);
  const asking = ed.confirmDelete === v.id;
  const nameNode = ed.renaming === v.id
    ? h("span", { class: "rename" },
      h("input", { type: "text", maxlength: "60", value: ed.renameText, "aria-label": t("variantName"),
        dataset: { intent: "editor-rename-text", keys: "Enter", testid: "variant-rename-input", focus: `rename-${v.id}` } }),
      button(t("ok"), "editor-rename-ok", { class: "primary" }, { testid: "variant-rename-ok" }))
    : h("strong", { class: "variant-name", text: v.name });
  return h("li", { class: "variant", dataset: { testid: "variant", id: v.id, name: v.name } },
    h("div", { class: "variant-head" }, nameNode,
      h("span", { class: "quiet", text: t("variantFrom", { preset: presetName(presets, v.rules.preset) }) })),
    answer?.ok ? differencesView(answer.differences)
      : answer ? h("p", { class: "option-refused", text: errorText(answer.refusal) }) : null,
    h("div", { class: "variant-go" },
      h("a", { class: "button primary", href: playLink(v.rules, ed.seed), dataset: { testid: "variant-play" }, text: t("variantPlay") }),
      h("a", { class: "button", href: `#/rules/edit?variant=${encodeURIComponent(v.id)}`, dataset: { testid: "variant-edit" },
        text: t("variantEdit") }),
      h("a", { class: "button", href: viewLink(v.rules), dataset: { testid: "variant-rules" }, text: t("rulesView") }),
      button(t("variantRename"), "editor-rename", {}, { id: v.id, testid: "variant-rename" }),
      button(t("variantExport"), "editor-export", {}, { id: v.id, testid: "variant-export" }),
      button(asking ? t("quarantineDeleteSure") : t("quarantineDelete"), "editor-delete",
        { class: asking ? "danger" : null }, { id: v.id, testid: "variant-delete" })));
}

// ---- the rules page of one rule set ---------------------------------------------------

// The rules page's facts: the engine's check of the rule set and its rules_help answer.
async function openHelp(ctx, rules) {
  ctx.update((s) => { s.editor.help = { rules, answer: null, check: null, error: null }; });
  const help = { rules, answer: null, check: null, error: null };
  try {
    const check = await V.checkRules(ctx, rules);
    help.check = check;
    if (!check.ok) throw check.refusal;
    help.answer = await ctx.call("rules_help", { rules: check.rules });
  } catch (err) {
    help.error = { code: err?.code ?? null, params: err?.params ?? {} };
  }
  ctx.update((s) => { if (s.editor.help?.rules === rules) s.editor.help = help; });
}

// The trump order of every contract; kinds with the same trumps share a row.
export function trumpOrders(contracts) {
  const rows = [];
  for (const c of contracts) {
    const same = rows.find((r) => JSON.stringify(r.trumps) === JSON.stringify(c.trumps));
    if (same) same.kinds.push(c.kind);
    else rows.push({ kinds: [c.kind], trumps: c.trumps });
  }
  return h("div", { class: "trump-orders", dataset: { testid: "trump-orders" } }, rows.map((r) =>
    h("section", { class: "trump-order", dataset: { testid: "trump-order", kinds: r.kinds.join(" ") } },
      h("h4", { text: r.kinds.map(kindName).join(" · ") }),
      r.trumps.length
        ? h("ol", { class: "trump-cards", "aria-label": t("trumpsHighestFirst") },
          r.trumps.map((c) => h("li", {}, faceCard(c, { extra: "mini" }))))
        : h("p", { class: "quiet", text: t("noTrumps") }))));
}

function kindName(kind) {
  return kind === "normal" ? t("normalAndMore") : memberLabel("solos", kind);
}

function exampleView(example) {
  const s = example.summary;
  const r = example.result;
  const what = s.contract === "normal"
    ? t(r.winner === "re" ? "exampleNormal" : "exampleNormalLost", { eyes: s.eyes_re, said: s.announcements.re.length ? t("exampleSaid") : "",
      special: s.specials.length ? t("exampleSpecial", { what: itemLabel(s.specials[0].kind) }) : "" })
    : t("exampleSolo", { solo: contractName(s.contract), eyes: s.eyes_re });
  return h("tr", { dataset: { testid: "scoring-example" } },
    h("th", { scope: "row", text: what }),
    h("td", {}, h("ul", { class: "lines" }, r.lines.map((l) => h("li", {
      text: `${itemLabel(l.item)} (${l.party === "re" ? t("re") : t("kontra")}) ${signed(l.points)}` })))),
    h("td", { class: "num", text: r.points.map(signed).join(" / ") }));
}

function scoringFacts(info) {
  const facts = [[t("scoringSystem"), valueLabel("scoring", info.scoring)],
    [t("opt.announcements"), valueLabel("announcements", info.announcements)],
    [t("opt.specials"), valueLabel("specials", info.specials)],
    [t("opt.specials_in_solo"), valueLabel("specials_in_solo", info.specials_in_solo)],
    [t("soloFactor"), t("soloFactorLine")]];
  if (Array.isArray(info.bock)) {
    facts.push([optionLabel("bock"), valueLabel("bock", info.bock)]);
    if (info.bock.length) {
      facts.push([optionLabel("bock_rounds"), intLabel("bock_rounds", info.bock_rounds)]);
      if (info.bock_stack) facts.push([optionLabel("bock_stack"), valueLabel("bock_stack", info.bock_stack)]);
    }
  }
  return h("dl", { class: "scoring-facts" }, facts.map(([k, v]) => [h("dt", { text: k }), h("dd", { text: v })]));
}

export function rulesPageBody(help, presets) {
  if (help.error) return h("p", { class: "option-refused", role: "alert", text: errorText(help.error) });
  if (!help.answer) return h("p", { class: "quiet", text: t("engineWait") });
  const info = help.check.info;
  return [
    h("section", { "aria-labelledby": "help-diff-title" },
      h("h3", { id: "help-diff-title", text: t("diffTitle", { preset: presetName(presets, help.check.preset) }) }),
      differencesView(help.check.differences, { testid: "help-differences" })),
    h("section", { "aria-labelledby": "help-trumps-title" },
      h("h3", { id: "help-trumps-title", text: t("trumpOrderTitle") }),
      h("p", { class: "quiet", text: t("trumpOrderLine") }),
      trumpOrders(help.answer.contracts)),
    h("section", { "aria-labelledby": "help-scoring-title", dataset: { testid: "scoring" } },
      h("h3", { id: "help-scoring-title", text: t("scoringTitle") }),
      scoringFacts(info),
      h("div", { class: "table-scroll" }, h("table", { class: "scoring-examples" },
        h("caption", { text: t("examplesCaption") }),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("exampleGame") }),
          h("th", { scope: "col", text: t("exampleLines") }), h("th", { scope: "col", text: t("examplePoints") }))),
        h("tbody", {}, help.answer.examples.map(exampleView))))),
  ];
}

function helpView(state) {
  const presets = state.meta.presets;
  const help = state.editor.help;
  const rules = help?.check?.ok ? help.check.rules : help?.rules ?? "ddv";
  const preset = V.presetOf(rules);
  const primer = localText(presets[preset]?.primer);
  const saved = V.findVariant(state.variants, rules);
  return h("section", { class: "rules-page rules-help", dataset: { testid: "rules-help" }, "aria-labelledby": "help-title" },
    h("h2", { id: "help-title", text: t("rulesOf", { name: rulesName(rules, state) }) }),
    help ? rulesPageBody(help, presets) : null,
    primer ? h("details", { class: "primer-box" }, h("summary", { text: t("primerTitle", { name: presetName(presets, preset) }) }),
      primer.split(/\n\s*\n/).map((p) => h("p", { text: p }))) : null,
    h("div", { class: "editor-go help-go" },
      h("a", { class: "button primary", href: playLink(rules, state.editor.seed), dataset: { testid: "help-play" }, text: t("variantPlay") }),
      h("a", { class: "button", href: saved ? `#/rules/edit?variant=${encodeURIComponent(saved.id)}`
        : `#/rules/edit?from=${encodeURIComponent(preset)}${V.optionsParam(rules)}`, text: t("variantEdit") })));
}

// The rules editor's links: its screen, then the list, a draft or a rule set shown.
function openEditor(ctx, { path, params }) {
  ctx.update((s) => openScreen(s, "rules"));
  editorRoute(ctx, path, params);
}

export const editorRoutes = { "/rules": openEditor, "/rules/*": openEditor };
