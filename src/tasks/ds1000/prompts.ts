import { pythonStrip } from '../kit/python-program.js';
import type { Ds1000Mode } from './names.js';
import { type Ds1000Problem, libraryOf } from './rows.js';

/** Where the answer goes in a prompt of the 2024 format, and what closes it. */
const OPENINGS = [
  { opening: 'BEGIN SOLUTION\n<code>', closing: '</code>\nEND SOLUTION' },
  { opening: '### BEGIN SOLUTION', closing: '    ### END SOLUTION' },
  { opening: '# SOLUTION START', closing: '# SOLUTION END' },
] as const;

/**
 * The insertion (fill-in-the-middle) prefix and suffix of a problem. The 2024 data holds only
 * the completion prompt, which ends where the answer starts; the suffix is the marker closing
 * what the prompt opened (`</code>` + `END SOLUTION`, or `### END SOLUTION` in a function).
 * Spacing as bigcode's get_prompt: prefix stripped + '\n', '\n' + suffix + '\n'.
 */
export function insertionParts(problem: Ds1000Problem): { prefix: string; suffix: string } {
  const prompt = pythonStrip(problem.datasetPrompt);
  const shape = OPENINGS.find((o) => prompt.endsWith(o.opening));
  if (shape === undefined) {
    throw new Error(`internal: DS-1000 problem ${problem.id}'s prompt ends in no known marker`);
  }
  return { prefix: `${prompt}\n`, suffix: `\n${shape.closing}\n` };
}

/**
 * Whether a problem is asked in insertion form. bigcode's DS-1000 tasks have no insertion
 * prompts for Matplotlib: `ds1000-all-insertion` leaves those problems out and
 * `ds1000-matplotlib-insertion` runs them as completion; passk's insertion tasks do the same.
 */
export function asksInsertion(problem: Ds1000Problem, mode: Ds1000Mode): boolean {
  return mode === 'insertion' && libraryOf(problem) !== 'Matplotlib';
}
