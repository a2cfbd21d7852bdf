// Texts of the table sizes, the itemised score sheet and the score keeper (de + en).
// Kept apart from i18n.js so the two can grow independently; same {name} slots.
import { getLang, contractName, t } from "./i18n.js";

const TEXT = {
  de: {
    players: "Spieler",
    playersCount: "{n} Spieler",
    sitsOutTag: "setzt aus",
    youSitOut: "Du setzt in diesem Spiel aus.",
    owesSolo: "Pflichtsolo offen",
    forcedSolo: "vorgeführt",
    dutySolo: "Pflichtsolo",
    teamA: "A", teamB: "B", team: "Team {name}",
    seats6: ["Du", "Links", "Links oben", "Gegenüber", "Rechts oben", "Rechts"],
    seats8: ["Du", "Links unten", "Links", "Links oben", "Gegenüber", "Rechts oben", "Rechts",
      "Rechts unten"],
    seriesOver: "Die Serie ist zu Ende.",
    newSeries: "Neue Serie",
    details: "Details ▾",
    hideDetails: "Details ▴",
    running: "Stand",
    game: "Spiel",
    keeper: "Spielliste führen",
    keeperTitle: "Spielliste für den echten Tisch",
    keeperStart: "Liste beginnen",
    playerName: "Name Platz {n}",
    defaultName: "Spieler {n}",
    contract: "Spiel",
    reSeats: "Wer war Re?",
    soloist: "Wer spielte das Solo?",
    teamsFixed: "Team A: {a} · Team B: {b}",
    sittingOut: "Wer setzt aus (Geber)?",
    eyesRe: "Augen von {party}",
    eyesOther: "{party}: {n} Augen",
    tricksRe: "Stiche von {party}",
    tricksOther: "{party}: {n} Stiche",
    announcements: "Ansagen",
    specials: "Sonderpunkte",
    enter: "Spiel eintragen",
    saveFix: "Korrektur speichern",
    cancel: "Abbrechen",
    correct: "Korrigieren",
    correcting: "Spiel {n} korrigieren",
    newEntry: "Spiel {n} eintragen",
    exportCsv: "CSV exportieren",
    exportJson: "JSON exportieren",
    noGames: "Noch kein Spiel eingetragen.",
    back: "Zur Startseite",
    refused: "Nicht eingetragen: {reason}",
    engineWait: "Die Spiel-Engine lädt noch …",
    "wedding-alone": "Hochzeit ohne Partner",
    "silent-wedding": "Stille Hochzeit",
    duty: "Pflichtsolo",
    newSheet: "Neue Liste",
    newSheetConfirm: "Die Liste löschen und neu beginnen?",
  },
  en: {
    players: "Players",
    playersCount: "{n} players",
    sitsOutTag: "sits out",
    youSitOut: "You sit out this game.",
    owesSolo: "owes a solo",
    forcedSolo: "forced solo",
    dutySolo: "Duty solo",
    teamA: "A", teamB: "B", team: "Team {name}",
    seats6: ["You", "Left", "Top left", "Across", "Top right", "Right"],
    seats8: ["You", "Lower left", "Left", "Top left", "Across", "Top right", "Right",
      "Lower right"],
    seriesOver: "The series is over.",
    newSeries: "New series",
    details: "Details ▾",
    hideDetails: "Details ▴",
    running: "Total",
    game: "Game",
    keeper: "Keep score",
    keeperTitle: "Score sheet for a real table",
    keeperStart: "Start the sheet",
    playerName: "Name of seat {n}",
    defaultName: "Player {n}",
    contract: "Game",
    reSeats: "Who was Re?",
    soloist: "Who played the solo?",
    teamsFixed: "Team A: {a} · Team B: {b}",
    sittingOut: "Who sits out (dealer)?",
    eyesRe: "Eyes of {party}",
    eyesOther: "{party}: {n} eyes",
    tricksRe: "Tricks of {party}",
    tricksOther: "{party}: {n} tricks",
    announcements: "Announcements",
    specials: "Extra points",
    enter: "Enter game",
    saveFix: "Save correction",
    cancel: "Cancel",
    correct: "Correct",
    correcting: "Correct game {n}",
    newEntry: "Enter game {n}",
    exportCsv: "Export CSV",
    exportJson: "Export JSON",
    noGames: "No game entered yet.",
    back: "Back to start",
    refused: "Not entered: {reason}",
    engineWait: "The game engine is still loading …",
    "wedding-alone": "Wedding without partner",
    "silent-wedding": "Silent wedding",
    duty: "Duty solo",
    newSheet: "New sheet",
    newSheetConfirm: "Delete this sheet and start again?",
  },
};

export function tx(key, vars = {}) {
  const text = TEXT[getLang()][key] ?? TEXT.de[key] ?? t(key, vars);
  return typeof text === "string"
    ? text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""))
    : text;
}

export function contractLabel(contract) {
  return TEXT[getLang()][contract] ?? contractName(contract);
}

// Party names: Re/Kontra, or the teams A/B at a fixed-team table (6, 8 players).
export function partyLabel(party) {
  if (party === "A" || party === "B") return tx("team", { name: party });
  return t(party);
}
