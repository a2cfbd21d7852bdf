// Random numbers for seeds and ids: the one place the page draws them (crypto, so two
// devices never pick the same evening id or variant id by chance).
export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// "v-k3j9x2q8" style ids: a prefix and 64 random bits in base 36.
export function randomId(prefix = "") {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `${prefix}${a.toString(36)}${b.toString(36)}`;
}
