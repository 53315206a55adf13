import { describe, expect, it } from 'vitest';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { javaFiles } from './java.js';

/** Java's harness files, as programs receive them, compile with javac's lint warnings as errors. */
describe('java harness files', () => {
  it('PasskLauncher.java compiles with the program it launches (javac -Xlint:all -Werror)', async () => {
    const { files } = javaFiles('class Main {\n  public static void main(String[] args) {}\n}\n');
    const launcher = files['PasskLauncher.java']!;
    const argv = ['/usr/bin/javac', '-Xlint:all', '-Werror', '-d', 'out', ...Object.keys(files)];
    await checkFiles(files, argv);
    expect(launcher).toContain('Main.main(new String[0]);');
  }, 120_000);

  it('cds-sample/Main.java (the class-data archive sample) compiles (javac -Xlint:all -Werror)', async () => {
    const sample = harnessFile(import.meta.url, 'cds-sample/Main.java');
    const argv = ['/usr/bin/javac', '-Xlint:all', '-Werror', '-d', 'out', 'Main.java'];
    await checkFiles({ 'Main.java': sample }, argv);
    expect(sample).toMatch(/^import java\.util\.\*;/);
  }, 120_000);
});
