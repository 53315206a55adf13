import { describe, expect, it } from 'vitest';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { csharpLauncher } from './csharp.js';

/** C#'s launcher, as programs receive it, compiles with warnings as errors (Mono's mcs). */
describe('csharp harness files', () => {
  it('PasskLauncher.cs compiles with the program it launches (mcs -warnaserror)', async () => {
    const program =
      'class Problem {\n  public static void Main(string[] args) {\n    PasskAssert.That(true);\n  }\n}\n';
    const files = { 'program.cs': program, 'PasskLauncher.cs': csharpLauncher('Problem') };
    const argv = [
      '/usr/bin/mono',
      '/usr/lib/mono/4.5/mcs.exe',
      '-d:DEBUG',
      '-warnaserror',
      '-warn:4',
    ];
    await checkFiles(files, [
      ...argv,
      '-main:PasskLauncher',
      '-out:program.exe',
      ...Object.keys(files),
    ]);
    expect(files['PasskLauncher.cs']).toContain('Problem.Main(new string[0]);');
  }, 120_000);
});
