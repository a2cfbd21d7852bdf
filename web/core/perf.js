// Start-up timing marks for `python build.py bench` (performance.mark, read by the bench).
// Cheap: a few querySelector calls per render until the first playable control has been seen.
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
// "table-dom": the seats and the trick area are in the DOM; "table": the frame that shows
// them has been painted (a task posted from requestAnimationFrame runs after that frame's
// style, layout and paint).
const drawn = (root) => !!(root.querySelector("[data-testid=table] .seat")
  && root.querySelector("[data-testid=table] [data-testid=trick]"));

export function markRender(root) {
  if (playableMarked) return;
  if (!tableMarked && drawn(root)) {
    tableMarked = true;
    mark("table-dom");
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (drawn(root)) mark("table");
        else tableMarked = false; // gone before it was painted: the next table counts
      };
      channel.port2.postMessage(null);
    });
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
