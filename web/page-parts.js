// Every screen's slice of the store (`initialX()`) and its intents, in one place: the
// page's entry point makes the store and the intent table from them.
import { initialKeeper, keeperIntents } from "./keeper.js";
import { sheetIntents } from "./sheet.js";
import { initialTournament, tournamentIntents } from "./tournament.js";
import { startIntents } from "./start.js";
import { initialReplay, replayIntents } from "./replay.js";
import { initialReview, initialStats, reviewIntents, statsIntents } from "./review.js";
import { initialEditor, editorIntents } from "./editor.js";
import { initialVariants } from "./variants.js";
import { initialOptions } from "./options.js";
import { initialTogetherSetup, togetherIntents } from "./together.js";
import { passIntents } from "./passplay.js";
import { initialNetplay, netIntents } from "./netplay.js";

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
