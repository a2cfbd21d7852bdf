// Texts in German (default) and English. t(key, vars) fills {name} slots.

const SUITS = {
  de: { C: "Kreuz", S: "Pik", H: "Herz", D: "Karo" },
  en: { C: "clubs", S: "spades", H: "hearts", D: "diamonds" },
};
const RANKS = {
  de: { A: "Ass", T: "Zehn", K: "König", Q: "Dame", J: "Bube", 9: "Neun", 8: "Acht", 7: "Sieben" },
  en: { A: "ace", T: "ten", K: "king", Q: "queen", J: "jack", 9: "nine", 8: "eight", 7: "seven" },
};
// Short face for the card itself (German picture letters in both languages).
const FACE = { A: "A", T: "10", K: "K", Q: "D", J: "B", 9: "9", 8: "8", 7: "7" };
const FACE_EN = { A: "A", T: "10", K: "K", Q: "Q", J: "J", 9: "9", 8: "8", 7: "7" };
export const SUIT_SYMBOL = { C: "♣", S: "♠", H: "♥", D: "♦" };

const TEXT = {
  de: {
    title: "Doppelkopf",
    loading: "Spiel-Engine wird geladen …",
    engineFailed: "Die Spiel-Engine konnte nicht starten: {error}",
    yourTurn: "Du bist dran",
    turnOf: "{name} ist dran",
    trick: "Stich",
    table: "Tisch",
    lastTrick: "Letzter Stich",
    hand: "Deine Karten",
    re: "Re", kontra: "Kontra",
    eyes: "Augen", points: "Punkte", result: "Ergebnis",
    newGame: "Neues Spiel", nextGame: "Nächstes Spiel",
    rules: "Regeln", scoresheet: "Spielliste", total: "Summe", number: "Nr.",
    winner: "Gewinner", none: "niemand",
    dealer: "Geber", tricks: "Stiche",
    contract: "Spiel",
    party: "Partei", item: "Wertung",
    announcementsLabel: "Ansagen",
    reservationsLabel: "Vorbehalt",
    notYourTurn: "Du bist nicht dran.",
    cardsFirst: "Zuerst sagt jeder Gesund oder einen Vorbehalt an.",
    language: "English",
    seats4: ["Du", "Links", "Gegenüber", "Rechts"],
    seats5: ["Du", "Links", "Gegenüber links", "Gegenüber rechts", "Rechts"],
    seatCounts: "{cards} Karten · {tricks} Stiche",
    sitsOut: "{name} setzt aus",
  },
  en: {
    title: "Doppelkopf",
    loading: "Loading the game engine …",
    engineFailed: "The game engine could not start: {error}",
    yourTurn: "Your turn",
    turnOf: "{name} to play",
    trick: "Trick",
    table: "Table",
    lastTrick: "Last trick",
    hand: "Your cards",
    re: "Re", kontra: "Kontra",
    eyes: "Eyes", points: "Points", result: "Result",
    newGame: "New game", nextGame: "Next game",
    rules: "Rules", scoresheet: "Score sheet", total: "Total", number: "No.",
    winner: "Winner", none: "nobody",
    dealer: "Dealer", tricks: "Tricks",
    contract: "Game",
    party: "Party", item: "Item",
    announcementsLabel: "Announcements",
    reservationsLabel: "Reservation",
    notYourTurn: "It is not your turn.",
    cardsFirst: "First everyone says healthy or a reservation.",
    language: "Deutsch",
    seats4: ["You", "Left", "Across", "Right"],
    seats5: ["You", "Left", "Across left", "Across right", "Right"],
    seatCounts: "{cards} cards · {tricks} tricks",
    sitsOut: "{name} sits out",
  },
};

