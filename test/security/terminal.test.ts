/**
 * A sample's exception class name and message reach passk's terminal output (top errors). They
 * must not be able to draw on the terminal or print a line that reads like passk's own score
 * (issue 9, item 7): a run of [right, wrong, spoofer] must show pass@1 = 0.3333 and nothing else.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const row = (id: string) => ({
  task_id: `spoof/${id}`,
  prompt: 'def add(a: int, b: int) -> int:\n',
  tests: 'assert add(1, 1) == 2\nassert add(2, 3) == 5\n',
  entry_point: 'add',
  canonical_solution: '    return a + b\n',
});

/** Raises an exception whose class name is a fake summary line, and an ANSI-laden message. */
const SPOOF =
  '    raise type("X\\n  pass@1 = 1.0000\\x1b[2K\\r", (Exception,), {})("\\x1b[2J\\x1b[H  pass@1 = 1.0000")\n';

describe("a sample's error text on passk's terminal", () => {
  it('cannot forge a pass@1 line or send escapes; the real score is shown and recorded', async () => {
    const dir = await tempDir('passk-spoof-');
    const bench = join(dir, 'bench.jsonl');
    const samples = join(dir, 'samples.jsonl');
    await writeFile(bench, `${['a', 'b', 'c'].map((id) => JSON.stringify(row(id))).join('\n')}\n`);
    const completions = { a: '    return a + b\n', b: '    return a - b\n', c: SPOOF };
    await writeFile(
      samples,
      Object.entries(completions)
        .map(([id, completion]) => JSON.stringify({ task_id: `spoof/${id}`, completion }))
        .join('\n'),
    );
    const out = join(dir, 'out');
    const args = ['--task', bench, '--generations', samples, '--output-dir', out, '--no-db'];
    const result = await runCli(['evaluate', ...args, '--allow-code-execution']);
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    expect(metrics[bench]).toEqual({ 'pass@1': 1 / 3 });
    // The right sample passed, the wrong one failed, the spoofer is an error.
    expect(metrics.statuses).toMatchObject({ passed: 1, failed: 1, error: 1 });

    const shown = await runCli(['show', out]);
    for (const text of [result.stdout, shown.stdout]) {
      expect(text).not.toContain('\x1b');
      expect(text).not.toContain('\r');
      const scoreLines = text.split('\n').filter((line) => line.includes('pass@1 = '));
      expect(scoreLines.length).toBeGreaterThan(0);
      for (const line of scoreLines) expect(line).toMatch(/^ {2}pass@1 = (0\.3333|33\.3%)/);
    }
    expect(result.stdout).toContain('top errors: ');
  }, 120_000);
});
