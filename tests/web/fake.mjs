// A stand-in for the page around the screen modules in node tests: the store's state,
// a ctx with the contract's names (CONTRACT26.md) that records what the handlers asked
// for, and engine answers given by the test. No browser, no worker, no IndexedDB.

// Rules metadata as the engine's "rules" answer has it, cut down to what the keeper and
// the tournament read: two presets, one with fixed teams at six and eight.
export const META = {
  presets: {
    ddv: {
      name: { de: "DDV-Turnier", en: "DDV tournament" }, players: [4, 5], deck: 48, announcements: "cards", bock: [],
      sheet: {
        4: [{ contract: "normal", alone: false, specials: ["doppelkopf", "fox", "karlchen"] },
          { contract: "solo:queens", alone: true, specials: [] }],
        5: [{ contract: "normal", alone: false, specials: ["doppelkopf", "fox", "karlchen"] },
          { contract: "solo:queens", alone: true, specials: [] }],
      },
    },
    klassisch: {
      name: { de: "Klassisch", en: "Classic" }, players: [4, 5, 6, 8], deck: 48, announcements: "cards",
      bock: ["heart-trick"],
      sheet: {
        4: [{ contract: "normal", alone: false, specials: [] }],
        6: [{ contract: "normal", alone: false, specials: [] }, { contract: "solo:jacks", alone: true, specials: [] }],
        8: [{ contract: "normal", alone: false, specials: [] }, { contract: "solo:jacks", alone: true, specials: [] }],
      },
    },
  },
  options: [],
  announcement_levels: { re: 0, kontra: 0, no90: 1, no60: 2, no30: 3, black: 4 },
  tournament: { table_rounds: [1, 2, 3] },
};

// A fake score: Re's seats win one point each with 121 Augen or more, lose one
// otherwise, and Kontra the other way; a seat sitting out gets 0.
export function fakeScore(summary) {
  const won = Number(summary.eyes_re) >= 121 ? 1 : -1;
  const points = Array.from({ length: summary.players }, (_, s) => {
    if (s === summary.sitting_out) return 0;
    return summary.re.includes(s) ? won : -won;
  });
  return { contract: summary.contract, points, lines: [] };
}

export const ENGINE = {
  score_sheet: ({ summaries }) => {
    for (const [index, summary] of summaries.entries()) {
      const eyes = summary.eyes_re;
      if (!Number.isInteger(eyes) || eyes < 0 || eyes > 240) {
        throw { code: "bock-game", params: { index, reason: { code: "eyes-range", params: { eyes, most: 240 } } } };
      }
    }
    return { games: summaries.map((summary) => ({ bock: 0, result: fakeScore(summary) })),
      bock: { next: 0, to_come: 0 } };
  },
};

export function fakeCtx(state, engine = ENGINE) {
  const log = { calls: [], saves: [], alerts: [], downloads: [], asides: [], navigations: [], draws: 0 };
  const ctx = {
    state,
    log,
    update(fn) {
      fn(state);
      log.draws += 1;
    },
    async call(type, payload) {
      log.calls.push({ type, payload });
      const answer = engine[type];
      if (!answer) throw { code: "unknown-request", params: { type } };
      return typeof answer === "function" ? answer(payload) : answer;
    },
    navigate(hash) { log.navigations.push(hash); },
    alert(message) { log.alerts.push(message); },
    status() {},
    async save(kind, data) { log.saves.push({ kind, data: structuredClone(data) }); },
    setAside(kind, entry, why) { log.asides.push({ kind, entry, why }); },
    download(name, mime, text) { log.downloads.push({ name, mime, text }); },
    meta: () => state.meta,
  };
  return ctx;
}
