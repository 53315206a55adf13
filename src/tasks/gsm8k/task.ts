import { z } from 'zod';
import { DatasetError } from '../../core/errors.js';
import { readHarnessTemplate } from '../../core/harness-files.js';
import { validateRows } from '../../datasets/validate.js';
import type { Program } from '../../execution/types.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { completionIsAnswer } from '../kit/answer-rows.js';
import type { Problem, Task } from '../types.js';
import { palPrompt, SOLUTION_MARKER } from './prompt.js';
import { palMetric } from './vote.js';

const rowSchema = z.object({ question: z.string(), answer: z.string() });

/** bigcode's stop words and its line that prints the answer (gsm.py). */
const STOP = ['\n\n\n'] as const;
const POST_SCRIPT = 'print(solution())';
const SHOTS = 8;

/**
 * The reference answer after '#### ', as bigcode's parse_target reads it: commas removed, then
 * an int, else a float. Returned as the Python literal to compare with.
 */
export function parseTarget(answer: string): string | undefined {
  const text = (answer.split('#### ').at(-1) ?? '').trim().replaceAll(',', '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  return /^[-+]?\d+$/.test(text) ? String(BigInt(text)) : String(Number(text));
}

/** Python's `text.split(sep, maxsplit)[-1]`. */
function lastAfterSplit(text: string, sep: string, maxsplit: number): string {
  let rest = text;
  for (let i = 0; i < maxsplit; i++) {
    const at = rest.indexOf(sep);
    if (at === -1) break;
    rest = rest.slice(at + sep.length);
  }
  return rest;
}

/**
 * The program from a generation, as bigcode's postprocess_generation makes it (follows
 * bigcode_eval/tasks/gsm.py): the text after the prompt's last solution marker, stripped, cut
 * before any 'Q:', then `print(solution())`.
 */
export function palPostprocess(prompt: string, generation: string): string {
  const generated = generation.startsWith(prompt) ? generation.slice(prompt.length) : generation;
  let output = lastAfterSplit(prompt + cutAtStop(generated, STOP), SOLUTION_MARKER, SHOTS + 1);
  output = output.trim();
  if (output.includes('Q:')) output = output.split('Q:')[0]!;
  return `${output}\n${POST_SCRIPT}`;
}

/** A GSM8K problem's data: the question, and the answer as a number literal (parseTarget). */
export type Gsm8kData = { question: string; answer: string };

/** The harness around the candidate (its placeholders are documented in the file). */
const palHarness = readHarnessTemplate(import.meta.url, 'pal_harness.py');

/**
 * Runs the candidate as bigcode's pal executor does (exec in a fresh globals dict with stdout and
 * stderr captured; the answer is the last captured line, stripped; follows
 * bigcode_eval/tasks/custom_metrics/pal_metric/python_executor.py), then compares it with the
 * reference within 1e-3 (pal_code_exec.py): pal_harness.py. A wrong answer fails with a message
 * carrying a hash of the printed line, which the majority vote groups by (vote.ts).
 */
export function palProgram(problem: Problem<Gsm8kData>, candidate: string): Program {
  const encoded = Buffer.from(candidate, 'utf8').toString('base64');
  const source = palHarness({
    CANDIDATE: `'${encoded}'`,
    ANSWER: problem.meta.answer,
  });
  return { language: 'python', source };
}

/**
 * PAL on GSM8K (Gao et al., 2022; bigcode's pal-gsm8k-*): the model writes `solution()` after
 * an 8-shot prompt; its printed return value is compared with the answer. `greedy` scores each
 * problem's first answer, `majority_voting` the most frequent answer over all samples.
 */
export function palGsm8k(rule: 'greedy' | 'majority_voting'): Task<Gsm8kData> {
  return {
    name: `pal-gsm8k-${rule}`,
    description: `PAL GSM8K test split (1,319), 8-shot program-aided prompt, ${rule === 'greedy' ? 'first answer' : 'majority vote over the samples'}`,
    language: 'python',
    dataset: {
      hub: { repo: 'openai/gsm8k', revision: 'main', path: 'main/test-00000-of-00001.parquet' },
      localFile: 'gsm8k/test.jsonl.gz',
    },
    // bigcode's pal executor limit.
    defaultTimeoutMs: 3000,
    stopSequences: STOP,
    problems(rows, file) {
      return validateRows({ rows, file }, rowSchema).map((row, index): Problem<Gsm8kData> => {
        const target = parseTarget(row.answer);
        if (target === undefined) {
          throw new DatasetError(
            `${file} row ${index + 1}: the answer after '#### ' is not a number`,
            {
              hint: 'point --dataset-path at the GSM8K test split (question, answer ending in "#### N")',
            },
          );
        }
        const prompt = palPrompt(row.question);
        return {
          id: `gsm8k/${index}`,
          language: 'python',
          prompt,
          datasetPrompt: prompt,
          tests: '',
          // "Answers as programs": a solution() that returns the given answer.
          reference: `def solution():\n    return ${target}\n${POST_SCRIPT}`,
          meta: { question: row.question, answer: target },
        };
      });
    },
    fromCompletion: completionIsAnswer,
    postprocess: (problem, generation) => palPostprocess(problem.prompt, generation),
    program: palProgram,
    metric: palMetric(rule),
  };
}
