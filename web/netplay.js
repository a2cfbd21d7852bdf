// A table across devices with no server of ours. The host's engine (in its worker) is
// the only authority; every guest is one WebRTC data channel, set up by links alone: an
// invite carries the host's offer, the guest's answer comes back as a link (opened in
// another tab on the host's device it reaches the hosting tab by BroadcastChannel).
// A guest gets only its own seat's view; the host checks every guest message (its
// seat, its sequence number, size and shape; the engine checks the move) and refuses a
// bad one without touching the table. A guest who drops is played by a bot after a
// visible wait and can sit down again with a new invite.
import { h } from "./dom.js";
import { t, presetName, errorText, localText, levelName } from "./i18n.js";
import { compactSdp, expandSdp, encode, decode, linkTo } from "./invite.js";
import { qrCode } from "./qr.js";
import { randomId } from "./random.js";
import { setting, saveSetting } from "./storage.js";
import { readGuestMessage, readHostMessage, budget, sheetDelta, sheetJoined, partsOf, joiner } from "./netplay-wire.js";

export const DEFAULT_STUN = "stun:stun.l.google.com:19302";
const CHANNEL = "doko-together";
const MAX_ANSWER_TEXT = 20_000; // characters of a pasted answer kept (a link is under 1,000)
const ICE_WAIT_MS = 5000; // the most we wait for the network's candidates
const SETUP_MS = 8000; // an answer taken, the most we wait for its guest's channel to open

// {state, root, render, call, alert, show(view), stun(), act(action) -> refusal | null,
//  setBots(bots), scheduleBot, botSpec(), engineBusy()}
let ctx = null;
let waitMs = 30_000; // before a bot takes over an empty seat
let bus = null;

export function initNetplay(context) {
  ctx = context;
  if ("BroadcastChannel" in self) {
    bus = new BroadcastChannel(CHANNEL);
    bus.onmessage = (event) => onBus(event.data);
  }
  window.addEventListener("pagehide", () => {
    for (const s of host.seats) if (s?.dc?.readyState === "open") s.dc.send(JSON.stringify({ t: "bye" }));
  });
}

