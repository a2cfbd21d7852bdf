// A table across devices with no server of ours. The host's engine (in its worker) is
// the only authority; every guest is one WebRTC data channel, set up by links alone: an
// invite carries the host's offer, the guest's answer comes back as a link (opened in
// another tab on the host's device it reaches the hosting tab by BroadcastChannel).
// A guest gets only its own seat's view; the host checks every guest message (its
// seat, its sequence number, size and shape; the engine checks the move) and refuses a
// bad one without touching the table. A guest who drops is played by a bot after a
// visible wait and can sit down again with a new invite.
import { h } from "../../core/dom.js";
import { t, presetName, errorText, localText, levelName } from "../../core/i18n.js";
import { compactSdp, expandSdp, encode, decode, linkTo } from "./invite.js";
import { qrCode } from "./qr.js";
import { randomId } from "../../core/random.js";
import { setting, saveSetting } from "../../core/storage.js";
import { leaveTable } from "../../core/store.js";
import { readGuestMessage, readHostMessage, budget, sheetDelta, sheetJoined, partsOf, joiner } from "./netplay-wire.js";

export const DEFAULT_STUN = "stun:stun.l.google.com:19302";
const CHANNEL = "doko-together";
const MAX_ANSWER_TEXT = 20_000; // characters of a pasted answer kept (a link is under 1,000)
const ICE_WAIT_MS = 5000; // the most we wait for the network's candidates
const SETUP_MS = 8000; // an answer taken, the most we wait for its guest's channel to open

// {state, update, flush, call, alert, show(view), stun(), act(action) -> refusal | null,
//  setBots(bots), scheduleBot, botSpec(), engineBusy()}
let ctx = null;

// The store's `netplay` slice: everything the page draws of a shared table, plain data.
// host.seats: per seat null, or {name, status: connecting|connected|away|bot, seq (the
// guest's last move taken), awayAt (ms since 1970)}; host.invite: {link, size};
// host.invites: the keys of the invites out; host.asking: answers from another tab of
// this device waiting for the host's yes, [{id, payload, name, seat}];
// guest.invite: the decoded invite; guest.answer: {link, size, making}; answering: an
// answer link opened in a tab of its own, {id, result, timedOut, asked}.
export function initialNetplay() {
  return {
    waitMs: 30_000, // before a bot takes over an empty seat
    host: { active: false, seat: 0, started: false, panel: false, seats: [], invites: [], invite: null, answer: "",
      asking: [] },
    guest: { invite: null, seat: null, name: "", answer: null, lost: false, seq: 0 },
    answering: null,
  };
}

// What is live and never drawn, so never in the store: the connections and their timers
// per seat ({dc, pc, timer, budget, rows, syncing, syncAgain, parts, before}), the
// invites' connections by key, the moves waiting for the engine, the guest's own
// connection, the QR codes drawn for links.
const live = {
  seats: [],
  invites: new Map(),
  queue: [],
  pumping: false,
  ticking: 0,
  bus: null,
  answerTimer: 0,
  // `rows`: the score sheet as far as the host has sent it; `join`: puts a long
  // message's parts together; `deals`: the records of the deals the guest saw end
  guest: { pc: null, dc: null, rows: [], join: joiner(), deals: [] },
  qrs: new Map(),
};

const net = () => ctx.state.netplay;
const hostState = () => ctx.state.netplay.host;
const guestState = () => ctx.state.netplay.guest;

// The slice's transitions: each changes the store once (and the page is drawn once).
const changeHost = (fn) => ctx.update((s) => fn(s.netplay.host));
const changeGuest = (fn) => ctx.update((s) => fn(s.netplay.guest));
const changeSeat = (seatNo, fn) => changeHost((h) => fn(h.seats[seatNo]));

// The services alone, without the page's window (a test's).
export function bindNetplay(context) {
  ctx = context;
}

export function initNetplay(context) {
  bindNetplay(context);
  if ("BroadcastChannel" in self) {
    live.bus = new BroadcastChannel(CHANNEL);
    live.bus.onmessage = (event) => onBus(event.data);
  }
  window.addEventListener("pagehide", () => {
    for (const s of live.seats) if (s?.dc?.readyState === "open") s.dc.send(JSON.stringify({ t: "bye" }));
  });
}

export function setWait(seconds) {
  if (Number.isFinite(seconds) && seconds >= 0) ctx.update((s) => { s.netplay.waitMs = seconds * 1000; });
}

function iceConfig() {
  const stun = ctx.stun();
  return { iceServers: stun ? stun.split(/[\s,]+/).filter(Boolean).map((urls) => ({ urls })) : [] };
}

// The offer or answer once its candidates are in (no trickling: the link carries them).
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); resolve(); };
    const timer = setTimeout(done, ICE_WAIT_MS);
    pc.addEventListener("icegatheringstatechange", () => { if (pc.iceGatheringState === "complete") done(); });
  });
}

const key = randomId;

// A link with its QR code (drawn once, kept beside the store: it is DOM).
async function withQr(link, label) {
  const qr = await qrCode(link, label);
  if (qr) live.qrs.set(link, qr);
  return { link, size: link.length };
}

