import { NotFoundError } from './errors.js';

/** A name → lazy loader map. Builtins import on first use; an unknown name suggests the nearest. */
export interface Registry<T> {
  register(name: string, loader: () => T | Promise<T>): void;
  get(name: string): Promise<T>;
  has(name: string): boolean;
  names(): string[];
}

export function createRegistry<T>(kind: string): Registry<T> {
  const loaders = new Map<string, () => T | Promise<T>>();
  return {
    register(name, loader) {
      loaders.set(name, loader);
    },
    has: (name) => loaders.has(name),
    names: () => [...loaders.keys()].sort(),
    async get(name) {
      const loader = loaders.get(name);
      if (loader) return loader();
      const available = [...loaders.keys()].sort();
      const nearest = closest(name, available);
      throw new NotFoundError(
        `unknown ${kind} '${name}'${nearest ? `; did you mean '${nearest}'?` : ''}`,
        { hint: `available: ${available.join(', ')}` },
      );
    },
  };
}

/** The candidate with the smallest edit distance, if it is close enough to be a plausible typo. */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
