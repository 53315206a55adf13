import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the passk CLI, as a user would run it, and collects its output. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCollecting(process.execPath, [...cliEntry(), ...args], env);
}

/**
 * Runs the CLI (as runCli does) under `bash -c` with a file-size limit of `kib` KiB (`ulimit -f`), as on
 * a disk that fills up.
 */
export function runCliWithFileLimit(
  args: string[],
  kib: number,
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
  const argv = [process.execPath, ...cliEntry(), ...args].map(quote).join(' ');
  const command = `ulimit -f ${kib}; exec ${argv}`;
  return runCollecting('bash', ['-c', command], env);
}

function runCollecting(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

export function tempDir(prefix = 'passk-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * Node arguments that start the CLI: the built one (dist/, as `npm ci` leaves it) when it is
 * newer than every source file: it starts in about 0.4 s against 1.9 s through tsx (0.3 s of
 * CPU against 1.1 s). Otherwise (sources edited since the last build) the sources through tsx,
 * so a test never runs stale code. PASSK_TEST_CLI=tsx forces the sources.
 */
export function cliEntry(): string[] {
  const { importArgs, file } = sourceModule('src/cli/bin.ts');
  return [...importArgs, file];
}

/**
 * A module of the sources (path from the repository root, e.g. src/store/db/open.ts) as a node
 * child process can import it: its built copy when fresh (see cliEntry), else the .ts file with
 * the `--import tsx` that loads it.
 */
export function sourceModule(path: string): { importArgs: string[]; file: string } {
  built ??= builtIsFresh();
  return built
    ? {
        importArgs: [],
        file: join(repoRoot, path.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')),
      }
    : { importArgs: ['--import', 'tsx'], file: join(repoRoot, path) };
}

let built: boolean | undefined;

function builtIsFresh(): boolean {
  const bin = join(repoRoot, 'dist/cli/bin.js');
  if (process.env['PASSK_TEST_CLI'] === 'tsx' || !existsSync(bin)) return false;
  const builtAt = statSync(bin).mtimeMs;
  return newestSource(join(repoRoot, 'src')) <= builtAt;
}

/** The newest modification time of the sources the build compiles (tests are not built). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    if (item.isDirectory() && item.name !== '__fixtures__') {
      newest = Math.max(newest, newestSource(path));
    } else if (isBuilt(item.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** As tsconfig.build.json: .ts files but tests and test helpers. */
const isBuilt = (name: string) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-helpers.ts');
