// The keeper's sheet and the tournament evening as stored on the device. Each is read once
// at start (the evening again when the tab shows, another tab may have saved it), and its
// writes wait in line behind that read: a sheet the engine cannot read is set aside
// (moved whole to the quarantine, reported) before anything is written over it.
import * as saved from "../core/storage.js";
import { keeperRestore, keeperCheckTable, initialKeeper } from "../screens/keeper/keeper.js";
import { freshDraft } from "../screens/keeper/keeper-sheet.js";
import { tournamentRestore, initialTournament } from "../screens/tournament/tournament.js";
import { variantsRestore } from "../core/variants.js";

// `rulesReady`: resolves once the engine has said which rules it plays.
export function storedSlices(ctx, rulesReady) {
  // Should the engine fail while the sheet is read (not the sheet's fault), the keeper
  // writes nothing at all.
  let keeperWrites = saved.savedKeeper().then(async (obj) => {
    if (!obj) return;
    await rulesReady;
    const why = await keeperRestore(ctx, obj);
    if (!why) return;
    if (why.params?.reason?.code === "engine-failure") throw new Error("engine failed");
    await saved.setAside("keeper", why);
  });
  // once read (and the engine's rules known), the keeper shows its sheet
  keeperWrites.catch(() => {}).finally(() => {
    rulesReady.then(() => keeperCheckTable(ctx)).catch(() => {}).finally(() => {
      ctx.update((s) => { s.keeper.read = true; });
    });
  });

  function keeperWrite(work) {
    keeperWrites = keeperWrites.then(work);
    keeperWrites.catch(() => {});
    return keeperWrites;
  }

  const readTournament = () => saved.savedTournament()
    .then((obj) => (obj ? tournamentRestore(ctx, obj) : undefined), () => {});
  let tournamentRead = readTournament();

  const savers = {
    keeper: (data) => keeperWrite(() => saved.saveKeeper(data)),
    tournament: (data) => tournamentRead.then(() => saved.saveTournament(data)),
    variants: saved.saveVariants,
    "review-loss": (data) => saved.noteReviewLoss(data.key, data.loss),
  };

  return {
    // ctx.save: a slice of `kind` written; rejects with a coded error
    save: (kind, data) => (savers[kind] ? savers[kind](data)
      : Promise.reject(Object.assign(new Error(kind), { code: "storage-kind", params: { kind } }))),
    // ctx.setAside: an entry that cannot be read is moved aside as stored (the entry
    // itself, if it never was stored); the keeper's in line with its writes
    setAside(kind, entry, why) {
      const move = async () => {
        const moved = await saved.setAside(kind, why).catch(() => false);
        if (!moved) await saved.quarantine(kind, entry, why);
      };
      return (kind === "keeper" ? keeperWrite(move) : move()).catch(() => {});
    },
    // what is stored changed under the page (an import, an undo): every slice read again
    async reread() {
      await keeperWrite(async () => {
        const obj = await saved.savedKeeper();
        if (!obj) return void ctx.update((s) => { resetKeeper(s); });
        const why = await keeperRestore(ctx, obj);
        if (why) await saved.setAside("keeper", why);
      }).catch(() => {});
      tournamentRead = tournamentRead.then(() => saved.savedTournament().then((obj) => {
        if (obj) return tournamentRestore(ctx, obj, true);
        ctx.update((s) => { s.tournament = initialTournament(); });
        return undefined;
      }, () => {}));
      await tournamentRead;
      await saved.savedVariants().then((data) => variantsRestore(ctx, data), () => {});
    },
    // the tournament's route waits for the stored evening (read again first)
    rereadTournament() {
      tournamentRead = tournamentRead.then(readTournament);
      return tournamentRead;
    },
  };
}

// A keeper with no stored sheet: a fresh one, the rules it had kept.
function resetKeeper(s) {
  const { preset, read } = s.keeper;
  s.keeper = { ...initialKeeper(), preset, read };
  s.keeper.draft = freshDraft(s.keeper);
}
