import type { ExecPlan } from '../../worker/protocol.js';
import { diagnoseWith, exercismCanaries, versionOf } from '../kit/exercism-kit.js';
import { harnessFile } from '../kit/harness-template.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { compileLimits, defineProcessRuntime, realBinary } from '../kit/process-runtime.js';
import { SYSROOT as RUST_SYSROOT } from './rust.js';
import { CARGO_CONFIG } from './rust-crates.js';

/** The toolchain's own cargo, from the sysroot rust.ts finds (rustup's, else Debian's). */
const CARGO = `${RUST_SYSROOT}/bin/cargo`;

/**
 * `cargo test` offline over the exercise's crate, the ignored tests included (as Aider runs
 * them). libtest has no hook after the last test, so the end event is written when cargo
 * exited 0 and every test binary it ran said `test result: ok` (a candidate's process::exit(0)
 * mid-run leaves its binary without one).
 */
const CARGO_SCRIPT = harnessFile(import.meta.url, 'cargo_test.sh', { NONCE_FD });

/**
 * Preloaded into each test binary (cargo's target runner): an explicit exit with status 0 —
 * `process::exit(0)`, `libc::_exit(0)` — from anywhere in the binary exits 93 instead. libtest
 * itself ends a passing run by returning from main (glibc's own call of exit, which a preload
 * does not see), so only an early exit is caught: without this, a candidate that printed
 * libtest's `test result: ok` line and exited 0 mid-run passed (redteam).
 */
const EXIT_PRELOAD_C = harnessFile(import.meta.url, 'passk_exit.c');

export const exercismRust = defineProcessRuntime({
  language: 'exercism-rust',
  ...versionOf(CARGO, `'${CARGO}' --version`),
  debianPackages: 'cargo',
  mounts: RUST_SYSROOT === '/usr' || RUST_SYSROOT.startsWith('/usr/') ? [] : [RUST_SYSROOT],
  canaries: exercismCanaries(import.meta.url),
  planFiles(exercise, limits): ExecPlan {
    return {
      files: {
        ...exercise,
        '.cargo/config.toml': CARGO_CONFIG /* Debian's crates, offline (rust-crates.ts) */,
        'passk_exit.c': EXIT_PRELOAD_C,
      },
      run: {
        argv: ['/bin/sh', '-c', CARGO_SCRIPT, CARGO, realBinary('/usr/bin/cc')],
        env: {
          CARGO_HOME: '{scratch}/.cargo',
          CARGO_TARGET_DIR: '{scratch}/target',
          CARGO_NET_OFFLINE: 'true',
          // /usr/bin/cc is a link through /etc/alternatives, which the sandbox does not show
          CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER: realBinary('/usr/bin/cc'),
          CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER:
            '/usr/bin/env LD_PRELOAD={scratch}/passk_exit.so',
          PATH: `${RUST_SYSROOT}/bin:/usr/bin:/bin`,
        },
        // cargo runs rustc (threads, processes, address space) inside the program's limits
        limits: compileLimits(limits, limits.timeoutMs),
      },
    };
  },
  diagnose: diagnoseWith(/^test result: FAILED|^failures:$/m),
});
