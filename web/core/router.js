// Routes (#/path?query) and a link's parameters, read the same way for every screen.
// Pure functions: node's tests import them.

// "#/play?rules=ddv&seed=3" -> { path: "/play", params: URLSearchParams }
export function parseHash(hash) {
  const [path, query = ""] = String(hash ?? "").replace(/^#/, "").split("?");
  return { path, params: new URLSearchParams(query) };
}

const TABLE_SIZES = [4, 5, 6, 8];

// A game link's table choices: what is missing or unreadable falls back (to the
// defaults the caller gives, or none).
export function gameLink(params) {
  const seed = Number.parseInt(params.get("seed") ?? "", 10);
  const players = Number.parseInt(params.get("players") ?? "4", 10);
  const rounds = Number.parseInt(params.get("rounds") ?? "", 10);
  return {
    seed: Number.isFinite(seed) ? seed : null,
    players: TABLE_SIZES.includes(players) ? players : 4,
    rounds: rounds >= 1 ? rounds : null,
    level: params.get("level") || null,
  };
}

// delay=MS: the bots' pace for the game the link opens (null: the chosen speed's).
export function linkDelay(params) {
  return params.has("delay") ? Math.max(0, Number(params.get("delay")) || 0) : null;
}

// seat=N of a replay link, or null.
export function linkSeat(params) {
  const seat = Number.parseInt(params.get("seat") ?? "", 10);
  return Number.isInteger(seat) ? seat : null;
}

// The link of a new game with the start page's choices (defaults left out).
export function newGameHash({ preset, optionsParam = "", seed, players = 4, rounds = null, level = null }) {
  return `#/play?rules=${encodeURIComponent(preset)}${optionsParam}&seed=${seed}`
    + (players !== 4 ? `&players=${players}` : "")
    + (rounds ? `&rounds=${rounds}` : "")
    + (level ? `&level=${encodeURIComponent(level)}` : "");
}

// The route of `path` in a route table ({pattern: route}): a pattern is a path ("/keeper"),
// a path and anything after it ("/game/*": `rest` is what follows "/game/"), or "*" for
// every other path. An exact path wins over a "/*" pattern. null: no route fits.
export function matchRoute(table, path) {
  if (Object.hasOwn(table, path)) return { route: table[path], rest: "" };
  for (const [pattern, route] of Object.entries(table)) {
    const stem = pattern.endsWith("/*") ? pattern.slice(0, -1) : null;
    if (stem && path.startsWith(stem)) return { route, rest: path.slice(stem.length) };
  }
  return Object.hasOwn(table, "*") ? { route: table["*"], rest: "" } : null;
}
