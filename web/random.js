// Random numbers the page needs: a deal's seed, an id for a game or an invite.
export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// A short random id in base 36 (two 32-bit words).
export function randomId() {
  return Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
}
