// The page's entry point: it makes the one store, the worker client and the context every
// handler gets, and joins the parts: the intent table (page-parts.js, the table's own),
// the route table (page-routes.js), the events in (page-events.js). Drawing is
// render.js's, the game at the table game.js's, the screens' state, intents and routes
// their own modules'. The engine runs in worker.js; nothing here blocks on Python.
import { t, setLang, errorText } from "./core/i18n.js";
import { installSprite } from "./table/cards.js";
import * as saved from "./core/storage.js";
import { download } from "./core/dom.js";
import "./core/offline.js";
import { worker, listen } from "./boot.js";
import { defaults, createStore, frameScheduler } from "./core/store.js";
import { workerClient } from "./core/worker-client.js";
import { intentTable, runIntent } from "./core/intents.js";
import { draw } from "./page/render.js";
import { seatName as seatNameOf } from "./core/seats.js";
import { createGame } from "./screens/play/game.js";
import { createPageIntents } from "./screens/play/page-intents.js";
import { storedSlices } from "./page/stored-slices.js";
import { screenSlices, screenIntents } from "./page/page-parts.js";
import { createRouter } from "./page/page-routes.js";
import { engineNews } from "./page/engine-news.js";
import { wireTable } from "./screens/play/table-services.js";
import { listenForIntents } from "./page/page-events.js";
import { variantsRestore } from "./core/variants.js";
import { quarantineChanged } from "./screens/start/start.js";
import { watchInstall } from "./core/install.js";

const root = document.getElementById("app");
const store = defaults(screenSlices());
const page = createStore(store, () => draw(root, store),
  frameScheduler((fn) => requestAnimationFrame(fn), setTimeout));
const update = (fn) => page.update(fn);
const seatName = (seat) => seatNameOf(store, seat);

// the worker's own news (ready, failed) goes through the intent table like a tap; the
// answers to requests come back to the handler that asked
const client = workerClient((message) => worker.postMessage(message), {
  onReady: (data) => runIntent(intents, "engine-ready", ctx, data),
  onFailed: (error) => runIntent(intents, "engine-failed", ctx, { error }),
});
const news = engineNews();

// ---- the context every handler gets ----------------------------------------------------

const ctx = {
  state: store,
  update,
  flush: () => page.flush(),
  call: client.call,
  navigate: (hash) => { location.hash = hash; },
  alert: (what) => update((s) => {
    s.alert = typeof what === "string" ? what : what?.code ? errorText(what, seatName) : t("storageFailed");
  }),
  status: (text) => { document.getElementById("status").textContent = text; },
  download,
  meta: () => store.meta,
};
const slices = storedSlices(ctx, news.rulesReady);
Object.assign(ctx, { save: slices.save, setAside: slices.setAside, reread: slices.reread,
  rereadTournament: slices.rereadTournament });

const game = createGame(ctx, { seatName });
const table = createPageIntents(ctx, game, { seatName });
const intents = intentTable(news.intents, table.intents, ...screenIntents);
const router = createRouter(ctx, game.routes);
ctx.refuseLink = router.refuseLink;
wireTable(ctx, game, table, { seatName, flush: ctx.flush });
listenForIntents(root, ctx, { intents, table, flush: ctx.flush });

// ---- start ------------------------------------------------------------------------------

// An entry set aside is said until the player puts the message away: a screen change
// (which clears other messages) may come right after it.
saved.onProblem((message, why) => update((s) => { s.asideWhy = why; }));
saved.onQuarantine(() => quarantineChanged(ctx));
saved.sweep().catch(() => {});
watchInstall(ctx);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") slices.rereadTournament();
});

// the worker's messages (those that came before this module ran too), now that the
// intent table is there
listen(({ data }) => client.receive(data), (event) => runIntent(intents, "engine-failed", ctx,
  { error: event.message || "worker error" }));
setLang(saved.setting("lang") || "de");
installSprite();
window.addEventListener("hashchange", router.route);
router.route();
// the device's variants: listed beside the presets; an editor link naming one waits for them
saved.savedVariants().then((data) => variantsRestore(ctx, data)).then(() => {
  if (location.hash.startsWith("#/rules")) router.route(); // the list checks them
  else update();
}, () => {});
// the editor's draft needs the engine's metadata: its route runs again once that is in
news.rulesReady.then(() => { if (store.screen === "rules") router.route(); });
