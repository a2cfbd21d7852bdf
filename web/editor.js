// House rules (routes #/rules, #/rules/edit, #/rules/view): the device's variants, the
// rules editor and the rules page of any rule set. The editor draws whatever options the
// engine's metadata lists (grouped by their `group`, shown when their `depends` hold)
// and asks the engine (`check_rules`) after every change; a refusal is said next to
// the option it names. The rules page draws the engine's trump orders (`rules_help`)
// with the page's own cards and its scored examples.
import { h, download, signed } from "./dom.js";
import { t, has, actionLabel, itemLabel, contractName, presetName, errorText, localText } from "./i18n.js";
import { faceCard } from "./table.js";
import * as V from "./variants.js";

export const GROUPS = ["cards", "reservations", "announcements", "specials", "scoring", "bock"];
const LEVEL_WORDS = ["re", "no90", "no60", "no30", "black"]; // the five deadlines, in order

const ed = {
  mode: "list", // list | edit | view
  base: "ddv", // the preset the draft starts from
  id: null, // the saved variant being edited, or null for a new one
  name: "",
  values: null, // every option's value in the draft
  answer: null, // the engine's check of the draft
  changed: null, // the option changed last (a refusal naming a hidden option is said there)
  token: 0,
  saved: "", // name the draft was saved under (a line says so)
  renaming: null, // id of the variant whose name is being edited in the list
  confirmDelete: null,
  help: null, // {rules, answer, check} of the rules page
  open: {}, // group -> open (the editor's sections)
};

let ctx = null; // {call, render, alert, meta: () => presets, options: () => option metadata}

