// The card table, drawn from the store: opponents around the felt with their hands
// as card backs, the trick in front of the seats that played it, the player's hand as
// one overlapping row, the choices above it, and the result panel after the last trick.
// Pure view: reads the store and the engine's view, never writes to them.
import { h, signed } from "../core/dom.js";
import { t, cardName, actionLabel, contractName, partyLabel } from "../core/i18n.js";
import { cardSvg, backSvg } from "./cards.js";
import { lineLabel } from "./sheet.js";
import { relative, seatName } from "../core/seats.js";
import { flyKey } from "./motion.js";

const MAX_BACKS = 12; // an 8-player table deals 8 cards; 5 players 10 or 12: all drawn

// Where seat `rel` (0 = the player, counting clockwise) sits on an ellipse round
// the felt, as fractions of the table box; the trick card goes the same way.
export function seatSpot(rel, players) {
  const angle = (rel * 2 * Math.PI) / players;
  return { x: -Math.sin(angle), y: Math.cos(angle) };
}

// Which edge of the felt a seat leans on, so its plate never leaves the felt.
export function seatSide(spot) {
  if (spot.x < -0.5) return "left";
  if (spot.x > 0.5) return "right";
  return spot.y < 0 ? "top" : "bottom";
}

function spotStyle(prefix, spot) {
  return `--${prefix}x:${spot.x.toFixed(3)};--${prefix}y:${spot.y.toFixed(3)}`;
}

// A name plate's words, as the engine says the table may know them (doko.page.plates):
// the live table, a cover, a guest's table and the replay draw them with this alone.
const TAG_CLASS = { party: (w) => w, team: (w) => `team-${w === "A" ? "re" : "kontra"}`,
  "forced-solo": () => "call", pigs: () => "call pigs", superpigs: () => "call pigs",
  declaration: () => "decl", declined: () => "quiet declined", call: () => "call" };

function tagText({ kind, word }) {
  if (kind === "party") return t(word);
  if (kind === "team") return word === "A" ? t("teamA") : t("teamB");
  if (kind === "forced-solo") return t("forcedSolo");
  if (kind === "pigs") return t("pigsTag");
  if (kind === "superpigs") return t("superpigsTag");
  if (kind === "declined") return t("declinedTag");
  return actionLabel(word);
}

/** @param {import("../core/contract.js").Plate | undefined} plate */
export function plateTags(plate) {
  return (plate?.tags ?? []).map((tag) => h("span", { class: `tag ${TAG_CLASS[tag.kind](tag.word)}`,
    dataset: { tag: tag.kind }, text: tagText(tag) }));
}

function isTurn(view, seat) {
  return view.phase !== "done" && view.to_act === seat;
}

// One seat: name plate (name, Geber, party, calls, whose turn) and, for an opponent,
// the hand as overlapping backs with the count beside it.
function seatView(store, view, seat) {
  const rel = relative(store, seat);
  const out = view.sitting_out === seat;
  const turn = isTurn(view, seat);
  const mine = seat === view.seat;
  const count = view.hand_sizes[seat];
  const plate = h("div", { class: "plate" },
    h("strong", { class: "name", text: seatName(store, seat) }),
    view.dealer === seat ? h("span", { class: "dealer-chip", title: t("dealer"), text: t("dealer") }) : null,
    out ? h("span", { class: "tag out", dataset: { testid: "sits-out" }, text: t("sitsOutTag") }) : null,
    plateTags(view.plates?.[seat]),
    turn ? h("span", { class: "turn-note", dataset: { testid: "turn" },
      text: mine ? t("yourTurn") : t("atTurn") }) : null);
  const tricks = view.tricks_won[seat];
  const spot = seatSpot(rel, view.players);
  return h("div", { class: `seat pos-${rel} side-${seatSide(spot)}${turn ? " turn" : ""}${out ? " out" : ""}${mine ? " me" : ""}`,
    style: spotStyle("s", spot),
    "aria-current": turn ? "true" : null,
    dataset: { seat: String(seat), cards: String(count), sitsOut: out ? "true" : null, fly: flyKey.seat(seat) } },
  plate,
  !mine && !out && count ? h("div", { class: "backs", role: "img",
    "aria-label": t("cardsCount", { n: count }) },
  Array.from({ length: Math.min(count, MAX_BACKS) }, () => h("span", { class: "back-card" }, backSvg())),
  h("span", { class: "count", "aria-hidden": "true", text: String(count) })) : null,
  !out && tricks ? h("span", { class: "tricks-won", text: t("tricksCount", { n: tricks }) }) : null);
}

