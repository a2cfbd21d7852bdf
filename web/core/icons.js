// Small line icons drawn as SVG (font glyphs such as ⏮ or ⚙ render as empty boxes on
// some systems). icon(name) returns an <svg> that takes the text colour.
const NS = "http://www.w3.org/2000/svg";

// 24 x 24 paths, stroked with currentColor.
const PATHS = {
  first: ["M6 5v14", "M18 5l-9 7 9 7z"],
  prevTrick: ["M12 5l-8 7 8 7z", "M21 5l-8 7 8 7z"],
  prev: ["M15 5l-8 7 8 7"],
  next: ["M9 5l8 7-8 7"],
  nextTrick: ["M3 5l8 7-8 7z", "M12 5l8 7-8 7z"],
  last: ["M18 5v14", "M6 5l9 7-9 7z"],
  play: ["M7 4l13 8-13 8z"],
  pause: ["M7 5v14", "M17 5v14"],
  moon: ["M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z"],
  sun: ["M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z", "M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"],
  gear: ["M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z", "M19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7 7 0 0 1-2 1.2L14.8 21h-4l-.3-2.4a7 7 0 0 1-2-1.2l-1.9.7-2-3.4 1.6-1.2a7 7 0 0 1 0-2.6L4.6 9.7l2-3.4 1.9.7a7 7 0 0 1 2-1.2L10.8 3h4l.3 2.4a7 7 0 0 1 2 1.2l1.9-.7 2 3.4-1.6 1.2a7 7 0 0 1 0 2.6z"],
  help: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5", "M12 17.5v.5"],
  share: ["M6 12a2.5 2.5 0 1 0 0 .1", "M18 5.5a2.5 2.5 0 1 0 0 .1", "M18 18.5a2.5 2.5 0 1 0 0 .1", "M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1"],
  home: ["M3 11l9-7 9 7", "M5 10v10h5v-6h4v6h5V10"],
  back: ["M19 12H5", "M11 6l-6 6 6 6"],
  undo: ["M9 14L4 9l5-5", "M4 9h10a6 6 0 0 1 0 12h-3"],
  bulb: ["M9 18h6M10 21h4", "M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"],
  download: ["M12 4v11", "M7 10l5 5 5-5", "M5 20h14"],
  eye: ["M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z", "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"],
  cards: ["M4 6l7-2 3 12-7 2z", "M13 4.5l7 2-3 12"],
  sheet: ["M6 3h12v18H6z", "M9 8h6M9 12h6M9 16h4"],
  people: ["M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z", "M2.5 20a6.5 6.5 0 0 1 13 0", "M16 4.5a3.5 3.5 0 0 1 0 6.5", "M18 14a6.5 6.5 0 0 1 3.5 6"],
  chevronDown: ["M6 9l6 6 6-6"],
  chevronUp: ["M6 15l6-6 6 6"],
  pencil: ["M4 20h4L19 9l-4-4L4 16z", "M13.5 6.5l4 4"],
  search: ["M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13z", "M15.5 15.5L20 20"],
  language: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M3 12h18", "M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z"],
};

export function icon(name) {
  const el = document.createElementNS(NS, "svg");
  el.setAttribute("viewBox", "0 0 24 24");
  el.setAttribute("class", "icon-svg");
  el.setAttribute("aria-hidden", "true");
  el.setAttribute("focusable", "false");
  for (const d of PATHS[name] ?? []) {
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", d);
    el.append(path);
  }
  return el;
}
