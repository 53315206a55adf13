import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.js';
import { type CliResult, repoRoot, runCli, tempDir } from '../helpers/cli.js';
import { helpOf } from '../helpers/cli-help.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';

/** Claims of README.md and docs/commands.md that can be checked against the CLI itself. */

const COMMANDS = [
  'tasks',
  'evaluate',
  'run',
  'compare',
  'contamination',
  'merge',
  'runs',
  'show',
  'report',
  'doctor',
  'serve',
];
const commandsDoc = readFileSync(join(repoRoot, 'docs/commands.md'), 'utf8');
const flagsIn = (text: string) => new Set(text.match(/(?<![\w-])--[a-z][a-z0-9-]+/g) ?? []);

describe('docs/commands.md', () => {
  it('documents only flags that the command’s --help lists', async () => {
    const help = new Map<string, Set<string>>();
    // In this process (the CLI's main()): ten help texts, no process start each.
    for (const command of COMMANDS) {
      const result = await helpOf(command);
      expect(result.code, command).toBe(0);
      help.set(command, flagsIn(result.stdout));
    }
    const wrong: string[] = [];
    let section: string | undefined;
    let checked = 0;
    for (const line of commandsDoc.split('\n')) {
      if (line.startsWith('#')) {
        const named = /passk (\w+)/.exec(line)?.[1];
        section = line.includes('shared by') ? 'evaluate' : named;
        continue;
      }
      const inline = [...line.matchAll(/passk (\w+)([^`|\n]*)/g)].map((m) => [m[1]!, m[2]!]);
      const table = section && line.startsWith('|') ? [[section, line.split('|')[1] ?? '']] : [];
      for (const [command, text] of [...inline, ...table] as [string, string][]) {
        const known = help.get(command);
        if (known === undefined) continue;
        for (const flag of flagsIn(text)) {
          checked++;
          if (!known.has(flag)) wrong.push(`passk ${command} ${flag}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  });

  it('lists every exit code passk uses', () => {
    const paragraph = commandsDoc.slice(commandsDoc.indexOf('Exit codes:'));
    const codes = new Set([0, 1, 70, 130, ...Object.values(ERROR_CODES).map((e) => e.exitCode)]);
    for (const code of codes)
      expect(paragraph, `exit ${code}`).toMatch(new RegExp(`\\b${code}\\s`));
  });
});

describe('"user mistakes print one line and a hint, with no stack trace"', () => {
  const mistakes = [
    ['run', '--task', 'no-such-task', '--model', 'reference', '--allow-code-execution'],
    ['run', '--task', 'humaneval', '--model', 'reference'],
    ['run', '--task', 'humaneval', '--model', 'reference', '--allow-code-execution', '--k', '0'],
    ['run', '--task', 'humaneval', '--limit', 'abc', '--allow-code-execution'],
    ['run', '--resume', '/', '--allow-code-execution'],
    ['show', 'no-such-run'],
    ['report'],
    ['evaluate', '--task', 'humaneval', '--allow-code-execution'],
    ['run', '--no-such-flag'],
    ['no-such-command'],
    ['tasks', '/no/such/bench.jsonl'],
  ];
  const expectOneLine = (result: CliResult) => {
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^passk: error: /);
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(result.stderr).not.toMatch(/\n\s+at |internal error/);
  };
  // Refused before any work: main() in this process says what the process would (its exit code
  // and stderr), without a CLI start each; the first one also runs as a process, as users run it.
  it.each(mistakes)('passk %s …', async (...args) => {
    const dir = await tempDir();
    expectOneLine(await runCliInProcess([...args], { PASSK_DB: join(dir, 'passk.db') }));
  });
  it('passk run --task no-such-task … as a process of its own', async () => {
    const dir = await tempDir();
    expectOneLine(await runCli([...mistakes[0]!], { PASSK_DB: join(dir, 'passk.db') }));
  });
});