// ==== the host ===========================================================================

export function isHost() {
  return hostState().active && ctx.state.together?.mode === "host";
}

export function isGuest() {
  return ctx.state.together?.mode === "guest";
}

// The host's table started (or resumed): every seat but the host's is a bot until a
// guest sits down; a resumed table's guests are away until they join again.
export function hostStarted(fresh) {
  const tg = ctx.state.together;
  const me = ctx.state.view?.seat ?? Math.max(0, tg.names.findIndex((n) => n != null));
  const bots = ctx.state.view?.bots ?? [];
  const waiting = (seat, name) => seat !== me && name != null;
  live.seats = tg.names.map((name, seat) => (waiting(seat, name) ? { dc: null, pc: null, timer: 0 } : null));
  changeHost((h) => {
    Object.assign(h, { active: true, seat: me, started: !fresh, panel: fresh });
    h.seats = tg.names.map((name, seat) => (waiting(seat, name)
      ? { name, status: bots[seat] == null ? "away" : "bot", seq: 0, awayAt: Date.now() } : null));
  });
  hostState().seats.forEach((seat, seatNo) => { if (seat?.status === "away") startAwayTimer(seatNo); });
}

// The page leaves a shared table: a host closes its guests' channels, a guest its own.
export function stop() {
  if (live.guest.pc) {
    const pc = live.guest.pc;
    live.guest.pc = null;
    live.guest.dc = null;
    pc.close();
  }
  stopHosting();
}

function stopHosting() {
  for (const s of live.seats) {
    if (!s) continue;
    clearTimeout(s.timer);
    try { s.dc?.send(JSON.stringify({ t: "bye" })); } catch { /* closing anyway */ }
    s.pc?.close();
  }
  for (const inv of live.invites.values()) inv.pc.close();
  Object.assign(live, { seats: [], invites: new Map(), queue: [] });
  if (hostState().active || hostState().seats.length) {
    changeHost((h) => Object.assign(h, { active: false, seats: [], invites: [], panel: false, invite: null }));
  }
}

// Bots hold still while the host's invite panel is open before the first card.
export function holdsBots() {
  return isHost() && !hostState().started;
}

const taken = (seat) => ["connected", "connecting"].includes(seat?.status);

function freeSeats() {
  const { seats, seat: mine } = hostState();
  const n = ctx.state.together.names.length;
  return Array.from({ length: n }, (_, s) => s).filter((s) => s !== mine && !taken(seats[s]));
}

async function makeInvite() {
  const pc = new RTCPeerConnection(iceConfig());
  const dc = pc.createDataChannel("doko", { ordered: true });
  const k = key();
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const store = ctx.state;
  const view = store.view;
  const { seats, seat: mine } = hostState();
  const names = store.together.names.map((n, s) => (s === mine || taken(seats[s]) ? n : null));
  const rules = view?.rules ?? store.preset;
  // the rule set's name goes along: the guest's page shows it before its engine is in
  const payload = await encode({ v: 1, k, o: compactSdp(pc.localDescription.sdp), r: rules,
    rn: store.rulesMeta?.[rules]?.name ?? null,
    n: view?.rounds ?? 1, l: store.level ?? store.defaultLevel ?? null, p: names.length, s: names, h: mine,
    w: freeSeats(), a: store.together.names.map((n, s) => (["away", "bot"].includes(seats[s]?.status) ? n : null)) });
  live.invites.set(k, { pc, dc });
  const invite = await withQr(linkTo("join", payload), t("inviteQr"));
  changeHost((h) => {
    h.invites.push(k);
    h.invite = invite;
  });
  ctx.flush(); // the page's tests read the link once it is drawn
  document.body.dataset.inviteLink = invite.link;
}

// An answer link's payload (pasted, opened in this tab or in another tab of this device).
async function takeAnswer(payload) {
  const a = await decode(payload, "answer");
  if (!a) return { ok: false, why: "answerBad" };
  const inv = live.invites.get(a.k);
  if (!inv) return { ok: false, why: "answerUsed" };
  if (!freeSeats().includes(a.seat)) return { ok: false, why: "seatTaken" };
  live.invites.delete(a.k);
  changeHost((h) => { h.invites = h.invites.filter((k) => k !== a.k); });
  const name = a.name.trim().slice(0, 24) || t("guestName", { n: a.seat + 1 });
  const conn = seatGuest(a.seat, name, inv);
  try {
    await inv.pc.setRemoteDescription({ type: "answer", sdp: expandSdp(a.a) });
  } catch {
    setupFailed(a.seat, conn, "answerDamaged");
    return { ok: false, why: "answerDamaged" };
  }
  changeHost((h) => { h.invite = null; });
  delete document.body.dataset.inviteLink;
  return { ok: true, seat: a.seat, name };
}

