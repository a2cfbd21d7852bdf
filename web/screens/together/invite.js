// Invite and answer links of a table across devices. A link carries a WebRTC offer (or
// answer) cut down to what a data channel needs (ICE user and password, the DTLS
// fingerprint, the setup role, the candidates) beside the table's facts, as JSON,
// deflated and base64url-coded, so it fits a chat message and a QR code.

export const MAX_PAYLOAD = 6000; // characters of a link's payload we read at all
const MAX_JSON = 30_000; // characters once inflated

// ---- SDP: what a data channel needs, and back ---------------------------------------

export function compactSdp(sdp) {
  const lines = String(sdp).split(/\r?\n/);
  const get = (prefix) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length).trim() ?? "";
  const [alg, hex = ""] = get("a=fingerprint:").split(" ");
  return {
    u: get("a=ice-ufrag:"),
    p: get("a=ice-pwd:"),
    f: alg === "sha-256" ? hexToB64(hex) : `${alg} ${hex}`,
    s: get("a=setup:"),
    m: get("a=mid:") || "0",
    c: lines.filter((l) => l.startsWith("a=candidate:")).map(shortCandidate).filter(Boolean),
  };
}

// "a=candidate:F 1 udp PRIO IP PORT typ TYPE raddr … generation 0 …" -> "F PRIO IP PORT TYPE";
// TCP candidates and RTCP components are left out (a data channel uses UDP, one component).
function shortCandidate(line) {
  const f = line.slice("a=candidate:".length).split(" ");
  if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[6] !== "typ") return "";
  return [f[0], f[3], f[4], f[5], f[7]].join(" ");
}

export function expandSdp(c) {
  const fingerprint = c.f.includes(" ") ? c.f : `sha-256 ${b64ToHex(c.f)}`;
  const candidates = c.c.map((cand) => {
    const [foundation, prio, ip, port, type] = cand.split(" ");
    const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    return `a=candidate:${foundation} 1 udp ${prio} ${ip} ${port} typ ${type}${related}`;
  });
  return [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", `a=group:BUNDLE ${c.m}`,
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates,
    `a=ice-ufrag:${c.u}`, `a=ice-pwd:${c.p}`, `a=fingerprint:${fingerprint}`,
    `a=setup:${c.s}`, `a=mid:${c.m}`, "a=sctp-port:5000", "",
  ].join("\r\n");
}

function isCompactSdp(c) {
  const text = (v, most) => typeof v === "string" && v.length > 0 && v.length <= most && !/[\r\n]/.test(v);
  return !!c && typeof c === "object" && text(c.u, 256) && text(c.p, 256) && text(c.f, 200)
    && ["actpass", "active", "passive"].includes(c.s) && text(c.m, 32)
    && Array.isArray(c.c) && c.c.length <= 20
    && c.c.every((x) => text(x, 200) && /^\S+ \d+ \S+ \d+ (host|srflx|prflx|relay)$/.test(x));
}

// ---- payloads -------------------------------------------------------------------------

// The invite: {v: 1, k: invite key, o: offer, r: rules, rn: the rules' name, n: rounds,
// l: level, p: players, s: names per seat (null: free), h: the host's seat, w: the seats
// a guest may take, a: who sat there before (a guest who left)}. The answer: {v: 1, k, a: answer,
// seat, name}.
export async function encode(obj) {
  const bytes = await squeeze(new TextEncoder().encode(JSON.stringify(obj)), "CompressionStream");
  return toB64url(bytes);
}

// The payload as an object, or null when it is not one of ours (damaged, too large).
export async function decode(text, kind) {
  if (typeof text !== "string" || !text || text.length > MAX_PAYLOAD || !/^[A-Za-z0-9_-]+$/.test(text)) {
    return null;
  }
  try {
    const bytes = await squeeze(fromB64url(text), "DecompressionStream", MAX_JSON);
    const obj = JSON.parse(new TextDecoder().decode(bytes));
    return (kind === "invite" ? isInvite(obj) : isAnswer(obj)) ? obj : null;
  } catch {
    return null;
  }
}

function isInvite(o) {
  const name = (v) => v === null || (typeof v === "string" && v.length <= 40);
  return !!o && o.v === 1 && typeof o.k === "string" && o.k.length <= 32 && isCompactSdp(o.o)
    && typeof o.r === "string" && o.r.length <= 40 && Number.isInteger(o.n) && isName(o.rn)
    && (o.l === null || (typeof o.l === "string" && o.l.length <= 40))
    && Number.isInteger(o.p) && o.p >= 3 && o.p <= 8
    && Array.isArray(o.s) && o.s.length === o.p && o.s.every(name) && Number.isInteger(o.h)
    && Array.isArray(o.w) && o.w.length < o.p && o.w.every((s) => Number.isInteger(s) && s >= 0 && s < o.p)
    && Array.isArray(o.a) && o.a.length === o.p && o.a.every(name);
}

// A rule set's name as the engine gives it: a text, or {de, en}.
function isName(v) {
  const text = (x) => typeof x === "string" && x.length <= 80;
  return v == null || text(v) || (!!v && typeof v === "object" && !Array.isArray(v)
    && Object.keys(v).length <= 4 && Object.values(v).every(text));
}

function isAnswer(o) {
  return !!o && o.v === 1 && typeof o.k === "string" && o.k.length <= 32 && isCompactSdp(o.a)
    && Number.isInteger(o.seat) && o.seat >= 0 && o.seat < 8
    && typeof o.name === "string" && o.name.length <= 40;
}

async function squeeze(bytes, Stream, most = Infinity) {
  const stream = new Blob([bytes]).stream().pipeThrough(new globalThis[Stream]("deflate-raw"));
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > most) throw new Error("too large");
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function toB64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
}

function hexToB64(hex) {
  const bytes = hex.split(":").map((x) => Number.parseInt(x, 16));
  return toB64url(Uint8Array.from(bytes));
}

function b64ToHex(b64) {
  return Array.from(fromB64url(b64), (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
}

// The page's own address with a route: the link a friend opens.
export function linkTo(route, payload) {
  return `${location.origin}${location.pathname}#/${route}/${payload}`;
}