// The seats before the engine's first answer: the table is drawn at once, with the
// players' names, while the engine loads.
export function waitingSeats(players, seatName) {
  return Array.from({ length: players }, (_, rel) => {
    const spot = seatSpot(rel, players);
    return h("div", { class: `seat pos-${rel} side-${seatSide(spot)}${rel === 0 ? " me" : ""}`,
      style: spotStyle("s", spot), dataset: { seat: String(rel) } },
    h("div", { class: "plate" }, h("strong", { class: "name", text: seatName(rel) })));
  });
}

// A card lying face up (trick, last trick, replay): an image with its owner.
export function faceCard(card, { owner = "", extra = "", style = null, data = {} } = {}) {
  return h("span", { class: `card suit-${card[0]} ${extra}`, role: "img", style,
    "aria-label": owner ? `${cardName(card)}, ${owner}` : cardName(card), dataset: { card, ...data } },
  cardSvg(card));
}

// The trick: each card in front of the seat that played it, tilted a little.
export function trickView(cards, { players, relative, seatName, winner = null, testid = "trick",
  label = t("trick") }) {
  return h("div", { class: "trick", role: "group", "aria-label": label,
    dataset: { testid, winner: winner == null ? null : String(winner),
      fly: winner == null ? null : flyKey.held } },
  cards.map(({ seat, card }, i) => {
    const rel = relative(seat);
    const tilt = ((rel * 7 + i * 3) % 9) - 4;
    return faceCard(card, { owner: seatName(seat), extra: "played",
      style: `${spotStyle("t", seatSpot(rel, players))};--tilt:${tilt}deg;z-index:${i + 1}`,
      data: { seat: String(seat), fly: flyKey.trick(seat, card) } });
  }));
}

// After a Trumpfabgabe, until the first trick is taken: who took the cards and how
// many trumps came back (said aloud at a real table).
function povertyNote(store, view) {
  const p = view.poverty;
  if (!p || view.phase !== "play" || view.tricks_won.some((n) => n > 0)) return null;
  const key = p.taker === view.seat ? "povertyTakenByYou" : p.giver === view.seat ? "povertyTakenFromYou"
    : "povertyTaken";
  return h("p", { class: "felt-note", role: "status", dataset: { testid: "poverty-note" },
    text: t(p.returned_trumps === 0 ? `${key}.none` : key, { taker: seatName(store, p.taker), giver: seatName(store, p.giver),
      n: p.returned_trumps }) });
}

// The felt with every seat and the trick in the middle.
export function feltView(store, view, shown, winner) {
  return h("section", { class: `table players-${view.players}`, "aria-label": t("table"),
    dataset: { testid: "table", dealer: String(view.dealer) } },
  Array.from({ length: view.players }, (_, seat) => seatView(store, view, seat)),
  h("div", { class: "middle" },
    povertyNote(store, view),
    trickView(shown, { players: view.players, relative: (seat) => relative(store, seat), seatName: (seat) => seatName(store, seat),
      winner })));
}

