// Which animations the engine's events of a step ask for, and that a step animates once
// however often the page redraws (motion.js's pure part; the flights themselves need a
// browser: tests/browser/test_browser_table.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { stepAnimations, plan, initialMemory, flyKey } from "../../web/table/motion.js";

const played = (seat, card) => ({ code: "card_played", params: { seat, card } });
const taken = (seat, trick = 1, points = 20) => ({ code: "trick_taken", params: { seat, trick, points } });
const said = (seat, call) => ({ code: "announced", params: { seat, call } });

// Redraws in a row: each {step, events, held}; the flights and sweeps each one asks for.
function redraws(list) {
  let memory = initialMemory();
  return list.map((draw) => {
    const next = plan(memory, draw);
    memory = next.memory;
    return { flights: next.flights, sweepTo: next.sweepTo };
  }).concat([{ memory }]);
}

test("a step's cards fly in the order they were played; calls and reservations fly nothing", () => {
  const step = stepAnimations([
    { code: "reservation", params: { seat: 0, what: "healthy" } },
    said(1, "re"), played(1, "HT"), played(2, "CQ"),
  ]);
  assert.deepEqual(step, { flights: [{ seat: 1, card: "HT" }, { seat: 2, card: "CQ" }], takenBy: null, fresh: false });
});

test("the fourth card flies, and the seat named by trick_taken takes the trick", () => {
  assert.deepEqual(stepAnimations([played(3, "DA"), taken(2, 4, 31)]),
    { flights: [{ seat: 3, card: "DA" }], takenBy: 2, fresh: false });
});

test("a card taken back, a new deal, an opened table or the deal's end: no sweep, no flight", () => {
  for (const code of ["undone", "deal_started", "table_opened", "deal_over"]) {
    const step = stepAnimations([played(1, "HT"), { code, params: { seat: 0 } }]);
    assert.deepEqual(step, { flights: [], takenBy: null, fresh: true }, code);
  }
});

test("no events, odd entries: nothing to animate", () => {
  const none = { flights: [], takenBy: null, fresh: false };
  assert.deepEqual(stepAnimations(undefined), none);
  assert.deepEqual(stepAnimations([]), none);
  assert.deepEqual(stepAnimations([null, { code: "pigs_revealed", params: { seat: 1, kind: "pigs" } }]), none);
});

test("a step animates once: redraws without a new step (toasts, timers) fly nothing", () => {
  const steps = redraws([
    { step: 0, events: [], held: false }, // the page's first draws
    { step: 1, events: [played(1, "HT")], held: false },
    { step: 1, events: [played(1, "HT")], held: false },
    { step: 1, events: [played(1, "HT")], held: false },
    { step: 2, events: [played(2, "CQ")], held: false },
  ]);
  assert.deepEqual(steps.slice(0, 5).map((s) => s.flights), [
    [], [{ seat: 1, card: "HT" }], [], [], [{ seat: 2, card: "CQ" }]]);
  assert.ok(steps.slice(0, 5).every((s) => s.sweepTo == null));
});

test("a held trick sweeps to its taker when it leaves the felt, not before and only once", () => {
  const last = [played(0, "SA"), taken(3)];
  const steps = redraws([
    { step: 5, events: last, held: true }, // the fourth card lands; the trick stays
    { step: 5, events: last, held: true }, // a redraw while it is held
    { step: 5, events: last, held: false }, // collected (tap or timer): no new step
    { step: 5, events: last, held: false },
  ]);
  assert.deepEqual(steps[0], { flights: [{ seat: 0, card: "SA" }], sweepTo: null });
  assert.deepEqual(steps[1], { flights: [], sweepTo: null });
  assert.deepEqual(steps[2], { flights: [], sweepTo: 3 });
  assert.deepEqual(steps[3], { flights: [], sweepTo: null });
  assert.deepEqual(steps[4].memory, { step: 5, sweepTo: null });
});

test("a trick that is not held (no pause set) sweeps at once", () => {
  const [step] = redraws([{ step: 9, events: [played(2, "HA"), taken(1, 5)], held: false }]);
  assert.deepEqual(step, { flights: [{ seat: 2, card: "HA" }], sweepTo: 1 });
});

test("the deal's last trick does not sweep: the result takes the table", () => {
  const [step] = redraws([{ step: 9, events: [played(2, "HA"), taken(1, 12), { code: "deal_over", params: {} }],
    held: false }]);
  assert.deepEqual(step, { flights: [], sweepTo: null });
});

test("a guest's held trick leaves with the host's next step: it sweeps, and the new card flies", () => {
  const steps = redraws([
    { step: 3, events: [played(1, "C9"), taken(0)], held: true },
    { step: 4, events: [played(0, "DT")], held: false },
  ]);
  assert.deepEqual(steps[1], { flights: [{ seat: 0, card: "DT" }], sweepTo: 0 });
  assert.deepEqual(steps[2].memory, { step: 4, sweepTo: null });
});

test("a host's last step sent again (a guest reconnects): the card already lying there does not fly", () => {
  const again = [played(1, "C9")];
  const steps = redraws([
    { step: 3, events: again, held: false, lying: new Set(["trick:0:HA"]) },
    { step: 4, events: again, held: false, lying: new Set(["trick:0:HA", "trick:1:C9"]) },
  ]);
  assert.deepEqual(steps[0].flights, [{ seat: 1, card: "C9" }]);
  assert.deepEqual(steps[1].flights, []);
});

test("the same seat and card in the next trick fly when the held trick with them leaves", () => {
  const steps = redraws([
    { step: 3, events: [played(1, "C9"), taken(0)], held: true },
    { step: 4, events: [played(1, "C9")], held: false, lying: new Set(["trick:0:HA", "trick:1:C9"]) },
  ]);
  assert.deepEqual(steps[1], { flights: [{ seat: 1, card: "C9" }], sweepTo: 0 });
});

test("a card taken back while a trick is held: no sweep to the old taker", () => {
  const steps = redraws([
    { step: 6, events: [played(0, "HK"), taken(2)], held: true },
    { step: 7, events: [{ code: "undone", params: { seat: 0 } }], held: false },
    { step: 7, events: [], held: false },
  ]);
  assert.deepEqual(steps.slice(1, 3), [{ flights: [], sweepTo: null }, { flights: [], sweepTo: null }]);
});

test("the fly keys the table marks and motion reads are one format", () => {
  assert.equal(flyKey.trick(2, "CQ"), "trick:2:CQ");
  assert.equal(flyKey.hand("CQ", 1), "hand:CQ#1");
  assert.ok(flyKey.hand("CQ", 1).startsWith(flyKey.hand("CQ", "")));
  assert.ok(!flyKey.hand("C9", 0).startsWith(flyKey.hand("C", "")));
  assert.notEqual(flyKey.seat(0), flyKey.handOf(0));
});
