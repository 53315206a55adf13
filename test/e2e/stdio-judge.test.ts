import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pythonFile = join(repoRoot, 'test', 'fixtures', 'stdio-problems.jsonl');
const cppFile = join(repoRoot, 'test', 'fixtures', 'stdio-problems-cpp.jsonl');

/**
 * Tries to learn the expected output instead of computing it: the benchmark file by its host
 * path, every file near its working directory, the driver's memory and command line. Prints
 * what it found for its own input, else 'found-nothing'.
 */
const HOSTILE = `import os, re, sys
data = sys.stdin.read()
needle = ('"input": ' + __import__('json').dumps(data) + ', "output": "').encode()
found = []
def scan(blob):
    at = blob.find(needle)
    if at >= 0:
        found.append(blob[at + len(needle):].split(b'"')[0].decode().replace('\\\\n', ''))
for path in [${JSON.stringify(pythonFile)}]:
    try: scan(open(path, 'rb').read())
    except OSError: pass
for top in ['.', '..', '../..', '/tmp', '/work', '/root', '/home']:
    for root, dirs, files in os.walk(top):
        if root.count('/') > 6: dirs[:] = []
        for name in files:
            try: scan(open(os.path.join(root, name), 'rb').read(1 << 20))
            except OSError: pass
ppid = os.getppid()
for name in ['cmdline', 'environ']:
    try: scan(open('/proc/%d/%s' % (ppid, name), 'rb').read())
    except OSError: pass
try:
    mem = open('/proc/%d/mem' % ppid, 'rb')
    for line in open('/proc/%d/maps' % ppid):
        lo, hi = (int(x, 16) for x in line.split()[0].split('-'))
        try:
            mem.seek(lo); scan(mem.read(min(hi - lo, 1 << 24)))
        except (OSError, ValueError, OverflowError): pass
except OSError: pass
print(found[0] if found else 'found-nothing')
`;

/** samples.jsonl rows: each program a whole solution. */
async function samplesFile(dir: string, programs: Record<string, string[]>): Promise<string> {
  const rows = Object.entries(programs).flatMap(([task_id, list]) =>
    list.map((solution) => JSON.stringify({ task_id, solution })),
  );
  const path = join(dir, 'samples.jsonl');
  await writeFile(path, `${rows.join('\n')}\n`);
  return path;
}

/**
 * Evaluates `programs` with a 0.5 s per-test limit: ample for the right ones (tens of ms), and a
 * program that loops costs its limit of CPU.
 */
async function judge(task: string, programs: Record<string, string[]>) {
  const out = await tempDir();
  const samples = await samplesFile(out, programs);
  const result = await runCli([
    ...['evaluate', '--task', task, '--generations', samples, '--allow-missing'],
    ...['--allow-code-execution', '--timeout', '0.5', '--output-dir', join(out, 'run'), '--no-db'],
  ]);
  expect(result.stderr).not.toContain('internal error');
  expect(result.code, result.stderr).toBe(0);
  const lines = (await readFile(join(out, 'run', 'results.jsonl'), 'utf8')).trim().split('\n');
  const results = lines.map((line) => JSON.parse(line));
  return (id: string, sample: number) =>
    results.find((r) => r.task_id === id && r.sample === sample) as {
      status: string;
      error_type?: string;
      message?: string;
      rerun?: object;
    };
}