// The player's hand: one overlapping row; each button is as wide as the strip of the
// card that shows, so a tap (or a test's click) lands on the card that is seen.
export function handView(store, view) {
  const myTurn = view.phase === "play" && view.to_act === view.seat && !store.busy;
  const returning = view.phase === "poverty-return" && view.to_act === view.seat;
  const legal = new Set(view.legal);
  const seen = {};
  const cards = view.hand.map((card) => {
    const index = (seen[card] = (seen[card] ?? -1) + 1);
    const enabled = returning || (myTurn && legal.has(`${view.seat}:${card}`));
    const picked = store.picked.includes(`${card}#${index}`);
    const hinted = store.tools.hint?.action === `${view.seat}:${card}`;
    // the cards that came in a Trumpfabgabe: the last copies of each, once each
    const got = index >= countOf(view.hand, card) - countOf(view.received ?? [], card);
    const cls = ["card", `suit-${card[0]}`, picked ? "picked" : "", enabled ? "legal" : "", got ? "received" : "",
      (myTurn || returning) && !enabled ? "dimmed" : "", hinted ? "hinted" : ""].filter(Boolean).join(" ");
    return h("button", { type: "button", class: cls,
      "aria-label": got ? `${cardName(card)} (${t("receivedCard")})` : cardName(card), "aria-disabled": enabled ? null : "true",
      "aria-pressed": returning ? String(picked) : null,
      dataset: { card, index: String(index), focus: `card:${card}:${index}`, fly: flyKey.hand(card, index) } },
    cardSvg(card));
  });
  return h("section", { class: `hand${myTurn ? " my-turn" : ""}`, role: "group", "aria-label": t("hand"),
    style: `--n:${Math.max(cards.length, 1)}`,
    dataset: { testid: "hand", myTurn: String(myTurn), fly: flyKey.handOf(view.seat) } }, cards);
}

// What the dot on a hand's cards means, while such cards are held: taken with an Armut,
// or (for the poor player) given back by the one who took it.
export function handLegend(view) {
  if (!(view.received ?? []).some((card) => view.hand.includes(card))) return null;
  const back = view.poverty?.giver === view.seat;
  return h("p", { class: "hand-legend", dataset: { testid: "hand-legend" } },
    h("span", { class: "legend-dot", "aria-hidden": "true" }), t(back ? "returnedLegend" : "receivedLegend"));
}

function countOf(list, item) {
  return list.filter((x) => x === item).length;
}


function partyNames(store, seats) {
  if (!seats.length) return "–";
  const names = seats.map((seat) => seatName(store, seat));
  return names.length === 1 ? names[0] : t("namesAnd", { first: names.slice(0, -1).join(", "), last: names.at(-1) });
}

// Who won, by name: the soloist, or the party with its players.
function winnerLine(store, view, r) {
  const text = (() => {
    if (r.winner === "none") return t("resultNobody");
    if (r.winner === "draw") return t("resultDraw");
    const seats = r.parties?.[r.winner] ?? [];
    const lone = seats.length === 1 && isSoloLike(r.contract);
    if (lone) return seats[0] === view.seat ? t("resultSoloistYou") : t("resultSoloist", { name: seatName(store, seats[0]) });
    return t("resultParty", { party: partyLabel(r.winner), names: partyNames(store, seats) });
  })();
  return h("span", { class: "winner", dataset: { testid: "result-winner" }, text });
}

function isSoloLike(contract) {
  return contract.startsWith("solo:") || contract === "wedding-alone" || contract === "silent-wedding";
}

// "Re brauchte 151 Augen (keine 90 angesagt) und hatte 140."
function goalText(view, r, party) {
  const goal = view.goals?.[party];
  const made = r.eyes?.[party] ?? 0;
  const label = partyLabel(party);
  if (!goal) return t("goalNone", { party: label, made });
  const [side, word] = goal.why.split(/-(.+)/);
  const others = Object.keys(r.eyes ?? {}).find((p) => p !== party);
  const why = goal.why === "base" ? "" : goal.why === "only-kontra-said" ? t("goalWhy.onlyKontra")
    : side === "own" ? t("goalWhy.own", { word: actionLabel(word) })
      : t("goalWhy.their", { word: actionLabel(word), other: partyLabel(others) });
  const tricks = r.tricks?.[party] ?? 0;
  if (goal.tricks === "all") return t("goalAll", { party: label, why, made: tricks });
  if (goal.tricks === "one") return t("goalOne", { party: label, why, made: tricks });
  return t("goalEyes", { party: label, need: goal.eyes, why, made });
}

