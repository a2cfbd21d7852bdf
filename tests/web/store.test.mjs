// The page's one store: defaults() holds every slice; update() batches to one redraw.
import { test } from "node:test";
import assert from "node:assert/strict";
import { defaults, createStore, frameScheduler, leaveTable, openScreen } from "../../web/core/store.js";

// A scheduler the test runs by hand, like animation frames.
function frames() {
  const queue = [];
  return { schedule: (fn) => queue.push(fn), run: () => queue.splice(0).forEach((fn) => fn()), queue };
}

test("defaults() holds the page's slices and the screens' slices it is given", () => {
  const state = defaults({ keeper: { rows: [] }, replay: null });
  assert.equal(state.screen, "start");
  assert.equal(state.view, null);
  assert.deepEqual(state.events, []);
  assert.deepEqual(state.keeper, { rows: [] });
  assert.ok("replay" in state);
  assert.deepEqual(state.game, { token: 0, id: "", inFlight: 0, seed: null, again: null, link: "#/game" });
});

test("defaults() is plain data: no functions, and two calls share nothing", () => {
  const a = defaults();
  const b = defaults();
  const walk = (value, path) => {
    assert.notEqual(typeof value, "function", `a function at ${path}`);
    if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
  };
  walk(a, "state");
  a.tools.hold = true;
  a.picked.push("HT#0");
  assert.equal(b.tools.hold, false);
  assert.deepEqual(b.picked, []);
  assert.deepEqual(JSON.parse(JSON.stringify(b)), b);
});

test("update() changes the state and redraws once per frame, however many updates came", () => {
  const clock = frames();
  const drawn = [];
  const store = createStore(defaults(), (state) => drawn.push(state.alert), clock.schedule);
  store.update((s) => { s.alert = "a"; });
  store.update((s) => { s.alert = "b"; });
  store.update();
  assert.equal(store.state.alert, "b"); // changed at once
  assert.deepEqual(drawn, []); // drawn only with the frame
  assert.equal(clock.queue.length, 1);
  clock.run();
  assert.deepEqual(drawn, ["b"]);
  store.update((s) => { s.alert = "c"; });
  clock.run();
  assert.deepEqual(drawn, ["b", "c"]);
});

test("flush() draws a queued update now, and the frame after it draws nothing more", () => {
  const clock = frames();
  let draws = 0;
  const store = createStore(defaults(), () => { draws += 1; }, clock.schedule);
  store.flush();
  assert.equal(draws, 0); // nothing queued: nothing drawn
  store.update((s) => { s.busy = true; });
  store.flush();
  clock.run();
  assert.equal(draws, 1);
});

test("the frame scheduler runs once, whichever of frame and timer comes first", () => {
  const raf = frames();
  const timers = frames();
  let runs = 0;
  const schedule = frameScheduler(raf.schedule, (fn) => timers.schedule(fn));
  schedule(() => { runs += 1; });
  timers.run(); // a tab in the background: no frame comes, the timer draws
  raf.run();
  assert.equal(runs, 1);
});

test("a screen of its own drops the running game (its token moves on) and the last messages", () => {
  const state = defaults();
  Object.assign(state, { screen: "play", view: { seat: 0 }, alert: "a", error: "e" });
  openScreen(state, "keeper");
  assert.deepEqual([state.screen, state.view, state.alert, state.error, state.game.token], ["keeper", null, "", "", 1]);
  Object.assign(state, { alert: "stays" });
  leaveTable(state, { screen: "start" });
  assert.deepEqual([state.screen, state.alert, state.game.token], ["start", "stays", 2]);
});
