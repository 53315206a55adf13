import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replaceFile } from './formats/durable-write.js';
import { LOCK_FILE, lockRunDir } from './run-lock.js';

const helpers = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'helpers');
const scratch = () => mkdtemp(join(tmpdir(), 'passk-run-lock-'));

describe('run directory lock', () => {
  it('is re-entrant in one process and released by the last holder', async () => {
    const dir = join(await scratch(), 'run');
    const outer = lockRunDir(dir);
    const inner = lockRunDir(dir); // run's scoring inside its generation
    expect((await readFile(join(dir, LOCK_FILE), 'utf8')).split('\n')[0]).toBe(String(process.pid));
    inner();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    await writeFile(join(dir, 'journal'), 'x');
    outer();
    expect(await readdir(dir)).toEqual(['journal']);
  });

  it('refuses a live holder with its pid, takes over a dead one, leaves no empty folder', async () => {
    const parent = await scratch();
    const dir = join(parent, 'a', 'b');
    lockRunDir(dir)(); // created and, empty, removed again
    expect(await readdir(parent)).toEqual([]);
    const held = join(parent, 'held');
    await mkdir(held);
    await writeFile(join(held, 'keep'), '');
    await writeFile(join(held, LOCK_FILE), `${process.ppid}\n`);
    expect(() => lockRunDir(held)).toThrow(
      new RegExp(`another passk process \\(pid ${process.ppid}\\) is writing to ${held}`),
    );
    await writeFile(join(held, LOCK_FILE), '999999999\n'); // no such process
    lockRunDir(held)();
    expect(await readdir(held)).toEqual(['keep']);
  });

  it('/proc/x is refused at once (recursive mkdir would loop forever there)', () => {
    expect(() => lockRunDir('/proc/passk-x/run')).toThrow(
      /cannot write to \/proc\/passk-x\/run: this file system does not allow new folders there \(ENOENT\)/,
    );
  });
});

/** A child process running test/helpers/lock-race-child.ts, answering one line per command. */
function raceChild(dir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(helpers, 'lock-race-child.ts'), dir],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    send: (command: string) => child.stdin.write(`${command}\n`),
    reply: async () => String((await lines.next()).value),
    close: () => child.stdin.end(),
    exited: new Promise((resolve) => child.on('exit', resolve)),
  };
}

describe('a stale lock found by several processes at once (issue 29)', () => {
  it('is taken over by exactly one of them, round after round', async () => {
    const dir = await scratch();
    const children = Array.from({ length: 6 }, () => raceChild(dir));
    try {
      for (let round = 0; round < 40; round++) {
        await writeFile(join(dir, LOCK_FILE), '999999999\n'); // its owner is dead
        for (const child of children) child.send('go');
        const replies = await Promise.all(children.map((child) => child.reply()));
        const locked = replies.filter((reply) => reply === 'locked');
        expect(locked, `round ${round}: ${replies.join(' | ')}`).toHaveLength(1);
        for (const reply of replies.filter((r) => r !== 'locked')) {
          expect(reply).toMatch(/^refused another passk process \(pid \d+\) is writing to /);
        }
        for (const child of children) child.send('release');
        await Promise.all(children.map((child) => child.reply()));
        expect(await readdir(dir), `round ${round}`).toEqual([]); // no temp or takeover file left
      }
    } finally {
      for (const child of children) child.close();
      await Promise.all(children.map((child) => child.exited));
    }
  }, 120_000);
});

describe('temp files', () => {
  it('two writers replacing one file at once both succeed (no shared temp name)', async () => {
    const dir = await scratch();
    const file = join(dir, 'run-config.json');
    const texts = Array.from({ length: 8 }, (_, i) => `{"config":${i}}\n`);
    await Promise.all(texts.map((text) => replaceFile(file, text)));
    expect(texts).toContain(await readFile(file, 'utf8'));
    expect(await readdir(dir)).toEqual(['run-config.json']);
  });
});
