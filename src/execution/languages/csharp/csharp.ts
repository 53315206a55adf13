import type { RawOutcome } from '../../worker/protocol.js';
import { RESULT_FD } from '../../worker/protocol.js';
import { canaryFolder } from '../kit/canary-folder.js';
import { harnessFile } from '../kit/harness-template.js';
import { enclosingTypeOfLastMain } from '../kit/launcher-main.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import {
  artifactKey,
  atLeast,
  compileLimits,
  defineProcessRuntime,
  END_EVENT,
  realBinary,
} from '../kit/process-runtime.js';
import { bindProgram, reviewTamper } from '../kit/test-binding.js';
import type { Diagnosis } from '../kit/types.js';

/** Mono (Debian's mono-mcs + mono-runtime); /usr/bin/mcs is a script around mcs.exe. */
const MONO = realBinary('/usr/bin/mono');
const MCS = '/usr/lib/mono/4.5/mcs.exe';

/**
 * Mono's `Debug.Assert` only reports a failure to its trace listeners and goes on (MultiPL-E's C#
 * tests are Debug.Assert calls, compiled with DEBUG). This launcher's listener throws instead,
 * then runs the program's `Main` and writes the end event after it returns. Marked tests
 * (test-binding.ts) call `global::PasskAssert.That` instead, which no candidate type, nested
 * class or cleared listener list can stand in for: a global type of that name is a duplicate.
 */
export function csharpLauncher(mainClass: string): string {
  return harnessFile(import.meta.url, 'PasskLauncher.cs', {
    NONCE_FD,
    MAIN_CLASS: mainClass,
    RESULT_FD,
    END_EVENT,
  });
}

/** The class that declares `static void Main(` (the last class opened before it). */
export function csharpMainClass(program: string): string {
  // The tests' Main is the last (launcher-main.ts): a candidate's decoy before it is not called.
  const tests = enclosingTypeOfLastMain(
    program,
    /static\s+(?:void|int)\s+Main\s*\(/,
    /(?<![.\w])(?:class|struct|interface|record)\s+([A-Za-z_]\w*)/,
  );
  if (tests !== undefined) return tests;
  const source = program.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const at = source.search(/static\s+(?:void|int)\s+Main\s*\(/);
  const before = at < 0 ? source : source.slice(0, at);
  return [...before.matchAll(/\bclass\s+([A-Za-z_][\w]*)/g)].map((m) => m[1]!).at(-1) ?? 'Program';
}

function diagnose(outcome: RawOutcome): Diagnosis | undefined {
  const thrown = /Unhandled Exception:\s*\n?\s*([\w.]+)(?::\s*(.*))?/.exec(outcome.stderrTail);
  if (!thrown?.[1]) return undefined;
  const type = thrown[1].split('.').at(-1)!;
  const status =
    type === 'PasskAssertionFailed'
      ? 'failed'
      : type === 'OutOfMemoryException'
        ? 'memory'
        : 'error';
  return {
    status,
    errorType: type === 'PasskAssertionFailed' ? 'AssertionError' : type,
    message: (thrown[2] ?? '').slice(0, 300),
  };
}

export const csharp = defineProcessRuntime({
  language: 'csharp',
  versionArgv: [MONO, '--version'],
  debianPackages: 'mono-mcs mono-runtime',
  // machine.config and the DllMap config live in /etc/mono.
  mounts: ['/etc/mono'],
  canaries: canaryFolder(import.meta.url, '.cs', (text) => `// ${text.replace(/\n/g, ' ')}\n`),
  plan(source, limits, version) {
    const bound = bindProgram('csharp', source);
    const files = {
      'program.cs': bound,
      'PasskLauncher.cs': csharpLauncher(csharpMainClass(bound)),
    };
    // As MultiPL-E compiles C#: DEBUG defined (so Debug.Assert is kept), System.Numerics referenced.
    const argv = [
      MONO,
      MCS,
      '-d:DEBUG',
      '-r:System.Numerics.dll',
      '-nowarn:0162,0164,0168,0219,0414,0649,0162',
      '-main:PasskLauncher',
      '-out:program.exe',
      'program.cs',
      'PasskLauncher.cs',
    ];
    return {
      files,
      compile: {
        argv,
        key: artifactKey(version, argv, files),
        outputs: ['program.exe'],
        limits: compileLimits(limits, 60_000),
      },
      run: {
        argv: [MONO, '{artifacts}/program.exe'],
        limits: {
          memoryBytes: atLeast(limits, { memoryBytes: 2 * 2 ** 30 }).memoryBytes,
          maxProcesses: Math.max(limits.maxProcesses, 128),
        },
      },
    };
  },
  diagnose,
  review: (source, verdict) => reviewTamper('csharp', source, verdict),
});
