import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../datasets/index.js';
import { evaluate } from '../../pipeline/evaluate.js';
import type { GenerationRecord } from '../../store/records.js';
import { PYTHON_TESTS_MARKER } from '../kit/python-program.js';
import { requiredModules } from './environment.js';
import { ds1000Name } from './names.js';
import { chatAnswer, completionAnswer, DS1000_STOPS, upstreamPostprocess } from './postprocess.js';
import { pythonStringLiteral } from './program.js';
import { insertionParts } from './prompts.js';
import { ds1000 } from './task.js';

/**
 * Four problems in DS-1000's 2024 format whose harnesses need only the standard library: a
 * `<code>` problem with two test cases, a function-body problem, one with a `test_string`
 * check, and a Matplotlib-labelled one whose answer writes a file in the working directory.
 */
const FIXTURE = fileURLToPath(
  new URL('../../../test/fixtures/ds-stdlib-mini.jsonl', import.meta.url),
);
const dataset = { datasetPath: FIXTURE, offline: true };

async function problemsOf(name: Parameters<typeof ds1000>) {
  const task = ds1000(...name);
  const loaded = await loadDataset(task.dataset, dataset);
  return { task, problems: task.problems(loaded.rows, loaded.file) };
}

describe('DS-1000 names and problems', () => {
  it('names selections as passk registers them', () => {
    expect(ds1000Name('all', 'completion')).toBe('ds1000');
    expect(ds1000Name('Numpy', 'completion')).toBe('ds1000-numpy');
    expect(ds1000Name('all', 'insertion')).toBe('ds1000-insertion');
    expect(ds1000Name('Pytorch', 'insertion', 'codellama')).toBe(
      'ds1000-pytorch-insertion:codellama',
    );
  });

  it('reads rows: upstream id, code_context as tests, reference_code as reference, library', async () => {
    const { task, problems } = await problemsOf(['all', 'completion']);
    expect(problems.map((p) => [p.id, p.meta['library']])).toEqual([
      ['0', 'Pandas'],
      ['1', 'Numpy'],
      ['2', 'Numpy'],
      ['3', 'Matplotlib'],
    ]);
    const [first] = problems;
    expect(first!.prompt).toBe(first!.datasetPrompt);
    expect(first!.reference).toBe('result = sorted(data)\n');
    expect(first!.tests).toContain('def test_execution(solution: str):');
    expect(task.stopSequences).toEqual(['</code>', '# SOLUTION END']);
    expect(task.instructionPrompt?.(first!)).toBe(first!.datasetPrompt);
  });

  it('selects one library', async () => {
    const { problems } = await problemsOf(['Numpy', 'completion']);
    expect(problems.map((p) => p.id)).toEqual(['1', '2']);
  });

  it('builds insertion prompts; Matplotlib is left out of all-insertion and asked as completion alone', async () => {
    const { task, problems } = await problemsOf(['all', 'insertion']);
    expect(problems.map((p) => p.id)).toEqual(['0', '1', '2']);
    expect(task.stopSequences).toEqual(['<|endoftext|>', '<file_sep>', ...DS1000_STOPS]);
    const [code, body] = problems;
    expect(code!.prompt).toBe(
      `<fim_prefix>${code!.datasetPrompt.trimEnd()}\n<fim_suffix>\n</code>\nEND SOLUTION\n<fim_middle>`,
    );
    expect(insertionParts(body!).suffix).toBe('\n    ### END SOLUTION\n');
    const { problems: plots } = await problemsOf(['Matplotlib', 'insertion']);
    expect(plots[0]!.prompt).toBe(plots[0]!.datasetPrompt);
    const { problems: deepseek } = await problemsOf(['all', 'insertion', 'deepseek']);
    expect(deepseek[0]!.prompt.startsWith('<｜fim▁begin｜>')).toBe(true);
  });
});

describe('DS-1000 requirements', () => {
  it('names the modules a harness or reference imports, and the network for a download', async () => {
    const { problems } = await problemsOf(['all', 'completion']);
    expect(requiredModules(problems[0]!)).toEqual([]);
    const harness = 'import numpy as np\nfrom sklearn.datasets import fetch_california_housing\n';
    const needy = { ...problems[0]!, tests: `${harness}data = fetch_california_housing()\n` };
    const tips = {
      ...problems[0]!,
      tests: 'import seaborn as sns\ntips = sns.load_dataset("tips")\n',
    };
    expect(requiredModules(tips)).toEqual(['network', 'seaborn']);
    expect(
      requiredModules({ ...needy, reference: 'import   pandas as pd\nimport seaborn' }),
    ).toEqual(['network', 'numpy', 'pandas', 'seaborn', 'sklearn']);
  });
});

