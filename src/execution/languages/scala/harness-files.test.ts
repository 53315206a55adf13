import { describe, expect, it } from 'vitest';
import { checkFiles } from '../kit/harness-files.test-helpers.js';
import { harnessFile } from '../kit/harness-template.js';
import { scalaFiles } from './scala.js';
import { SCALAC } from './scalac.test-helpers.js';

/** Scala's harness files, as programs receive them, compile with warnings as errors. */
describe('scala harness files', () => {
  it('PasskLauncher.scala compiles with the program it launches (scalac -Xfatal-warnings)', async () => {
    const program = 'object Problem {\n  def main(args: Array[String]) = {\n  }\n}\n';
    const files = scalaFiles(program);
    await checkFiles(files, [...SCALAC, ...Object.keys(files)]);
    expect(files['PasskLauncher.scala']).toContain('Problem.main(Array[String]())');
  }, 180_000);

  it('cds-sample/Problem.scala (the class-data archive sample) compiles (scalac -Xfatal-warnings)', async () => {
    const sample = harnessFile(import.meta.url, 'cds-sample/Problem.scala');
    await checkFiles({ 'Problem.scala': sample }, [...SCALAC, 'Problem.scala']);
    expect(sample).toMatch(/^import scala\.math\._/);
  }, 180_000);
});
