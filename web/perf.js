// Start-up timing marks for `python build.py bench` (performance.mark, read by the bench).
// Cheap: one querySelector per render until the first playable control has been seen.
let tableMarked = false;
let playableMarked = false;

export function mark(name, startTime) {
  try {
    performance.mark(`doko:${name}`, startTime === undefined ? undefined : { startTime });
  } catch { /* an old browser without mark options */ }
}

// The worker reports its own steps as epoch times (its clock starts elsewhere).
export function markWorker(steps) {
  for (const [name, at] of Object.entries(steps || {})) {
    mark(`worker:${name}`, Math.max(0, at - performance.timeOrigin));
  }
}

// After each render of the table: the table drawn, then the first enabled card/choice.
export function markRender(root) {
  if (playableMarked) return;
  if (!tableMarked && root.querySelector("[data-testid=table]")) {
    tableMarked = true;
    mark("table");
  }
  const live = root.querySelector(
    "[data-testid=hand] button:not([aria-disabled]), [data-testid=actions] button:not([aria-disabled])",
  );
  if (live) {
    playableMarked = true;
    mark("playable");
  }
}

// When each runtime file the worker fetched had arrived.
export function markFetches(resources) {
  for (const r of resources || []) {
    mark(`fetched:${r.name}`, Math.max(0, r.end - performance.timeOrigin));
  }
}
