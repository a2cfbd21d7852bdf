// Random numbers the page needs: a deal's seed, ids of games, invites, evenings and
// variants. Drawn from crypto, so two devices never pick the same id by chance.
export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// "v-k3j9x2q8" style ids: a prefix and 64 random bits in base 36.
export function randomId(prefix = "") {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `${prefix}${a.toString(36)}${b.toString(36)}`;
}
