// The game at the table: starting, resuming and taking over a game, one engine request
// per step (its answer brings the view, the events and what to store), the bots' turns,
// a player's taps. All state is the store's (`state.game` holds the running game's
// bookkeeping); createGame only binds the page's services.
import { t, errorText } from "./i18n.js";
import * as saved from "./storage.js";
import * as tabs from "./tabs.js";
import * as V from "./variants.js";
import * as tools from "./table-tools.js";
import * as together from "./together.js";
import * as passplay from "./passplay.js";
import * as net from "./netplay.js";
import { randomSeed, randomId } from "./random.js";
import { levelBot } from "./choices.js";
import { reviewOpen, dealStat } from "./review.js";
import { returnCount } from "./screens/play.js";

// `ctx`: the page's context (state, call, alert ...); `render()` draws the store at once;
// `seatName(seat)` names a seat as the page shows it.
export function createGame(ctx, { render, seatName }) {
  const store = ctx.state;
  const call = ctx.call;

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
      store.tab = "own";
      store.tabWhy = "";
      store.game.again = null;
      return true;
    }
    Object.assign(store, { tab: "elsewhere", tabWhy: "", busy: false, view: null });
    store.game.again = again;
    render();
    return false;
  }

  // Another tab took the game (its lock, its message or a refused write): stop here.
  function lostTable(why = "") {
    if (store.screen !== "play" || store.tab !== "own") return;
    store.game.token++; // drops this tab's bot timers and engine replies
    tabs.release();
    Object.assign(store, { tab: "moved", tabWhy: why, busy: false, alert: "", view: null });
    // taking it back resumes the newest saved state, whichever tab wrote it
    store.game.again = { kind: "start", rules: store.preset, seed: randomSeed(), from: gameHash(store.game.id),
      alert: "" };
    render();
  }

  // `from`: the saved game to resume: a #/play link's own, "#/game/<id>" that game, or
  // "#/game" the last one played; none there, a new game starts beside the saved ones.
  // `onRefused(why)`: the engine refused the link's house rules (nothing is written then).
  async function startGame(rules, seed, steal = false, from = location.hash, onRefused = null) {
    const token = ++store.game.token;
    Object.assign(store, { screen: "play", view: null, busy: true, alert: "", error: "", picked: [],
      expanded: [], tab: "own", variantNotice: null });
    render();
    const resume = await saved.savedGame(from);
    if (token !== store.game.token) return;
    if (!resume && from.startsWith("#/game/") && onRefused) return onRefused({ code: "game-gone", params: {} });
    const id = resume?.gameId ?? randomId();
    useGame(id, resume?.hash ?? (from.startsWith("#/play") ? from : gameHash(id)));
    if (!await ownTable(token, { kind: "start", rules, seed, from: resume ? gameHash(id) : from, onRefused },
      steal, id)) return;
    if (resume && await resumeSaved(token, resume)) return;
    if (token !== store.game.token) return;
    if (resume) { // set aside: a new game in its place, under a new id
      const fresh = randomId();
      if (location.hash.startsWith("#/game/")) history.replaceState(null, "", gameHash(fresh));
      useGame(fresh, from.startsWith("#/play") ? from : gameHash(fresh));
      if (!await ownTable(token, { kind: "start", rules, seed, from, onRefused }, steal, fresh)) return;
    }
    if (typeof rules !== "string") {
      const checked = await checkLinkRules(token, rules);
      if (token !== store.game.token) return;
      if (checked.refusal) {
        tabs.release();
        if (onRefused) return onRefused(checked.refusal);
        store.alert = t("badOptions", { why: errorText(checked.refusal) });
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
    const saved = V.findVariant(store.variants, answer.rules);
    store.variantNotice = { rules: answer.rules, differences: answer.differences, saved: saved?.name ?? "",
      asking: false, name: "" };
    return { rules: answer.rules };
  }

  // The game this page plays from now on: its id and the link it is stored under (a
  // #/play link's own, so a reload goes on with it; else #/game/<id>, shown in the bar).
  function useGame(id, link) {
    store.game.id = id;
    store.game.link = link;
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
      store.alert = errorText(err, seatName);
    }
    Object.assign(store, { players: 4, level: null, rounds: null });
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
    store.game.inFlight++;
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
      store.busy = false;
      if (type === "act") store.alert = errorText(err, seatName);
      else store.error = errorText(err, seatName);
      render();
      if (type !== "act") scheduleBot();
    } finally {
      store.game.inFlight--;
    }
  }

  // A shared table's start: the people by name (null: a bot of the chosen level), the first
  // person at the bottom; a host's other seats are bots until guests sit down.
  async function startTogether(mode, names, steal = false) {
    const token = ++store.game.token;
    const id = randomId();
    useGame(id, gameHash(id));
    Object.assign(store, { screen: "play", view: null, busy: true, alert: "", error: "", picked: [],
      expanded: [], tab: "own", together: { mode, names, covered: null, revealed: null } });
    render();
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
    store.busy = true;
    try {
      const answer = await call(type, payload);
      if (token === store.game.token && await persist(token, type, answer.save, answer.view)
        && token === store.game.token) {
        setView(answer.view, answer.events);
      }
      return null;
    } catch (err) {
      store.busy = false;
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
    if (refusal) {
      store.alert = errorText(refusal, seatName);
      render();
    }
  }

  function setView(view, events = []) {
    if (view.phase === "done" && view.result && store.view?.phase !== "done") keepDealStat(view);
    if (view.phase === "done" || view.sitting_out !== view.seat) store.skip = false;
    tools.onView(view, events);
    store.events = events; // the last step's events: a host passes them on to its guests
    store.step += 1; // the events are new: the next redraw animates them (once)
    if (store.skip) tools.collect();
    store.view = view;
    store.busy = false;
    store.picked = [];
    render();
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
      store.screen = "review";
      // the seats named as on the table: Du, Links, Gegenüber, Rechts (or the people's names)
      const names = Array.from({ length: view?.players ?? 4 }, (_, seat) => seatName(seat));
      reviewOpen(ctx, { record: got.record, seat: got.seat, bots: got.bots, names,
        key: `${store.game.id}:${row + 1}`, played: view?.sheet?.[row]?.points?.[got.seat] ?? 0 });
    } catch (err) {
      store.alert = errorText(err, seatName);
      render();
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
    store.busy = true;
    store.alert = "";
    render();
    if (net.isGuest()) return void net.sendAction(`${view.seat}:${word}`);
    request(store.game.token, "act", { action: `${view.seat}:${word}` });
  }

  function tapCard(card, index, enabled) {
    tools.collect();
    const view = store.view;
    if (view.phase === "poverty-return" && view.to_act === view.seat) {
      const key = `${card}#${index}`;
      const at = store.picked.indexOf(key);
      if (at >= 0) store.picked.splice(at, 1);
      else if (store.picked.length < returnCount(view)) store.picked.push(key);
      return render();
    }
    if (enabled) return act(card);
    if (view.phase === "play" && view.to_act === view.seat) {
      // Only the engine knows why exactly (follow suit, trumps, …); it refuses and says so.
      return act(card);
    }
    store.alert = view.phase === "reservations" ? t("cardsFirst") : t("notYourTurn");
    render();
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
      store.alert = t("storageFailed");
    }
    return true;
  }

  // Play on from a replay's step: a table from the record, at the seat shown.
  function playOn(record, seat, steal = false) {
    const token = ++store.game.token;
    Object.assign(store, { screen: "play", view: null, busy: true, alert: "", error: "",
      picked: [], tab: "own" });
    const id = randomId();
    useGame(id, gameHash(id));
    render();
    return ownTable(token, { kind: "record", record, seat }, steal, id).then((mine) => {
      if (!mine) return undefined;
      return request(token, "load_record", { record, seat });
    });
  }

  // Save the variant a link brought under the name typed in the notice.
  async function saveNoticeVariant() {
    const notice = store.variantNotice;
    if (!notice) return;
    if (!notice.asking) {
      notice.asking = true;
      return render();
    }
    const name = V.cleanName(notice.name);
    if (!name) {
      store.alert = t("variantNameMissing");
      return render();
    }
    try {
      const v = await V.storeVariant(ctx, name, notice.rules);
      notice.saved = v.name;
      notice.asking = false;
      store.alert = "";
    } catch {
      store.alert = t("storageFailed");
    }
    render();
  }

  // "Hier spielen" after another tab had the game: the start this tab tried, taking it.
  function takeOver() {
    const again = store.game.again;
    store.game.again = null;
    if (!again || store.screen !== "play") return;
    if (again.kind === "together") startTogether(again.mode, again.names, true);
    else if (again.kind === "record") playOn(again.record, again.seat, true);
    else startGame(again.rules, again.seed, true, again.from, again.onRefused);
  }

  tabs.onLost(() => lostTable());

  return { startGame, startTogether, playOn, takeOver, request, setView, scheduleBot, act, tapCard,
    guestMove, setBots, reviewDeal, saveNoticeVariant };
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
