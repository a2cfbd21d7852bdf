// A table across devices (netplay.js) with fake data channels: the host and the guest are
// two copies of the module, each with its own page. A guest's card reaches the host's
// table; a flood is budgeted; a message that is not what it should be is refused (or
// said) without throwing; what the page draws is in the store's `netplay` slice.
import "./page-stubs.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { tablePage, tick } from "./page-stubs.mjs";

let copies = 0;
// A fresh copy of the module (its own connections): one per side of a test.
const netplay = () => import(`../../web/screens/together/netplay.js?copy=${++copies}`);

// Two ends of one open data channel: what one sends the other receives (in order, after
// the sender's turn, as a browser delivers it). `sent` keeps each end's messages.
function channel() {
  const end = () => ({ readyState: "open", sent: [], onmessage: null, onopen: null, onclose: null,
    close() { this.readyState = "closed"; } });
  const a = end();
  const b = end();
  const wire = (from, to) => {
    from.send = (data) => {
      from.sent.push(data);
      queueMicrotask(() => to.onmessage?.({ data }));
    };
  };
  wire(a, b);
  wire(b, a);
  return [a, b];
}

const fakePc = () => ({ connectionState: "connected", close() {} });

function hostView(bots = [null, "standard", "standard", "standard"]) {
  return { seat: 0, players: 4, phase: "play", to_act: 1, bots, hand: ["HQ"], hand_sizes: [1, 1, 1, 1],
    sheet: [], legal: [] };
}

// The host's side: a table of four with Hanna at seat 0 and three free seats.
async function hostSide() {
  const net = await netplay();
  const page = await tablePage();
  const acts = [];
  const bots = [];
  page.state.together = { mode: "host", names: ["Hanna", null, null, null], covered: null, revealed: null };
  page.state.view = hostView();
  net.bindNetplay({ state: page.state, update: page.update, alert: page.alert,
    call: async (type, { seat }) => ({ ...page.state.view, seat, hand: [`hand-of-${seat}`] }),
    act: async (action) => { acts.push(action); return null; },
    setBots: async (next) => { bots.push(next); page.update((s) => { s.view = { ...s.view, bots: next }; }); },
    scheduleBot() {}, botSpec: () => "standard", engineBusy: () => false, stun: () => "" });
  net.hostStarted(true);
  return { net, page, state: page.state, acts, bots };
}

// The guest's side: its channel to the host wired, its views shown through `show`.
async function guestSide(dc) {
  const net = await netplay();
  const page = await tablePage();
  const shown = [];
  net.bindNetplay({ state: page.state, update: page.update, alert: page.alert,
    show: (view, events) => { shown.push({ view, events }); page.update((s) => { s.view = view; }); } });
  net.wireHost(fakePc(), dc);
  return { net, page, state: page.state, shown };
}

// A host with the guest Anna at seat 1, the channel open.
async function seated() {
  const [hostEnd, guestEnd] = channel();
  const host = await hostSide();
  const guest = await guestSide(guestEnd);
  host.net.seatGuest(1, "Anna", { dc: hostEnd, pc: fakePc() });
  assert.equal(host.state.netplay.host.seats[1].status, "connecting");
  hostEnd.onopen();
  guestEnd.onopen(); // the guest asks for its view
  await tick(5);
  return { host, guest, hostEnd, guestEnd };
}

const sentOf = (end) => end.sent.map((text) => JSON.parse(text));

test("the host's seats are store data: the guest who sat down is connected, and no bot plays the seat", async () => {
  const { host } = await seated();
  const seat = host.state.netplay.host.seats[1];
  assert.deepEqual({ name: seat.name, status: seat.status }, { name: "Anna", status: "connected" });
  assert.equal(host.state.together.names[1], "Anna");
  assert.deepEqual(host.bots.at(-1), [null, null, "standard", "standard"]);
  assert.deepEqual(JSON.parse(JSON.stringify(host.state.netplay)), host.state.netplay, "plain data only");
});