export function initEditor(context) {
  ctx = context;
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

// "DDV-Turnier" or "Donnerstagsrunde (DDV-Turnier mit Hausregeln)".
export function rulesName(rules) {
  const preset = V.presetOf(rules);
  const base = presetName(ctx.meta(), preset);
  if (!Object.keys(V.optionsOf(rules)).length) return base;
  const saved = V.findVariant(rules);
  return saved ? saved.name : t("houseRulesOf", { preset: base });
}

// ---- routes ----------------------------------------------------------------------

// #/rules, #/rules/edit?from=PRESET|variant=ID, #/rules/view?rules=..&options=..
export function editorRoute(path, params) {
  ed.saved = "";
  ed.confirmDelete = null;
  if (path === "/rules/edit") {
    ed.mode = "edit";
    const variant = V.variantById(params.get("variant") ?? "");
    const { rules } = V.rulesFromParams(params, params.get("from") || "ddv");
    startDraft(variant ? variant.rules : rules, variant);
  } else if (path === "/rules/view") {
    ed.mode = "view";
    const { rules, error } = V.rulesFromParams(params);
    if (error) ctx.alert(t("badOptions", { why: errorText(error) }));
    openHelp(rules);
  } else {
    ed.mode = "list";
  }
  ctx.render();
}

function startDraft(rules, variant = null) {
  ed.source = { rules, variant }; // drawn again once the engine's metadata is in
  const preset = V.presetOf(rules);
  const meta = ctx.meta();
  ed.base = meta?.[preset] ? preset : Object.keys(meta ?? { ddv: 1 })[0];
  ed.id = variant?.id ?? null;
  ed.name = variant?.name ?? "";
  ed.values = null;
  ed.answer = null;
  ed.changed = null;
  if (!meta) return;
  ed.values = { ...structuredClone(meta[ed.base]), ...structuredClone(V.optionsOf(rules)) };
  check();
}

// The options of the draft that differ from its preset.
function draftOptions() {
  const preset = ctx.meta()[ed.base];
  const out = {};
  for (const o of ctx.options()) {
    if (o.group === "table") continue;
    if (JSON.stringify(ed.values[o.name]) !== JSON.stringify(preset[o.name])) out[o.name] = ed.values[o.name];
  }
  return out;
}

function draftRules() {
  return V.normalRules({ preset: ed.base, options: draftOptions() });
}

async function check() {
  const token = ++ed.token;
  const rules = draftRules();
  let answer;
  try {
    answer = await V.checkRules(rules);
  } catch (err) {
    answer = { ok: false, refusal: { code: err.code, params: err.params }, option: null };
  }
  if (token !== ed.token) return;
  ed.answer = answer;
  ctx.render();
}

function setValue(name, value) {
  ed.values[name] = value;
  ed.changed = name;
  ed.saved = "";
  ed.answer = { ...ed.answer, pending: true };
  ctx.render();
  check();
}

// ---- the option's controls -------------------------------------------------------------

function applies(option) {
  return (option.depends ?? []).every((c) => {
    const value = ed.values[c.option];
    if ("has" in c) return Array.isArray(value) && value.includes(c.has);
    return !(c.not ?? []).some((v) => JSON.stringify(v) === JSON.stringify(value));
  });
}

function control(o) {
  const value = ed.values[o.name];
  const id = `opt-${o.name}`;
  const data = { focus: id, testid: "option-input", option: o.name };
  if (o.type === "bool") {
    const box = h("input", { id, type: "checkbox", role: "switch", checked: !!value,
      "aria-describedby": `${id}-line`, dataset: data });
    box.addEventListener("change", () => setValue(o.name, box.checked));
    return box;
  }
  if (o.choices) {
    return select(id, o.choices.map((c) => [c, valueLabel(o.name, c)]), value, (v) => {
      const typed = o.choices.find((c) => String(c) === v);
      setValue(o.name, typed);
    }, data);
  }
  if (o.type === "int") {
    const [low, high] = o.range ?? [0, Math.max(20, value)];
    return select(id, range(low, high).map((n) => [n, intLabel(o.name, n)]), value,
      (v) => setValue(o.name, Number(v)), data);
  }
  if (o.type === "list" && o.items) return membersControl(o, value, data);
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

function select(id, entries, value, onChange, data) {
  const el = h("select", { id, "aria-describedby": `${id}-line`, dataset: data },
    entries.map(([v, text]) => h("option", { value: String(v), selected: String(v) === String(value), text })));
  el.addEventListener("change", () => onChange(el.value));
  return el;
}

// A list with a closed set of members: one toggle per member. The list keeps its order
// (solos may rank in it); a member comes back where the preset has it.
function membersControl(o, value, data) {
  const preset = ctx.meta()[ed.base][o.name] ?? [];
  return h("div", { class: "chips members", role: "group", "aria-labelledby": `opt-${o.name}-label`,
    dataset: { testid: "option-members", option: o.name } },
  o.items.map((m) => {
    const on = value.includes(m);
    const el = h("button", { type: "button", class: "chip", "aria-pressed": String(on),
      dataset: { ...data, focus: `opt-${o.name}-${m}`, member: m, testid: "option-member" },
      text: memberLabel(o.name, m) });
    el.addEventListener("click", () => {
      const next = on ? value.filter((x) => x !== m) : [...value, m];
      const same = next.length === preset.length && next.every((x) => preset.includes(x));
      setValue(o.name, same ? [...preset] : next);
    });
    return el;
  }));
}

function deadlinesControl(o, value) {
  const [low, high] = o.range ?? [0, 12];
  return h("div", { class: "deadlines" }, LEVEL_WORDS.map((word, i) => {
    const id = `opt-deadlines-${i}`;
    return h("label", { class: "deadline", for: id },
      h("span", { text: word === "re" ? `${actionLabel("re")}/${actionLabel("kontra")}` : actionLabel(word) }),
      select(id, range(low, high).map((n) => [n, String(n)]), value[i], (v) => {
        const next = [...value];
        next[i] = Number(v);
        setValue("deadlines", next);
      }, { focus: id, option: "deadlines" }));
  }));
}

// Where the engine's refusal is said: next to the option it names if that is shown,
// else next to the option changed last.
function refusalAt(shown) {
  const a = ed.answer;
  if (!a || a.ok || a.pending) return null;
  if (a.option && shown.includes(a.option)) return a.option;
  if (ed.changed && shown.includes(ed.changed)) return ed.changed;
  return null;
}

function optionRow(o, refusedHere) {
  const preset = ctx.meta()[ed.base];
  const differs = JSON.stringify(ed.values[o.name]) !== JSON.stringify(preset[o.name]);
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
  h("div", { class: "option-control" }, control(o)),
  refusedHere ? h("p", { class: "option-refused", role: "alert", dataset: { testid: "option-refused" },
    text: errorText(ed.answer.refusal) }) : null);
}

// ---- screens ---------------------------------------------------------------------

export function editorScreen(engineReady) {
  if (!ctx.meta() || !ctx.options()) {
    return h("section", { class: "rules-page" }, h("p", { class: "quiet", text: t("engineWait") }));
  }
  if (ed.mode === "edit") return editView(engineReady);
  if (ed.mode === "view") return helpView();
  return listView();
}

function presetSelect(id, value, onChange) {
  const meta = ctx.meta();
  const el = h("select", { id, dataset: { focus: id, testid: id } },
    Object.keys(meta).map((p) => h("option", { value: p, selected: p === value, text: presetName(meta, p) })));
  el.addEventListener("change", () => onChange(el.value));
  return el;
}

function editView() {
  if (!ed.values) startDraft(ed.source?.rules ?? ed.base, ed.source?.variant);
  const options = ctx.options().filter((o) => o.group !== "table");
  const shown = options.filter(applies).map((o) => o.name);
  const refused = refusalAt(shown);
  const a = ed.answer;
  const ok = !!a?.ok && !a.pending;
  const name = h("input", { id: "variant-name", type: "text", maxlength: "60", autocomplete: "off",
    value: ed.name, placeholder: t("variantNamePlaceholder"), dataset: { focus: "variant-name", testid: "variant-name" } });
  const saveButton = h("button", { type: "button", class: "primary",
    "aria-disabled": ok && V.cleanName(ed.name) ? null : "true", dataset: { testid: "variant-save", focus: "variant-save" },
    text: t("variantSave") });
  name.addEventListener("input", () => {
    ed.name = name.value;
    saveButton.setAttribute("aria-disabled", ed.answer?.ok && V.cleanName(ed.name) ? "false" : "true");
  });
  saveButton.addEventListener("click", () => saveDraft());
  const general = a && !a.ok && !a.pending && !refused
    ? h("p", { class: "option-refused", role: "alert", dataset: { testid: "option-refused" }, text: errorText(a.refusal) })
    : null;
  return h("section", { class: "rules-page editor", dataset: { testid: "rules-editor", valid: String(ok) },
    "aria-labelledby": "editor-title" },
  h("div", { class: "rules-head" },
    h("h2", { id: "editor-title", text: ed.id ? t("editorEditTitle") : t("editorTitle") }),
    h("a", { class: "link-like", href: "#/rules", dataset: { testid: "to-variants" }, text: t("backToVariants") })),
  h("div", { class: "field-row editor-head" },
    h("div", { class: "field" }, h("label", { for: "variant-name", text: t("variantName") }), name),
    h("div", { class: "field" }, h("label", { for: "editor-base", text: t("editorBase") }),
      presetSelect("editor-base", ed.base, (p) => {
        const { id, name } = ed;
        startDraft(p);
        Object.assign(ed, { id, name });
        ctx.render();
      }))),
  h("section", { class: "editor-summary", "aria-labelledby": "editor-diff-title" },
    h("h3", { id: "editor-diff-title", text: t("diffTitle", { preset: presetName(ctx.meta(), ed.base) }) }),
    differencesView(ok ? a.differences : (a?.differences ?? []))),
  general,
  GROUPS.map((g) => {
    const list = options.filter((o) => o.group === g && shown.includes(o.name));
    if (!list.length) return null;
    const changedHere = list.some((o) => JSON.stringify(ed.values[o.name]) !== JSON.stringify(ctx.meta()[ed.base][o.name]));
    const det = h("details", { class: "option-group", open: ed.open[g] ?? (g === "cards" || changedHere || list.some((o) => o.name === refused)),
      dataset: { testid: "option-group", group: g } },
    h("summary", {}, h("span", { text: t(`group.${g}`) }),
      changedHere ? h("span", { class: "group-changed", text: t("groupChanged") }) : null),
    list.map((o) => optionRow(o, o.name === refused)));
    det.addEventListener("toggle", () => { ed.open[g] = det.open; });
    return det;
  }),
  h("div", { class: "editor-go" }, saveButton,
    h("a", { class: "button", href: `#/rules/view?rules=${encodeURIComponent(ed.base)}${V.optionsParam(draftRules())}`,
      dataset: { testid: "variant-view" }, text: t("rulesView") })),
  ed.saved ? h("p", { class: "saved-note", role: "status", dataset: { testid: "variant-saved" },
    text: t("variantSaved", { name: ed.saved }) }) : null);
}

async function saveDraft() {
  const name = V.cleanName(ed.name);
  if (!ed.answer?.ok || ed.answer.pending) return;
  if (!name) { ctx.alert(t("variantNameMissing")); ctx.render(); return; }
  try {
    const v = await V.storeVariant(name, ed.answer.rules === ed.base ? { preset: ed.base, options: {} } : ed.answer.rules, ed.id);
    ed.id = v.id;
    ed.saved = v.name;
  } catch {
    ctx.alert(t("storageFailed"));
  }
  ctx.render();
}

function playLink(rules) {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  return `#/play?rules=${encodeURIComponent(V.presetOf(rules))}${V.optionsParam(rules)}&seed=${seed}`;
}

function viewLink(rules) {
  return `#/rules/view?rules=${encodeURIComponent(V.presetOf(rules))}${V.optionsParam(rules)}`;
}

function listView() {
  const list = V.variants.list;
  const file = h("input", { type: "file", accept: "application/json,.json", hidden: true,
    dataset: { testid: "variants-import-file" } });
  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (!f) return;
    try {
      const names = await V.importText(await f.text());
      ctx.alert("");
      ctx.status(t("variantsImported", { names: names.join(", ") }));
    } catch (err) {
      ctx.alert(t("variantsImportBad", { why: errorText(err) }));
    }
    ctx.render();
  });
  let from = "ddv";
  return h("section", { class: "rules-page variants", dataset: { testid: "variants" }, "aria-labelledby": "variants-title" },
    h("h2", { id: "variants-title", text: t("variantsTitle") }),
    h("p", { class: "quiet", text: t("variantsLine") }),
    list.length ? h("ul", { class: "variant-list" }, list.map(variantItem))
      : h("p", { class: "empty", text: t("variantsNone") }),
    h("div", { class: "variants-new" },
      h("div", { class: "field" }, h("label", { for: "variants-from", text: t("editorBase") }),
        presetSelect("variants-from", from, (p) => { from = p; })),
      button(t("variantNew"), () => { location.hash = `#/rules/edit?from=${encodeURIComponent(from)}`; },
        { class: "primary", dataset: { testid: "variant-new" } })),
    h("div", { class: "saves" },
      button(t("variantsExport"), () => download("hausregeln.json", "application/json", V.exportText()),
        { disabled: !list.length, dataset: { testid: "variants-export" } }),
      button(t("variantsImport"), () => file.click(), { dataset: { testid: "variants-import" } }),
      file));
}

