import type { ExecPlan } from '../../worker/protocol.js';
import { diagnoseWith, exercismCanaries, versionOf } from '../kit/exercism-kit.js';
import { defineProcessRuntime } from '../kit/process-runtime.js';
import { WRAPPER as CPP_WRAPPER } from './cpp.js';
import { catchPlan } from './exercism-catch.js';

/**
 * C++'s own revision, in its version after the file's (r2: Exercism's Debug flags instead of -O1,
 * Catch's main compiled once per cache; r4: passk's wrapper linked first); the other tracks'
 * verdicts stay cached.
 */
const EXERCISM_CPP_REVISION = 4;

export const exercismCpp = defineProcessRuntime({
  language: 'exercism-cpp',
  ...versionOf(
    '/usr/bin/g++',
    `printf 'c++ r${EXERCISM_CPP_REVISION} '; /usr/bin/g++ -dumpfullversion`,
  ),
  debianPackages: 'g++',
  canaries: exercismCanaries(import.meta.url),
  planFiles(exercise, limits, version): ExecPlan {
    const files = {
      ...exercise,
      'passk_main.cpp': CPP_WRAPPER /* as cpp.ts: the end event follows Catch's main returning 0 */,
    };
    return {
      files,
      // Exercism's own flags; Catch's main compiled once and linked (exercism-catch.ts)
      ...catchPlan(files, version, limits),
      run: {
        argv: ['/bin/sh', '-c', 'exec "$0" 1>&2', '{artifacts}/program'],
        // bank-account's test starts 1000 threads at once: each reserves an 8 MiB stack of
        // address space (RLIMIT_AS), so the address-space cap rises; the memory actually used
        // stays capped by the slot's cgroup where there is one (docs/security.md)
        limits: {
          maxProcesses: Math.max(limits.maxProcesses, 1100),
          memoryBytes: Math.max(limits.memoryBytes, 10 * 2 ** 30),
        },
      },
    };
  },
  diagnose: diagnoseWith(/FAILED|failed/),
});
