// A shared table's messages: the declared kinds each side reads, the host's budget per
// guest, the score sheet sent as what is new, and long messages split into parts.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  readGuestMessage, readHostMessage, budget, sheetDelta, sheetJoined, partsOf, joiner, MAX_PART,
} from "../../web/screens/together/netplay-wire.js";

test("a guest's messages: a sync or a move of the right shape, nothing else", () => {
  assert.deepEqual(readGuestMessage('{"t":"sync"}'), { t: "sync", full: false });
  assert.deepEqual(readGuestMessage('{"t":"sync","full":true}'), { t: "sync", full: true });
  assert.deepEqual(readGuestMessage('{"t":"act","seq":3,"action":"2:HT"}'), { t: "act", seq: 3, action: "2:HT" });
  for (const bad of ["", "x", "[]", "null", '{"t":"act","seq":0,"action":"2:HT"}',
    '{"t":"act","seq":1,"action":"<b>"}', '{"t":"act","seq":1.5,"action":"2:HT"}',
    '{"t":"view"}', JSON.stringify({ t: "sync", pad: "x".repeat(3000) }), 42]) {
    assert.equal(readGuestMessage(bad), null, String(bad).slice(0, 40));
  }
});

const VIEW = { seat: 1, players: 4, hand: ["HT"], sheet: [], bots: [null, null, "x", "x"], phase: "play" };

test("a host's messages are read or named as bad, never thrown", () => {
  const ok = readHostMessage(JSON.stringify({ t: "view", seq: 2, names: ["A", 5, "C"], host: 0, started: true,
    view: VIEW, events: [], sheetFrom: 0, away: [null, 1700, "x"] }));
  assert.equal(ok.t, "view");
  assert.deepEqual(ok.names, ["A", null, "C"]);
  assert.deepEqual(ok.away, [null, 1700, null]);
  assert.deepEqual(readHostMessage('{"t":"refused","seq":4,"code":"seq-gap","params":{}}'),
    { t: "refused", seq: 4, code: "seq-gap", params: {} });
  assert.deepEqual(readHostMessage('{"t":"bye"}'), { t: "bye" });
  for (const [text, why] of [["{", "host-message-shape"], ["[1]", "host-message-shape"],
    ['{"t":"view","names":[],"sheetFrom":0,"view":{"seat":"1"}}', "host-message-shape"],
    ['{"t":"refused","code":"<script>"}', "host-message-shape"], ['{"t":"other"}', "host-message-shape"],
    ["x".repeat(400_001), "host-message-size"]]) {
    assert.deepEqual(readHostMessage(text), { t: "bad", why }, text.slice(0, 40));
  }
});

test("the sheet goes as what is new, and a guest missing rows asks again", () => {
  const rows = Array.from({ length: 5 }, (_, i) => ({ game: i + 1 }));
  const { view, sheetFrom } = sheetDelta({ ...VIEW, sheet: rows }, 3);
  assert.equal(sheetFrom, 3);
  assert.deepEqual(view.sheet, rows.slice(3));
  assert.deepEqual(sheetJoined(rows.slice(0, 3), view.sheet, sheetFrom), rows);
  assert.equal(sheetJoined(rows.slice(0, 2), view.sheet, sheetFrom), null);
  // a new table, shorter than what the guest holds: sent whole
  assert.deepEqual(sheetDelta({ ...VIEW, sheet: rows.slice(0, 1) }, 3).sheetFrom, 0);
});

test("a long message goes in parts no longer than a data channel carries, and comes back whole", () => {
  const value = { t: "view", names: ["Jürgen", "Zoë"], pad: '"ä×"'.repeat(20_000) };
  const text = JSON.stringify(value);
  const parts = partsOf(text, 7);
  assert.ok(parts.length >= 3);
  // bytes on the wire: never near the 64 KiB a data channel carries
  assert.ok(parts.every((p) => new TextEncoder().encode(p).length <= MAX_PART));
  const take = joiner();
  const got = parts.map(take);
  assert.deepEqual(got.slice(0, -1), parts.slice(0, -1).map(() => null));
  assert.deepEqual(JSON.parse(got.at(-1)), value);
  assert.deepEqual(partsOf("short", 1), ["short"]);
  assert.deepEqual(JSON.parse(partsOf('{"n":"Größe"}', 1)[0]), { n: "Größe" }); // escaped, the same value
  // a part out of order is named, not thrown
  const again = joiner();
  assert.deepEqual(again(parts[1]), { bad: "host-message-shape" });
});

test("the host's budget: a burst is taken, a flood is dropped, warned once and then cut", () => {
  let clock = 0;
  const b = budget({ rate: 20, burst: 40, cutAfter: 2000 }, () => clock);
  const first = Array.from({ length: 40 }, () => b.take());
  assert.ok(first.every((x) => x === "ok"));
  assert.equal(b.take(), "warn");
  const flood = Array.from({ length: 20_000 }, () => b.take());
  assert.equal(flood.filter((x) => x === "ok").length, 0);
  assert.equal(flood.filter((x) => x === "warn").length, 10); // every 200th drop up to the 2000th
  assert.equal(flood.at(-1), "cut");
  // a guest at a normal pace is never dropped
  const calm = budget({ rate: 20, burst: 40 }, () => clock);
  for (let i = 0; i < 500; i++) {
    clock += 100;
    assert.equal(calm.take(), "ok");
  }
});
