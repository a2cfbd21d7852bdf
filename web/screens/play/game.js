// The game at the table: starting, resuming and taking over a game, one engine request
// per step (its answer brings the view, the events and what to store), the bots' turns,
// a player's taps. All state is the store's (`state.game` holds the running game's
// bookkeeping); createGame only binds the page's services.
import { t, errorText } from "../../core/i18n.js";
import * as storage from "../../core/storage.js";
import * as tabLocks from "../../core/tabs.js";
import * as V from "../../core/variants.js";
import * as tools from "./table-tools.js";
import * as together from "../together/together.js";
import * as passplay from "../together/passplay.js";
import * as net from "../together/netplay.js";
import { randomSeed, randomId } from "../../core/random.js";
import { gameLink } from "../../core/router.js";
import { levelBot } from "../../table/choices.js";
import { reviewOpen, dealStat } from "../review/review.js";
import { returnCount } from "./play.js";

// `ctx`: the page's context (state, update, call, alert ...); `seatName(seat)` names a
// seat as the page shows it; `saved` and `tabs` are the device's storage and tab locks
// (a test passes its own).
export function createGame(ctx, { seatName, saved = storage, tabs = tabLocks }) {
  const store = ctx.state;
  const call = ctx.call;
  const update = ctx.update;

  // A new game from here on (`more` sets up its state): every older game's bot timers
  // and engine replies carry the old token and are dropped.
  function nextToken(more = null) {
    update((s) => {
      s.game.token += 1;
      more?.(s);
    });
    return store.game.token;
  }

  // The table as a new game starts on it: empty, busy until the engine's first view.
  function freshTable(s, more = {}) {
    Object.assign(s, { screen: "play", view: null, busy: true, alert: "", error: "", picked: [], tab: "own",
      ...more });
  }

  const say = (text) => update((s) => { s.alert = text; });

  // Own the game `gameId` before touching it. false: another tab plays it, and this tab
  // says so and offers to take it over (takeOver() does).
  async function ownTable(token, again, steal, gameId) {
    const mine = await tabs.own(gameId, steal ? "steal" : "try");
    if (token !== store.game.token) {
      if (store.screen !== "play") tabs.release(); // the player left before the lock came
      return false;
    }
    if (mine) {
      try { await saved.claimGame(gameId, tabs.tabId); } catch { /* no storage: nothing to guard */ }
      if (token !== store.game.token) return false;
      update((s) => {
        Object.assign(s, { tab: "own", tabWhy: "" });
        s.game.again = null;
      });
      return true;
    }
    update((s) => {
      Object.assign(s, { tab: "elsewhere", tabWhy: "", busy: false, view: null });
      s.game.again = again;
    });
    return false;
  }

  // Another tab took the game (its lock, its message or a refused write): stop here.
  function lostTable(why = "") {
    if (store.screen !== "play" || store.tab !== "own") return;
    tabs.release();
    nextToken((s) => { // drops this tab's bot timers and engine replies
      Object.assign(s, { tab: "moved", tabWhy: why, busy: false, alert: "", view: null });
      // taking it back resumes the newest saved state, whichever tab wrote it
      s.game.again = { kind: "start", rules: s.preset, seed: randomSeed(), from: gameHash(s.game.id), back: null };
    });
  }

  // `from`: the saved game to resume: a #/play link's own, "#/game/<id>" that game, or
  // "#/game" the last one played; none there, a new game starts beside the saved ones.
  // `back`: for a link's game, the link to go back to when the engine refuses its house
  // rules (ctx.refuseLink says why; nothing is written then); null: no link's game.
  async function startGame(rules, seed, steal = false, from = location.hash, back = null) {
    const token = nextToken((s) => freshTable(s, { expanded: [], variantNotice: null }));
    const refused = (why) => ctx.refuseLink(t("linkRefused", { why: errorText(why) }), back);
    const resume = await saved.savedGame(from);
    if (token !== store.game.token) return;
    if (!resume && from.startsWith("#/game/") && back !== null) return refused({ code: "game-gone", params: {} });
    const id = resume?.gameId ?? randomId();
    useGame(id, resume?.hash ?? (from.startsWith("#/play") ? from : gameHash(id)));
    if (!await ownTable(token, { kind: "start", rules, seed, from: resume ? gameHash(id) : from, back },
      steal, id)) return;
    if (resume && await resumeSaved(token, resume)) return;
    if (token !== store.game.token) return;
    if (resume) { // set aside: a new game in its place, under a new id
      const fresh = randomId();
      if (location.hash.startsWith("#/game/")) history.replaceState(null, "", gameHash(fresh));
      useGame(fresh, from.startsWith("#/play") ? from : gameHash(fresh));
      if (!await ownTable(token, { kind: "start", rules, seed, from, back }, steal, fresh)) return;
    }
    if (typeof rules !== "string") {
      const checked = await checkLinkRules(token, rules);
      if (token !== store.game.token) return;
      if (checked.refusal) {
        tabs.release();
        if (back !== null) return refused(checked.refusal);
        say(t("badOptions", { why: errorText(checked.refusal) }));
        rules = V.presetOf(rules);
      } else {
        rules = checked.rules;
      }
    }
    const players = store.players;
    // the engine seats its bots of the chosen level (its default without one)
    const payload = { rules, seed, seat: 0, players };
    if (store.level) payload.level = store.level;
    if (store.rounds) payload.rounds = store.rounds;
    if (players !== 4 || store.level || store.rounds) await newGameOrDefaults(token, payload);
    else await request(token, "new_game", payload);
  }

  // A link's variant: checked by the engine first. Accepted, it is summed up over the table
  // before the first card (with an offer to save it, unless this device has it already):
  // {rules}; refused: {refusal} (the link is not played).
  async function checkLinkRules(token, rules) {
    const answer = await V.checkAnswer(ctx, rules);
    if (token !== store.game.token) return { rules };
    if (!answer.ok) return { refusal: answer.refusal };
    const kept = V.findVariant(store.variants, answer.rules);
    update((s) => {
      s.variantNotice = { rules: answer.rules, differences: answer.differences, saved: kept?.name ?? "",
        asking: false, name: "" };
    });
    return { rules: answer.rules };
  }

  // The game this page plays from now on: its id and the link it is stored under (a
  // #/play link's own, so a reload goes on with it; else #/game/<id>, shown in the bar).
  function useGame(id, link) {
    update((s) => Object.assign(s.game, { id, link }));
    const here = location.hash;
    if (here !== link && !here.startsWith("#/play") && !here.startsWith("#/game/")) history.replaceState(null, "", link);
  }

  // A link's table choices (players, level, rounds) that the engine refuses are said in
  // the alert, and the deal starts with the preset's defaults instead of an empty table.
  async function newGameOrDefaults(token, payload) {
    try {
      const answer = await call("new_game", payload);
      if (token === store.game.token) await persist(token, "new_game", answer.save, answer.view);
      if (token === store.game.token) setView(answer.view, answer.events);
      return;
    } catch (err) {
      if (token !== store.game.token) return;
      say(errorText(err, seatName));
    }
    update((s) => Object.assign(s, { players: 4, level: null, rounds: null }));
    const { rules, seed, seat } = payload;
    await request(token, "new_game", { rules, seed, seat, players: 4 });
  }

  // Rebuild a saved table: the whole series (schema 2, `resume`) or, from an older page,
  // the running deal alone (schema 1, `load_record`). Data the engine refuses is set
  // aside (quarantine + the role=alert message) and false says: start a new game.
  async function resumeSaved(token, resume) {
    let answer;
    try {
      answer = resume.table ? await call("resume", { table: resume.table })
        : await call("load_record", { record: resume.record, seat: resume.seat });
    } catch (err) {
      if (token === store.game.token) await saved.setAsideGame(resume.gameId, { code: err.code, params: err.params });
      return false;
    }
    if (token !== store.game.token) return true;
    const shared = together.resumed(resume.together, answer.view.players);
    // a schema 1 entry is written again as a whole table; an unchanged one is left as it is
    const same = JSON.stringify(answer.save) === JSON.stringify(resume.table);
    if (!same && (!await persist(token, "resume", answer.save, answer.view) || token !== store.game.token)) return true;
    setView(await passplay.present(answer.view), answer.events);
    if (shared === "host" && token === store.game.token) net.hostStarted(false);
    return true;
  }

  // Ask the engine; a reply for an abandoned game is ignored.
  async function request(token, type, payload) {
    if (store.screen === "play" && store.tab !== "own") return;
    update((s) => { s.game.inFlight += 1; });
    try {
      // one request: the new view, what happened (events) and the table to store (save)
      const answer = await call(type, payload);
      // a saved game is written (and committed) before the move is shown as done; a
      // refused write is no move: the table says where the game went instead
      if (token !== store.game.token || !await persist(token, type, answer.save, answer.view)) return;
      const seen = await passplay.present(answer.view); // pass and play: only the hand that may show
      if (token === store.game.token) setView(seen, answer.events);
    } catch (err) {
      if (token !== store.game.token) return;
      update((s) => {
        s.busy = false;
        if (type === "act") s.alert = errorText(err, seatName);
        else s.error = errorText(err, seatName);
      });
      if (type !== "act") scheduleBot();
    } finally {
      update((s) => { s.game.inFlight -= 1; });
    }
  }

  // A shared table's start: the people by name (null: a bot of the chosen level), the first
  // person at the bottom; a host's other seats are bots until guests sit down.
  async function startTogether(mode, names, steal = false) {
    const token = nextToken();
    const id = randomId();
    useGame(id, gameHash(id));
    update((s) => freshTable(s, { expanded: [], together: { mode, names, covered: null, revealed: null } }));
    if (!await ownTable(token, { kind: "together", mode, names }, steal, id)) return;
    const seat = Math.max(0, names.findIndex((n) => n != null));
    const payload = { rules: store.preset, seed: store.game.seed ?? randomSeed(), seat, players: store.players,
      bots: names.map((n) => (n == null ? levelBot(store) : null)) };
    if (store.rounds) payload.rounds = store.rounds;
    if (mode === "host") net.hostStarted(true);
    await request(token, "new_game", payload);
  }

  // A step on a shared table that is not this page's own tap (a guest's move, who plays
  // each seat): one request, stored and shown; a refusal comes back as {code, params}.
  async function tableStep(type, payload) {
    const token = store.game.token;
    update((s) => { s.busy = true; });
    try {
      const answer = await call(type, payload);
      if (token === store.game.token && await persist(token, type, answer.save, answer.view)
        && token === store.game.token) {
        setView(answer.view, answer.events);
      }
      return null;
    } catch (err) {
      update((s) => { s.busy = false; });
      return { code: err.code, params: err.params };
    }
  }

  // A guest's move on the host's table; its refusal goes back to the guest.
  async function guestMove(action) {
    const refusal = await tableStep("act", { action });
    if (refusal) scheduleBot();
    return refusal;
  }

  // Who plays each seat from now on (a guest left or came back).
  async function setBots(bots) {
    const refusal = await tableStep("set_bots", { bots });
    if (refusal) say(errorText(refusal, seatName));
  }

  // An engine step shown: its view, and its events (said, animated once).
  function setView(view, events = []) {
    if (view.phase === "done" && view.result && store.view?.phase !== "done") keepDealStat(view);
    if (view.phase === "done" || view.sitting_out !== view.seat) update((s) => { s.skip = false; });
    tools.onView(view, events);
    update((s) => {
      s.events = events; // the last step's events: a host passes them on to its guests
      s.step += 1; // the events are new: the next redraw animates them (once)
    });
    if (store.skip) tools.collect();
    update((s) => Object.assign(s, { view, busy: false, picked: [] }));
    scheduleBot();
    net.afterView();
  }

  // A finished deal goes into the statistics kept on this device (once: storage keeps
  // the first entry of a deal). Its level is the one its bots play, whatever the start
  // page's choice is now.
  function keepDealStat(view) {
    const level = store.botLevels.find((l) => view.bots.includes(l.bot))?.id ?? store.level ?? store.defaultLevel;
    saved.addDealStat(dealStat(view, { game: store.game.id, level })).catch(() => {});
  }

  // The deal review of the sheet's deal `row` (0-based), for the player's seat.
  async function reviewDeal(row) {
    const view = store.view;
    try {
      // a guest's engine holds no table: the deals it played came with the host's views
      const got = net.isGuest() ? net.guestDeal(row) : await call("deal_record", { game: row });
      update((s) => { s.screen = "review"; });
      // the seats named as on the table: Du, Links, Gegenüber, Rechts (or the people's names)
      const names = Array.from({ length: view?.players ?? 4 }, (_, seat) => seatName(seat));
      reviewOpen(ctx, { record: got.record, seat: got.seat, bots: got.bots, names,
        key: `${store.game.id}:${row + 1}`, played: view?.sheet?.[row]?.points?.[got.seat] ?? 0 });
    } catch (err) {
      say(errorText(err, seatName));
    }
  }

  function botToAct(view) {
    return !!view && view.phase !== "done" && view.to_act != null && !!view.bots[view.to_act];
  }

  function scheduleBot() {
    const view = store.view;
    // the bots wait while a link's house rules are read
    if (!botToAct(view) || net.holdsBots() || net.isGuest() || store.variantNotice) return;
    const token = store.game.token;
    if (tools.holding() && !store.skip) return; // a finished trick is still on show
    setTimeout(() => {
      // the player may have acted (or taken back) meanwhile: only a bot still to act moves
      if (token === store.game.token && store.view === view && !store.busy) request(token, "bot", {});
    }, store.skip ? 0 : store.delay);
  }

  function act(word) {
    const view = store.view;
    update((s) => Object.assign(s, { busy: true, alert: "" }));
    if (net.isGuest()) return void net.sendAction(`${view.seat}:${word}`);
    request(store.game.token, "act", { action: `${view.seat}:${word}` });
  }

  function tapCard(card, index, enabled) {
    tools.collect();
    const view = store.view;
    if (view.phase === "poverty-return" && view.to_act === view.seat) {
      return void update((s) => togglePicked(s, `${card}#${index}`, returnCount(view)));
    }
    if (enabled) return act(card);
    if (view.phase === "play" && view.to_act === view.seat) {
      // Only the engine knows why exactly (follow suit, trumps, …); it refuses and says so.
      return act(card);
    }
    say(view.phase === "reservations" ? t("cardsFirst") : t("notYourTurn"));
  }

  // Write the table; false if the write was refused because another tab has the game
  // (this tab then stops and says so). Other storage failures keep the game going.
  async function persist(token, type, table, view) {
    if (!store.view && store.screen !== "play") return true;
    try {
      // under the game's own link, not the page's now: a reply may land after the player
      // left for another screen and before that screen's route has run
      await saved.saveGame(table, store.game.link, { owner: tabs.tabId, gameId: store.game.id,
        back: type === "undo", together: together.saved(), info: gameInfo(view) });
    } catch (err) {
      if (err?.code === "game-owned" || err?.code === "game-newer") {
        if (token === store.game.token) lostTable(err.code);
        return false;
      }
      say(t("storageFailed"));
    }
    return true;
  }

  // Play on from a replay's step: a table from the record, at the seat shown.
  function playOn(record, seat, steal = false) {
    const token = nextToken(freshTable);
    const id = randomId();
    useGame(id, gameHash(id));
    return ownTable(token, { kind: "record", record, seat }, steal, id).then((mine) => {
      if (!mine) return undefined;
      return request(token, "load_record", { record, seat });
    });
  }

  // Save the variant a link brought under the name typed in the notice.
  async function saveNoticeVariant() {
    const notice = store.variantNotice;
    if (!notice) return;
    if (!notice.asking) return void update((s) => { s.variantNotice.asking = true; });
    const name = V.cleanName(notice.name);
    if (!name) return void say(t("variantNameMissing"));
    try {
      const v = await V.storeVariant(ctx, name, notice.rules);
      update((s) => {
        if (s.variantNotice === notice) Object.assign(notice, { saved: v.name, asking: false });
        s.alert = "";
      });
    } catch {
      say(t("storageFailed"));
    }
  }

  // "Hier spielen" after another tab had the game: the start this tab tried, taking it.
  function takeOver() {
    const again = store.game.again;
    update((s) => { s.game.again = null; });
    if (!again || store.screen !== "play") return;
    if (again.kind === "together") startTogether(again.mode, again.names, true);
    else if (again.kind === "record") playOn(again.record, again.seat, true);
    else startGame(again.rules, again.seed, true, again.from, again.back);
  }

  tabs.onLost(() => lostTable());

  // ---- the table's links: a game link (#/play?...), the last game, a saved game -------

  // Why a game link cannot be played, or "" (its house rules the engine checks later).
  function playLinkProblem(_ctx, { params }) {
    const link = V.rulesFromParams(params, store.preset);
    if (link.error) return t("linkRefused", { why: errorText(link.error) });
    const preset = V.presetOf(link.rules);
    if (store.rulesMeta && !Object.hasOwn(store.rulesMeta, preset)) {
      return t("linkRefused", { why: errorText({ code: "unknown-preset",
        params: { preset: preset.slice(0, 40), presets: Object.keys(store.rulesMeta).join(", ") } }) });
    }
    if (params.has("seed") && !/^\d{1,15}$/.test(params.get("seed"))) {
      return t("linkRefused", { why: t("linkBadSeed") });
    }
    return "";
  }

  // A game link's table: its rules, deal, size, rounds and bots.
  function openPlayLink(_ctx, { params, before }) {
    const link = V.rulesFromParams(params, store.preset);
    const { seed, players, rounds, level } = gameLink(params);
    update((s) => {
      if (s.rulesMeta && Object.hasOwn(s.rulesMeta, V.presetOf(link.rules))) s.preset = V.presetOf(link.rules);
      Object.assign(s, { players, rounds, level });
    });
    startGame(link.rules, seed ?? randomSeed(), false, location.hash, before);
  }

  // A saved game's link: is it there? ("" yes, else why not)
  async function savedGameProblem() {
    const found = await saved.savedGame(location.hash);
    return found ? "" : t("linkRefused", { why: errorText({ code: "game-gone", params: {} }) });
  }

  const openSavedGame = (_ctx, { before }) => startGame(store.preset, randomSeed(), false, location.hash, before);

  // only the table's routes keep this tab's game lock; elsewhere another tab may take it
  const routes = {
    "/play": { keepsGame: true, check: playLinkProblem, open: openPlayLink },
    "/game": { keepsGame: true, open: openSavedGame },
    "/game/*": { keepsGame: true, check: savedGameProblem, open: openSavedGame },
  };

  return { routes, startGame, startTogether, playOn, takeOver, request, nextToken, setView, scheduleBot, act, tapCard,
    guestMove, setBots, reviewDeal, saveNoticeVariant };
}

// A card to give back chosen, or unchosen: at most `most` are chosen.
export function togglePicked(state, key, most) {
  const at = state.picked.indexOf(key);
  if (at >= 0) state.picked.splice(at, 1);
  else if (state.picked.length < most) state.picked.push(key);
}

// The link that opens a saved game.
export const gameHash = (id) => `#/game/${id}`;

// What the start page lists of a saved game, from its last view: rules, table, deals
// played, and a Bock or Pflichtsolo state worth knowing.
export function gameInfo(view) {
  if (!view) return null;
  return { rules: view.rules_spec ?? view.rules, players: view.players, deals: view.sheet?.length ?? 0,
    rounds: view.rounds ?? null, roundsPlayed: view.rounds_played ?? null, bock: view.bock_to_come ?? 0,
    duty: Array.isArray(view.owes_duty_solo) ? view.owes_duty_solo.length : 0,
    finished: !!view.series_finished };
}