// A guest's connection ({dc, pc}) takes seat `seatNo` under `name`: the seat says
// "connecting" until its channel opens. Returns the seat's live record.
export function seatGuest(seatNo, name, { dc, pc }) {
  const old = hostState().seats[seatNo];
  const oldLive = live.seats[seatNo];
  if (oldLive) { clearTimeout(oldLive.timer); oldLive.pc?.close(); }
  const conn = { dc, pc, timer: 0, budget: budget(), rows: 0, syncing: false, syncAgain: false, parts: 0,
    before: old ? { seat: { ...old }, live: oldLive } : null };
  live.seats[seatNo] = conn;
  changeHost((h) => { h.seats[seatNo] = { name, status: "connecting", seq: old?.seq ?? 0, awayAt: 0 }; });
  wireGuest(seatNo, conn);
  return conn;
}

function wireGuest(seatNo, conn) {
  const { dc, pc } = conn;
  const mine = () => live.seats[seatNo] === conn;
  const status = () => hostState().seats[seatNo]?.status;
  const gone = () => {
    if (!mine()) return;
    if (status() === "connecting") setupFailed(seatNo, conn, "answerNoConnection");
    else if (status() !== "away" && status() !== "bot") away(seatNo);
  };
  // a tampered answer (its fingerprint, its ICE password) never connects: said in words
  conn.timer = setTimeout(() => {
    if (mine() && status() === "connecting") setupFailed(seatNo, conn, "answerNoConnection");
  }, SETUP_MS);
  dc.onopen = () => {
    if (!mine()) return;
    clearTimeout(conn.timer);
    ctx.update((s) => {
      const seat = s.netplay.host.seats[seatNo];
      seat.status = "connected";
      s.together.names[seatNo] = seat.name;
    });
    enqueue(() => setBot(seatNo, null));
  };
  dc.onmessage = (event) => { if (mine()) fromGuest(seatNo, conn, event.data); };
  dc.onclose = gone;
  pc.onconnectionstatechange = () => { if (["failed", "closed", "disconnected"].includes(pc.connectionState)) gone(); };
}

// An answer that could not connect: the seat is as it was before (free, or waiting for
// its guest), the host is told why, and a new invite for it works.
function setupFailed(seatNo, conn, why) {
  clearTimeout(conn.timer);
  try { conn.pc?.close(); } catch { /* closed already */ }
  if (live.seats[seatNo] !== conn) return;
  const name = hostState().seats[seatNo]?.name;
  live.seats[seatNo] = conn.before?.live ?? undefined;
  changeHost((h) => { h.seats[seatNo] = conn.before?.seat ?? undefined; });
  if (conn.before?.seat.status === "away") startAwayTimer(seatNo);
  ctx.alert(t(why, { name }));
}

function away(seatNo) {
  changeSeat(seatNo, (seat) => Object.assign(seat, { status: "away", awayAt: Date.now() }));
  startAwayTimer(seatNo);
}

function startAwayTimer(seatNo) {
  const conn = live.seats[seatNo] ?? (live.seats[seatNo] = { dc: null, pc: null, timer: 0 });
  clearTimeout(conn.timer);
  conn.timer = setTimeout(() => {
    if (live.seats[seatNo] !== conn || hostState().seats[seatNo]?.status !== "away") return;
    changeSeat(seatNo, (seat) => { seat.status = "bot"; });
    enqueue(() => setBot(seatNo, ctx.botSpec()));
  }, net().waitMs);
  tick();
}

// A countdown on the host's table while a seat waits for its guest: the clock moved, so
// the page is drawn again each second.
function tick() {
  if (live.ticking) return;
  live.ticking = setInterval(() => {
    if (!hostState().seats.some((s) => s?.status === "away")) {
      clearInterval(live.ticking);
      live.ticking = 0;
    }
    if (isHost()) ctx.update();
  }, 1000);
}

async function setBot(seatNo, spec) {
  const bots = [...(ctx.state.view?.bots ?? [])];
  if (bots[seatNo] === spec) { await sendViews(); return; }
  bots[seatNo] = spec;
  await ctx.setBots(bots);
}

// Guest moves and seat changes run one at a time, when no other request is on its way.
function enqueue(job) {
  live.queue.push(job);
  pump();
}

async function pump() {
  if (live.pumping || ctx.state.busy || ctx.engineBusy()) return;
  const job = live.queue.shift();
  if (!job) return;
  live.pumping = true;
  try { await job(); } catch { /* the job reported its own refusal */ }
  live.pumping = false;
  pump();
}

// A guest's message, within its budget and of a declared kind (netplay-wire.js), else
// dropped or refused with a code; the table is not touched. A guest that keeps flooding
// is told to slow down, then disconnected: the others' moves never wait behind it.
function fromGuest(seatNo, conn, data) {
  const spent = conn.budget.take();
  if (spent === "cut") return void dropGuest(seatNo, conn);
  if (spent === "warn") return void send(conn, { t: "slow-down" });
  if (spent === "drop") return undefined;
  const msg = readGuestMessage(data);
  if (!msg) return send(conn, { t: "refused", seq: null, code: "message-shape", params: {} });
  if (msg.t === "sync") {
    if (msg.full) conn.rows = 0;
    return void sendView(seatNo);
  }
  enqueue(() => guestAct(seatNo, conn, msg));
  return undefined;
}

