// A card on the wire: suit letter + rank letter ("HT"), as in the engine's records.
// Its own module so the texts (i18n.js) and the card drawings (cards.js) both read it
// without importing each other.
const CARD = /^[CSHD][ATKQJ987]$/;

export function isCard(text) {
  return CARD.test(text);
}