// Action words (after "seat:") as button labels.
const ACTIONS = {
  de: {
    healthy: "Gesund", wedding: "Hochzeit", poverty: "Armut", throw: "Schmeißen",
    re: "Re", kontra: "Kontra", no90: "Keine 90", no60: "Keine 60", no30: "Keine 30",
    black: "Schwarz", accept: "Annehmen", decline: "Ablehnen", return: "Zurückgeben",
    "declare-solo": "Solo ansagen", "wedding:foreign": "Hochzeit (erster Fremder)",
    "wedding:fehl": "Hochzeit (Fehlstich)", "wedding:trump": "Hochzeit (Trumpfstich)",
    "wedding:first": "Hochzeit (erster Stich)",
    "solo:diamonds": "Karosolo", "solo:hearts": "Herzsolo", "solo:spades": "Piksolo",
    "solo:clubs": "Kreuzsolo", "solo:queens": "Damensolo", "solo:jacks": "Bubensolo",
    "solo:fleshless": "Fleischloser",
  },
  en: {
    healthy: "Healthy", wedding: "Wedding", poverty: "Poverty", throw: "Throw in",
    re: "Re", kontra: "Kontra", no90: "No 90", no60: "No 60", no30: "No 30",
    black: "Black", accept: "Accept", decline: "Decline", return: "Give back",
    "declare-solo": "Declare solo", "wedding:foreign": "Wedding (first foreign trick)",
    "wedding:fehl": "Wedding (plain-suit trick)", "wedding:trump": "Wedding (trump trick)",
    "wedding:first": "Wedding (first trick)",
    "solo:diamonds": "Diamonds solo", "solo:hearts": "Hearts solo",
    "solo:spades": "Spades solo", "solo:clubs": "Clubs solo", "solo:queens": "Queens solo",
    "solo:jacks": "Jacks solo", "solo:fleshless": "Fleshless solo",
  },
};

const CONTRACTS = {
  de: { normal: "Normalspiel", wedding: "Hochzeit", poverty: "Armut", silent: "Stille Hochzeit",
    redeal: "Neu geben" },
  en: { normal: "Normal game", wedding: "Wedding", poverty: "Poverty", silent: "Silent wedding",
    redeal: "Redeal" },
};

// Score line items (FORMATS.md names); unknown ones are shown as the engine names them.
const ITEMS = {
  de: { won: "Gewonnen", "against-the-old": "Gegen die Alten", schneider: "Schneider",
    no90: "Gegner unter 90", no60: "Gegner unter 60", no30: "Gegner unter 30",
    black: "Gegner schwarz", doppelkopf: "Doppelkopf", fox: "Fuchs gefangen",
    "fox-last": "Fuchs im letzten Stich", karlchen: "Karlchen", "karlchen-caught": "Karlchen gefangen",
    "heart-trick": "Herzstich" },
  en: { won: "Won", "against-the-old": "Against the old", schneider: "Schneider",
    no90: "Opponents under 90", no60: "Opponents under 60", no30: "Opponents under 30",
    black: "Opponents took no trick", doppelkopf: "Doppelkopf", fox: "Fox caught",
    "fox-last": "Fox in the last trick", karlchen: "Karlchen", "karlchen-caught": "Karlchen caught",
    "heart-trick": "Heart trick" },
};
const ITEM_SUFFIX = {
  de: { announced: "angesagt", reached: "erreicht", missed: "verfehlt" },
  en: { announced: "announced", reached: "reached", missed: "missed" },
};

export function itemLabel(item) {
  const text = String(item);
  if (ITEMS[lang][text]) return ITEMS[lang][text];
  let m = text.match(/^(\w+)-(announced|reached|missed)$/);
  if (m) return `${actionLabel(m[1])} ${ITEM_SUFFIX[lang][m[2]]}`;
  m = text.match(/^(\d+)-against-(\w+)$/);
  if (m) return `${m[1]} ${lang === "de" ? "gegen" : "against"} ${actionLabel(m[2])}`;
  m = text.match(/^doubled-(\w+)$/);
  if (m) return `${actionLabel(m[1])} ${lang === "de" ? "verdoppelt" : "doubled"}`;
  return text;
}