// A line of the Abrechnung in words: what, for whom, and said by whom.
function lineText(line) {
  const what = lineLabel(line);
  return line.by && line.by !== line.party ? t("lineBy", { what, by: partyLabel(line.by) }) : what;
}

// The Abrechnung as a scorer writes it: each line in words with its points; then, with
// the engine's reckoning, the game value the lines add up to (or that Re's and Kontra's
// cancel out), the scoring's multiplier, the solo factor and the Bock factor each on
// its own line, and last what `writer` ({name, points, party}) writes. The live table's result
// and the replay's last step draw it with this.
export function linesTable(lines, { testid = null, reckoning = null, soloist = null, writer = null } = {}) {
  const k = reckoning;
  const row = (cells, data, cls = null) => h("tr", { class: cls, dataset: data }, cells);
  const cell = (text, cls = null) => h("td", { class: cls, text });
  const shown = k ? lines.filter((line) => line.item !== "bock") : lines;
  const rows = shown.map((line) => row([cell(lineText(line)),
    cell(t("lineFor", { party: partyLabel(line.party) }), "party-cell"), cell(signed(line.points), "num")],
  { testid: "result-line", party: line.party, points: String(line.points) }));
  if (k) {
    rows.push(k.cancelled
      ? row([cell(t("reckonCancelledRow")), cell(""), cell("0", "num")],
        { testid: "result-value", value: "0", party: "" }, "sum")
      : row([cell(t("reckonValueRow")), cell(k.party ? t("lineFor", { party: partyLabel(k.party) }) : "", "party-cell"),
        cell(String(k.value), "num")], { testid: "result-value", value: String(k.value), party: k.party ?? "" }, "sum"));
    const factor = (kind, text, who, n) => row([cell(text), cell(who, "party-cell"), cell(`×${n}`, "num")],
      { testid: kind === "bock" ? "result-bock" : "result-factor", kind, factor: String(n) }, "factor");
    if (k.scale > 1) rows.push(factor("scale", t("reckonScaleRow"), "", k.scale));
    if (k.solo_factor > 1 && soloist) rows.push(factor("solo", t("reckonSoloRow"), soloist, k.solo_factor));
    if (k.bock_factor > 1) rows.push(factor("bock", t("reckonBockRow"), t("reckonBockAll"), k.bock_factor));
  }
  if (writer) {
    rows.push(row([h("th", { scope: "row", text: writer.name }),
      cell(writer.party ? partyLabel(writer.party) : "", "party-cell"), cell(signed(writer.points), "num")],
      { testid: "result-writes", points: String(writer.points), party: writer.party ?? "" }, "sum writes"));
  }
  return h("table", { class: "lines", dataset: { testid } },
    h("caption", { class: "sr-only", text: t("item") }),
    h("tbody", {}, rows));
}

// The reckoning's solo line names who writes the factor: the soloist, or you.
function soloistName(store, view, r) {
  const seats = r.parties?.re ?? [];
  if (seats.length !== 1 || !isSoloLike(r.contract)) return null;
  return seats[0] === view.seat ? t("reckonSoloistYou") : t("reckonSoloist", { name: seatName(store, seats[0]) });
}

// The Bockrunden this deal starts, as the engine says (doko.game.bock.started).
function bockStartNote(view) {
  const b = view.bock_started;
  if (!b) return null;
  return h("p", { class: "bock-start", dataset: { testid: "result-bock-start", deals: String(b.deals) },
    text: t("bockStarts", { rounds: b.rounds, deals: b.deals,
      triggers: b.triggers.map((x) => t(`bockTrigger.${x}`)).join(", "), stack: t(`bockStack.${b.stack}`) }) });
}

// A thrown deal: why, and that nobody writes anything.
function redealText(store, view) {
  const thrown = view.declarations.find((d) => d.what === "throw");
  const poor = view.declarations.find((d) => d.what === "poverty");
  const you = (d) => d.seat === view.seat;
  if (thrown) return you(thrown) ? t("redealThrownYou") : t("redealThrown", { name: seatName(store, thrown.seat) });
  if (poor) return you(poor) ? t("redealPovertyYou") : t("redealPoverty", { name: seatName(store, poor.seat) });
  return t("redealOther");
}

