// The intents of the start page's choices and of the table (cards, calls, the next deal,
// the sheet's rows), behind one guard: a covered hand (pass and play) and a table another
// tab plays take no moves, keys included.
import { t, setLang, getLang, errorText, presetName, localText } from "../../core/i18n.js";
import * as V from "../../core/variants.js";
import * as tools from "./table-tools.js";
import * as passplay from "../together/passplay.js";
import * as net from "../together/netplay.js";
import { newGameHash } from "../../core/router.js";
import { randomSeed } from "../../core/random.js";
import { chosenRules, defaultRounds, fitTable } from "../../table/choices.js";
import { shareReplayLink, playOnFrom } from "../replay/replay.js";
import { closeReview } from "../review/review.js";
import * as saved from "../../core/storage.js";
import { rulesPageLink } from "./play.js";

// Their names: each goes through dispatch's guards.
const GUARDED = ["take-over", "lang", "new", "keeper", "tournament", "players", "level", "rounds", "skip",
  "more-calls", "solo-picker", "primer", "home", "sheet-replay", "share", "variant-notice-ok",
  "variant-notice-save", "variant", "preset", "review", "review-game", "next", "theme", "settings", "help",
  "last", "collect", "wedding-picker", "hint", "undo"];

// `game`: the game flow (game.js); `seatName(seat)`. Returns the intents for the page's
// table and `dispatch` for the cards and calls.
export function createPageIntents(ctx, game, { seatName }) {
  const store = ctx.state;
  const update = ctx.update;
  const say = (text) => update((s) => { s.alert = text; });
  const sayError = (err) => say(errorText(err, seatName));

  function dispatch(intent) {
    if (intent.kind === "take-over") return game.takeOver();
    if (passplay.blocks(intent)) return; // a covered hand takes no moves (keys included)
    // a table this tab does not own takes no moves (keys included)
    if (store.screen === "play" && store.tab !== "own" && !["lang", "home", "primer", "new-here"]
      .includes(intent.kind)) return;
    if (tools.intent(intent)) return;
    const view = store.view;
    switch (intent.kind) {
      case "lang":
        setLang(getLang() === "de" ? "en" : "de");
        saved.saveSetting("lang", getLang());
        return update(); // the words change, not the state
      case "new":
        location.hash = newGameHash({ preset: store.preset, optionsParam: V.optionsParam(chosenRules(store)),
          seed: randomSeed(), players: store.players, rounds: store.rounds, level: store.level });
        return;
      case "keeper":
        location.hash = "#/keeper";
        return;
      case "tournament":
        location.hash = "#/tournament";
        return;
      case "players":
        return update((s) => { s.players = Number(intent.value); });
      case "level":
        return update((s) => { s.level = intent.value === s.defaultLevel ? null : intent.value; });
      case "rounds":
        return update((s) => { s.rounds = Number(intent.value) === defaultRounds(s) ? null : Number(intent.value); });
      case "skip":
        update((s) => { s.skip = true; });
        tools.collect();
        return game.scheduleBot();
      case "more-calls":
        return update((s) => { s.tools.moreCalls = !s.tools.moreCalls; });
      case "solo-picker":
        return update((s) => { s.tools.solos = !s.tools.solos; });
      case "primer":
        return tools.openPrimer(presetName(store.rulesMeta, store.preset),
          localText(store.rulesMeta?.[store.preset]?.primer, t("primerMissing")), rulesPageLink(chosenRules(store)));
      case "home":
        location.hash = "";
        return;
      case "sheet-replay":
        // a finished deal of the sheet in the replay viewer, to step through or annotate
        return void ctx.call("encode_link", { game: Number(intent.value) }).then((r) => {
          location.hash = `#/replay/${r.payload}`;
        }, sayError);
      case "share":
        return void ctx.call("encode_link", { seat: view?.seat ?? 0 }).then((r) => shareReplayLink(ctx, r.payload, view?.seat),
          sayError);
      case "variant-notice-ok":
        update((s) => { s.variantNotice = null; });
        return void game.scheduleBot();
      case "variant-notice-save":
        return void game.saveNoticeVariant();
      case "variant":
        return update((s) => {
          s.variant = intent.value;
          s.preset = V.presetOf(V.variantById(s.variants, intent.value)?.rules ?? s.preset);
          fitTable(s);
        });
      case "preset":
        return update((s) => {
          s.variant = null;
          s.preset = intent.value;
          fitTable(s);
        });
      case "review":
        return void game.reviewDeal((view?.sheet?.length ?? 1) - 1);
      case "review-game":
        return void game.reviewDeal(Number(intent.value));
      case "next":
        if (net.isGuest()) return say(t("hostDealsNext"));
        update((s) => { s.busy = true; });
        return void game.request(store.game.token, "next_game", {});
      default:
    }
    if (!view || store.busy) return;
    if (intent.kind === "action") return game.act(intent.word);
    if (intent.kind === "return") {
      const cards = store.picked.map((key) => key.split("#")[0]).sort();
      return game.act(`return:${cards.join(",")}`);
    }
    if (intent.kind === "card") return game.tapCard(intent.card, intent.index, intent.enabled);
  }

  const intents = {
    ...Object.fromEntries(GUARDED.map((name) => [name, (_ctx, data) => dispatch({ kind: name, value: data.value })])),
    "new-here": () => dispatch({ kind: "home" }),
    // typing the name a link's variant is to be saved under; Enter saves it
    "variant-notice-name": (_ctx, data) => {
      if (data.event) return dispatch({ kind: "variant-notice-save" });
      if (store.variantNotice) update((s) => { s.variantNotice.name = String(data.value ?? ""); });
    },
    return: () => dispatch({ kind: "return" }),
    // back at the table, its bots go on
    "review-back": (c) => {
      c.update(closeReview);
      game.scheduleBot();
    },
    // a table from the replay's record, at the step shown
    "replay-play-on": () => {
      const { record, seat } = playOnFrom(store.replay);
      return game.playOn(record, seat);
    },
  };
  return { intents, dispatch };
}