describe('DS-1000 answers (upstream postprocess, stop words, chat extraction)', () => {
  it('cleans as test_ds1000.py does, keeping indentation', () => {
    expect(upstreamPostprocess('x = 1\n</code>\nEND SOLUTION\n<code>\nprint(x)')).toBe('x = 1\n');
    expect(upstreamPostprocess('```python\nx = 1\n```\ntext')).toBe('\nx = 1\n');
    expect(upstreamPostprocess('x = 1\nEND SOLUTION\ny')).toBe('x = 1');
    expect(upstreamPostprocess('<code>x = 1')).toBe('x = 1');
    expect(upstreamPostprocess('    return xs\n')).toBe('    return xs\n');
  });

  it('cuts a completion at the stop words and drops an echoed prompt', () => {
    const prompt = 'A:\n<code>\nx = 1\n</code>\nBEGIN SOLUTION\n<code>\n';
    expect(completionAnswer(prompt, 'result = x\n</code>\nmore', DS1000_STOPS)).toBe(
      'result = x\n',
    );
    expect(completionAnswer(prompt, `${prompt}result = x\n</code>`, DS1000_STOPS)).toBe(
      'result = x\n',
    );
    expect(completionAnswer(prompt, 'plt.plot(x)\n# SOLUTION END\nplt.show()', DS1000_STOPS)).toBe(
      'plt.plot(x)\n',
    );
  });

  it('takes a chat reply from its fence, else after its <code> tag', () => {
    const fence = '```';
    expect(chatAnswer(`Sort it:\n${fence}python\nresult = sorted(data)\n${fence}\nDone.`)).toBe(
      'result = sorted(data)\n',
    );
    expect(chatAnswer('Here:\n<code>\nresult = sorted(data)\n</code>\nEND SOLUTION')).toBe(
      '\nresult = sorted(data)\n',
    );
    expect(chatAnswer('result = sorted(data)')).toBe('result = sorted(data)');
  });
});

describe('DS-1000 programs', () => {
  it('quotes the answer so Python reads back exactly the same text', () => {
    const tricky = 'a = "x"\nb = \'\\n\' + r"\\d"\n# é ☃ \u2028 \t end';
    const run = spawnSync(
      '/usr/bin/python3',
      ['-I', '-S', '-c', 'import sys; sys.stdout.write(eval(sys.stdin.read()))'],
      {
        input: pythonStringLiteral(tricky),
        encoding: 'utf8',
      },
    );
    expect(run.stdout).toBe(tricky);
  });

  it('is code_context, then the calls, test_string only where the context defines it', async () => {
    const { task, problems } = await problemsOf(['all', 'completion']);
    const [sorting, , reversing] = problems;
    const plain = task.program(sorting!, 'result = sorted(data)\n').source;
    expect(plain.startsWith(sorting!.tests)).toBe(true);
    expect(
      plain.endsWith(
        `${PYTHON_TESTS_MARKER}code = "result = sorted(data)\\n"\ntest_execution(code)\n`,
      ),
    ).toBe(true);
    expect(task.program(reversing!, 'x').source).toMatch(
      /test_execution\(code\)\ntest_string\(code\)\n$/,
    );
  });

  it('passes the references and fails wrong answers, in the real sandbox, with a per-library breakdown', async () => {
    const { task } = await problemsOf(['all', 'completion']);
    const records: GenerationRecord[] = [
      // Sample 0: the references (the Matplotlib one writes notes.txt in its scratch dir).
      ...['0', '1', '2', '3'].map((id) => ({ problemId: id, sample: 0, program: '' })),
      // Sample 1: wrong in a different way each.
      { problemId: '0', sample: 1, program: 'result = data' }, // right only for no test case
      { problemId: '1', sample: 1, program: 'result = sum(xs)\nreturn result\n' }, // indentation lost
      { problemId: '2', sample: 1, program: 'result = data[::-1]\n' }, // right value, no `reversed`
      { problemId: '3', sample: 1, program: 'import sys\nsys.exit(0)\n' }, // leaves before the check
    ];
    const loaded = await loadDataset(task.dataset, dataset);
    const byId = new Map(task.problems(loaded.rows, loaded.file).map((p) => [p.id, p]));
    for (const r of records) if (r.sample === 0) r.program = byId.get(r.problemId)!.reference!;
    const { results, metrics } = await evaluate({
      task,
      candidates: { kind: 'records', records },
      allowCodeExecution: true,
      preflight: false,
      workers: 2,
      db: false,
      dataset,
    });
    const status = (sample: number) =>
      results.filter((r) => r.sample === sample).map((r) => `${r.task_id}: ${r.status}`);
    expect(status(0)).toEqual(['0: passed', '1: passed', '2: passed', '3: passed']);
    expect(status(1)).toEqual(['0: failed', '1: error', '2: failed', '3: incomplete']);
    expect(metrics.breakdown).toEqual({
      by: 'library',
      groups: {
        Pandas: { problems: 1, samples: 2, 'pass@1': 0.5 },
        Numpy: { problems: 2, samples: 4, 'pass@1': 0.5 },
        Matplotlib: { problems: 1, samples: 2, 'pass@1': 0.5 },
      },
    });
  }, 120_000);
});
