/**
 * A benchmark of your own as a TypeScript task module: problems given as input/output examples,
 * from which this module builds both the prompt (signature + docstring with the examples) and
 * the tests (one assert per example). Load it with
 *
 *   passk run --config examples/custom-task/passk.config.json --model reference --allow-code-execution
 *   passk run --task examples/custom-task/io-task.ts --dataset-path examples/custom-task/io-problems.jsonl …
 *
 * Only types are imported from passk, so the module runs as is (tsx compiles it on the fly).
 */
import type { Problem, Task } from 'passk';

/** One line of io-problems.jsonl. */
interface IoRow {
  id: string;
  function: string;
  signature: string;
  description: string;
  /** [arguments, expected result] pairs, as JSON. */
  examples: [unknown[], unknown][];
  /** The body that makes the function correct (for `--model reference`). */
  solution?: string;
}

/** A JSON value written as a Python literal (JSON's true/false/null are not Python's). */
function py(value: unknown): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(py).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${py(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** Checks a row by hand (no dependencies), naming the row and field the way passk does. */
function parseRow(row: Record<string, unknown>, index: number, file: string): IoRow {
  for (const field of ['id', 'function', 'signature', 'description'] as const) {
    if (typeof row[field] !== 'string') {
      throw new Error(`${file} row ${index + 1}: field '${field}' must be a string`);
    }
  }
  if (!Array.isArray(row['examples']) || row['examples'].length === 0) {
    throw new Error(`${file} row ${index + 1}: field 'examples' must be a non-empty array`);
  }
  return row as unknown as IoRow;
}

function toProblem(row: IoRow): Problem {
  const call = (args: unknown[]) => `${row.function}(${args.map(py).join(', ')})`;
  const shown = row.examples.map(([args, result]) => `    >>> ${call(args)}\n    ${py(result)}`);
  const prompt = `${row.signature}\n    """${row.description}\n\n${shown.join('\n')}\n    """\n`;
  // `==` against None would pass for a wrong value that compares equal; `is` is exact.
  const asserts = row.examples.map(([args, result]) =>
    result === null ? `assert ${call(args)} is None` : `assert ${call(args)} == ${py(result)}`,
  );
  return {
    id: row.id,
    language: 'python',
    prompt,
    datasetPrompt: prompt,
    tests: `\n${asserts.join('\n')}\n`,
    entryPoint: row.function,
    ...(row.solution === undefined ? {} : { reference: prompt + row.solution }),
    meta: {},
  };
}

const STOPS = ['\ndef ', '\nclass ', '\nif __name__', '\nprint(', '\nassert'];

const task: Task = {
  name: 'io-examples',
  description: 'example: functions specified by input/output pairs',
  language: 'python',
  // Not on the Hub: the data file is given by --dataset-path or passk.config.json's datasetPath.
  dataset: {
    hub: { repo: 'local/io-examples', revision: 'none', path: 'io-problems.jsonl' },
    localFile: 'io-problems.jsonl',
  },
  defaultTimeoutMs: 5000,
  stopSequences: STOPS,
  problems: (rows, file) => rows.map((row, i) => toProblem(parseRow(row, i, file))),
  postprocess(problem, generation) {
    const at = Math.min(...STOPS.map((s) => generation.indexOf(s)).filter((i) => i >= 0));
    return problem.prompt + (Number.isFinite(at) ? generation.slice(0, at) : generation);
  },
  program: (problem, candidate) => ({
    language: 'python',
    source: `${candidate}\n${problem.tests}`,
  }),
  instructionPrompt: (problem) =>
    `Implement this Python function. Reply with the whole function in one \`\`\`python block.\n\n\`\`\`python\n${problem.prompt}\`\`\``,
};

export default task;
