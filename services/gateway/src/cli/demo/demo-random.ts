// A small seeded random source, so `npm run demo` writes the same history for the same seed.

/** Random draws from a seed (mulberry32): numbers, ranges, choices and weighted choices. */
export interface DemoRandom {
  next(): number;
  between(low: number, high: number): number;
  integer(low: number, high: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T;
}

export function demoRandom(seed: number): DemoRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low: number, high: number) => low + (high - low) * next();
  return {
    next,
    between,
    integer: (low, high) => Math.floor(between(low, high + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let draw = next() * total;
      for (const [key, weight] of entries) {
        draw -= weight;
        if (draw < 0) return key;
      }
      return (entries.at(-1) as [keyof typeof weights, number])[0];
    },
  };
}
