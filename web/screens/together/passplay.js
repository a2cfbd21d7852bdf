// Pass and play: one device goes round the table. Before a person's turn the hand is
// covered by a screen naming whose turn it is; a tap opens it. While covered (and while
// bots play) the page holds no hand in its DOM: the view it draws has the hand and the
// choices taken out, so nothing of another person's cards can show.
import { h } from "../../core/dom.js";
import { t } from "../../core/i18n.js";

let ctx = null; // {state, update, call, show(view)}

export function initPassplay(context) {
  ctx = context;
}

function table() {
  const tg = ctx.state.together;
  return tg && tg.mode === "pass" ? tg : null;
}

const isPerson = (tg, seat) => seat != null && tg.names[seat] != null;

// The engine's view as this device may show it now: the hand of the person to act only
// once they opened the cover; else the table alone, turned to the person next to act
// (or the last one who did), with no hand and no choices. The cover changes only once
// the view to draw with it is here: both are drawn in the same frame, never a cover
// naming the next person over the table as it was before the bots' moves.
export async function present(view) {
  const tg = table();
  if (!tg) return view;
  const next = view.phase === "done" ? null : view.to_act;
  if (isPerson(tg, next)) {
    if (tg.revealed === next) {
      const own = view.seat === next ? view : await ctx.call("view", { seat: next });
      turnTo({ facing: next });
      return own;
    }
    const shown = await covered(next);
    turnTo({ facing: next, revealed: null, covered: next });
    return shown;
  }
  // every card is on the table when it is done: the result for all
  const shown = view.phase === "done" ? view
    : await covered(isPerson(tg, tg.facing) ? tg.facing : tg.names.findIndex((n) => n != null));
  turnTo({ revealed: null, covered: null });
  return shown;
}

// The shared table's cover: `facing` the person the table is turned to, `covered` the one
// whose cards wait behind the cover, `revealed` the one who opened it.
function turnTo(change) {
  ctx.update((s) => Object.assign(s.together, change));
}

// The table as everybody at it may see it (the engine's public view: no hand, no
// choice, no party or Schweinchen not yet shown), turned to `seat`.
async function covered(seat) {
  return { ...await ctx.call("view", { seat, public: true }), covered: true };
}

// The person at the cover tapped it: their cards.
async function reveal() {
  const tg = table();
  if (!tg || tg.covered == null) return;
  const seat = tg.covered;
  const view = await ctx.call("view", { seat });
  if (table() !== tg || tg.covered !== seat) return;
  turnTo({ revealed: seat, covered: null });
  ctx.show(view);
}

// The cover's intent (the page's one intent table runs it).
export const passIntents = {
  "together-reveal": () => void reveal().catch(() => {}),
};

// No move, hint or choice reaches the engine while the hand is covered.
export function blocks(intent) {
  const tg = table();
  return !!tg && !!ctx.state.view?.covered
    && ["card", "action", "return", "hint", "undo", "solo-picker", "more-calls"].includes(intent.kind);
}

// In place of the hand and the choices while covered: whose turn, and the button.
export function coverPanel(view) {
  const tg = table();
  if (!tg || !view.covered) return null;
  if (tg.covered == null) {
    return h("section", { class: "cover quiet-cover", dataset: { testid: "cover", state: "bots" } },
      h("p", { text: view.to_act == null ? "" : t("turnOf", { name: tg.names[view.to_act] ?? t("botName", { n: view.to_act + 1 }) }) }));
  }
  const name = tg.names[tg.covered];
  return h("section", { class: "cover", role: "group", "aria-labelledby": "cover-title",
    dataset: { testid: "cover", state: "covered", seat: String(tg.covered) } },
  h("h2", { id: "cover-title", text: t("passTo", { name }) }),
  h("p", { class: "quiet", text: t("passToLine", { name }) }),
  h("button", { type: "button", class: "primary big",
    dataset: { intent: "together-reveal", focus: "together-reveal", testid: "reveal" },
    text: t("reveal", { name }) }));
}
