import { describe, expect, it } from 'vitest';
import { RESULT_FD } from '../../worker/protocol.js';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { JAVA_TAKE_NONCE } from '../kit/nonce-channel.js';
import { END_EVENT } from '../kit/process-runtime.js';

/** Debian's JUnit 5 console launcher and AssertJ, as exercism.ts compiles against them. */
const CLASSPATH = [
  '/usr/share/java/junit-platform-console-standalone.jar',
  '/usr/share/java/assertj-core.jar',
].join(':');

/** The Exercism Java launcher, as exercises receive it, compiles with every lint as an error. */
describe('java Exercism harness files', () => {
  it('PasskJUnit.java compiles (javac -Xlint:all -Werror)', async () => {
    const text = harnessFile(import.meta.url, 'PasskJUnit.java', {
      RESULT_FD,
      TAKE_NONCE: JAVA_TAKE_NONCE,
      END_EVENT,
    });
    const argv = ['/usr/bin/javac', '-Xlint:all', '-Werror', '-cp', CLASSPATH, '-d', 'classes'];
    await checkFiles({ 'PasskJUnit.java': text }, [...argv, 'PasskJUnit.java']);
    expect(text).toContain('public final class PasskJUnit');
  });
});