export function setWait(seconds) {
  if (Number.isFinite(seconds) && seconds >= 0) waitMs = seconds * 1000;
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

// ==== the host ===========================================================================

const host = {
  active: false,
  seat: 0,
  started: false, // bots wait until the host starts the deal
  seats: [], // per seat: null, or {name, status: connecting|connected|away|bot, dc, pc, seq, awayAt, timer}
  invites: new Map(), // key -> {pc, dc}
  panel: false,
  invite: null, // {link, size, qr}
  answer: "", // the pasted answer link
  queue: [], // guest moves and seat changes, one at a time when the table is idle
  lastView: null,
};

export function isHost() {
  return host.active && ctx.state.together?.mode === "host";
}

export function isGuest() {
  return ctx.state.together?.mode === "guest";
}

// The host's table started (or resumed): every seat but the host's is a bot until a
// guest sits down; a resumed table's guests are away until they join again.
export function hostStarted(fresh) {
  const tg = ctx.state.together;
  host.active = true;
  host.seat = ctx.state.view?.seat ?? Math.max(0, tg.names.findIndex((n) => n != null));
  host.started = !fresh;
  host.panel = fresh;
  host.seats = tg.names.map(() => null);
  const bots = ctx.state.view?.bots ?? [];
  tg.names.forEach((name, seat) => {
    if (seat === host.seat || name == null) return;
    host.seats[seat] = { name, status: "away", dc: null, pc: null, seq: 0, awayAt: Date.now(), timer: 0 };
    if (bots[seat] == null) startAwayTimer(seat);
    else host.seats[seat].status = "bot";
  });
  ctx.render();
}

// The page leaves a shared table: a host closes its guests' channels, a guest its own.
export function stop() {
  if (guest.pc) {
    const pc = guest.pc;
    guest.pc = null;
    guest.dc = null;
    pc.close();
  }
  stopHosting();
}

function stopHosting() {
  for (const s of host.seats) {
    if (!s) continue;
    clearTimeout(s.timer);
    try { s.dc?.send(JSON.stringify({ t: "bye" })); } catch { /* closing anyway */ }
    s.pc?.close();
  }
  for (const inv of host.invites.values()) inv.pc.close();
  Object.assign(host, { active: false, seats: [], invites: new Map(), panel: false, invite: null, queue: [] });
}

// Bots hold still while the host's invite panel is open before the first card.
export function holdsBots() {
  return isHost() && !host.started;
}

function freeSeats() {
  const n = ctx.state.together.names.length;
  return Array.from({ length: n }, (_, s) => s).filter((s) => s !== host.seat
    && !["connected", "connecting"].includes(host.seats[s]?.status));
}

async function makeInvite() {
  const pc = new RTCPeerConnection(iceConfig());
  const dc = pc.createDataChannel("doko", { ordered: true });
  const k = key();
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const store = ctx.state;
  const view = store.view;
  const names = store.together.names.map((n, s) => (s === host.seat || ["connected", "connecting"]
    .includes(host.seats[s]?.status) ? n : null));
  const rules = view?.rules ?? store.preset;
  // the rule set's name goes along: the guest's page shows it before its engine is in
  const payload = await encode({ v: 1, k, o: compactSdp(pc.localDescription.sdp), r: rules,
    rn: store.rulesMeta?.[rules]?.name ?? null,
    n: view?.rounds ?? 1, l: store.level ?? store.defaultLevel ?? null, p: names.length, s: names, h: host.seat,
    w: freeSeats(), a: store.together.names.map((n, s) => (host.seats[s]?.status === "away" || host.seats[s]?.status === "bot" ? n : null)) });
  host.invites.set(k, { pc, dc });
  const link = linkTo("join", payload);
  host.invite = { link, size: link.length, qr: await qrCode(link, t("inviteQr")) };
  document.body.dataset.inviteLink = link;
  ctx.render();
}

// An answer link's payload (pasted, opened in this tab or in another tab of this device).
async function takeAnswer(payload) {
  const a = await decode(payload, "answer");
  if (!a) return { ok: false, why: "answerBad" };
  const inv = host.invites.get(a.k);
  if (!inv) return { ok: false, why: "answerUsed" };
  if (!freeSeats().includes(a.seat)) return { ok: false, why: "seatTaken" };
  host.invites.delete(a.k);
  const name = a.name.trim().slice(0, 24) || t("guestName", { n: a.seat + 1 });
  const old = host.seats[a.seat];
  if (old) { clearTimeout(old.timer); old.pc?.close(); }
  const seat = { name, status: "connecting", dc: inv.dc, pc: inv.pc, seq: old?.seq ?? 0, awayAt: 0, timer: 0,
    budget: budget(), rows: 0, syncing: false, syncAgain: false, parts: 0, before: old ?? null };
  host.seats[a.seat] = seat;
  wireGuest(a.seat, seat);
  try {
    await inv.pc.setRemoteDescription({ type: "answer", sdp: expandSdp(a.a) });
  } catch {
    setupFailed(a.seat, seat, "answerDamaged");
    return { ok: false, why: "answerDamaged" };
  }
  host.invite = null;
  delete document.body.dataset.inviteLink;
  ctx.render();
  return { ok: true, seat: a.seat, name };
}

function wireGuest(seatNo, seat) {
  const { dc, pc } = seat;
  const gone = () => {
    if (host.seats[seatNo] !== seat) return;
    if (seat.status === "connecting") setupFailed(seatNo, seat, "answerNoConnection");
    else if (seat.status !== "away" && seat.status !== "bot") away(seatNo);
  };
  // a tampered answer (its fingerprint, its ICE password) never connects: said in words
  seat.timer = setTimeout(() => {
    if (host.seats[seatNo] === seat && seat.status === "connecting") setupFailed(seatNo, seat, "answerNoConnection");
  }, SETUP_MS);
  dc.onopen = () => {
    if (host.seats[seatNo] !== seat) return;
    clearTimeout(seat.timer);
    seat.status = "connected";
    ctx.state.together.names[seatNo] = seat.name;
    enqueue(() => setBot(seatNo, null));
  };
  dc.onmessage = (event) => { if (host.seats[seatNo] === seat) fromGuest(seatNo, seat, event.data); };
  dc.onclose = gone;
  pc.onconnectionstatechange = () => { if (["failed", "closed", "disconnected"].includes(pc.connectionState)) gone(); };
}

// An answer that could not connect: the seat is as it was before (free, or waiting for
// its guest), the host is told why, and a new invite for it works.
function setupFailed(seatNo, seat, why) {
  clearTimeout(seat.timer);
  try { seat.pc?.close(); } catch { /* closed already */ }
  if (host.seats[seatNo] !== seat) return;
  host.seats[seatNo] = seat.before ?? undefined;
  if (seat.before?.status === "away") startAwayTimer(seatNo);
  ctx.alert(t(why, { name: seat.name }));
  ctx.render();
}

function away(seatNo) {
  const seat = host.seats[seatNo];
  seat.status = "away";
  seat.awayAt = Date.now();
  startAwayTimer(seatNo);
  ctx.render();
}

function startAwayTimer(seatNo) {
  const seat = host.seats[seatNo];
  clearTimeout(seat.timer);
  seat.timer = setTimeout(() => {
    if (host.seats[seatNo] !== seat || seat.status !== "away") return;
    seat.status = "bot";
    enqueue(() => setBot(seatNo, ctx.botSpec()));
  }, waitMs);
  tick();
}

// A countdown on the host's table while a seat waits for its guest.
let ticking = 0;
function tick() {
  if (ticking) return;
  ticking = setInterval(() => {
    if (!host.seats.some((s) => s?.status === "away")) { clearInterval(ticking); ticking = 0; }
    if (isHost()) ctx.render();
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
  host.queue.push(job);
  pump();
}

let pumping = false;
async function pump() {
  if (pumping || ctx.state.busy || ctx.engineBusy()) return;
  const job = host.queue.shift();
  if (!job) return;
  pumping = true;
  try { await job(); } catch { /* the job reported its own refusal */ }
  pumping = false;
  pump();
}

// A guest's message, within its budget and of a declared kind (netplay-wire.js), else
// dropped or refused with a code; the table is not touched. A guest that keeps flooding
// is told to slow down, then disconnected: the others' moves never wait behind it.
function fromGuest(seatNo, seat, data) {
  const spent = seat.budget.take();
  if (spent === "cut") return void dropGuest(seatNo, seat);
  if (spent === "warn") return void send(seat, { t: "slow-down" });
  if (spent === "drop") return undefined;
  const msg = readGuestMessage(data);
  if (!msg) return send(seat, { t: "refused", seq: null, code: "message-shape", params: {} });
  if (msg.t === "sync") {
    if (msg.full) seat.rows = 0;
    return void sendView(seatNo);
  }
  enqueue(() => guestAct(seatNo, seat, msg));
  return undefined;
}

// A guest that flooded the host: its channel is closed, its seat waits like any seat
// whose guest went away (a bot takes over after the wait).
function dropGuest(seatNo, seat) {
  try { seat.dc?.close(); } catch { /* closed already */ }
  if (host.seats[seatNo] === seat && seat.status === "connected") away(seatNo);
}

async function guestAct(seatNo, seat, msg) {
  if (msg.seq <= seat.seq) return sendView(seatNo); // a repeat of a move already taken
  if (msg.seq !== seat.seq + 1) return refuse(seatNo, seat, msg.seq, { code: "seq-gap", params: {} });
  seat.seq = msg.seq;
  if (!msg.action.startsWith(`${seatNo}:`)) return refuse(seatNo, seat, msg.seq, { code: "not-your-seat", params: {} });
  if (seat.status !== "connected" || ctx.state.view?.bots?.[seatNo]) {
    return refuse(seatNo, seat, msg.seq, { code: "seat-is-bot", params: {} });
  }
  const error = await ctx.act(msg.action);
  if (error) refuse(seatNo, seat, msg.seq, error);
  return undefined;
}

function refuse(seatNo, seat, seq, error) {
  send(seat, { t: "refused", seq, code: error.code ?? "engine-failure", params: error.params ?? {} });
  return sendView(seatNo);
}

// One message to a guest, in parts where it is long. A send that fails says so on the
// host's table (the seat waits like one whose guest went away), never silently.
function send(seat, obj) {
  if (seat?.dc?.readyState !== "open") return false;
  try {
    for (const piece of partsOf(JSON.stringify(obj), ++seat.parts)) seat.dc.send(piece);
    return true;
  } catch {
    const seatNo = host.seats.indexOf(seat);
    if (seatNo >= 0 && seat.status === "connected") {
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
  const seat = host.seats[seatNo];
  if (seat?.status !== "connected") return;
  if (seat.syncing) {
    seat.syncAgain = true;
    return;
  }
  seat.syncing = true;
  try {
    const view = await ctx.call("view", { seat: seatNo });
    // a deal played to its last card has shown every hand (a review may have it); one
    // thrown in has not
    if (view.phase !== "done" || view.hand_sizes.some((n) => n > 0)) view.record = null;
    const { view: small, sheetFrom } = sheetDelta(view, seat.rows);
    if (send(seat, { t: "view", seq: seat.seq, names: ctx.state.together.names, host: host.seat,
      started: host.started, away: awaySince(), view: small, events: ctx.state.events ?? [], sheetFrom })) {
      seat.rows = view.sheet.length;
    }
  } finally {
    seat.syncing = false;
  }
  if (seat.syncAgain) {
    seat.syncAgain = false;
    await sendView(seatNo);
  }
}

// Per seat, since when its guest is away (ms since 1970), else null.
function awaySince() {
  return ctx.state.together.names.map((_, s) => (host.seats[s]?.status === "away" ? host.seats[s].awayAt : null));
}

async function sendViews() {
  for (let s = 0; s < host.seats.length; s++) await sendView(s);
}

// After every new view on the host's table: the guests' views, then the next guest move.
export function afterView() {
  if (!isHost()) return;
  sendViews().catch(() => {}).finally(() => pump());
}

export function hostClick(data) {
  switch (data.intent) {
    // the pasted answer lives here, not in the field: a redraw (a bot's move, the away
    // countdown) between pasting and "take" must not wipe it
    case "together-answer-text":
      host.answer = String(data.value ?? "").slice(0, MAX_ANSWER_TEXT);
      return undefined;
    case "together-invite":
      host.panel = true;
      host.invite = null;
      ctx.render();
      return void makeInvite().catch(() => ctx.alert(t("inviteFailed")));
    case "together-panel":
      host.panel = !host.panel;
      return void ctx.render();
    case "together-begin":
      host.started = true;
      host.panel = false;
      ctx.render();
      sendViews().catch(() => {});
      return void ctx.scheduleBot();
    case "together-answer": {
      const text = document.getElementById("together-answer")?.value || host.answer;
      const payload = text.trim().split("#/answer/")[1] ?? text.trim();
      return void takeAnswer(payload).then((r) => {
        if (!r.ok) ctx.alert(t(r.why));
        else { host.answer = ""; ctx.render(); }
      });
    }
    case "together-copy":
      return void copy(data.value);
    case "together-share":
      return void navigator.share?.({ url: data.value, title: t("title") }).catch(() => {});
    default:
  }
}

// An answer link opened in this very tab (the host pasted it into the address bar).
export function answerHere(payload) {
  return takeAnswer(payload).then((r) => { if (!r.ok) ctx.alert(t(r.why)); return r.ok; });
}

async function onBus(msg) {
  if (!msg || typeof msg !== "object") return;
  if (msg.type === "answer" && isHost() && typeof msg.payload === "string") {
    const r = await takeAnswer(msg.payload);
    bus.postMessage({ type: "answer-taken", id: msg.id, ok: r.ok, why: r.why ?? "", name: r.name ?? "" });
  } else if (msg.type === "answer-taken" && answering && msg.id === answering.id) {
    answering.result = msg;
    clearTimeout(answering.timer);
    ctx.render();
  }
}

// ---- the host's panels ----------------------------------------------------------------

function seatLine(seatNo) {
  const tg = ctx.state.together;
  const seat = host.seats[seatNo];
  let status;
  if (seatNo === host.seat) status = t("seatHost");
  else if (!seat) status = t("seatFreeBot");
  else if (seat.status === "away") {
    const left = Math.max(0, Math.ceil((seat.awayAt + waitMs - Date.now()) / 1000));
    status = t("seatAway", { s: left });
  } else status = t(`seat.${seat.status}`);
  return h("li", { dataset: { testid: "net-seat", seat: String(seatNo), status: seatNo === host.seat ? "host" : seat?.status ?? "free" } },
    h("strong", { text: seatNo === host.seat || seat ? tg.names[seatNo] ?? seat?.name : t("botName", { n: seatNo + 1 }) }),
    h("span", { class: "quiet", text: ` · ${status}` }));
}

// Who is away and how long until a bot plays for them: over the host's table.
export function hostBanner() {
  if (!isHost()) return null;
  const awaySeats = host.seats.map((s, i) => (s?.status === "away" ? i : -1)).filter((i) => i >= 0);
  return h("div", { class: "net-banner", role: "status", dataset: { testid: "net-banner" } },
    awaySeats.map((i) => h("span", { class: "net-away", dataset: { testid: "net-away", seat: String(i) },
      text: t("guestAway", { name: host.seats[i].name,
        s: Math.max(0, Math.ceil((host.seats[i].awayAt + waitMs - Date.now()) / 1000)) }) })),
    h("button", { type: "button", class: "action", dataset: { intent: "together-panel", focus: "together-panel",
      testid: "net-panel" }, text: t("inviteOpen") }));
}

export function hostPanel() {
  if (!isHost() || !host.panel) return null;
  const n = ctx.state.together.names.length;
  const inv = host.invite;
  return h("section", { class: "result together-panel", "aria-labelledby": "invite-title",
    dataset: { testid: "invite-panel" } },
  h("div", { class: "result-body" },
    h("h2", { id: "invite-title", text: t("inviteTitle") }),
    h("ul", { class: "net-seats" }, Array.from({ length: n }, (_, s) => seatLine(s))),
    freeSeats().length ? (inv ? linkBlock(inv, "invite") : h("p", { class: "quiet", text: host.invites.size
      || document.querySelector("[data-testid=invite-make]") ? t("inviteMaking") : "" }))
      : h("p", { class: "quiet", text: t("tableFull") }),
    inv || host.invites.size ? h("div", { class: "field" },
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

function linkBlock(inv, kind) {
  return h("div", { class: "link-block", dataset: { testid: `${kind}-block`, size: String(inv.size) } },
    h("p", { text: kind === "invite" ? t("inviteSend") : t("answerSend") }),
    inv.qr ? h("div", { class: "qr-box" }, inv.qr) : null,
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

let answering = null; // {id, result, timer, timedOut}

export function openAnswer(payload) {
  answering = { id: key(), result: null, timedOut: false, timer: 0 };
  const me = answering;
  ctx.state.screen = "answer";
  if (isHost()) {
    answerHere(payload).then((ok) => { me.result = { ok, why: ok ? "" : "answerBad" }; history.replaceState(null, "", "#/game"); ctx.state.screen = "play"; ctx.render(); });
    return;
  }
  bus?.postMessage({ type: "answer", payload, id: me.id });
  me.timer = setTimeout(() => { me.timedOut = true; ctx.render(); }, 3000);
  ctx.render();
}

export function answerScreen() {
  const a = answering;
  let text = t("answerPassing");
  if (a?.result?.ok) text = t("answerTaken", { name: a.result.name });
  else if (a?.result) text = t(a.result.why || "answerBad");
  else if (a?.timedOut || !bus) text = t("answerNoHost");
  return h("div", { class: "start" }, h("section", { class: "setup", dataset: { testid: "answer-screen",
    state: a?.result?.ok ? "taken" : a?.result ? "refused" : a?.timedOut ? "no-host" : "waiting" } },
  h("h2", { text: t("answerTitle") }), h("p", { text })));
}

// ==== the guest =========================================================================

// `rows`: the score sheet as far as the host has sent it; `join`: puts a long message's
// parts together
const guest = { invite: null, seat: null, name: "", pc: null, dc: null, seq: 0, answer: null, lost: false,
  rows: [], join: joiner(), deals: [] };

// A finished deal this guest played, for its review: {record, seat, bots}; refused
// (thrown, coded) for a deal it did not see end.
export function guestDeal(row) {
  const record = guest.deals[row];
  if (!record) throw Object.assign(new Error("no-deal"), { code: "guest-deal-unseen", params: {} });
  return { record, seat: ctx.state.view.seat, bots: ctx.state.view.bots };
}

export async function openInvite(payload) {
  const inv = await decode(payload, "invite");
  ctx.state.screen = "join";
  guest.invite = inv;
  guest.answer = null;
  guest.seat = inv?.w?.[0] ?? null;
  if (inv && Array.isArray(inv.a)) {
    // a guest who sat here before finds their seat chosen again
    const mine = inv.a.findIndex((n) => n && n === guest.name);
    if (mine >= 0 && inv.w.includes(mine)) guest.seat = mine;
  }
  guest.name = guest.name || setting("guest") || "";
  ctx.render();
}

export function joinClick(data) {
  if (data.intent === "together-guest-name") return typedName(data.value);
  if (data.intent === "together-seat") {
    guest.seat = Number(data.value);
    return void ctx.render();
  }
  if (data.intent === "together-join") return void sitDown().catch(() => ctx.alert(t("inviteFailed")));
  if (data.intent === "together-copy") return void copy(data.value);
  if (data.intent === "together-share") return void navigator.share?.({ url: data.value, title: t("title") }).catch(() => {});
}

function typedName(value) {
  guest.name = String(value ?? "").slice(0, 24);
  saveSetting("guest", guest.name);
}

async function sitDown() {
  const inv = guest.invite;
  if (!inv || guest.seat == null || !inv.w.includes(guest.seat)) return ctx.alert(t("seatPick"));
  if (!guest.name.trim()) return ctx.alert(t("togetherNameMissing"));
  guest.pc?.close();
  const pc = new RTCPeerConnection(iceConfig());
  guest.pc = pc;
  guest.lost = false;
  guest.rows = [];
  guest.deals = [];
  guest.join = joiner();
  pc.ondatachannel = (event) => wireHost(pc, event.channel);
  try {
    await pc.setRemoteDescription({ type: "offer", sdp: expandSdp(inv.o) });
  } catch {
    return ctx.alert(t("inviteDamaged"));
  }
  await pc.setLocalDescription(await pc.createAnswer());
  guest.answer = { link: "", size: 0, qr: null, making: true };
  ctx.render();
  await gathered(pc);
  const payload = await encode({ v: 1, k: inv.k, a: compactSdp(pc.localDescription.sdp), seat: guest.seat,
    name: guest.name.trim() });
  const link = linkTo("answer", payload);
  guest.answer = { link, size: link.length, qr: await qrCode(link, t("answerQr")) };
  document.body.dataset.answerLink = link;
  ctx.render();
  return undefined;
}

function wireHost(pc, dc) {
  guest.dc = dc;
  dc.onmessage = (event) => { if (guest.pc === pc) fromHost(event.data); };
  dc.onopen = () => { if (guest.pc === pc) dc.send(JSON.stringify({ t: "sync" })); };
  const lost = () => {
    if (guest.pc !== pc || guest.lost) return;
    guest.lost = true;
    ctx.state.busy = false;
    ctx.render();
  };
  dc.onclose = lost;
  pc.onconnectionstatechange = () => { if (["failed", "closed", "disconnected"].includes(pc.connectionState)) lost(); };
}

// A host's message (netplay-wire.js declares them): one that is not what it should be
// is said in words, never thrown; the table stays as it was.
function fromHost(data) {
  const text = guest.join(data);
  if (text === null) return; // more parts to come
  const msg = text?.bad ? { t: "bad", why: text.bad } : readHostMessage(text);
  const store = ctx.state;
  if (msg.t === "bad") {
    ctx.alert(errorText({ code: msg.why, params: {} }));
  } else if (msg.t === "view") {
    const sheet = sheetJoined(guest.rows, msg.view.sheet, msg.sheetFrom);
    if (!sheet) return void guest.dc?.send(JSON.stringify({ t: "sync", full: true }));
    guest.rows = sheet;
    if (msg.view.phase === "done" && msg.view.record && sheet.length) guest.deals[sheet.length - 1] = msg.view.record;
    guest.seq = Math.max(guest.seq, msg.seq);
    store.together = { mode: "guest", names: msg.names, host: msg.host, started: msg.started, away: msg.away };
    store.screen = "play";
    ctx.show({ ...msg.view, sheet, record: null }, msg.events); // the record is kept for the review
  } else if (msg.t === "slow-down") {
    ctx.alert(t("slowDown"));
  } else if (msg.t === "refused") {
    store.busy = false;
    ctx.alert(errorText({ code: String(msg.code), params: msg.params && typeof msg.params === "object" ? msg.params : {} }));
  } else if (msg.t === "bye") {
    guest.lost = true;
    ctx.render();
  }
}

// A move of the guest's own seat, to the host with the next sequence number.
export function sendAction(action) {
  if (guest.dc?.readyState !== "open") {
    ctx.state.busy = false;
    return ctx.alert(t("hostGone"));
  }
  guest.seq += 1;
  guest.dc.send(JSON.stringify({ t: "act", seq: guest.seq, action }));
  return undefined;
}

export function guestBanner() {
  if (!isGuest()) return null;
  if (guest.lost) {
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
