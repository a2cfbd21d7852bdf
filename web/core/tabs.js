// One tab owns a running game at a time (two tabs may play two different games). The
// owner holds the Web Lock "doko-game:<gameId>" while it shows the table; a second tab finds the lock taken and asks before it
// steals it. A stolen lock (or a "claimed" message on the BroadcastChannel, for
// browsers without Web Locks) tells the old owner to stop. The saved entry carries the
// owner's id too (storage.js), so even if both signals fail a stale tab's write is
// refused by IndexedDB itself.
const NAME = "doko-game";
const GRACE = 1000; // ms a tab waits for the lock before it says another tab has it

export const tabId = (crypto.randomUUID ? crypto.randomUUID()
  : Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(16)).join("-"));

let owning = false;
let game = ""; // the game this tab owns or asks for
let asking = null; // the lock request on its way
let held = null; // the release function of the lock we hold
let lostFn = () => {};
const channel = "BroadcastChannel" in self ? new BroadcastChannel("doko-tabs") : null;

if (channel) {
  channel.onmessage = ({ data }) => {
    if (data?.type === "claimed" && data.tab !== tabId && data.game === game && owning) lose();
  };
}

// fn() is told when another tab took the game from this one.
export function onLost(fn) { lostFn = fn; }

function lose() {
  owning = false;
  held = null;
  lostFn();
}

// Own the game `gameId`: "try" only if no other tab has it, "steal" takes it from that
// tab. Resolves true once this tab owns it, false if another tab keeps it. A game this
// tab owned before is let go.
export function own(gameId, mode = "try") {
  if (gameId !== game) {
    release();
    asking = null;
    game = gameId;
  }
  if (owning) return Promise.resolve(true);
  // a second ask while the first waits for the lock would find our own lock taken
  if (!asking || mode === "steal") {
    const now = ask(mode).finally(() => { if (asking === now) asking = null; });
    asking = now;
  }
  return asking;
}

async function ask(mode) {
  if (!navigator.locks?.request) return claimed(); // no locks: the last tab to claim wins
  // "try" waits a moment: on a reload the old page's lock may not be let go yet
  const quit = new AbortController();
  const options = mode === "steal" ? { steal: true } : { signal: quit.signal };
  const timer = mode === "steal" ? 0 : setTimeout(() => quit.abort(), GRACE);
  const wanted = game;
  const got = await new Promise((resolve) => {
    let mine = null;
    navigator.locks.request(`${NAME}:${wanted}`, options, () => {
      clearTimeout(timer);
      if (wanted !== game) { resolve(false); return undefined; } // the tab went to another game
      // held until release() or until another tab steals it
      return new Promise((release) => { mine = release; held = release; resolve(true); });
    }).catch(() => {
      // rejected when stolen (the other tab plays this game now) or not granted in time
      if (mine && held === mine) lose();
      resolve(false);
    });
  });
  return got ? claimed() : false;
}

function claimed() {
  owning = true;
  channel?.postMessage({ type: "claimed", tab: tabId, game });
  return true;
}

// Leave the game (another screen): the next tab may take it without asking.
export function release() {
  owning = false;
  const fn = held;
  held = null;
  if (fn) fn();
}
