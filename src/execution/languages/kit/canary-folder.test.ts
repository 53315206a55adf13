import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from './canary-folder.js';
import { comment } from './script-language.js';
import { TESTS_MARKER } from './test-binding.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A language folder with `files` in its canaries/, and its module's URL. */
async function folder(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'passk-canaries-'));
  await mkdir(join(dir, 'canaries'));
  for (const [name, text] of Object.entries(files))
    await writeFile(join(dir, 'canaries', name), text);
  return pathToFileURL(join(dir, 'toy.ts')).href;
}

const base = {
  'wrong.toy': 'assert 1 == 2\n',
  'sleeper.toy': 'sleep {{MILLISECONDS}}\n',
  'early-exit-2.toy': 'exit 0 # second\n',
  'early-exit-1.toy': '# Exits first.\n\nexit 0\n',
  'early-exit-3.other': 'not this language\n',
};

describe('canaryFolder', () => {
  it('reads each kind in name order, drops a comment header and fills the sleeper', async () => {
    const canaries = canaryFolder(await folder(base), '.toy', comment('#'));
    expect(canaries.wrong).toBe('assert 1 == 2\n');
    expect(canaries.earlyExits).toEqual(['exit 0\n', 'exit 0 # second\n']);
    expect(canaries.sleeper(3)).toBe('sleep 3000\n');
    expect(canaries.rebindings).toBeUndefined();
    expect(canaries.comment('a\nb')).toBe('# a b\n');
  });

  it("fills a canary's {{RESULT_FD}} and a sleeper's {{SECONDS}}", async () => {
    const url = await folder({
      ...base,
      'sleeper.toy': 'sleep {{SECONDS}}\n',
      'harness-attack-forge.toy': 'write {{RESULT_FD}} end\n',
    });
    const canaries = canaryFolder(url, '.toy', comment('#'));
    expect(canaries.harnessAttacks).toEqual([`write ${RESULT_FD} end\n`]);
    expect(canaries.sleeper(2)).toBe('sleep 2\n');
  });

  it('refuses a rebinding canary without the tests marker (it would test nothing)', async () => {
    const marked = `x = 1\n${TESTS_MARKER}\nassert x == 2\n`;
    const good = await folder({ ...base, 'rebinding-1.toy': marked });
    expect(canaryFolder(good, '.toy', comment('#')).rebindings).toEqual([marked]);
    const bad = await folder({ ...base, 'rebinding-1.toy': 'x = 1\nassert x == 2\n' });
    expect(() => canaryFolder(bad, '.toy', comment('#'))).toThrow(/has no \/\/@passk-tests line/);
  });
});

describe("the languages' canaries/ folders", () => {
  it('hold only files of a known kind (a misnamed file would be left out silently)', async () => {
    const languages = fileURLToPath(new URL('..', import.meta.url));
    const stray: string[] = [];
    for (const language of await readdir(languages)) {
      const names = await readdir(join(languages, language, 'canaries')).catch(() => []);
      for (const name of names) {
        if (!/^(wrong|sleeper)\.|^(early-exit|rebinding|harness-attack)-/.test(name)) {
          stray.push(`${language}/canaries/${name}`);
        }
      }
    }
    expect(stray).toEqual([]);
  });
});
