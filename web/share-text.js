// Texts of the share links, replay viewer, demo gallery, saved games and offline banner
// (German default + English). st(key, vars) fills {name} slots like i18n's t().
import { getLang, cardName, actionLabel, contractName, itemLabel } from "./i18n.js";

const TEXT = {
  de: {
    share: "Teilen", copied: "Link kopiert.", copyFailed: "Link: {link}",
    replay: "Wiederholung", demos: "Regel-Beispiele", demosIntro: "Beispielspiele zu jeder Sonderregel, Schritt für Schritt erklärt.",
    badLink: "Dieser Link lässt sich nicht öffnen: {why}. Hier kannst du ein neues Spiel beginnen.",
    start: "Anfang", prevTrick: "Stich zurück", prev: "Zurück", next: "Weiter", nextTrick: "Stich vor", end: "Ende",
    play: "Abspielen", pause: "Anhalten", speed: "Tempo", jump: "Zu Stich", view: "Ansicht",
    allHands: "Alle Karten", seatView: "Sicht von {name}", playOn: "Von hier weiterspielen",
    step: "Schritt {n} von {total}", before: "Vor dem ersten Stich", trickN: "Stich {n}",
    player: "Spieler {n}", cards: "{n} Karten", explain: "Erklärung", nothing: "Hier passiert nichts Besonderes.",
    savedCorrupt: "Ein gespeicherter Stand war beschädigt und wurde beiseitegelegt: {why}",
    storageFailed: "Speichern nicht möglich: {why}",
    export: "Alles exportieren", import: "Importieren", imported: "Import fertig.",
    importBad: "Diese Datei lässt sich nicht importieren: {why}",
    newVersion: "Eine neue Version ist da.", reload: "Neu laden",
    resume: "Spiel fortsetzen",
    "ev.reservation": "{seat} meldet {what}.",
    "ev.contract": "Gespielt wird: {contract}{who}.",
    "ev.poverty-accept": "{seat} nimmt die Armut an.",
    "ev.poverty-decline": "{seat} lehnt die Armut ab.",
    "ev.poverty-return": "{seat} gibt Karten zurück, davon {trumps} Trumpf.",
    "ev.declare-solo": "{seat} sagt mit einer Kreuz-Dame ein Solo an.",
    "ev.wedding-partner": "Die Hochzeit ist entschieden: {partner} spielt im {trick}. Stich mit {seat}.",
    "ev.wedding-alone": "{seat} findet keinen Partner und spielt die Hochzeit allein.",
    "ev.announce": "{seat} sagt {word} ({party}). {deadline}",
    "ev.announce.cards": "Mit {cards} Karten auf der Hand; Frist: mindestens {deadline} Karten.",
    "ev.announce.tricks": "Vor Stich {trick}; Frist: vor Stich {deadline}.",
    "ev.announce.late": "Als Gegenansage erlaubt, eine Karte nach der Frist.",
    "ev.party-known": "Jetzt ist klar: {seat} ist {party}{how}.",
    "how.queen": " (Kreuz-Dame gespielt)", "how.announced": " (angesagt)", "how.deduced": " (daraus folgt es)",
    "ev.trick": "{winner} gewinnt Stich {trick} mit {card} ({eyes} Augen): {why}",
    "why.suit": "höchste Karte der angespielten Farbe.",
    "why.trump": "höchster Trumpf.",
    "why.ruff": "abgestochen mit Trumpf.",
    "why.equal-first": "von zwei gleichen Karten sticht die erste.",
    "why.dulle-first": "beide Dullen im Stich – die erste sticht.",
    "why.dulle-second": "beide Dullen im Stich – die zweite sticht die erste.",
    "why.dulle-last": "beide Dullen im letzten Stich – hier sticht die erste.",
    "ev.fox": "Fuchs gefangen: {winner} fängt den Karo-Ass von {seat}.",
    "ev.fox-last": "Der Fuchs gewinnt den letzten Stich.",
    "ev.doppelkopf": "Doppelkopf: {eyes} Augen in einem Stich für {winner}.",
    "ev.karlchen": "Karlchen: der Kreuz-Bube gewinnt den letzten Stich für {winner}.",
    "ev.karlchen-caught": "Karlchen von {seat} gefangen.",
    "ev.result": "Ergebnis: {winner} · Re {re} : Kontra {kontra} Augen.",
    winnerRe: "Re gewinnt", winnerKontra: "Kontra gewinnt", winnerNone: "niemand gewinnt",
    winnerDraw: "unentschieden",
  },
  en: {
    share: "Share", copied: "Link copied.", copyFailed: "Link: {link}",
    replay: "Replay", demos: "Rule demos", demosIntro: "Example games for every special rule, explained step by step.",
    badLink: "This link cannot be opened: {why}. You can start a new game here.",
    start: "Start", prevTrick: "Trick back", prev: "Back", next: "Next", nextTrick: "Trick on", end: "End",
    play: "Play", pause: "Pause", speed: "Speed", jump: "Go to trick", view: "View",
    allHands: "All hands", seatView: "{name}'s view", playOn: "Play on from here",
    step: "Step {n} of {total}", before: "Before the first trick", trickN: "Trick {n}",
    player: "Player {n}", cards: "{n} cards", explain: "Explanation", nothing: "Nothing special happens here.",
    savedCorrupt: "A saved state was damaged and has been set aside: {why}",
    storageFailed: "Cannot save: {why}",
    export: "Export everything", import: "Import", imported: "Import done.",
    importBad: "This file cannot be imported: {why}",
    newVersion: "A new version is available.", reload: "Reload",
    resume: "Resume game",
    "ev.reservation": "{seat} declares {what}.",
    "ev.contract": "The game is: {contract}{who}.",
    "ev.poverty-accept": "{seat} takes the poverty.",
    "ev.poverty-decline": "{seat} declines the poverty.",
    "ev.poverty-return": "{seat} gives cards back, {trumps} of them trump.",
    "ev.declare-solo": "{seat} declares a solo with one Queen of clubs.",
    "ev.wedding-partner": "The wedding is decided: {partner} joins {seat} in trick {trick}.",
    "ev.wedding-alone": "{seat} finds no partner and plays the wedding alone.",
    "ev.announce": "{seat} says {word} ({party}). {deadline}",
    "ev.announce.cards": "With {cards} cards in hand; deadline: at least {deadline} cards.",
    "ev.announce.tricks": "Before trick {trick}; deadline: before trick {deadline}.",
    "ev.announce.late": "Allowed as a counter-announcement, one card after the deadline.",
    "ev.party-known": "Now it is known: {seat} is {party}{how}.",
    "how.queen": " (played a Queen of clubs)", "how.announced": " (announced)", "how.deduced": " (it follows)",
    "ev.trick": "{winner} wins trick {trick} with {card} ({eyes} eyes): {why}",
    "why.suit": "highest card of the suit led.",
    "why.trump": "highest trump.",
    "why.ruff": "trumped.",
    "why.equal-first": "of two equal cards the first wins.",
    "why.dulle-first": "both Dullen in the trick – the first wins.",
    "why.dulle-second": "both Dullen in the trick – the second beats the first.",
    "why.dulle-last": "both Dullen in the last trick – here the first wins.",
    "ev.fox": "Fox caught: {winner} catches the ace of diamonds of {seat}.",
    "ev.fox-last": "The fox wins the last trick.",
    "ev.doppelkopf": "Doppelkopf: {eyes} eyes in one trick for {winner}.",
    "ev.karlchen": "Karlchen: the jack of clubs wins the last trick for {winner}.",
    "ev.karlchen-caught": "Karlchen of {seat} caught.",
    "ev.result": "Result: {winner} · Re {re} : Kontra {kontra} eyes.",
    winnerRe: "Re wins", winnerKontra: "Kontra wins", winnerNone: "nobody wins",
    winnerDraw: "a draw",
  },
};

