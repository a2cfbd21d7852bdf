// Card faces and backs drawn as SVG by the page itself: corner indices at both ends
// (readable when only the left edge of a fanned card shows), pips in the classic
// layout for A, 10, 9, 8, 7, and a framed court design for K, D/Q and B/J.
// The suit shapes live once in a hidden sprite; each card refers to them with <use>.
import { cardFace } from "../core/i18n.js";

export { isCard } from "../core/card-text.js";

const NS = "http://www.w3.org/2000/svg";
const W = 63;
const H = 88;

// Suit shapes on a 10 x 10 grid.
const SUIT_PATHS = {
  H: "M5 9.6C4.2 8.9 0 5.9 0 3C0 1.3 1.3 0 2.8 0C3.8 0 4.6.6 5 1.5C5.4.6 6.2 0 7.2 0C8.7 0 10 1.3 10 3C10 5.9 5.8 8.9 5 9.6Z",
  D: "M5 0L9 5L5 10L1 5Z",
  S: "M5 0C3.6 1.8 0 3.9 0 6.3C0 7.8 1.1 8.8 2.4 8.8C3.3 8.8 4 8.4 4.4 7.7C4.3 8.7 3.8 9.5 3 10H7C6.2 9.5 5.7 8.7 5.6 7.7C6 8.4 6.7 8.8 7.6 8.8C8.9 8.8 10 7.8 10 6.3C10 3.9 6.4 1.8 5 0Z",
  C: "M5 0A2.5 2.5 0 0 0 2.9 3.9A2.5 2.5 0 1 0 4.5 7.7C4.4 8.7 3.9 9.5 3.1 10H6.9C6.1 9.5 5.6 8.7 5.5 7.7A2.5 2.5 0 1 0 7.1 3.9A2.5 2.5 0 0 0 5 0Z",
};

// Pip centres (fractions of the face's inner box) for the number cards.
const PIPS = {
  A: [[0.5, 0.5]],
  T: [[0.25, 0], [0.75, 0], [0.5, 0.17], [0.25, 0.33], [0.75, 0.33], [0.25, 0.67], [0.75, 0.67],
    [0.5, 0.83], [0.25, 1], [0.75, 1]],
  9: [[0.25, 0], [0.75, 0], [0.25, 0.33], [0.75, 0.33], [0.5, 0.5], [0.25, 0.67], [0.75, 0.67],
    [0.25, 1], [0.75, 1]],
  8: [[0.25, 0], [0.75, 0], [0.5, 0.25], [0.25, 0.5], [0.75, 0.5], [0.5, 0.75], [0.25, 1], [0.75, 1]],
  7: [[0.25, 0], [0.75, 0], [0.5, 0.25], [0.25, 0.5], [0.75, 0.5], [0.25, 1], [0.75, 1]],
};

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

// The sprite with the four suits and the back's pattern, added once to the page.
export function installSprite() {
  if (document.getElementById("card-sprite")) return;
  const defs = svg("defs", {},
    ...Object.entries(SUIT_PATHS).map(([suit, d]) => svg("symbol", { id: `suit-${suit}`,
      viewBox: "0 0 10 10" }, svg("path", { d }))),
    svg("pattern", { id: "back-weave", width: 6, height: 6, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
    svg("rect", { width: 6, height: 6, class: "back-ground" }),
    svg("rect", { width: 3, height: 6, class: "back-thread" })));
  const sprite = svg("svg", { id: "card-sprite", "aria-hidden": "true", width: 0, height: 0,
    class: "sprite" }, defs);
  document.body.prepend(sprite);
}

function pip(suit, x, y, size, flip = false) {
  const attrs = { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size };
  if (flip) attrs.transform = `rotate(180 ${x} ${y})`;
  return svg("use", attrs);
}

function corner(card, flip) {
  const g = svg("g", flip ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {},
    svg("text", { x: 7.5, y: 14.5, class: "index", "text-anchor": "middle" }, cardFace(card)),
    pip(card[0], 7.5, 22.5, 9));
  return g;
}

function pips(card) {
  const suit = card[0];
  const layout = PIPS[card[1]];
  if (card[1] === "A") return [pip(suit, W / 2, H / 2, 26)];
  const [left, top, width, height] = [16, 15, W - 32, H - 30];
  return layout.map(([fx, fy]) => pip(suit, left + fx * width, top + fy * height, 11, fy > 0.5));
}

// K, D/Q, B/J: a framed panel with the rank letter and the suit, mirrored like a
// real court card so it reads the same from both ends.
function court(card) {
  const suit = card[0];
  const letter = cardFace(card);
  const half = (flip) => svg("g", flip ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {},
    svg("text", { x: W / 2 - 3, y: 38, class: "court-letter", "text-anchor": "middle" }, letter),
    pip(suit, W / 2 + 9, 25, 8));
  return [
    svg("rect", { x: 14, y: 12, width: W - 28, height: H - 24, rx: 2.5, class: "court-frame" }),
    svg("line", { x1: 16, y1: H / 2, x2: W - 16, y2: H / 2, class: "court-line" }),
    half(false), half(true),
  ];
}

// A face-up card as an <svg> (no events; the caller wraps it in a button or span).
export function cardSvg(card) {
  const face = card[1] in PIPS ? pips(card) : court(card);
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: `face suit-${card[0]}`, "aria-hidden": "true",
    focusable: "false" },
  svg("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 4, class: "card-bg" }),
  ...face, corner(card, false), corner(card, true));
}

export function backSvg() {
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "back", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 4, class: "back-edge" }),
    svg("rect", { x: 4.5, y: 4.5, width: W - 9, height: H - 9, rx: 2.5, fill: "url(#back-weave)",
      class: "back-field" }));
}