test("the guest gets its own seat's view and sits at the table the host names", async () => {
  const { guest } = await seated();
  assert.equal(guest.state.screen, "play");
  assert.equal(guest.state.together.mode, "guest");
  assert.deepEqual(guest.state.together.names, ["Hanna", "Anna", null, null]);
  assert.equal(guest.shown.at(-1).view.seat, 1);
  assert.deepEqual(guest.shown.at(-1).view.hand, ["hand-of-1"]);
});

test("a guest's card reaches the host's table, numbered, and is taken once", async () => {
  const { host, guest, hostEnd, guestEnd } = await seated();
  guest.net.sendAction("1:HQ");
  assert.equal(guest.state.netplay.guest.seq, 1);
  await tick(5);
  assert.deepEqual(host.acts, ["1:HQ"]);
  assert.equal(host.state.netplay.host.seats[1].seq, 1);
  // the same message again (a repeat) is not a second move
  guestEnd.send(JSON.stringify({ t: "act", seq: 1, action: "1:HQ" }));
  await tick(5);
  assert.deepEqual(host.acts, ["1:HQ"]);
  assert.ok(sentOf(hostEnd).some((m) => m.t === "view"));
});

test("a card for another seat is refused with a code, and the table is not touched", async () => {
  const { host, guestEnd, hostEnd } = await seated();
  guestEnd.send(JSON.stringify({ t: "act", seq: 1, action: "2:HQ" }));
  await tick(5);
  assert.deepEqual(host.acts, []);
  assert.ok(sentOf(hostEnd).some((m) => m.t === "refused" && m.code === "not-your-seat"));
});

test("a malformed message is refused without throwing; the table is not touched", async () => {
  const { host, guestEnd, hostEnd } = await seated();
  for (const bad of ["{not json", "[]", JSON.stringify({ t: "act", seq: 1, action: "1:<script>" }), "x".repeat(5000)]) {
    guestEnd.send(bad);
  }
  await tick(5);
  assert.deepEqual(host.acts, []);
  const refused = sentOf(hostEnd).filter((m) => m.t === "refused");
  assert.equal(refused.length, 4);
  assert.ok(refused.every((m) => m.code === "message-shape"));
});

test("a flood is budgeted: the first burst is taken, then the guest is told to slow down once", async () => {
  const { host, guestEnd, hostEnd } = await seated();
  for (let seq = 1; seq <= 100; seq++) guestEnd.send(JSON.stringify({ t: "act", seq, action: "1:HQ" }));
  await tick(20);
  // a burst of 40 messages, less the guest's first sync (a little more refills meanwhile)
  assert.ok(host.acts.length >= 39 && host.acts.length <= 41, `moves taken: ${host.acts.length}`);
  assert.equal(sentOf(hostEnd).filter((m) => m.t === "slow-down").length, 1);
});

test("a guest's side says a damaged host message in words and keeps its table", async () => {
  const { guest, hostEnd } = await seated();
  const before = guest.shown.length;
  const together = structuredClone(guest.state.together);
  hostEnd.send("not json at all");
  hostEnd.send(JSON.stringify({ t: "view", view: { seat: "x" } }));
  await tick(5);
  assert.equal(guest.shown.length, before);
  assert.deepEqual(guest.state.together, together);
  assert.equal(guest.page.alerts.length, 2);
});

test("the host says bye: the guest's banner says the host is gone", async () => {
  const { guest, hostEnd } = await seated();
  hostEnd.send(JSON.stringify({ t: "bye" }));
  await tick(5);
  assert.equal(guest.state.netplay.guest.lost, true);
});

test("a guest whose channel closes is away; a bot takes the seat after the wait", async () => {
  const { host, hostEnd } = await seated();
  host.net.setWait(0);
  hostEnd.onclose();
  assert.equal(host.state.netplay.host.seats[1].status, "away");
  await tick(10);
  assert.equal(host.state.netplay.host.seats[1].status, "bot");
  assert.deepEqual(host.bots.at(-1), [null, "standard", "standard", "standard"]);
  host.net.stop();
  assert.deepEqual(host.state.netplay.host.seats, []);
  assert.equal(host.state.netplay.host.active, false);
});
