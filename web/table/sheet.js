// The score sheet: one row per game with every seat's points and the running total,
// each row expandable to the itemised lines. Used by the game table and the keeper.
import { h, signed } from "../core/dom.js";
import { icon } from "../core/icons.js";
import { t, itemLabel, contractName, partyLabel } from "../core/i18n.js";

// rows: [{contract, points, lines, totals, duty_solo, forced_solo, bock}]; expanded: row
// indices open; editable: add a "correct" button (intent keeper-edit) per row;
// replayable: a button per row that opens the deal in the replay viewer (intent
// sheet-replay); bockToCome: Bockspiele still to be played (shown above the rows).
export function sheetView({ rows, totals, seats, seatName, expanded = [], editable = false,
  editing = null, sittingOut = (_row, _i) => null, replayable = false, bockToCome = 0, review = false }) {
  const n = seats;
  const columns = 2 + n;
  const body = [];
  rows.forEach((row, i) => {
    const open = expanded.includes(i);
    const notes = [];
    if (row.duty_solo) notes.push(h("span", { class: "tag mini", text: t("dutySolo") }));
    if (row.forced_solo != null) notes.push(h("span", { class: "tag mini", text: t("forcedSolo") }));
    if (row.bock) notes.push(bockChip(row.bock));
    const out = sittingOut(row, i);
    body.push(h("tr", { class: `score-row${editing === i ? " editing" : ""}${row.bock ? " bock" : ""}`,
      dataset: { testid: "score-row", bock: String(row.bock ?? 0), points: JSON.stringify(row.points),
        totals: JSON.stringify(row.totals) } },
      h("td", { class: "num", text: String(i + 1) }),
      h("td", { class: "contract" }, h("div", { class: "contract-line" },
        h("span", { class: "contract-name" }, h("span", { text: contractName(row.contract) }), notes),
        h("div", { class: "row-buttons" },
        (row.lines ?? []).length ? rowButton(open ? "chevronUp" : "chevronDown", t("rowDetails", { n: i + 1 }),
          { intent: "toggle-row", row: String(i), focus: `toggle-row:${i}`, testid: "row-details" },
          { "aria-expanded": String(open), "aria-controls": open ? `lines-${i}` : null }) : null,
        review ? rowButton("search", t("rowReview", { n: i + 1 }),
          { intent: "review-game", value: String(i), focus: `review-game:${i}`, testid: "row-review" }) : null,
        editable ? rowButton("pencil", t("correcting", { n: i + 1 }),
          { intent: "keeper-edit", row: String(i), focus: `keeper-edit:${i}`, testid: "row-edit" }) : null,
        replayable ? rowButton("play", t("rowReplayOf", { n: i + 1 }),
          { intent: "sheet-replay", value: String(i), focus: `sheet-replay:${i}`, testid: "row-replay" }) : null))),
      row.points.map((p, s) => h("td", { class: `num${s === out ? " out" : ""}` },
        h("span", { class: "pts", text: s === out && p === 0 ? "–" : signed(p) }),
        h("span", { class: "run", "aria-label": `${t("running")} ${row.totals[s]}`,
          text: `Σ ${row.totals[s]}` })))));
    if (open) {
      body.push(h("tr", { class: "lines-row", id: `lines-${i}`,
        dataset: { testid: "score-lines" } },
        h("td", { colspan: String(columns) },
          h("ul", { class: "line-items" }, (row.lines ?? []).map((line) => h("li",
            { dataset: { testid: "score-line" } },
            h("span", { text: lineLabel(line) }),
            h("span", { class: "party", text: partyLabel(line.party) }),
            h("span", { class: "num", text: signed(line.points) })))))));
    }
  });
  return h("table", { class: "sheet-table", dataset: { testid: "scoresheet" } },
    bockToCome > 0 ? h("caption", { class: "bock-to-come", dataset: { testid: "bock-to-come",
      n: String(bockToCome) }, text: t("bockToCome", { n: bockToCome }) }) : null,
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num", text: t("number") }),
      h("th", { scope: "col", text: t("contract") }),
      Array.from({ length: n }, (_, s) => h("th", { scope: "col", class: "num", text: seatName(s) })))),
    h("tbody", {}, body),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: "2", text: t("total") }),
      (totals ?? []).map((p) => h("td", { class: "num total", dataset: { testid: "total" },
        text: signed(p) })))));
}

// A row's button: a small icon, named for a screen reader and a pointer's tooltip, so a
// row stays one line on a phone.
function rowButton(name, label, dataset, extra = {}) {
  return h("button", { type: "button", class: "row-icon", "aria-label": label, title: label, dataset, ...extra },
    icon(name));
}

// A row's itemised lines open and close: on the keeper's sheet or the game's.
export const sheetIntents = {
  "toggle-row": (ctx, data) => ctx.update((s) => {
    const open = s.screen === "keeper" ? s.keeper.expanded : s.expanded;
    const row = Number(data.row);
    const at = open.indexOf(row);
    if (at >= 0) open.splice(at, 1);
    else open.push(row);
  }),
};

// ---- Bockrunden ----
// A bock deal's chip: level k doubles k times ("Bock ×2", "Bock ×4").
export function bockChip(level) {
  return h("span", { class: "tag mini bock", dataset: { testid: "bock-chip" },
    text: t("bockChip", { factor: 2 ** level }) });
}

// The label of a score line; a bock line says by how much everything was multiplied.
export function lineLabel(line) {
  if (line.item !== "bock") return itemLabel(line.item);
  return line.factor > 2 ? t("bockLineTimes", { factor: line.factor }) : t("item.bock");
}
