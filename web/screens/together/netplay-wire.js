// What goes over a shared table's data channels, declared once: the messages each side
// may send (anything else is refused with a code, never thrown), the host's budget per
// guest (so one guest's flood cannot hold up the others), the score sheet sent as what
// is new since the guest's last view, and the split of a long message into parts that
// every browser's data channel carries (64 KiB is the common limit). Pure functions:
// node's tests import them.

export const MAX_GUEST_MESSAGE = 2000; // characters of a guest's message (an action is under 40)
export const MAX_PART = 48_000; // characters of one message on the channel (well under 64 KiB)
export const MAX_HOST_TEXT = 400_000; // characters of a host's message, its parts put together
const MAX_PARTS = Math.ceil((6 * MAX_HOST_TEXT) / MAX_PART); // escaped, a character may take six
const ACTION = /^\d:[A-Za-z0-9:,-]{1,40}$/;

// ---- guest -> host ------------------------------------------------------------------------

// {t: "sync"} (send me my view; `full`: the whole sheet) or {t: "act", seq, action}; null
// for anything else.
export function readGuestMessage(data) {
  if (typeof data !== "string" || data.length > MAX_GUEST_MESSAGE) return null;
  let msg;
  try { msg = JSON.parse(data); } catch { return null; }
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return null;
  if (msg.t === "sync") return { t: "sync", full: msg.full === true };
  if (msg.t !== "act" || !Number.isInteger(msg.seq) || msg.seq < 1 || msg.seq > 1e6) return null;
  if (typeof msg.action !== "string" || !ACTION.test(msg.action)) return null;
  return { t: "act", seq: msg.seq, action: msg.action };
}

// ---- host -> guest ------------------------------------------------------------------------

const CODE = /^[a-z0-9-]{1,40}$/;

// A host's message as the guest may use it, or {t: "bad", why} (a code the guest shows):
// {t: "view", seq, names, host, started, away, view, events, sheetFrom}, {t: "refused",
// seq, code, params}, {t: "bye"}, {t: "slow-down"}.
export function readHostMessage(text) {
  if (typeof text !== "string" || text.length > MAX_HOST_TEXT) return bad("host-message-size");
  let msg;
  try { msg = JSON.parse(text); } catch { return bad("host-message-shape"); }
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return bad("host-message-shape");
  if (msg.t === "bye" || msg.t === "slow-down") return { t: msg.t };
  if (msg.t === "refused") {
    if (typeof msg.code !== "string" || !CODE.test(msg.code)) return bad("host-message-shape");
    const params = msg.params && typeof msg.params === "object" && !Array.isArray(msg.params) ? msg.params : {};
    return { t: "refused", seq: Number.isInteger(msg.seq) ? msg.seq : null, code: msg.code, params };
  }
  if (msg.t !== "view") return bad("host-message-shape");
  const v = msg.view;
  const viewOk = v && typeof v === "object" && Number.isInteger(v.seat) && Number.isInteger(v.players)
    && Array.isArray(v.hand) && Array.isArray(v.sheet) && Array.isArray(v.bots) && typeof v.phase === "string";
  if (!viewOk || !Array.isArray(msg.names) || !Number.isInteger(msg.sheetFrom) || msg.sheetFrom < 0) {
    return bad("host-message-shape");
  }
  return {
    t: "view",
    seq: Number.isInteger(msg.seq) ? msg.seq : 0,
    names: msg.names.slice(0, 8).map((n) => (typeof n === "string" ? n.slice(0, 40) : null)),
    host: Number.isInteger(msg.host) ? msg.host : null,
    started: !!msg.started,
    away: Array.isArray(msg.away) ? msg.away.slice(0, 8).map((a) => (Number.isFinite(a) ? a : null)) : [],
    view: v,
    events: Array.isArray(msg.events) ? msg.events : [],
    sheetFrom: msg.sheetFrom,
  };
}

function bad(why) {
  return { t: "bad", why };
}

// ---- the score sheet, as what is new ----------------------------------------------------

// The host's view for a guest that holds `known` rows of the sheet already: the rows
// after them only. A sheet that got shorter (a new table) is sent whole.
export function sheetDelta(view, known) {
  const from = known <= view.sheet.length ? known : 0;
  return { view: { ...view, sheet: view.sheet.slice(from) }, sheetFrom: from };
}

// The guest's whole sheet from what it holds and a view's new rows; null if rows are
// missing (the guest then asks for the whole sheet).
export function sheetJoined(held, rows, from) {
  if (from > held.length) return null;
  return [...held.slice(0, from), ...rows];
}

// ---- long messages in parts ----------------------------------------------------------------

const PART = /^#part:(\d{1,9}):(\d{1,4}):(\d{1,4}):/;

// The text as the messages to send: every character outside ASCII written as its JSON
// escape (so a message's bytes are its characters), then the text itself, or pieces of
// it behind a header "#part:ID:N:OF:" (no JSON message starts with "#").
export function partsOf(text, id) {
  const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (ascii.length <= MAX_PART) return [ascii];
  const size = MAX_PART - 40; // room for the header
  const pieces = [];
  for (let at = 0; at < ascii.length; at += size) pieces.push(ascii.slice(at, at + size));
  return pieces.map((piece, n) => `#part:${id}:${n}:${pieces.length}:${piece}`);
}

// Puts parts back together: `take(data)` answers the whole text once its last part came
// (or the data itself when it is no part), null while parts are missing, {bad} for parts
// that do not fit.
export function joiner() {
  let current = null;
  return (data) => {
    if (typeof data !== "string" || !data.startsWith("#part:")) return data;
    const head = PART.exec(data);
    const [id, n, of] = head ? head.slice(1).map(Number) : [0, -1, 0];
    if (!head || of < 1 || of > MAX_PARTS || n >= of) {
      current = null;
      return { bad: "host-message-shape" };
    }
    if (n === 0) current = { id, of, texts: [] };
    if (!current || current.id !== id || current.of !== of || current.texts.length !== n) {
      current = null;
      return { bad: "host-message-shape" };
    }
    current.texts.push(data.slice(head[0].length));
    if (current.texts.length < of) return null;
    const whole = current.texts.join("");
    current = null;
    return whole;
  };
}

// ---- the host's budget per guest ---------------------------------------------------------

// A token bucket: `rate` messages a second on average, `burst` at once. take() answers
// "ok" (handle it), "drop" (ignore it), "warn" (ignore it and tell the guest to slow
// down: the first drop, then every 200th) or "cut" (the guest keeps flooding: disconnect).
export function budget({ rate = 20, burst = 40, cutAfter = 2000 } = {}, now = () => Date.now()) {
  let tokens = burst;
  let last = now();
  let dropped = 0;
  return {
    take() {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * rate);
      last = at;
      if (tokens >= 1) {
        tokens -= 1;
        dropped = Math.max(0, dropped - 1);
        return "ok";
      }
      dropped += 1;
      if (dropped > cutAfter) return "cut";
      return dropped === 1 || dropped % 200 === 0 ? "warn" : "drop";
    },
  };
}
