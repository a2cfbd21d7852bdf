// Cards move to where they go: a played card flies from the hand (or the opponent's
// seat) to its place in the trick, and a collected trick sweeps to its winner.
// The page is redrawn from the store, so this works FLIP-style: remember where the
// marked elements ([data-fly]) were before a redraw, then animate the new ones from
// there. Purely visual: nothing waits for an animation to end.

const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

// Where every marked element is now, by its fly key.
export function capture(root) {
  const spots = new Map();
  for (const el of root.querySelectorAll("[data-fly]")) {
    spots.set(el.dataset.fly, { rect: el.getBoundingClientRect(), el });
  }
  return spots;
}

// After a redraw: fly new trick cards in, sweep a collected trick out. `duration`
// follows the speed setting (0: no movement).
export function play(before, root, duration) {
  if (!duration || reduced()) return;
  const oldTrick = [...before.keys()].filter((k) => k.startsWith("trick:"));
  for (const el of root.querySelectorAll("[data-fly^='trick:']")) {
    if (before.has(el.dataset.fly)) continue;
    const from = sourceOf(before, el.dataset.fly);
    if (from) flyIn(el, from, duration);
  }
  const stillShown = oldTrick.some((k) => root.querySelector(`[data-fly="${CSS.escape(k)}"]`));
  const winnerBox = before.get("trick-winner");
  if (oldTrick.length && !stillShown && winnerBox) sweep(before, oldTrick, root, duration);
}

// The hand card (player) or the seat (opponent) a trick card came from.
function sourceOf(before, key) {
  const [, seat, card] = key.split(":");
  for (const [k, spot] of before) {
    if (k.startsWith(`hand:${card}#`)) return spot.rect;
  }
  return before.get(`seat:${seat}`)?.rect ?? null;
}

function flyIn(el, from, duration) {
  const to = el.getBoundingClientRect();
  if (!to.width) return;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = Math.max(0.3, Math.min(1.6, from.width / to.width));
  el.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale}) rotate(0deg)` },
    { transform: getComputedStyle(el).transform === "none" ? "none" : getComputedStyle(el).transform },
  ], { duration, easing: "cubic-bezier(.2,.7,.3,1)" });
}

// The finished trick's cards (copies at their old places) slide to the winner's seat.
function sweep(before, keys, root, duration) {
  const winner = before.get("trick-winner").el.dataset.winner;
  const target = root.querySelector(`[data-fly="seat:${CSS.escape(winner)}"]`);
  if (!target) return;
  const to = target.getBoundingClientRect();
  for (const key of keys) {
    const { rect, el } = before.get(key);
    const ghost = el.cloneNode(true);
    ghost.removeAttribute("data-fly");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { position: "fixed", left: `${rect.left}px`, top: `${rect.top}px`,
      width: `${rect.width}px`, height: `${rect.height}px`, margin: "0", transform: "none",
      zIndex: "50", pointerEvents: "none" });
    ghost.classList.add("ghost");
    document.body.append(ghost);
    const dx = to.left + to.width / 2 - (rect.left + rect.width / 2);
    const dy = to.top + to.height / 2 - (rect.top + rect.height / 2);
    const run = ghost.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0.2 },
    ], { duration: duration * 1.3, easing: "cubic-bezier(.4,0,.6,1)" });
    run.onfinish = () => ghost.remove();
    run.oncancel = () => ghost.remove();
  }
}
