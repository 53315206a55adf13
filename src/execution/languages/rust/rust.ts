import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { defaultCacheDir } from '../../cache.js';
import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { Batches } from '../kit/batch.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { compiledPlan } from '../kit/compiled-plan.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import {
  compileLimits,
  defineProcessRuntime,
  firstLine,
  realBinary,
} from '../kit/process-runtime.js';
import { bindProgram, reviewTamper } from '../kit/test-binding.js';
import type { Diagnosis, ResolvedRuntime, ResolveOptions, Runtime } from '../kit/types.js';
import { PYTHON_FLAGS } from '../kit/worker-host.js';
import { rustBatch } from './rust-batch.js';
import { type Crates, cratesKey, ensureCrates } from './rust-crates.js';

/**
 * The toolchain's sysroot: rustup's (asked through its proxy, which lives in ~/.cargo/bin) when
 * there is one, else Debian's rustc under /usr. A sysroot outside /usr is bound into the sandbox.
 */
function sysroot(): string {
  const rustup = join(homedir(), '.cargo', 'bin', 'rustc');
  for (const rustc of [rustup, '/usr/bin/rustc']) {
    if (!existsSync(rustc)) continue;
    try {
      return execFileSync(rustc, ['--print', 'sysroot'], {
        encoding: 'utf8',
        timeout: 20_000,
      }).trim();
    } catch {
      // try the next one
    }
  }
  return '/usr';
}

export const SYSROOT = sysroot();
const RUSTC = `${SYSROOT}/bin/rustc`;

/**
 * The program's `fn main()` is renamed and called from passk's own `main`, which writes the end
 * sentinel only after it returns (a panic or `process::exit` never gets there). The nonce is a
 * local of that `main`, taken before the program's code runs (nonce-channel.ts).
 */
const WRAPPER = `\n${harnessFile(import.meta.url, 'passk_main.rs', { RESULT_FD, NONCE_FD })}`;

/** The folder holding the toolchain's own libstd-*.so, when it ships one (rustup does). */
function stdDylibDir(): string | undefined {
  const rustlib = join(SYSROOT, 'lib', 'rustlib');
  try {
    for (const target of readdirSync(rustlib)) {
      const dir = join(rustlib, target, 'lib');
      if (existsSync(dir) && readdirSync(dir).some((f) => /^libstd-.*\.so$/.test(f))) return dir;
    }
  } catch {
    // no rustlib folder: link std statically
  }
  return undefined;
}

const STD_DYLIB = stdDylibDir();
/**
 * std linked dynamically (found through the rpath, in the sysroot the sandbox shows at the same
 * path): the same code runs, but the link no longer copies std into every binary, which about
 * halved a HumanEval-X compile.
 */
const DYNAMIC_STD = STD_DYLIB
  ? ['-C', 'prefer-dynamic', '-C', `link-args=-Wl,-rpath,${STD_DYLIB}`]
  : [];

/**
 * Unoptimised with overflow checks (wrap-around is a panic), as the harnesses build: HumanEval-X
 * runs `cargo test` (the debug profile), MultiPL-E a plain `rustc`. Compiles ~3× faster than
 * opt-level 1 did.
 */