// The dealer who sat out (5 players): what they write and why.
function sitOutText(store, view, r) {
  const s = view.sitting_out;
  if (s == null) return null;
  const n = r.points[s] ?? 0;
  const you = s === view.seat;
  const key = n === 0 ? (you ? "sitOutZeroYou" : "sitOutZero") : (you ? "sitOutKontraYou" : "sitOutKontra");
  return h("p", { class: "sit-out-line", dataset: { testid: "result-sit-out" },
    text: t(key, { name: seatName(store, s), n: signed(n) }) });
}

function nextButton(view) {
  return view.series_finished
    ? [h("p", { class: "series-over", dataset: { testid: "series-over" }, text: t("seriesOver") }),
      h("button", { type: "button", class: "primary",
        dataset: { intent: "new", testid: "new-series", focus: "new" }, text: t("newSeries") })]
    : h("button", { type: "button", class: "primary",
      dataset: { intent: "next", testid: "next-game", focus: "next" }, text: t("nextGame") });
}

function pointsTable(store, view, r) {
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const totals = view.totals ?? [];
  return h("table", { class: "points", dataset: { testid: "result-points", points: JSON.stringify(r.points) } },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("playerCol") }),
      h("th", { scope: "col", class: "num", text: t("points") }),
      h("th", { scope: "col", class: "num", text: t("running") }))),
    h("tbody", {}, seats.map((s) => h("tr", { class: s === view.seat ? "me" : null },
      h("th", { scope: "row", text: seatName(store, s) }),
      h("td", { class: "num", text: signed(r.points[s]) }),
      h("td", { class: "num", text: totals[s] == null ? "" : signed(totals[s]) })))));
}

// After the last trick: the contract, who won, what each party needed and made,
// every scored line in words, each seat's points and running total, and the button
// to go on, all within one screen. A thrown deal says why and that nothing counts.
export function resultPanel(store, view) {
  const r = view.result;
  if (!r) return null;
  const mine = r.points[view.seat] ?? 0;
  const thrown = r.contract === "redeal";
  const body = thrown
    ? [h("h2", { id: "result-title", text: contractName(r.contract) }),
      // the points (all 0) stay on the page for tools and tests, said as a sentence
      h("div", { dataset: { testid: "result-points", points: JSON.stringify(r.points) } },
        h("p", { class: "redeal-why", dataset: { testid: "result-redeal" }, text: redealText(store, view) }))]
    : [h("h2", { id: "result-title" }, contractName(r.contract), " · ", winnerLine(store, view, r)),
      h("dl", { class: "parties" },
        Object.keys(r.parties ?? { re: [], kontra: [] }).map((p) => h("div", {
          class: `party ${p}${r.winner === p ? " won" : ""}` },
        h("dt", {}, partyLabel(p), " ", h("span", { class: "who", text: partyNames(store, r.parties?.[p] ?? []) })),
        h("dd", { dataset: { testid: `party-${p}` } },
          h("span", { class: "eyes", text: t("eyesCount", { n: r.eyes?.[p] ?? 0 }) }),
          h("span", { class: "goal", dataset: { testid: "result-goal" }, text: goalText(view, r, p) }))))),
      linesTable(r.lines ?? [], { reckoning: view.reckoning, soloist: soloistName(store, view, r),
        writer: { name: seatName(store, view.seat), points: mine,
          party: Object.keys(r.parties ?? {}).find((p) => r.parties[p].includes(view.seat)) } }),
      bockStartNote(view),
      sitOutText(store, view, r),
      pointsTable(store, view, r)];
  return h("section", { class: `result ${mine > 0 ? "won" : mine < 0 ? "lost" : ""}`,
    "aria-labelledby": "result-title", dataset: { testid: "result" } },
  h("div", { class: "result-body" }, body),
  // a thrown deal had no play to review
  h("div", { class: "result-go" }, thrown ? null : h("button", { type: "button",
    dataset: { intent: "review", testid: "review-open", focus: "review" }, text: t("rvOpenShort") }),
  nextButton(view)));
}
