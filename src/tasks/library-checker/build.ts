import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DatasetError } from '../../core/errors.js';
import { sourceFilePath } from '../../core/source-files.js';
import { CommandError, runCommand } from '../../execution/run-command.js';
import { judgeSandboxArgv } from '../../execution/sandboxes/judge-sandbox.js';

/** passk's build of a problem's tests (generate.py's steps), run in the build sandbox. */
const BUILD_SCRIPT = sourceFilePath(import.meta.url, 'build_tests.py');

/**
 * One problem's generated tests, cached: `inputs/<case>.in` (a folder candidates' sandboxes may
 * read) apart from `dir/out/<case>.out` (the answers) and `dir/checker`, which only the checker's
 * sandbox sees.
 */
export interface BuiltTests {
  dir: string;
  inputs: string;
  cases: { name: string; inBytes: number; outBytes: number }[];
  /** Files whose sha256 differs from upstream's hash.json (or that one of them lacks). */
  hashMismatches: string[];
  /** Seconds each step took when the tests were built (not when read from the cache). */
  seconds: Record<string, number>;
}

const manifestSchema = z.object({
  cases: z.array(z.object({ name: z.string(), inBytes: z.number(), outBytes: z.number() })),
  hashMismatches: z.array(z.string()),
  seconds: z.record(z.string(), z.number()),
});

/** Why a problem's tests could not be built (its generator or reference failed, or timed out). */
export class TestBuildError extends DatasetError {}

export interface BuildOptions {
  /** The data tree (`library-checker/`): the problem folder and `common/` are in it. */
  root: string;
  /** Where built tests are kept: `tests/` and `inputs/` (inputsRoot), a folder per problem and key. */
  cacheDir: string;
  /** Wall clock for one problem's whole build (compiles, generators, reference runs). */
  timeoutMs?: number;
  /** Told before a build starts (not when the cache has it): builds take minutes. */
  onBuild?: (id: string) => void;
}

/** Generous: a problem compiles four or more C++ programs, testlib's checker the slowest. */
const DEFAULT_BUILD_MS = 20 * 60_000;

/**
 * The tests of problem `id` ('category/name'): read from the cache when a build of exactly these
 * sources (the problem's files, common/, the build script, g++'s version) is there, else built in
 * the sandbox and cached (written beside, then renamed: a crash never leaves half a build).
 */
export async function builtTests(id: string, options: BuildOptions): Promise<BuiltTests> {
  const problemDir = join(options.root, id);
  const commonDir = join(options.root, 'common');
  const key = await buildKey(problemDir, commonDir);
  const name = `${id.replace('/', '--')}--${key.slice(0, 24)}`;
  const dir = join(options.cacheDir, 'tests', name);
  const inputs = join(inputsRoot(options.cacheDir), name);
  if (!existsSync(join(dir, 'manifest.json'))) {
    options.onBuild?.(id);
    await build(problemDir, commonDir, { dir, inputs }, options);
  }
  const manifest = manifestSchema.parse(
    JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')),
  );
  return { dir, inputs, ...manifest };
}

/** The folder of every problem's inputs: bound read-only into the candidates' sandboxes. */
export function inputsRoot(cacheDir: string): string {
  return join(cacheDir, 'inputs');
}

async function build(
  problemDir: string,
  commonDir: string,
  target: { dir: string; inputs: string },
  options: BuildOptions,
) {
  const { dir, inputs } = target;
  const partial = join(
    options.cacheDir,
    `partial-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  await mkdir(partial, { recursive: true });
  const argv = judgeSandboxArgv({
    readOnly: { '/problem': problemDir, '/common': commonDir, '/build_tests.py': BUILD_SCRIPT },
    writable: { '/out': partial },
    command: ['/usr/bin/python3', '-I', '/build_tests.py', '/problem', '/common', '/out'],
  });
  try {
    await runCommand(argv, { timeoutMs: options.timeoutMs ?? DEFAULT_BUILD_MS });
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    const why =
      error instanceof CommandError ? error.stderr.trim().split('\n').slice(-3).join(' ') : '';
    throw new TestBuildError(
      `the tests of ${problemDir} could not be built: ${why || String(error)}`,
    );
  }
  // Inputs first: the manifest (in `dir`) says the build is whole. A folder already there is
  // the same build (the name is its content key), made by a passk that ran at the same time or
  // was killed between the two renames: it is kept and this one dropped.
  await mkdir(inputsRoot(options.cacheDir), { recursive: true });
  await mkdir(join(dir, '..'), { recursive: true });
  await rename(join(partial, 'in'), inputs).catch(() => undefined);
  await rename(partial, dir).catch(() => undefined);
  await rm(partial, { recursive: true, force: true });
}

/** sha256 over every file of the problem and of common/, the build script and the compiler. */
async function buildKey(problemDir: string, commonDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of [problemDir, commonDir]) {
    for (const file of await filesUnder(dir)) {
      hash
        .update(`${file.slice(dir.length)}\0`)
        .update(await readFile(file))
        .update('\0');
    }
  }
  hash.update(await readFile(BUILD_SCRIPT));
  hash.update(await compilerVersion());
  return hash.digest('hex');
}

let version: Promise<string> | undefined;
function compilerVersion(): Promise<string> {
  version ??= runCommand(['g++', '--version']).then((output) => output.stdout);
  return version;
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else if ((await stat(path)).isFile()) found.push(path);
  }
  return found;
}