// Engine reasons are English and name seats by number ("seat 0 must follow suit:
// spades (holds SA)"); known ones become a sentence in the page's language.
const SUIT_WORDS = {
  de: { trump: "Trumpf", clubs: "Kreuz", spades: "Pik", hearts: "Herz", diamonds: "Karo" },
  en: { trump: "trump", clubs: "clubs", spades: "spades", hearts: "hearts", diamonds: "diamonds" },
};
const REASONS = [
  // "must follow suit: spades" (older) or "must follow suit (holds S9)".
  [/^seat (\d+) must follow suit(?:: (\w+))?(?: \(holds ([CSHD][ATKQJ987])\))?/i,
    (m, name, me) => followSuit(me(+m[1]) ? null : name(+m[1]), m[2], m[3])],
  [/^it is seat (\d+)'s turn/i, (m, name, me) => me(+m[1])
    ? { de: "Du bist dran.", en: "It is your turn." }
    : { de: `${name(+m[1])} ist dran, nicht du.`, en: `It is ${name(+m[1])}'s turn, not yours.` }],
  [/^too late for '?(\w+)'?/i, (m) => ({
    de: `Für „${actionLabelIn("de", m[1])}" ist es zu spät.`,
    en: `Too late for "${actionLabelIn("en", m[1])}".` })],
];

function followSuit(who, suit, holds) {
  const de = SUIT_WORDS.de[suit], en = SUIT_WORDS.en[suit];
  const withDe = holds ? `, zum Beispiel mit ${cardNameIn("de", holds)}` : "";
  const withEn = holds ? `, for example with the ${cardNameIn("en", holds)}` : "";
  if (!who) {
    return de
      ? { de: `Du musst ${de} bedienen${withDe}.`, en: `You must follow suit: ${en}${withEn}.` }
      : { de: `Du musst bedienen${withDe}.`, en: `You must follow suit${withEn}.` };
  }
  return { de: `${who} muss bedienen.`, en: `${who} must follow suit.` };
}

let lang = "de";
export function setLang(next) { lang = TEXT[next] ? next : "de"; }
export function getLang() { return lang; }

export function t(key, vars = {}) {
  const text = TEXT[lang][key] ?? TEXT.de[key] ?? key;
  return typeof text === "string"
    ? text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""))
    : text;
}

export function cardName(card) {
  return cardNameIn(lang, card);
}

function cardNameIn(language, card) {
  const suit = SUITS[language][card[0]], rank = RANKS[language][card[1]];
  return language === "de" ? `${suit} ${rank}` : `${rank} of ${suit}`;
}

export function cardFace(card) {
  return (lang === "de" ? FACE : FACE_EN)[card[1]] ?? card[1];
}

export function actionLabel(word) {
  return actionLabelIn(lang, word);
}

function actionLabelIn(language, word) {
  const own = ACTIONS[language][word];
  if (own) return own;
  // Unknown words (new reservation kinds, wedding rules) still get a readable button.
  return word.replace(/[:_-]/g, " ");
}

export function contractName(contract) {
  if (CONTRACTS[lang][contract]) return CONTRACTS[lang][contract];
  if (contract && contract.startsWith("solo:")) return actionLabel(contract);
  return contract ?? "";
}

// reason(engineText, seatName) -> one sentence for the alert.
export function reason(text, seatName = (s) => `seat ${s}`) {
  const sentence = String(text).trim();
  const isMe = (seat) => seatName(seat) === TEXT[lang].seats4[0];
  for (const [pattern, make] of REASONS) {
    const m = sentence.match(pattern);
    if (m) return make(m, seatName, isMe)[lang];
  }
  if (lang === "de") return `Das geht jetzt nicht (${sentence.replace(/[.!?]$/, "")}).`;
  const first = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}