// A button that calls fn when pressed (these screens bind their own listeners).
function button(label, fn, extra = {}) {
  const b = h("button", { type: "button", ...extra, text: label });
  b.addEventListener("click", fn);
  return b;
}

function variantItem(v) {
  const answer = V.checkedRules(v.rules);
  const renaming = ed.renaming === v.id;
  const asking = ed.confirmDelete === v.id;
  let nameNode;
  if (renaming) {
    const input = h("input", { type: "text", maxlength: "60", value: v.name, "aria-label": t("variantName"),
      dataset: { testid: "variant-rename-input", focus: `rename-${v.id}` } });
    const done = async () => { await V.renameVariant(v.id, input.value); ed.renaming = null; ctx.render(); };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") done(); });
    nameNode = h("span", { class: "rename" }, input, button(t("ok"), done, { class: "primary", dataset: { testid: "variant-rename-ok" } }));
  } else {
    nameNode = h("strong", { class: "variant-name", text: v.name });
  }
  return h("li", { class: "variant", dataset: { testid: "variant", id: v.id, name: v.name } },
    h("div", { class: "variant-head" }, nameNode,
      h("span", { class: "quiet", text: t("variantFrom", { preset: presetName(ctx.meta(), v.rules.preset) }) })),
    answer?.ok ? differencesView(answer.differences)
      : answer ? h("p", { class: "option-refused", text: errorText(answer.refusal) }) : null,
    h("div", { class: "variant-go" },
      h("a", { class: "button primary", href: playLink(v.rules), dataset: { testid: "variant-play" }, text: t("variantPlay") }),
      h("a", { class: "button", href: `#/rules/edit?variant=${encodeURIComponent(v.id)}`, dataset: { testid: "variant-edit" },
        text: t("variantEdit") }),
      h("a", { class: "button", href: viewLink(v.rules), dataset: { testid: "variant-rules" }, text: t("rulesView") }),
      button(t("variantRename"), () => { ed.renaming = v.id; ctx.render(); }, { dataset: { testid: "variant-rename" } }),
      button(t("variantExport"), () => download(`${v.name.replace(/[^\p{L}\p{N}]+/gu, "-") || "variante"}.json`,
        "application/json", V.exportText([v])), { dataset: { testid: "variant-export" } }),
      button(asking ? t("quarantineDeleteSure") : t("quarantineDelete"), async () => {
        if (!asking) { ed.confirmDelete = v.id; ctx.render(); return; }
        ed.confirmDelete = null;
        await V.deleteVariant(v.id);
      }, { class: asking ? "danger" : null, dataset: { testid: "variant-delete" } })));
}

