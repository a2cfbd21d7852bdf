// Cards move to where they go: a played card flies from the hand (or the opponent's
// seat) to its place in the trick, and a taken trick sweeps to the seat that won it.
// What happened comes from the engine's events of one step (store.events, numbered by
// store.step); the DOM is read for geometry only: where the marked elements ([data-fly])
// are before a redraw and after it. Purely visual: nothing waits for an animation.
//
// The elements the table marks with data-fly (flyKey builds the keys):
//   trick:SEAT:CARD  a card lying in the trick      seat:SEAT  a seat's plate on the felt
//   hand:CARD#I      a card in the shown hand       hand-of:SEAT  the hand, and whose it is
//   held-trick       the trick area while a finished trick stays on the felt

export const flyKey = {
  trick: (seat, card) => `trick:${seat}:${card}`,
  hand: (card, index) => `hand:${card}#${index}`,
  seat: (seat) => `seat:${seat}`,
  handOf: (seat) => `hand-of:${seat}`,
  held: "held-trick",
};
const isTrickKey = (key) => key.startsWith("trick:");

// The little motion remembers between redraws (visual only, never saved):
//   step     the last engine step whose events were animated: the page redraws many
//            times per step (toasts, timers, a click), and a step animates once only;
//   sweepTo  the seat a taken trick goes to while that trick still lies on the felt
//            (held until collected), or null.
export function initialMemory() {
  return { step: 0, sweepTo: null };
}
let memory = initialMemory();

// ---- the pure part: which animations a step asks for ----------------------------

// Codes after which no trick sweeps: a card taken back, a new deal, a saved table
// opened, and the deal over (its result takes the table; cards sliding across it would
// only cover it).
const FRESH = new Set(["undone", "deal_started", "table_opened", "deal_over"]);

// What one step's events ask the table to show: the cards that fly into the trick (in
// the order they were played), the seat that took a trick (null: none), and whether the
// step starts afresh (a trick still held from before goes without a sweep).
export function stepAnimations(events) {
  const out = { flights: [], takenBy: null, fresh: false };
  for (const event of events ?? []) {
    const p = event?.params ?? {};
    if (event?.code === "card_played") out.flights.push({ seat: p.seat, card: p.card });
    else if (event?.code === "trick_taken") out.takenBy = p.seat;
    else if (FRESH.has(event?.code)) Object.assign(out, { flights: [], takenBy: null, fresh: true });
  }
  return out;
}

// One redraw: `step` and `events` as the store has them, `held` whether the redrawn
// felt still shows a finished trick, `lying` the trick keys (flyKey.trick) on the felt
// before the redraw. Returns the cards to fly in, the seat to sweep the trick that was
// on the felt before the redraw to (null: no sweep), and the new memory.
export function plan(mem, { step, events, held, lying = new Set() }) {
  if (step === mem.step) {
    // no new step: only a held trick that has now left the felt moves
    const leaves = mem.sweepTo != null && !held;
    return { flights: [], sweepTo: leaves ? mem.sweepTo : null,
      memory: { step, sweepTo: leaves ? null : mem.sweepTo } };
  }
  const { flights, takenBy, fresh } = stepAnimations(events);
  // the seat the trick on the felt before this redraw goes to: this step's trick (its
  // earlier cards) or one still held from an earlier step (a shared table's host moved on)
  const owner = takenBy ?? (fresh ? null : mem.sweepTo);
  const leaves = owner != null && !held;
  // a card that already lay in the trick stays put: a shared table's host sends its last
  // step again (a guest reconnects, a seat changes hands), and it is not played twice;
  // a trick leaving the felt takes its cards along, so then every card is new
  const landing = leaves ? flights : flights.filter((f) => !lying.has(flyKey.trick(f.seat, f.card)));
  return { flights: landing, sweepTo: leaves ? owner : null,
    memory: { step, sweepTo: leaves ? null : owner } };
}

// ---- the page's part: geometry and the Web Animations ---------------------------

const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

// Before a redraw: where every marked element is, by its key; null when this redraw
// can animate nothing (no new step, no held trick waiting to leave, reduced motion).
export function capture(root, step) {
  if ((step === memory.step && memory.sweepTo == null) || reduced()) return null;
  const spots = new Map();
  for (const el of root.querySelectorAll("[data-fly]")) {
    spots.set(el.dataset.fly, { rect: el.getBoundingClientRect(), el });
  }
  return spots;
}

// After a redraw: the step's cards fly in, a trick that left the felt sweeps to its
// taker. `duration` follows the speed setting (0: no movement). The memory moves on
// whether or not anything moves, so a later redraw never replays an old step.
export function play(before, root, { step, events, duration }) {
  const held = !!root.querySelector(`[data-fly="${flyKey.held}"]`);
  const lying = new Set([...(before?.keys() ?? [])].filter(isTrickKey));
  const next = plan(memory, { step, events, held, lying });
  memory = next.memory;
  if (!before || !duration || reduced()) return;
  if (next.sweepTo != null) sweep(before, next.sweepTo, root, duration);
  for (const { seat, card } of next.flights) {
    const el = root.querySelector(`[data-fly="${CSS.escape(flyKey.trick(seat, card))}"]`);
    const from = el && sourceOf(before, seat, card);
    if (from) flyIn(el, from, duration);
  }
}

// The hand card it left (when the hand shown was that seat's) or the seat's plate.
function sourceOf(before, seat, card) {
  if (before.has(flyKey.handOf(seat))) {
    const prefix = flyKey.hand(card, "");
    for (const [key, spot] of before) {
      if (key.startsWith(prefix)) return spot.rect;
    }
  }
  return before.get(flyKey.seat(seat))?.rect ?? null;
}

function flyIn(el, from, duration) {
  const to = el.getBoundingClientRect();
  if (!to.width) return;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = Math.max(0.3, Math.min(1.6, from.width / to.width));
  const rest = getComputedStyle(el).transform;
  el.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale}) rotate(0deg)` },
    { transform: rest === "none" ? "none" : rest },
  ], { duration, easing: "cubic-bezier(.2,.7,.3,1)" });
}

// The trick's cards as they lay before the redraw (copies at their old places) slide
// to the taker's seat.
function sweep(before, seat, root, duration) {
  const target = root.querySelector(`[data-fly="${CSS.escape(flyKey.seat(seat))}"]`);
  if (!target) return;
  const to = target.getBoundingClientRect();
  for (const [key, { rect, el }] of before) {
    if (isTrickKey(key)) sweepOne(el, rect, to, duration);
  }
}

function sweepOne(el, rect, to, duration) {
  const ghost = el.cloneNode(true);
  ghost.removeAttribute("data-fly");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { position: "fixed", left: `${rect.left}px`, top: `${rect.top}px`,
    width: `${rect.width}px`, height: `${rect.height}px`, margin: "0", transform: "none",
    zIndex: "50", pointerEvents: "none" });
  ghost.classList.add("ghost");
  document.body.append(ghost);
  const dx = to.left + to.width / 2 - (rect.left + rect.width / 2);
  const dy = to.top + to.height / 2 - (rect.top + rect.height / 2);
  const run = ghost.animate([
    { transform: "none", opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0.2 },
  ], { duration: duration * 1.3, easing: "cubic-bezier(.4,0,.6,1)" });
  run.onfinish = () => ghost.remove();
  run.oncancel = () => ghost.remove();
}
