// The replay's sentences: one engine event ({key, params}) or score line as text in the
// page's language, seat numbers as names. Used by the replay viewer (and any screen that
// tells what happened in a deal).
import { t, cardName, actionLabel, contractName, partyLabel } from "../../core/i18n.js";

// One engine event ({key, params}) as a sentence; seat numbers become names.
export function eventText(event, seatName) {
  const p = event.params || {};
  const seat = (s) => (Number.isInteger(s) ? seatName(s) : "–");
  const party = (x) => partyLabel(x);
  const card = (c) => cardName(String(c));
  const suit = (s) => t(s === "T" ? "suitWord.trump" : `suitWord.${s}`);
  switch (event.key) {
    case "reservation":
      return t("ev.reservation", { seat: seat(p.seat), what: actionLabel(String(p.what)) });
    case "contract":
      return t("ev.contract", { contract: contractName(String(p.contract)),
        who: Number.isInteger(p.declarer) ? ` (${seat(p.declarer)})` : "" })
        + (Number.isInteger(p.leader) ? ` ${t("nar.leads", { seat: seat(p.leader) })}` : "");
    case "announce": {
      const deadline = p.late ? t("ev.announce.late")
        : p.system === "cards" ? t("ev.announce.cards", { cards: p.cards, deadline: p.deadline })
          : p.system === "tricks" ? t("ev.announce.tricks", { trick: p.trick, deadline: p.deadline }) : "";
      // "sagt Re" needs no "(Re)" after it: the word names its party
      const own = p.word === p.party;
      return t(own ? "ev.announce.own" : "ev.announce", { seat: seat(p.seat), word: actionLabel(String(p.word)),
        party: party(p.party), deadline });
    }
    case "goals":
      return t("nar.goals", { re: needText(p.re), kontra: needText(p.kontra) });
    case "party-known":
      return t("ev.party-known", { seat: seat(p.seat), party: party(p.party),
        how: t(`how.${p.how}`) });
    case "trick":
      return t("ev.trick", { winner: seat(p.winner), trick: p.trick, card: card(p.card),
        eyes: p.eyes, why: t(`why.${p.why}`) })
        + (Number.isInteger(p.beaten) ? ` ${t(`beaten.${p.why}`, { seat: seat(p.beaten) })}` : "");
    case "bock-trigger":
      return t("ev.bock-trigger", { deals: p.deals, stack: t(`bockStack.${p.stack}`),
        triggers: (p.triggers || []).map((x) => t(`bockTrigger.${x}`)).join(", ") });
    case "bock": return t("ev.bock", { factor: p.factor });
    case "deal": {
      // at five and more someone gets no cards: as a rule the dealer
      const out = Array.isArray(p.out) ? p.out : [];
      const vars = { dealer: seat(p.dealer), cards: p.cards, n: (p.players ?? 0) - out.length,
        out: out.map(seat).join(", "), count: out.length };
      if (!out.length) return t("ev.deal", vars);
      return t(out.length === 1 && out[0] === p.dealer ? "ev.deal.dealer-out" : "ev.deal.out", vars);
    }
    case "lead": return t("nar.lead", { seat: seat(p.seat), card: card(p.card) });
    case "play": return t("nar.play", { seat: seat(p.seat), card: card(p.card) });
    case "follow": return t("nar.follow", { seat: seat(p.seat), led: suit(p.led) });
    case "void":
      return t(p.trump ? "nar.void-trump" : "nar.void", { seat: seat(p.seat), led: suit(p.led) });
    case "result": {
      if (p.contract === "redeal") return t("nar.redeal");
      const w = { re: "winnerRe", kontra: "winnerKontra", none: "winnerNone", draw: "winnerDraw",
        A: "nar.winnerA", B: "nar.winnerB" };
      const eyes = p.eyes || {};
      const goals = p.goals && !("A" in eyes)
        ? ` ${t("nar.needed", { re: needText(p.goals.re), kontra: needText(p.goals.kontra) })}` : "";
      return t("ev.result", { winner: t(w[p.winner] ?? "winnerNone"),
        re: eyes.re ?? eyes.A ?? 0, kontra: eyes.kontra ?? eyes.B ?? 0 }) + goals;
    }
    case "poverty-return":
      return t(p.trumps === 0 ? "ev.poverty-return.none" : "ev.poverty-return", { seat: seat(p.seat),
        giver: seat(p.giver), cards: p.cards, trumps: p.trumps });
    default:
      return t(`ev.${event.key}`, { seat: seat(p.seat), winner: seat(p.winner),
        partner: seat(p.partner), giver: seat(p.giver), dealer: seat(p.dealer), trick: p.trick,
        trumps: p.trumps, cards: p.cards, eyes: p.eyes, points: p.points, party: party(p.party),
        word: actionLabel(String(p.word ?? "")),
        leads: p.leads ? t("nar.duty-leads") : "", forced: p.forced ? t("nar.duty-forced") : "" });
  }
}

// What a party needs: {kind: "eyes", need: 151} | {kind: "trick"} | {kind: "all"}.
function needText(goal) {
  if (!goal) return "–";
  if (goal.kind === "trick") return t("nar.need-trick");
  if (goal.kind === "all") return t("nar.need-all");
  return t("nar.need-eyes", { n: goal.need });
}