export function st(key, vars = {}) {
  const table = TEXT[getLang()] ?? TEXT.de;
  const text = table[key] ?? TEXT.de[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

// One engine event ({key, params}) as a sentence; seat numbers become names.
export function eventText(event, seatName) {
  const p = event.params || {};
  const seat = (s) => (Number.isInteger(s) ? seatName(s) : "–");
  const party = (x) => (x === "re" ? "Re" : x === "kontra" ? "Kontra" : String(x ?? ""));
  switch (event.key) {
    case "reservation":
      return st("ev.reservation", { seat: seat(p.seat), what: actionLabel(String(p.what)) });
    case "contract":
      return st("ev.contract", { contract: contractName(String(p.contract)),
        who: Number.isInteger(p.declarer) ? ` (${seat(p.declarer)})` : "" });
    case "announce": {
      const deadline = p.late ? st("ev.announce.late")
        : p.system === "cards" ? st("ev.announce.cards", { cards: p.cards, deadline: p.deadline })
          : p.system === "tricks" ? st("ev.announce.tricks", { trick: p.trick, deadline: p.deadline }) : "";
      return st("ev.announce", { seat: seat(p.seat), word: actionLabel(String(p.word)),
        party: party(p.party), deadline });
    }
    case "party-known":
      return st("ev.party-known", { seat: seat(p.seat), party: party(p.party),
        how: st(`how.${p.how}`) });
    case "trick":
      return st("ev.trick", { winner: seat(p.winner), trick: p.trick, card: cardName(String(p.card)),
        eyes: p.eyes, why: st(`why.${p.why}`) });
    case "result": {
      const w = { re: "winnerRe", kontra: "winnerKontra", none: "winnerNone", draw: "winnerDraw" };
      const eyes = p.eyes || {};
      return st("ev.result", { winner: st(w[p.winner] ?? "winnerNone"),
        re: eyes.re ?? eyes.A ?? 0, kontra: eyes.kontra ?? eyes.B ?? 0 });
    }
    default:
      return st(`ev.${event.key}`, { seat: seat(p.seat), winner: seat(p.winner),
        partner: seat(p.partner), trick: p.trick, trumps: p.trumps, eyes: p.eyes });
  }
}

export function lineText(line) {
  return `${itemLabel(String(line.item))}: ${line.points > 0 ? "+" : ""}${line.points}`;
}
