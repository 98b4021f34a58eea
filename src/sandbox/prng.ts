// Small seeded PRNG so every demo figure is reproducible without committing data files.
// xmur3 hashes a string key to a 32-bit seed; mulberry32 turns a seed into a stream.

const SEED = "mdq-sandbox-v1";

function xmur3(str: string): number {
  let h = 1779033703 ^ str.length;
  for (let i = 0; i < str.length; i++) {
    h = Math.imul(h ^ str.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  h ^= h >>> 16;
  return h >>> 0;
}

export type Rng = () => number;

/** A stream of uniform numbers in [0, 1), fully determined by the key parts. */
export function rng(...key: (string | number)[]): Rng {
  let a = xmur3(`${SEED}|${key.join("|")}`);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One uniform number in [0, 1) for a key: for values that do not need a sequence. */
export function unit(...key: (string | number)[]): number {
  return rng(...key)();
}

/** Uniform in [lo, hi). */
export function between(r: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * r();
}

export function intBetween(r: Rng, lo: number, hi: number): number {
  return Math.floor(between(r, lo, hi + 1));
}

export function pick<T>(r: Rng, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)];
}

/** Standard normal draw (Box-Muller), for random walks. */
export function normal(r: Rng): number {
  const u = Math.max(r(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

export function hex(r: Rng, length: number): string {
  let s = "";
  for (let i = 0; i < length; i++) s += Math.floor(r() * 16).toString(16);
  return s;
}
