// Seats as the player sees them: counted clockwise from the player's own, and named
// (a shared table's people by name, else "Du", "Links", ...). Pure functions of the state.
import { t } from "./i18n.js";

export function tablePlayers(state) {
  return state.view ? state.view.players : state.players;
}

// 0 you, 1 left, ...
export function relative(state, seat) {
  const n = tablePlayers(state);
  const me = state.view ? state.view.seat : 0;
  return (seat - me + n) % n;
}

export function seatName(state, seat) {
  const people = state.together?.names ?? null;
  if (people && seat != null && seat >= 0 && seat < people.length) {
    return people[seat] ?? t("botName", { n: seat + 1 });
  }
  const names = t(`seats${tablePlayers(state)}`);
  return Array.isArray(names) ? names[relative(state, seat)] ?? String(seat) : String(seat);
}