// ---- the rules page of one rule set ---------------------------------------------------

export async function openHelp(rules) {
  const help = { rules, answer: null, check: null, error: null };
  ed.help = help;
  try {
    const check = await V.checkRules(rules);
    help.check = check;
    if (!check.ok) throw Object.assign(new Error("refused"), check.refusal);
    help.answer = await ctx.call("rules_help", { rules: check.rules });
  } catch (err) {
    help.error = err;
  }
  if (ed.help === help) ctx.render();
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

export function rulesPageBody(help) {
  if (help.error) return h("p", { class: "option-refused", role: "alert", text: errorText(help.error) });
  if (!help.answer) return h("p", { class: "quiet", text: t("engineWait") });
  const info = help.check.info;
  return [
    h("section", { "aria-labelledby": "help-diff-title" },
      h("h3", { id: "help-diff-title", text: t("diffTitle", { preset: presetName(ctx.meta(), help.check.preset) }) }),
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

function helpView() {
  const help = ed.help;
  const rules = help?.check?.ok ? help.check.rules : help?.rules ?? "ddv";
  const preset = V.presetOf(rules);
  const primer = localText(ctx.meta()?.[preset]?.primer);
  const saved = V.findVariant(rules);
  return h("section", { class: "rules-page rules-help", dataset: { testid: "rules-help" }, "aria-labelledby": "help-title" },
    h("h2", { id: "help-title", text: t("rulesOf", { name: rulesName(rules) }) }),
    help ? rulesPageBody(help) : null,
    primer ? h("details", { class: "primer-box" }, h("summary", { text: t("primerTitle", { name: presetName(ctx.meta(), preset) }) }),
      primer.split(/\n\s*\n/).map((p) => h("p", { text: p }))) : null,
    h("div", { class: "editor-go help-go" },
      h("a", { class: "button primary", href: playLink(rules), dataset: { testid: "help-play" }, text: t("variantPlay") }),
      h("a", { class: "button", href: saved ? `#/rules/edit?variant=${encodeURIComponent(saved.id)}`
        : `#/rules/edit?from=${encodeURIComponent(preset)}${V.optionsParam(rules)}`, text: t("variantEdit") })));
}
