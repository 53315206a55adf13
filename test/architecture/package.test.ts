import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

const run = promisify(execFile);

/** What `npm pack` would put in the package (from package.json "files"; dist as built). */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return pack!.files.map((file) => file.path);
}

/**
 * Every file under src/ that is not TypeScript, a test's snapshot or fixture, or a Python cache:
 * the harness files, manifests and page assets modules read with readSourceFile, as repo paths.
 */
function sourceFilesBesideModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['__snapshots__', '__fixtures__', '__pycache__'].includes(entry.name)) {
        found.push(...sourceFilesBesideModules(path));
      }
    } else if (!entry.name.endsWith('.ts') && !TEST_ONLY.test(entry.name)) {
      found.push(relative(repoRoot, path));
    }
  }
  return found;
}

/** The TypeScript modules under `dir` that ship (no test file or helper). */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !TEST_ONLY.test(relative(repoRoot, path)));
}

/** Test files, test helpers and fixtures: never shipped. */
const TEST_ONLY = /(\.test\.|\.test-helpers\.|(^|\/)__fixtures__\/|^test\/)/;

describe('the npm package', () => {
  it('holds the library, the CLI and the Python workers, and no test helper or fixture', async () => {
    const files = await packedFiles();
    expect(files).toContain('bin/passk.js');
    expect(files.some((f) => f.startsWith('src/execution/worker/'))).toBe(true);
    // Files the code reads beside its modules (readSourceFile), from dist/ too.
    for (const file of [
      'src/execution/worker/protocol.json',
      'src/execution/worker/protocol.py',
      'src/execution/stdio/driver.py',
      'src/execution/environments/probe_modules.py',
      'src/execution/environments/interpreter_packages.py',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((f) => TEST_ONLY.test(f))).toEqual([]);
  });

  it('holds every file of another language the code reads beside its modules (harness, page, data)', async () => {
    const files = new Set(await packedFiles());
    const besides = sourceFilesBesideModules(join(repoRoot, 'src'));
    expect(besides.length).toBeGreaterThan(50);
    expect(besides.filter((file) => !files.has(file))).toEqual([]);
  });

  it("compiles no canary into dist (a folder there would shadow src's: its .d.mts read as canaries)", async () => {
    const files = await packedFiles();
    expect(
      files.filter((f) => f.startsWith('dist/') && /\/(exercism-)?canaries\//.test(f)),
    ).toEqual([]);
    expect(files).toContain('src/execution/languages/typescript/canaries/early-exit-1.mts');
  });

  it('reads files beside modules through sourceFilePath (a dist/ module has none beside it)', () => {
    const direct = /new URL\(\s*['"`]\.\/[^'"`]+\.(?!js['"`])\w+['"`]\s*,\s*import\.meta\.url/;
    const offenders = modulesUnder(join(repoRoot, 'src')).filter((file) =>
      direct.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(repoRoot, file))).toEqual([]);
    expect(direct.test("new URL('./build_tests.py', import.meta.url)")).toBe(true);
  });

  it('recognises a test helper when it sees one', () => {
    for (const path of [
      'dist/compare/synthetic-run.test-helpers.js',
      'dist/store/db/__fixtures__/synthetic-run.js',
      'test/helpers/cli.ts',
    ]) {
      expect(TEST_ONLY.test(path), path).toBe(true);
    }
    expect(TEST_ONLY.test('dist/tasks/multilang/rust-tests.js')).toBe(false);
  });
});
