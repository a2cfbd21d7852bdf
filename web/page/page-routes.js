// The page's links: one route table (each screen's module brings its routes: a pattern
// and what opens it), and what every route shares: a link the page cannot open is
// refused and the page stays where it was; a shared table ends when the page goes
// elsewhere; a link's bot pace holds for the game it opens, not for any screen after it.
import { parseHash, linkDelay, matchRoute } from "../core/router.js";
import { delayOf } from "../core/options.js";
import * as tabs from "../core/tabs.js";
import * as net from "../screens/together/netplay.js";
import * as together from "../screens/together/together.js";
import { netRoutes } from "../screens/together/netplay.js";
import { togetherRoutes } from "../screens/together/together.js";
import { replayRoutes } from "../screens/replay/replay.js";
import { tournamentRoutes } from "../screens/tournament/tournament.js";
import { statsRoutes } from "../screens/review/review.js";
import { keeperRoutes } from "../screens/keeper/keeper.js";
import { editorRoutes } from "../screens/rules/editor.js";
import { startRoutes } from "../screens/start/start.js";

// One table from the modules' tables; a pattern twice is an error at start-up.
export function routeTable(...tables) {
  const merged = {};
  for (const table of tables) {
    for (const [pattern, route] of Object.entries(table)) {
      if (Object.hasOwn(merged, pattern)) throw new Error(`route "${pattern}" is handled twice`);
      merged[pattern] = typeof route === "function" ? { open: route } : route;
    }
  }
  return merged;
}

// `gameRoutes`: the table's own (game.js). Returns route() for the page's link now and
// refuseLink(why, back) for a link found wrong later (the engine refused its rules).
export function createRouter(ctx, gameRoutes) {
  const table = routeTable(netRoutes, togetherRoutes, gameRoutes, replayRoutes, tournamentRoutes, statsRoutes,
    keeperRoutes, editorRoutes, startRoutes);
  let shownHash = ""; // the link of what the page shows now: a link the page refuses goes back to it

  // A link the page cannot open changes nothing: nothing is stored or set aside, the page
  // stays on what it showed (the start page on a first visit), and the alert says why.
  // `back`: the link to go back to when the page has already left what it showed.
  function refuseLink(why, back = null) {
    const store = ctx.state;
    const here = back ?? (store.screen === "play" ? store.game.link : shownHash);
    history.replaceState(null, "", here || "#/");
    if (back === null && here && store.screen !== "start") return void say(why);
    route();
    say(why);
  }

  const say = (why) => ctx.update((s) => { s.alert = why; });

  function route() {
    const hash = location.hash;
    const { path, params } = parseHash(hash);
    const { route: found, rest } = matchRoute(table, path);
    const link = { path, params, rest };
    const problem = found.check?.(ctx, link) ?? "";
    if (typeof problem.then !== "function") return void (problem ? refuseLink(problem) : open(found, link));
    problem.then((why) => {
      if (hash !== location.hash) return; // another link came meanwhile
      if (why) refuseLink(why);
      else open(found, link);
    });
  }

  function open(found, link) {
    const before = shownHash;
    shownHash = location.hash;
    if (!found.keepsGame) tabs.release();
    ctx.update((s) => { s.delay = linkDelay(link.params) ?? delayOf(s.options); });
    if (link.params.has("wait")) net.setWait(Number(link.params.get("wait")));
    if (!found.keepsTable) { // a shared table ends here (a saved one comes back on resume)
      net.stop();
      together.leave();
    }
    found.open(ctx, { ...link, before });
  }

  return { route, refuseLink };
}
