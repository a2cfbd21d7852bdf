// The page's one state and the one way to change it: update(fn) lets fn change the
// state, then the page is redrawn once, on the next animation frame, however many
// updates came in between. Plain data only (no functions, no DOM, no Promises).
// Nothing here touches the DOM or window at import time (node's tests import it).

// The page's own slices; the screens' modules add theirs (`initialX()`) through `slices`.
export function defaults(slices = {}) {
  return {
    engine: "loading", // loading | ready | failed
    engineError: "",
    screen: "start", // start | play | keeper | replay | tournament | rules | review | stats | together | join | answer
    preset: "ddv",
    variant: null, // id of the saved house-rule variant chosen on the start page, or null
    optionsMeta: null, // every option's metadata from the engine (the rules editor draws them)
    // a link's variant, shown (what differs from its preset) before the first card:
    // {rules, differences, saved: name or "", asking: the name field is open, name}
    variantNotice: null,
    view: /** @type {import("./contract.js").View | null} */ (null), // last VIEW from the engine
    events: /** @type {import("./contract.js").EventJSON[]} */ ([]), // what happened in the step that brought it (engine's doko.events)
    step: 0, // counts the engine answers shown: a redraw without a new step animates nothing
    busy: false, // a human action is on its way to the engine
    alert: "",
    error: "",
    picked: [], // cards chosen to give back after a Trumpfabgabe
    skip: false, // the dealer who sits out skips ahead to the result
    toast: "", // a short visible confirmation ("Link kopiert.")
    installable: false, // the browser offers to install the page as an app (core/install.js)
    delay: 400, // ms before each bot move, so cards can be seen landing
    players: 4, // table size for the next game (the preset's `players` allow)
    rounds: null, // rounds of the next series; null: the preset's default (engine's)
    level: null, // the bots' level id (engine's metadata); null: the engine's default
    rulesMeta: null, // presets from the engine's "rules" answer
    limits: null, // the engine's ranges for table options (max rounds)
    levels: null, // announcement word -> its level (index into a view's deadlines)
    botLevels: [], // the bots' levels the engine offers: [{id, name, bot}]
    defaultLevel: null,
    meta: null, // the engine's "rules" answer as it came (presets, options, levels, tournament ...)
    expanded: [], // score-sheet rows showing their itemised lines
    savedGames: [], // the games saved on this device, last played first: [{id, savedAt, rules, names, info}]
    importAsk: null, // an import that would replace stored data, waiting for the player's yes: its plan
    undo: null, // the last delete (or replacing import) that can be taken back: {id, text}
    quarantined: [], // entries set aside: [{id, key, why, at}], listed on the start page
    confirmDrop: null, // the quarantined entry whose "delete" was pressed once
    asideWhy: null, // why an entry was set aside: said in role=alert till tapped away
    tab: "own", // own | elsewhere (another tab plays the game) | moved (it took it from us)
    tabWhy: "", // why this tab stopped: game-owned | game-newer | "" (the lock was taken)
    tools: { hold: false, showLast: false, hint: null, picker: false, solos: false, moreCalls: false },
    together: null, // a shared table's people (together.js): pass and play, host or guest
    // the running game's bookkeeping: `token` bumps on every new game so stale bot timers
    // and replies are dropped; `id` names the game in the saved entry; `inFlight` counts
    // engine requests on their way; `seed` is a #/together?seed=N link's deal; `again` is
    // the start this tab tried while another tab had the game ("Hier spielen" takes it);
    // `link` is the link the game is stored under (its own #/play link, or #/game)
    game: { token: 0, id: "", inFlight: 0, seed: null, again: null, link: "#/game" },
    ...slices,
  };
}

// ---- transitions every screen uses ---------------------------------------------------------

// The table is left: the running game's token moves on (its bot timers and engine replies
// are dropped) and no view is shown; `more` says what the page shows instead.
export function leaveTable(state, more = {}) {
  state.game.token += 1;
  Object.assign(state, { view: null, ...more });
}

// A screen of its own, with no message from the last one.
export function openScreen(state, screen, more = {}) {
  leaveTable(state, { screen, alert: "", error: "", ...more });
}

// The store around `state`: `redraw(state)` draws it; `schedule(fn)` runs fn before the
// next frame (requestAnimationFrame in the page).
export function createStore(state, redraw, schedule) {
  let queued = false;
  const draw = () => {
    if (!queued) return;
    queued = false;
    redraw(state);
  };
  return {
    state,
    update(fn) {
      if (fn) fn(state);
      if (queued) return;
      queued = true;
      schedule(draw);
    },
    // draw now what is queued (a test, or a caller that must measure the new DOM)
    flush: draw,
  };
}

// The page's frame scheduler: the next animation frame, or a short timer where frames do
// not come (a tab in the background still gets its state drawn).
export function frameScheduler(raf, timer) {
  return (fn) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      fn();
    };
    raf(once);
    timer(once, 100);
  };
}