// A guest that flooded the host: its channel is closed, its seat waits like any seat
// whose guest went away (a bot takes over after the wait).
function dropGuest(seatNo, conn) {
  try { conn.dc?.close(); } catch { /* closed already */ }
  if (live.seats[seatNo] === conn && hostState().seats[seatNo]?.status === "connected") away(seatNo);
}

async function guestAct(seatNo, conn, msg) {
  if (live.seats[seatNo] !== conn) return undefined; // the guest left while its move waited
  const seat = hostState().seats[seatNo];
  if (msg.seq <= seat.seq) return sendView(seatNo); // a repeat of a move already taken
  if (msg.seq !== seat.seq + 1) return refuse(seatNo, conn, msg.seq, { code: "seq-gap", params: {} });
  changeSeat(seatNo, (s) => { s.seq = msg.seq; });
  if (!msg.action.startsWith(`${seatNo}:`)) return refuse(seatNo, conn, msg.seq, { code: "not-your-seat", params: {} });
  if (seat.status !== "connected" || ctx.state.view?.bots?.[seatNo]) {
    return refuse(seatNo, conn, msg.seq, { code: "seat-is-bot", params: {} });
  }
  const error = await ctx.act(msg.action);
  if (error) refuse(seatNo, conn, msg.seq, error);
  return undefined;
}

function refuse(seatNo, conn, seq, error) {
  send(conn, { t: "refused", seq, code: error.code ?? "engine-failure", params: error.params ?? {} });
  return sendView(seatNo);
}

// One message to a guest, in parts where it is long. A send that fails says so on the
// host's table (the seat waits like one whose guest went away), never silently.
function send(conn, obj) {
  if (conn?.dc?.readyState !== "open") return false;
  try {
    for (const piece of partsOf(JSON.stringify(obj), ++conn.parts)) conn.dc.send(piece);
    return true;
  } catch {
    const seatNo = live.seats.indexOf(conn);
    const seat = hostState().seats[seatNo];
    if (seatNo >= 0 && seat?.status === "connected") {
      away(seatNo);
      ctx.alert(t("guestSendFailed", { name: seat.name }));
    }
    return false;
  }
}

// Each connected guest's own view (its hand, never another; no record, which holds
// every hand), with the table's names, who is away, and the last move the host took
// from it; the score sheet's rows the guest has already are left out. Asked again while
// one is on its way, the next one is sent once (a flood of syncs costs one view).
async function sendView(seatNo) {
  const conn = live.seats[seatNo];
  if (hostState().seats[seatNo]?.status !== "connected" || !conn) return;
  if (conn.syncing) {
    conn.syncAgain = true;
    return;
  }
  conn.syncing = true;
  try {
    const view = await ctx.call("view", { seat: seatNo });
    // a deal played to its last card has shown every hand (a review may have it); one
    // thrown in has not
    if (view.phase !== "done" || view.hand_sizes.some((n) => n > 0)) view.record = null;
    const { view: small, sheetFrom } = sheetDelta(view, conn.rows);
    const { seat: mine, started } = hostState();
    if (send(conn, { t: "view", seq: hostState().seats[seatNo].seq, names: ctx.state.together.names, host: mine,
      started, away: awaySince(), view: small, events: ctx.state.events ?? [], sheetFrom })) {
      conn.rows = view.sheet.length;
    }
  } finally {
    conn.syncing = false;
  }
  if (conn.syncAgain) {
    conn.syncAgain = false;
    await sendView(seatNo);
  }
}

// Per seat, since when its guest is away (ms since 1970), else null.
function awaySince() {
  const { seats } = hostState();
  return ctx.state.together.names.map((_, s) => (seats[s]?.status === "away" ? seats[s].awayAt : null));
}

async function sendViews() {
  for (let s = 0; s < hostState().seats.length; s++) await sendView(s);
}

// After every new view on the host's table: the guests' views, then the next guest move.
export function afterView() {
  if (!isHost()) return;
  sendViews().catch(() => {}).finally(() => pump());
}

// ---- the host's and the guest's intents (the page's one intent table runs them) ----------

