/**
 * A seeded pseudo-random sequence in [0, 1) (mulberry32: small, fast, and good enough to spread a
 * fuzzer's inputs), with the two helpers fuzzers use, so a failing seed is replayed exactly.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    random,
    chance: (p: number) => random() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!,
  };
}
