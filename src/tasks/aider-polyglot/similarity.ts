/**
 * Python difflib's SequenceMatcher ratio (2·M / (len a + len b), M the matched elements of its
 * longest-match recursion), which aider uses to pick a file name close to an editable one and to
 * show the lines a failed SEARCH block probably meant. Without difflib's "autojunk": it only
 * applies to sequences of 200 elements or more, and aider's are file names and SEARCH blocks.
 */
export function similarity<T>(a: readonly T[], b: readonly T[]): number {
  const total = a.length + b.length;
  return total === 0 ? 1 : (2 * matched(a, b, indexOf(b))) / total;
}

function indexOf<T>(b: readonly T[]): Map<T, number[]> {
  const where = new Map<T, number[]>();
  b.forEach((item, j) => {
    const list = where.get(item);
    if (list) list.push(j);
    else where.set(item, [j]);
  });
  return where;
}

/** Elements in the matching blocks of a[lo..hi) × b[lo..hi), as difflib finds them. */
function matched<T>(a: readonly T[], b: readonly T[], where: Map<T, number[]>): number {
  let count = 0;
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const [i, j, size] = longestMatch(a, where, alo, ahi, blo, bhi);
    if (size === 0) continue;
    count += size;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + size < ahi && j + size < bhi) queue.push([i + size, ahi, j + size, bhi]);
  }
  return count;
}

/** The longest common run, earliest in a then in b on ties (difflib's find_longest_match). */
function longestMatch<T>(
  a: readonly T[],
  where: Map<T, number[]>,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): [number, number, number] {
  let best: [number, number, number] = [alo, blo, 0];
  let lengths = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of where.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (lengths.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > best[2]) best = [i - k + 1, j - k + 1, k];
    }
    lengths = next;
  }
  return best;
}

/** difflib.get_close_matches(word, options, n=1, cutoff): the best option scoring ≥ cutoff. */
export function closestMatch(
  word: string,
  options: readonly string[],
  cutoff: number,
): string | undefined {
  let best: { option: string; score: number } | undefined;
  for (const option of options) {
    const score = similarity([...option], [...word]);
    // difflib keeps the highest score, and on equal scores the greater string
    if (
      score >= cutoff &&
      (!best || score > best.score || (score === best.score && option > best.option))
    )
      best = { option, score };
  }
  return best?.option;
}
