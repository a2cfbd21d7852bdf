// Every screen's slice of the store (`initialX()`) and its intents, in one place: the
// page's entry point makes the store and the intent table from them.
import { initialKeeper, keeperIntents } from "../screens/keeper/keeper.js";
import { sheetIntents } from "../table/sheet.js";
import { initialTournament, tournamentIntents } from "../screens/tournament/tournament.js";
import { startIntents } from "../screens/start/start.js";
import { initialReplay, replayIntents } from "../screens/replay/replay.js";
import { initialReview, initialStats, reviewIntents, statsIntents } from "../screens/review/review.js";
import { initialEditor, editorIntents } from "../screens/rules/editor.js";
import { initialVariants } from "../core/variants.js";
import { initialOptions } from "../core/options.js";
import { initialTogetherSetup, togetherIntents } from "../screens/together/together.js";
import { passIntents } from "../screens/together/passplay.js";
import { initialNetplay, netIntents } from "../screens/together/netplay.js";

export function screenSlices() {
  return {
    keeper: initialKeeper(),
    tournament: initialTournament(),
    replay: initialReplay(),
    editor: initialEditor(),
    variants: initialVariants(),
    review: initialReview(),
    stats: initialStats(),
    options: initialOptions(),
    togetherSetup: initialTogetherSetup(),
    netplay: initialNetplay(),
  };
}

// the shared table's intents are the table's like any other (one name, one handler)
export const screenIntents = [startIntents, keeperIntents, tournamentIntents, sheetIntents, replayIntents,
  editorIntents, reviewIntents, statsIntents, togetherIntents, passIntents, netIntents];
