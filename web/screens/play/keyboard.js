// Keyboard play. Arrow keys move the focus through the hand (from
// outside the hand they enter it at the first playable card), Enter or Space
// plays the focused card (it is a button), number keys 1-9 press the n-th choice
// (Gesund, Re, …), letters open the helpers. The help dialog lists the same keys.

export const KEYS = [
  ["← →", "keyCards"],
  ["Enter / Space", "keyPlay"],
  ["1 – 9", "keyChoice"],
  ["T", "hint"],
  ["U", "undo"],
  ["L", "lastTrickButton"],
  ["C", "collect"],
  ["N", "keyNext"],
  ["O", "settings"],
  ["?", "help"],
];

const HAND = "[data-testid=hand] button[data-card]";

export function installKeyboard(handlers) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest?.("dialog")) return; // a dialog has its own keys (Esc closes)
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const key = event.key;
    if (key.startsWith("Arrow") || key === "Home" || key === "End") {
      if (moveInHand(key, target)) event.preventDefault();
      return;
    }
    if (/^[1-9]$/.test(key)) {
      const buttons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("[data-testid=actions] > button"))];
      const button = buttons[Number(key) - 1];
      if (button) {
        event.preventDefault();
        button.focus();
        button.click();
      }
      return;
    }
    const letter = { t: "hint", u: "undo", l: "last", c: "collect", o: "settings",
      "?": "help", h: "help", n: "next" }[key.toLowerCase()];
    if (letter && handlers[letter]) {
      event.preventDefault();
      handlers[letter]();
    }
  });
}

function moveInHand(key, target) {
  const cards = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(HAND))];
  if (!cards.length) return false;
  const at = cards.indexOf(target);
  const playable = cards.filter((c) => c.getAttribute("aria-disabled") !== "true");
  const forward = key === "ArrowRight" || key === "ArrowDown";
  let next;
  if (key === "Home") next = cards[0];
  else if (key === "End") next = cards[cards.length - 1];
  else if (at < 0) next = forward ? (playable[0] ?? cards[0]) : (playable.at(-1) ?? cards.at(-1));
  else next = cards[(at + (forward ? 1 : -1) + cards.length) % cards.length];
  next.focus();
  return true;
}
