// The services the table's helpers get from the page: the shared table's (the setup,
// pass and play, a table across devices) and the table tools'. Each changes the store
// only through ctx.update.
import { presetName, localText } from "../../core/i18n.js";
import * as tools from "./table-tools.js";
import * as together from "../together/together.js";
import * as passplay from "../together/passplay.js";
import * as net from "../together/netplay.js";
import { defaultRounds, levelBot, chosenRules } from "../../table/choices.js";
import { rulesPageLink } from "./play.js";

// `game`: the game flow (game.js); `table`: the table's intents (page-intents.js);
// `flush()` draws what is queued now.
export function wireTable(ctx, game, table, { seatName, flush }) {
  const { state, update, call } = ctx;
  const say = (text) => update((s) => { s.alert = text; });
  together.initTogether({ state, update, alert: say,
    start: (mode, names) => game.startTogether(mode, names), rounds: () => state.rounds ?? defaultRounds(state) });
  passplay.initPassplay({ state, update, call, show: game.setView });
  net.initNetplay({ state, update, flush, call, alert: say,
    show: (view, events) => game.setView(view, tools.checkedEvents(events, view.players)),
    stun: together.stunSetting, act: game.guestMove, setBots: game.setBots, scheduleBot: game.scheduleBot,
    botSpec: () => levelBot(state), engineBusy: () => state.game.inFlight > 0 });
  tools.init({ state, update, act: game.act, call, seatName, scheduleBot: game.scheduleBot,
    primer: () => primerOf(state),
    // a move taken back: the bots' timers of the step before are dropped
    request: (type, payload) => game.request(game.nextToken(), type, payload),
    // a key is its button's intent, drawn at once like a tap
    intent: (kind) => {
      table.dispatch({ kind });
      flush();
    } });
}

// The primer of the rule set in play (or chosen), for the help dialog; null: none.
function primerOf(state) {
  const id = state.view?.rules ?? state.preset;
  const text = localText(state.rulesMeta?.[id]?.primer);
  const href = rulesPageLink(state.view?.rules_spec ?? chosenRules(state));
  return text ? { name: presetName(state.rulesMeta, id), text, href } : null;
}
