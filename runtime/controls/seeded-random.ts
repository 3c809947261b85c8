/**
 * `--seed N`: the emulator's randomness (ids, codes, key material) from a seed, so a run can be
 * repeated. mulberry32: a small, well-known 32-bit generator; not for secrets, which an
 * emulator's tokens are not.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