describe('the stdin/stdout judge, end to end', () => {
  it('Python: right, wrong, too slow, crashing, float tolerance, and a hostile reader', async () => {
    const verdict = await judge(pythonFile, {
      'sum-two': [
        'a, b = map(int, input().split())\nprint(a + b)\n',
        'a, b = map(int, input().split())\nprint(a - b)\n',
        'while True:\n    pass\n',
        'import time\ntime.sleep(60)\n',
        'a, b = map(int, input().split())\nprint(a // (b - b))\n',
        HOSTILE,
      ],
      mean: [
        'n = int(input())\nxs = list(map(int, input().split()))\nprint(sum(xs) / n)\n',
        'n = int(input())\nxs = list(map(int, input().split()))\nprint("%.2f" % (sum(xs) / n))\n',
      ],
    });
    expect(verdict('sum-two', 0).status).toBe('passed');
    expect(verdict('sum-two', 1)).toMatchObject({ status: 'failed', error_type: 'WrongAnswer' });
    expect(verdict('sum-two', 1).message).toContain('test 1 of 3 (input "1 2\\n")');
    expect(verdict('sum-two', 1).message).toContain('expected "3\\n", got "-1\\n"');
    expect(verdict('sum-two', 2)).toMatchObject({
      status: 'timeout',
      error_type: 'TimeLimitExceeded',
    });
    expect(verdict('sum-two', 3)).toMatchObject({
      status: 'timeout',
      error_type: 'TimeLimitExceeded',
    });
    // Stopped by the wall clock, not its CPU time: it may have been the machine's fault, so it
    // runs again. (The looping one is final when its CPU reached the limit first, which on a
    // loaded machine it may not: src/execution/stdio/judge.test.ts checks that rule.)
    expect(verdict('sum-two', 3).rerun).toBeDefined();
    expect(verdict('sum-two', 4)).toMatchObject({ status: 'error', error_type: 'RuntimeError' });
    expect(verdict('sum-two', 4).message).toContain('ZeroDivisionError');
    expect(verdict('sum-two', 5)).toMatchObject({ status: 'failed', error_type: 'WrongAnswer' });
    expect(verdict('sum-two', 5).message).toContain('got "found-nothing\\n"');
    expect(verdict('mean', 0).status).toBe('passed'); // 1.3333333333333333 vs 1.333333333
    expect(verdict('mean', 1)).toMatchObject({ status: 'failed', error_type: 'WrongAnswer' });
    expect(verdict('mean', 1).message).toContain('test 2 of 3');
  });

  it('C++: right, wrong, too slow, crashing and not compiling', async () => {
    const head =
      '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); ';
    const verdict = await judge(cppFile, {
      'sum-two': [
        `${head}std::printf("%lld\\n", a + b); }\n`,
        `${head}std::printf("%lld\\n", a * b); }\n`,
        `${head}volatile long long x = 0; for (;;) x = x + a; }\n`,
        `${head}int* p = nullptr; if (a + b != 7) *p = 1; std::printf("%lld\\n", a + b); }\n`,
        `${head}std::printf("%lld\\n", a + c); }\n`,
      ],
    });
    expect(verdict('sum-two', 0).status).toBe('passed');
    expect(verdict('sum-two', 1)).toMatchObject({ status: 'failed', error_type: 'WrongAnswer' });
    expect(verdict('sum-two', 1).message).toContain('expected "3\\n", got "2\\n"');
    expect(verdict('sum-two', 2)).toMatchObject({
      status: 'timeout',
      error_type: 'TimeLimitExceeded',
    });
    expect(verdict('sum-two', 3)).toMatchObject({ status: 'error', error_type: 'RuntimeError' });
    expect(verdict('sum-two', 3).message).toContain('SIGSEGV');
    expect(verdict('sum-two', 4)).toMatchObject({ status: 'error', error_type: 'CompileError' });
    expect(verdict('sum-two', 4).message).toContain("'c' was not declared");
  });

  it('JavaScript (Node): right and wrong', async () => {
    const dir = await tempDir();
    const file = join(dir, 'js-problems.jsonl');
    const row = JSON.parse((await readFile(pythonFile, 'utf8')).split('\n')[0]!);
    await writeFile(
      file,
      `${JSON.stringify({ ...row, language: 'javascript', solution: undefined })}\n`,
    );
    const read =
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\n";
    const verdict = await judge(file, {
      'sum-two': [`${read}console.log(a + b);\n`, `${read}console.log(String(a) + String(b));\n`],
    });
    expect(verdict('sum-two', 0).status).toBe('passed');
    expect(verdict('sum-two', 1)).toMatchObject({ status: 'failed', error_type: 'WrongAnswer' });
    expect(verdict('sum-two', 1).message).toContain('got "12\\n"');
  });

  it('reference solutions pass, and --task stdio --dataset-path reads the same file', async () => {
    const out = await tempDir();
    const result = await runCli([
      ...['run', '--task', 'stdio', '--dataset-path', pythonFile, '--model', 'reference'],
      ...['--allow-code-execution', '--output-dir', out, '--no-db'],
    ]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.problems).toBe(4);
    expect(metrics.stdio['pass@1']).toBe(1);
    expect(Object.keys(metrics.per_month)).toEqual(['2024-03', '2024-04', '2024-05']);
    const bare = await runCli([
      'run',
      '--task',
      'stdio',
      '--model',
      'reference',
      '--allow-code-execution',
    ]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain(
      "task 'stdio' reads your own file: give it with --dataset-path FILE",
    );
  });

  it('a chat model through the OpenAI-compatible backend, on a stdio file with a date window', async () => {
    // Right for the mean (prose around the fence), wrong for the word count.
    const reply = ({ prompt }: { prompt: string }) =>
      prompt.includes('Print their mean')
        ? 'Read, then average:\n```python\nn = int(input())\nprint(sum(map(int, input().split())) / n)\n```\nDone.'
        : '```python\nprint(0)\n```';
    server = await startFakeOpenAIServer({ text: reply });
    const out = await tempDir();
    const result = await runCli([
      ...[
        'run',
        '--task',
        pythonFile,
        '--model',
        'openai-compatible',
        '--base-url',
        server.baseUrl,
      ],
      ...['--chat', '--n-samples', '1', '--since', '2024-05-01', '--allow-code-execution'],
      ...['--output-dir', out, '--no-db'],
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(2); // mean (May 20) and count-words (May 28)
    const asked = JSON.stringify(server.requests[0]!.body);
    expect(asked).toContain('reads the input from standard input');
    expect(asked).not.toContain('1.333333333'); // expected outputs are never sent
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics.date_window.excluded).toEqual(['sum-two', 'sort-numbers']);
    expect(metrics[pythonFile]['pass@1']).toBeCloseTo(0.5);
  });

  it('names the line and field of a row that does not fit', async () => {
    const dir = await tempDir();
    const bad = join(dir, 'bad.jsonl');
    await writeFile(
      bad,
      `${JSON.stringify({ statement: 'x', tests: [{ input: '1', output: '1' }] })}\n${JSON.stringify({ statement: 'y', tests: [{ input: '1' }] })}\n`,
    );
    const result = await runCli([
      ...['run', '--task', bad, '--model', 'reference', '--allow-code-execution'],
      ...['--output-dir', join(dir, 'out'), '--no-db'],
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("bad.jsonl row 2 (line 2): field 'tests[0].output'");
  });
});
