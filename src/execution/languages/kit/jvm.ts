import type { RawOutcome, ResolvedLimits } from '../../worker/protocol.js';
import { realBinary } from './process-runtime.js';
import type { Diagnosis } from './types.js';

// What the JVM languages (Java, Scala) share: the java binary, its flags and heap, and how an
// uncaught exception reads.

export const JAVA = realBinary('/usr/bin/java');
/** Debian's JDK links its config (jvm.cfg, security) into /etc, which the sandbox must see. */
export const JAVA_ETC = '/etc/java-17-openjdk';
/** Start-up matters more than peak speed for test programs: serial GC, C1 only, shared archive. */
export const JVM_FLAGS = [
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-Xshare:auto',
  '-XX:ReservedCodeCacheSize=64m',
  '-XX:CompressedClassSpaceSize=64m',
];

/** A JVM program's uncaught exception (Java, Scala): AssertionError is a failed test. */
export function jvmDiagnose(outcome: RawOutcome): Diagnosis | undefined {
  const thrown = /Exception in thread "main" ([\w.$]+)(?::\s*(.*))?/.exec(outcome.stderrTail);
  if (!thrown?.[1]) return undefined;
  const type = thrown[1].split('.').at(-1)!;
  const status =
    type === 'AssertionError' ? 'failed' : type === 'OutOfMemoryError' ? 'memory' : 'error';
  return { status, errorType: type, message: (thrown[2] ?? '').slice(0, 300) };
}

/** Heap: half the memory limit; the JVM's other reservations need the rest of the address space. */
export function heapMiB(limits: ResolvedLimits): number {
  return Math.max(64, Math.floor(limits.memoryBytes / 2 ** 20 / 2));
}

/** A JVM start as every JVM runtime makes it: passk's flags, half the memory limit as heap. */
export function jvmArgv(
  limits: ResolvedLimits,
  classpath: readonly string[],
  mainClass: string,
  options: { before?: readonly string[]; args?: readonly string[]; flags?: readonly string[] } = {},
): string[] {
  const heap = `-Xmx${heapMiB(limits)}m`;
  const cp = classpath.join(':');
  return [
    JAVA,
    ...(options.before ?? []),
    ...(options.flags ?? JVM_FLAGS),
    heap,
    '-cp',
    cp,
    mainClass,
    ...(options.args ?? []),
  ];
}
