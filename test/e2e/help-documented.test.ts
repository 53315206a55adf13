import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { helpOf } from '../helpers/cli-help.js';

/**
 * The other direction of docs-claims.test.ts (which checks that every flag docs/commands.md
 * gives a command is in its --help): every option a command's --help lists is documented in
 * docs/commands.md, in that command's section, its shared-flags table or a `passk CMD …` line.
 * The CLI runs in this process: ten --help texts, no process start each.
 */

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

/** Each option line of a --help text, as its spellings: `-o, --output <file>` → [-o, --output]. */
function helpOptions(help: string): string[][] {
  const options: string[][] = [];
  for (const line of help.split('\n')) {
    const match = /^ {2}(?:(-\w), )?(--[a-z][a-z0-9-]*)/.exec(line);
    if (match && match[2] !== '--help' && match[2] !== '--version') {
      options.push([match[1], match[2]].filter((s): s is string => s !== undefined));
    }
  }
  return options;
}

/**
 * The text of docs/commands.md that speaks of each command: its own section (the shared-flags
 * section speaks of evaluate and run), the bullet of "Other commands" that starts with it, and
 * the rest of any line after a `passk CMD` mention.
 */
function docTextByCommand(doc: string): Map<string, string> {
  const text = new Map<string, string>();
  const add = (command: string, chunk: string) =>
    text.set(command, `${text.get(command) ?? ''}\n${chunk}`);
  let section: string[] = [];
  let bullet: string | undefined;
  for (const line of doc.split('\n')) {
    if (line.startsWith('#')) {
      const named = /passk (\w+)/.exec(line)?.[1];
      section = line.includes('shared by') ? ['evaluate', 'run'] : named ? [named] : [];
      bullet = undefined;
      continue;
    }
    if (line.startsWith('- ')) bullet = /^- `passk (\w+)/.exec(line)?.[1];
    else if (!line.startsWith(' ')) bullet = undefined;
    for (const command of section) add(command, line);
    if (bullet) add(bullet, line);
    for (const match of line.matchAll(/passk (\w+)/g)) {
      add(match[1]!, line.slice(match.index));
    }
  }
  return text;
}

const mentions = (text: string, flag: string) =>
  new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(text);

describe('passk CMD --help against docs/commands.md', () => {
  it('parses option lines and the doc’s sections', () => {
    const help =
      '  -o, --output <file>  where\n  --no-db    off\n      --wrapped text --not-a-flag\n  -h, --help';
    expect(helpOptions(help)).toEqual([['-o', '--output'], ['--no-db']]);
    const text = docTextByCommand(
      '### Flags shared by `evaluate` and `run`\n| `--k` |\n## Other\n- `passk merge DIR -o OUT`\n  more `--x`\n- `passk runs`',
    );
    expect(text.get('run')).toContain('--k');
    expect(text.get('merge')).toContain('--x');
    expect(text.get('runs')).not.toContain('--x');
  });

  it('lists the same commands in `passk --help` and the commands table', async () => {
    const help = await helpOf(undefined);
    const listed = [...help.stdout.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]!);
    expect(listed.filter((name) => name !== 'help').sort()).toEqual([...COMMANDS].sort());
    const doc = readFileSync(join(repoRoot, 'docs/commands.md'), 'utf8');
    const table = doc.slice(0, doc.indexOf('\n###'));
    const cells = table.split('\n').filter((line) => line.startsWith('| `passk'));
    const rows = cells.flatMap((line) =>
      [...line.split('|')[1]!.matchAll(/`passk (\w+)/g)].map((m) => m[1]!),
    );
    expect(COMMANDS.filter((name) => !rows.includes(name))).toEqual([]);
  });

  it('documents every option each command lists', async () => {
    const doc = docTextByCommand(readFileSync(join(repoRoot, 'docs/commands.md'), 'utf8'));
    const undocumented: string[] = [];
    let checked = 0;
    for (const command of COMMANDS) {
      const result = await helpOf(command);
      expect(result.code, command).toBe(0);
      const text = doc.get(command) ?? '';
      for (const spellings of helpOptions(result.stdout)) {
        checked++;
        if (!spellings.some((flag) => mentions(text, flag))) {
          undocumented.push(`passk ${command} ${spellings.join(', ')}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(undocumented).toEqual([]);
  });
});