const RUSTFLAGS = [
  ...DYNAMIC_STD,
  // /usr/bin/cc is a link into /etc/alternatives, which the sandbox does not show.
  '-C',
  `linker=${realBinary('/usr/bin/cc')}`,
  '--edition',
  '2021',
  '-C',
  'opt-level=0',
  '-C',
  'overflow-checks=on',
  '-C',
  'debuginfo=0',
  '-A',
  'warnings',
];

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const stderr = outcome.stderrTail;
  if (/memory allocation of \d+ bytes failed/.test(stderr)) {
    return {
      status: 'memory',
      errorType: 'AllocationFailed',
      message: firstLine(stderr, /memory allocation/),
    };
  }
  if (!/panicked at/.test(stderr)) return undefined;
  const lines = stderr.split('\n');
  const at = lines.findIndex((line) => /panicked at/.test(line));
  // Since Rust 1.73 the message is on the line after "panicked at file:line:col:".
  const message = (
    lines[at]!.replace(/^.*panicked at [^:]*:\d+:\d+:?\s*/, '') ||
    lines[at + 1] ||
    ''
  ).trim();
  // Older rustc (Debian's 1.63) puts the message on the same line: "panicked at 'assertion…'".
  const assertion = /assertion failed|assertion `/.test(`${lines[at]} ${message}`);
  return {
    status: assertion ? 'failed' : 'error',
    errorType: assertion ? 'AssertionError' : 'Panic',
    message: message.slice(0, 300),
  };
}

/** Set by resolve(): the crates every program may use (`rand`, `regex`, `md5`), if built. */
let crates: Crates | undefined;

/** `--extern` and `-L dependency=` as Cargo passes them for a crate's declared dependencies. */
function crateFlags(): string[] {
  if (!crates) return [];
  const externs = Object.entries(crates.externs).flatMap(([name, path]) => [
    '--extern',
    `${name}=${path}`,
  ]);
  return ['-L', `dependency=${crates.dir}/deps`, ...externs];
}

const processRuntime = defineProcessRuntime({
  language: 'rust',
  versionArgv: [RUSTC, '--version'],
  debianPackages: 'rustc cargo librust-rand-dev librust-regex-dev librust-md5-dev',
  mounts: SYSROOT.startsWith('/usr/') || SYSROOT === '/usr' ? [] : [SYSROOT],
  canaries: canaryFolder(import.meta.url, '.rs', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(marked, limits, version) {
    // Marked tests call `::core::assert_eq!` and the like, which no macro_rules! of the
    // candidate's can shadow (test-binding.ts); batches see the same bound text.
    const source = bindProgram('rust', marked);
    const renamed = source.replace(/\bfn\s+main\s*\(\s*\)/, 'fn passk_user_main()');
    const files = { 'program.rs': `${renamed}\n${WRAPPER}` };
    const argv = [RUSTC, ...RUSTFLAGS, ...crateFlags(), '-o', 'program', 'program.rs'];
    const run = { argv: ['{artifacts}/program'], env: { RUST_BACKTRACE: '0' } };
    const batch = batches?.step(source, compileLimits(limits, 120_000), run);
    return compiledPlan({ files, argv, version, limits, compileMs: 60_000, run, batch });
  },
  diagnose,
  review: (source, verdict) => reviewTamper('rust', source, verdict),
  async prepareBatch(marked, install) {
    const sources = marked.map((source) => bindProgram('rust', source));
    // Only with an artifact cache: the shared build is found there by the batch's other members.
    if (!install.artifactsDir) return;
    batches = new Batches(
      rustBatch([RUSTC, ...RUSTFLAGS, ...crateFlags()], WRAPPER),
      [install.interpreter, ...PYTHON_FLAGS],
      install.version,
    );
    batches.prepare(sources, availableParallelism());
  },
});

/** This run's batches (batch.ts), made by prepareBatch. */
let batches: Batches | undefined;

/** Where the crates are: `host` to build into, `sandbox` the same folder as programs see it. */
interface CratesPlace {
  host: string;
  sandbox: string;
  /** A host folder to bind read-only at its own path (none when the artifact mount shows it). */
  mount?: string;
}

/**
 * Built once per toolchain. With an artifact cache: inside it, where the worker's artifact mount
 * shows it as {cache}/…; rust-crates/ is not one of the cache's shards, so its size-capped
 * eviction exempts it (artifact_cache.py). Without one (`--no-artifact-cache`): passk's cache
 * folder, bound read-only at its own path, also under /tmp (bwrap binds it over the sandbox's own
 * /tmp, and the worker's sweep of /tmp keeps bwrap's mount points: slot_hygiene.py).
 */
function cratesPlace(options: ResolveOptions, version: string): CratesPlace {
  const name = cratesKey(version);
  if (options.artifactsDir) {
    return {
      host: join(options.artifactsDir, 'rust-crates', name),
      sandbox: `{cache}/rust-crates/${name}`,
    };
  }
  const host = join(dirname(defaultCacheDir()), 'rust-crates', name);
  return { host, sandbox: host, mount: host };
}

/**
 * Rust, with the crates HumanEval-X's programs use built once (see rust-crates.ts) and bound
 * read-only into the sandbox. Without them (no Cargo or no Debian crate sources) programs that
 * use a crate fail to compile, and passk says once how to install them.
 */
export const rust: Runtime = {
  ...processRuntime,
  async resolve(options: ResolveOptions): Promise<ResolvedRuntime> {
    const resolved = await processRuntime.resolve(options);
    const { toolchain } = resolved;
    const place = cratesPlace(options, toolchain.version);
    const found = await ensureCrates(place.host, SYSROOT).catch((error: unknown) => ({
      missing: String(error),
    }));
    if ('missing' in found) {
      crates = undefined;
      process.stderr.write(
        `passk: Rust crates rand/regex/md5 unavailable (${found.missing}); programs that use them will not compile: run scripts/setup.sh --languages\n`,
      );
      return resolved;
    }
    crates = {
      dir: place.sandbox,
      externs: Object.fromEntries(
        Object.entries(found.externs).map(([k, path]) => [
          k,
          path.replace(place.host, place.sandbox),
        ]),
      ),
    };
    // The adapter keeps planning with the version without '+crates' (its artifact keys).
    return {
      ...resolved,
      toolchain: {
        ...toolchain,
        version: `${toolchain.version} +crates`,
        ...(place.mount ? { mounts: [...(toolchain.mounts ?? []), place.mount] } : {}),
      },
    };
  },
};