export const netIntents = {
  // the pasted answer lives in the store, not in the field: a redraw (a bot's move, the
  // away countdown) between pasting and "take" must not wipe it
  "together-answer-text": (_ctx, data) => changeHost((h) => { h.answer = String(data.value ?? "").slice(0, MAX_ANSWER_TEXT); }),
  "together-invite": () => {
    changeHost((h) => Object.assign(h, { panel: true, invite: null }));
    return void makeInvite().catch(() => ctx.alert(t("inviteFailed")));
  },
  "together-panel": () => changeHost((h) => { h.panel = !h.panel; }),
  "together-begin": () => {
    changeHost((h) => Object.assign(h, { started: true, panel: false }));
    sendViews().catch(() => {});
    return void ctx.scheduleBot();
  },
  "together-answer": () => {
    const text = /** @type {HTMLTextAreaElement | null} */ (document.getElementById("together-answer"))?.value || hostState().answer;
    const payload = text.trim().split("#/answer/")[1] ?? text.trim();
    return void takeAnswer(payload).then((r) => {
      if (!r.ok) ctx.alert(t(r.why));
      else changeHost((h) => { h.answer = ""; });
    });
  },
  "together-allow": () => void answerAsk(true),
  "together-deny": () => void answerAsk(false),
  "together-copy": (_ctx, data) => void copy(data.value),
  "together-share": (_ctx, data) => void navigator.share?.({ url: data.value, title: t("title") }).catch(() => {}),
  "together-guest-name": (_ctx, data) => typedName(data.value),
  "together-seat": (_ctx, data) => changeGuest((g) => { g.seat = Number(data.value); }),
  "together-join": () => void sitDown().catch(() => ctx.alert(t("inviteFailed"))),
};

// An answer link opened in this very tab (the host pasted it into the address bar).
export function answerHere(payload) {
  return takeAnswer(payload).then((r) => { if (!r.ok) ctx.alert(t(r.why)); return r.ok; });
}

async function onBus(msg) {
  if (!msg || typeof msg !== "object") return;
  const answering = net().answering;
  if (msg.type === "answer" && isHost() && typeof msg.payload === "string") {
    await askHost(msg.id, msg.payload);
  } else if (msg.type === "answer-asked" && answering && msg.id === answering.id) {
    clearTimeout(live.answerTimer);
    ctx.update((s) => { s.netplay.answering.asked = true; });
  } else if (msg.type === "answer-taken" && answering && msg.id === answering.id) {
    clearTimeout(live.answerTimer);
    ctx.update((s) => { s.netplay.answering.result = { ok: !!msg.ok, why: String(msg.why ?? ""), name: String(msg.name ?? "") }; });
  }
}

// An answer that arrived from another tab (whoever holds an invite link can make one):
// the host sees who wants which seat and says yes or no before anyone sits down.
async function askHost(id, payload) {
  const a = await decode(payload, "answer");
  if (!a || !live.invites.has(a.k)) {
    tellAnswerTab(id, { ok: false, why: a ? "answerUsed" : "answerBad" });
    return;
  }
  const name = a.name.trim().slice(0, 24) || t("guestName", { n: a.seat + 1 });
  changeHost((h) => { h.asking = [...h.asking.filter((q) => q.id !== id), { id, payload, name, seat: a.seat }]; });
  live.bus.postMessage({ type: "answer-asked", id });
}

function tellAnswerTab(id, r) {
  live.bus?.postMessage({ type: "answer-taken", id, ok: r.ok, why: r.why ?? "", name: r.name ?? "" });
}

// The host's yes (the guest sits down) or no (the answer's tab is told) to the first ask.
async function answerAsk(yes) {
  const [first] = hostState().asking;
  if (!first) return;
  changeHost((h) => { h.asking = h.asking.filter((q) => q.id !== first.id); });
  if (!yes) return void tellAnswerTab(first.id, { ok: false, why: "answerDenied" });
  const r = await takeAnswer(first.payload);
  tellAnswerTab(first.id, r);
  if (!r.ok) ctx.alert(t(r.why, { name: first.name }));
}

// ---- the host's panels ----------------------------------------------------------------

// "Gero möchte sich an Platz 3 setzen": the first answer waiting for the host's yes.
function askLine() {
  const [first] = hostState().asking;
  if (!first) return null;
  return h("div", { class: "net-ask", role: "alertdialog", "aria-labelledby": "net-ask-text",
    dataset: { testid: "answer-ask", seat: String(first.seat) } },
  h("span", { id: "net-ask-text", text: t("answerAsk", { name: first.name, n: first.seat + 1 }) }),
  h("button", { type: "button", class: "primary", dataset: { intent: "together-allow", focus: "together-allow",
    testid: "answer-allow" }, text: t("answerAllow") }),
  h("button", { type: "button", dataset: { intent: "together-deny", testid: "answer-deny" }, text: t("answerDeny") }));
}

// Seconds until a bot takes the seat of a guest away since `awayAt`.
function secondsLeft(awayAt) {
  return Math.max(0, Math.ceil((awayAt + net().waitMs - Date.now()) / 1000));
}

function seatLine(seatNo) {
  const tg = ctx.state.together;
  const host = hostState();
  const seat = host.seats[seatNo];
  let status;
  if (seatNo === host.seat) status = t("seatHost");
  else if (!seat) status = t("seatFreeBot");
  else if (seat.status === "away") status = t("seatAway", { s: secondsLeft(seat.awayAt) });
  else status = t(`seat.${seat.status}`);
  return h("li", { dataset: { testid: "net-seat", seat: String(seatNo), status: seatNo === host.seat ? "host" : seat?.status ?? "free" } },
    h("strong", { text: seatNo === host.seat || seat ? tg.names[seatNo] ?? seat?.name : t("botName", { n: seatNo + 1 }) }),
    h("span", { class: "quiet", text: ` · ${status}` }));
}

