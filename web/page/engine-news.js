// What the engine says of itself, through the intent table like a tap: it is ready (and
// then which rules it plays), or it failed. The body's data-engine says it to the page's
// tests once the page is drawn so.
import { errorText } from "../core/i18n.js";
import * as perf from "../core/perf.js";

// `rulesReady` resolves once the engine has said which rules it plays (a saved sheet is
// checked then).
export function engineNews() {
  let rulesKnown;
  const rulesReady = new Promise((resolve) => { rulesKnown = resolve; });

  async function ready(ctx, data) {
    perf.markWorker(data.steps);
    perf.markFetches(data.resources);
    perf.mark("engine-ready");
    ctx.update((s) => { s.engine = "ready"; });
    ctx.flush();
    document.body.dataset.engine = "ready";
    try {
      const rules = await ctx.call("rules");
      ctx.update((s) => rulesIn(s, rules));
      rulesKnown();
    } catch (err) {
      ctx.update((s) => { s.alert = errorText(err); });
    }
  }

  function failed(ctx, error) {
    ctx.update((s) => Object.assign(s, { engine: "failed", engineError: String(error) }));
    ctx.flush();
    document.body.dataset.engine = "failed";
  }

  const intents = {
    "engine-ready": (ctx, data) => ready(ctx, data),
    "engine-failed": (ctx, data) => failed(ctx, data.error),
  };
  return { intents, rulesReady };
}

// The engine's "rules" answer kept: presets, options, limits, levels; a preset the
// engine does not have is replaced by its first.
export function rulesIn(state, rules) {
  Object.assign(state, { meta: rules, rulesMeta: rules.presets, optionsMeta: rules.options ?? null,
    limits: rules.limits ?? null, levels: rules.announcement_levels ?? null, botLevels: rules.levels ?? [],
    defaultLevel: rules.default_level ?? null });
  if (!state.rulesMeta[state.preset]) state.preset = Object.keys(state.rulesMeta)[0];
}
