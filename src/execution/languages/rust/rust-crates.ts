import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { markUsed, workDirPrefix } from '../../artifact-cleanup.js';
import { runCommand } from '../../run-command.js';
import { harnessFile } from '../kit/harness-template.js';
import { hostBuildLimits } from '../kit/toolchain-support.js';

/** Debian's crate sources (librust-*-dev), a Cargo directory registry. */
export const DEBIAN_REGISTRY = '/usr/share/cargo/registry';

/**
 * The crates HumanEval-X's Rust declarations `use`, as the original harness's Cargo.toml lists
 * them: rand "0.4", regex "1", md5 "0.7". Debian 12 ships rand 0.8 only, whose `gen_range` takes
 * one range instead of rand 0.4's (low, high) — which the tests call — so `rand` here is passk's
 * own small crate with rand 0.4's `Rng` over Debian's rand 0.8. regex is built without
 * `perf-literal` (its aho-corasick/memchr are separate Debian packages); same matches, slower.
 */
const MANIFEST = harnessFile(import.meta.url, 'passk-crates.toml');

export const COMPAT_MANIFEST = harnessFile(import.meta.url, 'rand-compat.toml');

const COMPAT_LIB = harnessFile(import.meta.url, 'rand_compat.rs');

/** Cargo reads crates from Debian's source registry (librust-*-dev), never the network. */
export const CARGO_CONFIG = harnessFile(import.meta.url, 'cargo-config.toml', {
  REGISTRY: DEBIAN_REGISTRY,
});

/** rlibs for `--extern NAME=PATH` and the folder for `-L dependency=…`, as Cargo passes them. */
export interface Crates {
  dir: string;
  externs: Record<string, string>;
}

const NAMES = ['rand', 'regex', 'md5'];

/** Folder name of the crates built by one toolchain from this recipe (passed as part of `out`). */
export function cratesKey(rustcVersion: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([rustcVersion, MANIFEST, COMPAT_MANIFEST, COMPAT_LIB]))
    .digest('hex');
  return `rust-crates-${hash.slice(0, 16)}`;
}

/**
 * Builds the crates once (on the host, from Debian's sources and passk's own compat crate: trusted
 * code, no candidate involved) into `out` (named by cratesKey), readable by every uid; later calls
 * find them there. `missing` says why not when Cargo or the crate sources are missing.
 */
export async function ensureCrates(
  out: string,
  sysroot: string,
): Promise<Crates | { missing: string }> {
  const root = dirname(out);
  const index = join(out, 'externs.json');
  if (existsSync(index)) {
    markUsed(out); // kept by the artifact clean-up while in use
    return { dir: out, externs: await readExterns(out) };
  }
  const cargo = [join(sysroot, 'bin', 'cargo'), '/usr/bin/cargo'].find((path) => existsSync(path));
  if (!cargo) return { missing: 'cargo is not installed' };
  if (!hasCrate('rand-0.8.') || !hasCrate('regex-1.') || !hasCrate('md5-0.7.')) {
    return { missing: `Debian's crate sources are not installed (${DEBIAN_REGISTRY})` };
  }
  const work = await mkdtemp(workDirPrefix('rust-crates'));
  let staging: string | undefined;
  try {
    const externs = await build(work, cargo, join(sysroot, 'bin', 'rustc'));
    if (typeof externs === 'string') return { missing: externs };
    staging = `${out}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    await mkdir(staging, { recursive: true });
    await chmod(root, 0o755).catch(() => undefined);
    const deps = join(work, 'target', 'release', 'deps');
    await cp(deps, join(staging, 'deps'), { recursive: true });
    // Relative to the folder: a cache copied or mounted elsewhere (a CI cache) still finds them.
    const relative = Object.fromEntries(
      Object.entries(externs).map(([name, path]) => [name, path.replace(deps, 'deps')]),
    );
    await writeFile(join(staging, 'externs.json'), JSON.stringify(relative));
    await runCommand(['/bin/chmod', '-R', 'a+rX', staging]);
    await rename(staging, out).catch(() => undefined); // another run built it first
    await chmod(root, 0o755).catch(() => undefined);
    return { dir: out, externs: await readExterns(out) };
  } finally {
    // A failed copy or a lost race leaves no staging folder behind (a killed one: cleanup).
    if (staging !== undefined) await rm(staging, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
}

/** The rlibs listed in `out`'s externs.json, as paths inside `out` (older folders list absolute ones). */
async function readExterns(out: string): Promise<Record<string, string>> {
  const listed = JSON.parse(await readFile(join(out, 'externs.json'), 'utf8')) as Record<
    string,
    string
  >;
  return Object.fromEntries(
    Object.entries(listed).map(([name, path]) => [name, isAbsolute(path) ? path : join(out, path)]),
  );
}

function hasCrate(prefix: string): boolean {
  return (
    existsSync(DEBIAN_REGISTRY) && readdirSync(DEBIAN_REGISTRY).some((d) => d.startsWith(prefix))
  );
}

/** The crates' build's wall clock (its CPU per process too, hostBuildLimits). */
const CARGO_TIMEOUT_MS = 600_000;

/** `cargo build` of the recipe; the rlib of each wanted crate, or why the build failed. */
async function build(
  work: string,
  cargo: string,
  rustc: string,
): Promise<Record<string, string> | string> {
  await mkdir(join(work, 'rand-compat'), { recursive: true });
  // Cargo reads $CARGO_HOME/config.toml whatever the working directory.
  await mkdir(join(work, 'cargo-home'), { recursive: true });
  await writeFile(join(work, 'Cargo.toml'), MANIFEST);
  await writeFile(join(work, 'lib.rs'), '');
  await writeFile(join(work, 'rand-compat', 'Cargo.toml'), COMPAT_MANIFEST);
  await writeFile(join(work, 'rand-compat', 'lib.rs'), COMPAT_LIB);
  await writeFile(join(work, 'cargo-home', 'config.toml'), CARGO_CONFIG);
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: work,
    CARGO_HOME: join(work, 'cargo-home'),
    RUSTC: rustc,
    CARGO_TARGET_DIR: join(work, 'target'),
  };
  const manifest = join(work, 'Cargo.toml');
  const argv = [cargo, 'build', '--release', '--offline', '--message-format=json', '--quiet'];
  let stdout: string;
  try {
    ({ stdout } = await runCommand([...argv, '--manifest-path', manifest], {
      env,
      timeoutMs: CARGO_TIMEOUT_MS,
      limits: hostBuildLimits(CARGO_TIMEOUT_MS),
    }));
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error).trim();
    return `cargo build failed: ${stderr.split('\n').slice(-3).join(' ')}`;
  }
  const externs: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const message = JSON.parse(line) as {
      reason?: string;
      package_id?: string;
      target?: { name?: string; kind?: string[] };
      filenames?: string[];
    };
    const name = message.target?.name;
    if (message.reason !== 'compiler-artifact' || !name || !NAMES.includes(name)) continue;
    // Two crates are called rand: the compat one (a path dependency) is the one programs get.
    if (name === 'rand' && !message.package_id?.includes('rand-compat')) continue;
    const rlib = message.filenames?.find((file) => file.endsWith('.rlib'));
    if (rlib) externs[name] = rlib;
  }
  const missing = NAMES.filter((name) => !(name in externs));
  if (missing.length > 0) return `cargo built no rlib for ${missing.join(', ')}`;
  return externs;
}