// Who is away and how long until a bot plays for them: over the host's table.
export function hostBanner() {
  if (!isHost()) return null;
  const host = hostState();
  const awaySeats = host.seats.map((s, i) => (s?.status === "away" ? i : -1)).filter((i) => i >= 0);
  return h("div", { class: "net-banner", role: "status", dataset: { testid: "net-banner" } },
    host.panel ? null : askLine(),
    awaySeats.map((i) => h("span", { class: "net-away", dataset: { testid: "net-away", seat: String(i) },
      text: t("guestAway", { name: host.seats[i].name,
        s: secondsLeft(host.seats[i].awayAt) }) })),
    h("button", { type: "button", class: "action", dataset: { intent: "together-panel", focus: "together-panel",
      testid: "net-panel" }, text: t("inviteOpen") }));
}

export function hostPanel() {
  const host = hostState();
  if (!isHost() || !host.panel) return null;
  const n = ctx.state.together.names.length;
  const inv = host.invite;
  return h("section", { class: "result together-panel", "aria-labelledby": "invite-title",
    dataset: { testid: "invite-panel" } },
  h("div", { class: "result-body" },
    h("h2", { id: "invite-title", text: t("inviteTitle") }),
    askLine(),
    h("ul", { class: "net-seats" }, Array.from({ length: n }, (_, s) => seatLine(s))),
    freeSeats().length ? (inv ? linkBlock(inv, "invite") : h("p", { class: "quiet", text: host.invites.length
      || document.querySelector("[data-testid=invite-make]") ? t("inviteMaking") : "" }))
      : h("p", { class: "quiet", text: t("tableFull") }),
    inv || host.invites.length ? h("div", { class: "field" },
      h("label", { for: "together-answer", text: t("answerPaste") }),
      h("input", { id: "together-answer", type: "text", autocomplete: "off", spellcheck: "false",
        value: host.answer, dataset: { intent: "together-answer-text", focus: "together-answer", testid: "answer-input" } }),
      h("button", { type: "button", dataset: { intent: "together-answer", focus: "together-answer-go",
        testid: "answer-take" }, text: t("answerTake") })) : null,
    h("p", { class: "quiet small", text: t("netHelp") })),
  h("div", { class: "result-go" },
    freeSeats().length ? h("button", { type: "button", dataset: { intent: "together-invite",
      focus: "together-invite", testid: "invite-make" }, text: inv ? t("inviteAnother") : t("inviteMake") }) : null,
    host.started
      ? h("button", { type: "button", class: "primary", dataset: { intent: "together-panel", focus: "together-close",
        testid: "invite-close" }, text: t("close") })
      : h("button", { type: "button", class: "primary", dataset: { intent: "together-begin", focus: "together-begin",
        testid: "net-begin" }, text: t("netBegin") })));
}

// A link to pass on: its QR code (when one could be drawn), the link, copy and share.
function linkBlock(inv, kind) {
  const qr = live.qrs.get(inv.link);
  return h("div", { class: "link-block", dataset: { testid: `${kind}-block`, size: String(inv.size) } },
    h("p", { text: kind === "invite" ? t("inviteSend") : t("answerSend") }),
    qr ? h("div", { class: "qr-box" }, qr) : null,
    h("input", { type: "text", readonly: true, value: inv.link, class: "link-text", "aria-label": t("linkLabel"),
      dataset: { testid: `${kind}-link` } }),
    h("div", { class: "link-buttons" },
      h("button", { type: "button", dataset: { intent: "together-copy", value: inv.link, testid: `${kind}-copy` },
        text: t("copyLink") }),
      navigator.share ? h("button", { type: "button", dataset: { intent: "together-share", value: inv.link },
        text: t("shareLink") }) : null));
}

function copy(text) {
  const done = () => ctx.alert(t("copiedLink"));
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => ctx.alert(t("copyFailed", { link: text })));
  else ctx.alert(t("copyFailed", { link: text }));
}

// ==== the answer link opened on the host's device, in a tab of its own =================

export function openAnswer(payload) {
  const id = key();
  const answering = () => ctx.state.netplay.answering;
  const here = isHost(); // the hosting tab itself takes it, and stays on its table
  ctx.update((s) => {
    s.netplay.answering = { id, result: null, timedOut: false, asked: false };
    if (!here) s.screen = "answer";
  });
  if (here) {
    answerHere(payload).then((ok) => {
      history.replaceState(null, "", "#/game");
      ctx.update((s) => {
        if (answering()?.id === id) s.netplay.answering.result = { ok, why: ok ? "" : "answerBad" };
        s.screen = "play";
      });
    });
    return;
  }
  live.bus?.postMessage({ type: "answer", payload, id });
  clearTimeout(live.answerTimer);
  live.answerTimer = setTimeout(() => {
    if (answering()?.id === id) ctx.update((s) => { s.netplay.answering.timedOut = true; });
  }, 3000);
}

