/**
 * The BigCodeBench v0.1.4 references that fail in passk's sandbox with Debian 12's libraries
 * (measured with `passk run --task bigcodebench-complete --model reference`; see
 * docs/bigcodebench.md), by cause. Upstream publishes its ground-truth pass rate beside scores
 * for the same reason: a score is bounded by what the environment lets the references pass.
 */
export const REFERENCE_FAILURES: Readonly<Record<string, readonly number[]>> = {
  // ModuleNotFoundError: wikipedia, tensorflow, sendgrid, blake3, textblob, keras, Crypto,
  // wordninja, pytesseract, librosa (227 reaches soundfile first).
  'library not in Debian': [59, 227, 289, 315, 340, 383, 417, 418, 419, 583, 808, 933, 1019],
  // LookupError: punkt, stopwords, words, averaged_perceptron_tagger (Debian ships no NLTK data).
  'NLTK data not installed': [
    177, 290, 332, 334, 376, 633, 635, 655, 658, 726, 734, 806, 849, 940, 1109,
  ],
  // Name resolution, URLs, DNS, TLS CA bundle: the sandbox has no network (nor had the host).
  network: [101, 176, 314, 590, 1005, 1012],
  // None fails any more for the sandbox alone: 30, 205, 363, 785 (/tmp, shared memory), 1101,
  // 1103, 1104 (`python`) and 1127 (a tempfile path) pass since the sandbox gives programs a
  // private /tmp, /dev/shm and `python`; 234, 238 since gc.get_referents is allowed; 147, 1038,
  // 1040 (sockets) since AF_INET works on each slot's own loopback.
  // Fail on the host with Debian's libraries too: older numpy/pandas/scipy/sklearn/matplotlib,
  // fake-factory for Faker, xlrd 1.2 (pandas wants 2.0.1).
  'library version': [
    31, 85, 111, 160, 196, 276, 302, 307, 323, 422, 494, 501, 699, 778, 780, 786, 805, 844, 880,
    1058,
  ],
};

/** When and where the list above was measured. */
export const REFERENCE_MEASURED =
  'passk 0.1.0, 2026-12-03: Debian 12 packages (numpy 1.24, pandas 1.5.3), bwrap sandbox, no network';

/** Task ids whose reference fails here. */
export const FAILING_REFERENCES: ReadonlySet<string> = new Set(
  Object.values(REFERENCE_FAILURES)
    .flat()
    .map((n) => `BigCodeBench/${n}`),
);

/** The reference pass rate over `ids` as measured here. */
export function referencePassRate(ids: readonly string[]): {
  passed: number;
  total: number;
  rate: number;
} {
  const passed = ids.filter((id) => !FAILING_REFERENCES.has(id)).length;
  return { passed, total: ids.length, rate: ids.length === 0 ? 0 : passed / ids.length };
}

/** metrics.json `bigcodebench.ceiling`: how many of the run's problems can pass on this machine. */
export interface Ceiling {
  total: number;
  /** Problems whose libraries all import here (measured each run, from the cached probe). */
  importable: number;
  /** Of those, the ones whose reference is not listed above as failing on a set-up machine. */
  passable: number;
  /** passable / total: the score's ceiling here. */
  rate: number;
}

/**
 * The ceiling of a run over `ids` on this machine: `runnable` the problems whose libraries import
 * here (Task.requires, measured; absent: all), less the references known to fail even then.
 */
export function ceilingHere(ids: readonly string[], runnable?: ReadonlySet<string>): Ceiling {
  const importable = ids.filter((id) => runnable?.has(id) ?? true);
  const passable = importable.filter((id) => !FAILING_REFERENCES.has(id)).length;
  const total = ids.length;
  return {
    total,
    importable: importable.length,
    passable,
    rate: total === 0 ? 0 : passable / total,
  };
}

/** The run warning: the real ceiling, and what lowers it. */
export function ceilingMessage(ceiling: Ceiling): string {
  const { total, importable, passable } = ceiling;
  const causes = [
    ...(importable < total
      ? [
          `${total - importable} need a library that does not import here (they count as failures, as upstream counts them; scripts/setup.sh --task bigcodebench installs Debian's)`,
        ]
      : []),
    ...(passable < importable
      ? [
          `${importable - passable} have a reference that fails even with the libraries installed (Debian 12 versions, no network; docs/bigcodebench.md lists them by cause)`,
        ]
      : []),
  ];
  return `the score's ceiling here is ${(100 * ceiling.rate).toFixed(1)}% (${passable} of these ${total} BigCodeBench problems): ${causes.join(' and ')}`;
}
