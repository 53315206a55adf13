/**
 * A CRUXEval-X row is MultiPL-E shaped: `code` is the function followed by a test with one
 * assertion; `input_reasoning` / `output_reasoning` are that test with `????` where the input or
 * the output stood. Splitting `code` around the hole gives the function, the true answer, and the
 * text either side of the hole, so a model's answer can be put back where the truth was.
 */
export const HOLE = '????';

export interface FilledAssertion {
  /** The function(s) under test: `code` before the test. */
  functionCode: string;
  /** The test before the hole. */
  before: string;
  /**
   * The text the hole replaces in `code` (the reference answer); undefined when the row's test
   * is not its code's (9 D output rows assert another form of the result than the code does).
   */
  truth?: string;
  /** The test after the hole. */
  after: string;
}

/** Raised when a row's reasoning text is not its code's test with one hole. */
export class CruxevalXRowError extends Error {
  constructor(id: string, why: string) {
    super(`CRUXEval-X row ${id}: ${why}; the data file does not match the pinned CRUXEval-X data`);
    this.name = 'CruxevalXRowError';
  }
}

/** Splits `code` around the hole of `reasoning` (its test with `????`). */
export function splitAtHole(id: string, code: string, reasoning: string): FilledAssertion {
  const at = reasoning.indexOf(HOLE);
  if (at < 0 || reasoning.indexOf(HOLE, at + 1) >= 0) {
    throw new CruxevalXRowError(id, `the assertion must hold exactly one ${HOLE}`);
  }
  const before = reasoning.slice(0, at);
  const after = reasoning.slice(at + HOLE.length);
  if (!code.endsWith(after)) throw new CruxevalXRowError(id, 'the code does not end as its test');
  const head = code.slice(0, code.length - after.length);
  const start = head.lastIndexOf(before);
  if (start < 0) return testDiffers(id, code, before, after);
  return {
    functionCode: head.slice(0, start),
    before,
    truth: head.slice(start + before.length),
    after,
  };
}

/** The test with `answer` in the hole. */
export function fillHole(split: FilledAssertion, answer: string): string {
  return `${split.before}${answer}${split.after}`;
}

/** A row whose test differs from its code's: the function is the code before the test's first line. */
function testDiffers(id: string, code: string, before: string, after: string): FilledAssertion {
  const firstLine = before.slice(0, before.indexOf('\n') + 1);
  const start = firstLine ? code.lastIndexOf(firstLine) : -1;
  if (start < 0) throw new CruxevalXRowError(id, 'the code does not hold its test');
  return { functionCode: code.slice(0, start), before, after };
}