export function answerScreen() {
  const a = net().answering;
  let text = t("answerPassing");
  if (a?.result?.ok) text = t("answerTaken", { name: a.result.name });
  else if (a?.result) text = t(a.result.why || "answerBad");
  else if (a?.asked) text = t("answerAsked");
  else if (a?.timedOut || !live.bus) text = t("answerNoHost");
  return h("div", { class: "start" }, h("section", { class: "setup", dataset: { testid: "answer-screen",
    state: a?.result?.ok ? "taken" : a?.result ? "refused" : a?.asked ? "asked" : a?.timedOut ? "no-host" : "waiting" } },
  h("h2", { text: t("answerTitle") }), h("p", { text })));
}

// ==== the guest =========================================================================

// A finished deal this guest played, for its review: {record, seat, bots}; refused
// (thrown, coded) for a deal it did not see end.
export function guestDeal(row) {
  const record = live.guest.deals[row];
  if (!record) throw Object.assign(new Error("no-deal"), { code: "guest-deal-unseen", params: {} });
  return { record, seat: ctx.state.view.seat, bots: ctx.state.view.bots };
}

export async function openInvite(payload) {
  const inv = await decode(payload, "invite");
  ctx.update((s) => {
    s.screen = "join";
    const g = s.netplay.guest;
    Object.assign(g, { invite: inv, answer: null, seat: inv?.w?.[0] ?? null });
    g.name = g.name || setting("guest") || "";
    if (inv && Array.isArray(inv.a)) {
      // a guest who sat here before finds their seat chosen again
      const mine = inv.a.findIndex((n) => n && n === g.name);
      if (mine >= 0 && inv.w.includes(mine)) g.seat = mine;
    }
  });
}

function typedName(value) {
  const name = String(value ?? "").slice(0, 24);
  changeGuest((g) => { g.name = name; });
  saveSetting("guest", name);
}

async function sitDown() {
  const { invite: inv, seat, name } = guestState();
  if (!inv || seat == null || !inv.w.includes(seat)) return ctx.alert(t("seatPick"));
  if (!name.trim()) return ctx.alert(t("togetherNameMissing"));
  live.guest.pc?.close();
  const pc = new RTCPeerConnection(iceConfig());
  Object.assign(live.guest, { pc, rows: [], deals: [], join: joiner() });
  changeGuest((g) => { g.lost = false; });
  pc.ondatachannel = (event) => wireHost(pc, event.channel);
  try {
    await pc.setRemoteDescription({ type: "offer", sdp: expandSdp(inv.o) });
  } catch {
    return ctx.alert(t("inviteDamaged"));
  }
  await pc.setLocalDescription(await pc.createAnswer());
  changeGuest((g) => { g.answer = { link: "", size: 0, making: true }; });
  await gathered(pc);
  const payload = await encode({ v: 1, k: inv.k, a: compactSdp(pc.localDescription.sdp), seat, name: name.trim() });
  const answer = await withQr(linkTo("answer", payload), t("answerQr"));
  changeGuest((g) => { g.answer = answer; });
  ctx.flush(); // the page's tests read the link once it is drawn
  document.body.dataset.answerLink = answer.link;
  return undefined;
}

// The guest's channel to the host (`pc` its connection): the host's messages come in
// here; a closed channel says the host is gone.
export function wireHost(pc, dc) {
  live.guest.pc = pc;
  live.guest.dc = dc;
  dc.onmessage = (event) => { if (live.guest.pc === pc) fromHost(event.data); };
  dc.onopen = () => { if (live.guest.pc === pc) dc.send(JSON.stringify({ t: "sync" })); };
  const lost = () => {
    if (live.guest.pc !== pc || guestState().lost) return;
    ctx.update((s) => {
      s.netplay.guest.lost = true;
      s.busy = false;
    });
  };
  dc.onclose = lost;
  pc.onconnectionstatechange = () => { if (["failed", "closed", "disconnected"].includes(pc.connectionState)) lost(); };
}

// A host's message (netplay-wire.js declares them): one that is not what it should be
// is said in words, never thrown; the table stays as it was.
function fromHost(data) {
  const text = live.guest.join(data);
  if (text === null) return; // more parts to come
  const msg = text?.bad ? { t: "bad", why: text.bad } : readHostMessage(text);
  if (msg.t === "bad") {
    ctx.alert(errorText({ code: msg.why, params: {} }));
  } else if (msg.t === "view") {
    const sheet = sheetJoined(live.guest.rows, msg.view.sheet, msg.sheetFrom);
    if (!sheet) return void live.guest.dc?.send(JSON.stringify({ t: "sync", full: true }));
    live.guest.rows = sheet;
    if (msg.view.phase === "done" && msg.view.record && sheet.length) live.guest.deals[sheet.length - 1] = msg.view.record;
    ctx.update((s) => {
      s.netplay.guest.seq = Math.max(s.netplay.guest.seq, msg.seq);
      s.together = { mode: "guest", names: msg.names, host: msg.host, started: msg.started, away: msg.away };
      s.screen = "play";
    });
    ctx.show({ ...msg.view, sheet, record: null }, msg.events); // the record is kept for the review
  } else if (msg.t === "slow-down") {
    ctx.alert(t("slowDown"));
  } else if (msg.t === "refused") {
    ctx.update((s) => { s.busy = false; });
    ctx.alert(errorText({ code: String(msg.code), params: msg.params && typeof msg.params === "object" ? msg.params : {} }));
  } else if (msg.t === "bye") {
    changeGuest((g) => { g.lost = true; });
  }
}

