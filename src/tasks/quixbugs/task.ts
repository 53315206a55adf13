import { DatasetError } from '../../core/errors.js';
import { readHarnessTemplate } from '../../core/harness-files.js';
import type { Program } from '../../execution/types.js';
import { cutAtStop } from '../../postprocess/stop.js';
import { completionIsAnswer } from '../kit/answer-rows.js';
import type { Problem, Task } from '../types.js';

/**
 * bigcode's stop words for the "prompt" format (follows bigcode_eval/tasks/quixbugs.py). bigcode
 * keeps the text up to the *last* stop word of a generation that ran past it; passk's servers
 * stop at the first, so the text is cut at the earliest one, as for HumanEval.
 */
const STOP = ['\ndef', '\nclass', '\n#', '\n@', '\nprint', '\nif', '###', '///', '<|endoftext|>'];

/**
 * Where upstream's pytest files (python_testcases/test_NAME.py) differ from
 * `NAME(*args) == expected`: generators are wrapped in list(), sqrt is compared within
 * `abs = args[-1]`, hanoi's expected moves become tuples, and the two cases upstream skips as too
 * slow (knapsack's 6404180 capacity unless --run-slow, a long levenshtein pair always) are skipped.
 */
const CHECKS: Readonly<
  Record<string, { call?: 'list'; approx?: true; expected?: string; skip?: string }>
> = {
  flatten: { call: 'list' },
  kheapsort: { call: 'list' },
  sqrt: { approx: true },
  hanoi: { expected: '[tuple(x) for x in _pk_expected]' },
  knapsack: { skip: '_pk_args[0] == 6404180' },
  levenshtein: {
    skip: "_pk_args == ['amanaplanacanalpanama', 'docnoteidissentafastneverpreventsafatnessidietoncod']",
  },
};

/**
 * bigcode's "prompt" format (QuixBugs.get_prompt): `# Buggy function`, the buggy program,
 * `# Fixed function` and `def`, stripped. bigcode reads the programs from the Hub dataset
 * Muennighoff/quixbugs; here they are upstream QuixBugs's python_programs/NAME.py files as they are.
 */
export function quixPrompt(buggy: string): string {
  return `# Buggy function\n${buggy}\n# Fixed function\ndef`.trim();
}

/** The fixed function from a generation: `def` (the prompt's last word) + text before a stop. */
export function quixPostprocess(prompt: string, generation: string): string {
  const generated = generation.startsWith(prompt) ? generation.slice(prompt.length) : generation;
  return `def${cutAtStop(generated, STOP)}`;
}

/**
 * Top-level imports of the buggy program (to_base's `import string`): the model is asked for the
 * function only, so the program gets them back, as the program file the tests import has them.
 */
function topImports(source: string): string {
  return source
    .split('\n')
    .filter((line) => /^(import|from)\s/.test(line))
    .join('\n');
}

/**
 * The candidate followed by every JSON test case of the program (json_testcases/NAME.json, one
 * `[args, expected]` per line, read with json.loads as upstream's load_testdata.py does), each
 * checked as upstream's python_testcases/test_NAME.py does: `NAME(*args) == expected`,
 * `list(…)` for the generators, and sqrt within `abs = args[-1]`.
 */
/** A QuixBugs problem's data: the buggy program's top-level imports, and the buggy program. */
export type QuixData = { imports: string; buggy: string };

/** The test loop after the candidate (its placeholders are documented in the file). */
const testsHarness = readHarnessTemplate(import.meta.url, 'tests.py');

export function quixProgram(problem: Problem<QuixData>, candidate: string): Program {
  const name = problem.entryPoint!;
  const cases = Buffer.from(problem.tests, 'utf8').toString('base64');
  const check = CHECKS[name] ?? {};
  const got = check.call === 'list' ? `list(${name}(*_pk_args))` : `${name}(*_pk_args)`;
  const ok = check.approx
    ? 'abs(_pk_got - _pk_expected) <= _pk_args[-1]'
    : '_pk_got == _pk_expected';
  const module = `${problem.meta.imports}
${candidate}
`;
  const tests = testsHarness({
    CASES: `'${cases}'`,
    SKIP: check.skip === undefined ? '' : `    if ${check.skip}:\n        continue\n`,
    EXPECTED: check.expected === undefined ? '' : `    _pk_expected = ${check.expected}\n`,
    GOT: got,
    OK: ok,
    NAME: name,
  });
  // Outside judging: the module serves the calls, the test loop runs in the judge process.
  const functionServer = { candidate: module, tests, entryPoints: [name] };
  return { language: 'python', source: `${module}${tests}`, functionServer };
}

interface Files {
  buggy: Map<string, string>;
  correct: Map<string, string>;
  cases: Map<string, string>;
}

function collect(rows: readonly Record<string, unknown>[], file: string): Files {
  const files: Files = { buggy: new Map(), correct: new Map(), cases: new Map() };
  for (const row of rows) {
    if (typeof row['path'] !== 'string' || typeof row['text'] !== 'string') {
      throw new DatasetError(`${file}: rows must be {path, text} (a QuixBugs folder)`, {
        hint: 'point --data-dir at a folder holding quixbugs/, or --dataset-path at the QuixBugs tree',
      });
    }
    const match =
      /^(python_programs|correct_python_programs|json_testcases)\/(\w+)\.(py|json)$/.exec(
        row['path'],
      );
    if (!match) continue;
    const kind =
      match[1] === 'python_programs'
        ? 'buggy'
        : match[1] === 'json_testcases'
          ? 'cases'
          : 'correct';
    files[kind].set(match[2]!, row['text']);
  }
  return files;
}

/**
 * QuixBugs (Lin et al., 2017), Python: 40 classic algorithms with a one-line bug each; the 31
 * with JSON test cases are the problems (the 9 graph programs are tested by pytest files over
 * node objects). Repair: the model sees the buggy function and writes the fixed one.
 */
export const quixbugs: Task<QuixData> = {
  name: 'quixbugs',
  description: 'QuixBugs Python repair (31 programs with JSON test cases), bigcode "prompt" format',
  language: 'python',
  dataset: {
    hub: {
      repo: 'jkoppel/QuixBugs',
      revision: '4257f44b0ff1181dedaedee6a447e133219fcebf',
      path: '.',
    },
    localDir: 'quixbugs',
  },
  // bigcode's limit for QuixBugs (some programs are slow by design).
  defaultTimeoutMs: 10_000,
  stopSequences: STOP,
  problems(rows, file) {
    const files = collect(rows, file);
    if (files.cases.size === 0) {
      throw new DatasetError(`${file} has no json_testcases/*.json`, {
        hint: 'point --data-dir at a folder holding the QuixBugs tree as quixbugs/',
      });
    }
    return [...files.cases.keys()].sort().map((name): Problem<QuixData> => {
      const buggy = files.buggy.get(name);
      const correct = files.correct.get(name);
      if (buggy === undefined || correct === undefined) {
        throw new DatasetError(`${file}: ${name} has test cases but no buggy or correct program`, {
          hint: 'the QuixBugs tree is incomplete: restore python_programs/ and correct_python_programs/',
        });
      }
      const prompt = quixPrompt(buggy);
      return {
        id: name,
        language: 'python',
        prompt,
        datasetPrompt: prompt,
        tests: files.cases.get(name)!,
        entryPoint: name,
        reference: correct,
        meta: { imports: topImports(buggy), buggy },
      };
    });
  },
  fromCompletion: completionIsAnswer,
  postprocess: (problem, generation) => quixPostprocess(problem.prompt, generation),
  program: quixProgram,
};