// A move of the guest's own seat, to the host with the next sequence number.
export function sendAction(action) {
  if (live.guest.dc?.readyState !== "open") {
    ctx.update((s) => { s.busy = false; });
    return ctx.alert(t("hostGone"));
  }
  changeGuest((g) => { g.seq += 1; });
  live.guest.dc.send(JSON.stringify({ t: "act", seq: guestState().seq, action }));
  return undefined;
}

export function guestBanner() {
  if (!isGuest()) return null;
  if (guestState().lost) {
    return h("div", { class: "net-banner lost", role: "alert", dataset: { testid: "host-gone" } }, t("hostGone"));
  }
  if (!ctx.state.together.started) {
    return h("div", { class: "net-banner", dataset: { testid: "net-waiting" } }, t("waitForHost"));
  }
  // the other guests who dropped, and since when (the host's clock: whole minutes)
  const tg = ctx.state.together;
  const gone = (tg.away ?? []).map((since, seat) => (since == null || seat === ctx.state.view?.seat ? null
    : t("otherGuestAway", { name: tg.names[seat] ?? t("botName", { n: seat + 1 }),
      min: Math.max(0, Math.floor((Date.now() - since) / 60_000)) }))).filter(Boolean);
  return gone.length ? h("div", { class: "net-banner", dataset: { testid: "guests-away" } }, gone.join(" · ")) : null;
}

export function joinScreen() {
  const guest = guestState();
  const inv = guest.invite;
  if (!inv) {
    return h("div", { class: "start" }, h("section", { class: "setup", dataset: { testid: "join-bad" } },
      h("h2", { text: t("joinTitle") }), h("p", { role: "alert", text: t("inviteBad") })));
  }
  const store = ctx.state;
  const facts = [
    [t("rules"), store.rulesMeta?.[inv.r] ? presetName(store.rulesMeta, inv.r) : localText(inv.rn, inv.r)],
    [t("rounds"), t("roundsCount", { n: inv.n })],
    [t("opponents"), inv.l ? levelName(store.botLevels, inv.l) : "–"],
  ];
  const a = guest.answer;
  return h("div", { class: "start together" }, h("section", { class: "setup", "aria-labelledby": "join-title",
    dataset: { testid: "join" } },
  h("h2", { id: "join-title", text: t("joinTitle") }),
  h("p", { text: t("joinLine", { host: inv.s[inv.h] ?? "" }) }),
  h("dl", { class: "join-facts", dataset: { testid: "join-facts", rules: inv.r, rounds: String(inv.n), level: inv.l ?? "" } },
    facts.map(([k, v]) => h("div", {}, h("dt", { text: k }), h("dd", { text: v })))),
  a ? null : [
    h("h3", { text: t("seatPick") }),
    h("div", { class: "chips", role: "radiogroup", "aria-label": t("seatPick") },
      inv.s.map((name, s) => {
        const free = inv.w.includes(s);
        const label = free ? (inv.a?.[s] ? t("seatWasAway", { n: s + 1, name: inv.a[s] }) : t("seatFree", { n: s + 1 }))
          : `${t("seatNumber", { n: s + 1 })}: ${name ?? ""}`;
        return h("button", { type: "button", role: "radio", class: `chip${guest.seat === s ? " chosen" : ""}`,
          "aria-checked": String(guest.seat === s), "aria-disabled": free ? null : "true",
          dataset: free ? { intent: "together-seat", value: String(s), focus: `together-seat:${s}`, testid: "join-seat" } : {},
          text: label });
      })),
    h("div", { class: "field" },
      h("label", { for: "together-guest", text: t("yourName") }),
      h("input", { id: "together-guest", type: "text", maxlength: "24", autocomplete: "off", value: guest.name,
        placeholder: t("namePlaceholder"), dataset: { intent: "together-guest-name", focus: "together-guest", testid: "guest-name" } })),
    h("div", { class: "start-go" }, h("button", { type: "button", class: "primary big",
      dataset: { intent: "together-join", focus: "together-join", testid: "join-go" }, text: t("joinGo") }))],
  a && !a.making ? linkBlock(a, "answer") : a ? h("p", { class: "quiet", text: t("answerMaking") }) : null,
  a ? h("p", { class: "quiet small", text: t("netHelp") }) : null));
}

// The shared table's links: a guest's invite, and an answer opened on the host's device
// (the hosting tab's table, if this is it, goes on: that route keeps the table).
export const netRoutes = {
  "/join/*": (ctx, { rest }) => {
    ctx.update((s) => leaveTable(s, { alert: "", error: "" }));
    openInvite(rest);
  },
  "/answer/*": { keepsTable: true, open: (_ctx, { rest }) => openAnswer(rest) },
};
