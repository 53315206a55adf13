import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pythonCompileFailures } from './harness-checks.test-helpers.js';
import {
  fillHarness,
  HEADER_END,
  readHarnessFile,
  readHarnessSnippet,
  readHarnessTemplate,
} from './harness-files.js';

function moduleBeside(files: Record<string, string>): { url: string; folder: string } {
  const folder = mkdtempSync(`${tmpdir()}/passk-harness-`);
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(`${folder}/${name}`, text);
  return { url: pathToFileURL(`${folder}/task.ts`).href, folder };
}

describe('harness files', () => {
  it('reads the program text after the header, byte for byte', () => {
    const { url } = moduleBeside({ 'a.py': `# doc\nimport x\n# ${HEADER_END}\n\nprint(1)` });
    expect(readHarnessFile(url, 'a.py')).toBe('\nprint(1)');
  });

  it("reads a snippet without the file's final newline", () => {
    const { url } = moduleBeside({ 'a.sh': `# ${HEADER_END}\ntrue; false\n` });
    expect(readHarnessSnippet(url, 'a.sh')).toBe('true; false');
  });

  it('refuses a file without the header line', () => {
    const { url } = moduleBeside({ 'a.py': 'print(1)\n' });
    expect(() => readHarnessFile(url, 'a.py')).toThrow(/has no line '--- passk/);
  });

  it('fills each placeholder, quotes included, in one pass', () => {
    const text = 'x = "__PASSK_A__"\ny = ["__PASSK_B__", "__PASSK_A__"]\n';
    const filled = fillHarness('a.py', text, { A: '1', B: '"__PASSK_A__"' });
    expect(filled).toBe('x = 1\ny = ["__PASSK_A__", 1]\n');
  });

  it('replaces a placeholder alone on its line with whole lines', () => {
    const text = 'for x in y:\n    "__PASSK_SKIP__"\n    f(x, "__PASSK_A__")\n"__PASSK_END__"';
    const lines = { SKIP: '    if x:\n        continue\n', A: '2', END: 'end' };
    expect(fillHarness('a.py', text, lines)).toBe(
      'for x in y:\n    if x:\n        continue\n    f(x, 2)\nend',
    );
    expect(fillHarness('a.py', text, { ...lines, SKIP: '' })).toBe('for x in y:\n    f(x, 2)\nend');
    const rust = 'fn main() {\n    "__PASSK_CALLS__";\n}\n';
    expect(fillHarness('a.rs', rust, { CALLS: '    f();\n' })).toBe('fn main() {\n    f();\n}\n');
  });

  it('reads a template once and fills it per call, naming its file in errors', () => {
    const { url } = moduleBeside({ 't.py': `# ${HEADER_END}\nx = "__PASSK_X__"\n` });
    const template = readHarnessTemplate(url, 't.py');
    expect(template({ X: '1' })).toBe('x = 1\n');
    expect(template({ X: '"2"' })).toBe('x = "2"\n');
    expect(() => template({})).toThrow(
      "passk's harness file t.py has a placeholder X no code fills",
    );
  });

  it('refuses a placeholder without a value, and a value without a placeholder', () => {
    expect(() => fillHarness('a.py', 'x = "__PASSK_A__"', {})).toThrow(/placeholder A no code/);
    expect(() => fillHarness('a.py', 'x = 1', { A: '1' })).toThrow(/has no placeholder A/);
  });

  it('the Python check rejects a file that does not compile, and names it', () => {
    const { folder } = moduleBeside({ 'good.py': 'x = 1\n', 'bad.py': 'def f(:\n' });
    expect(pythonCompileFailures([`${folder}/good.py`])).toBe('');
    expect(pythonCompileFailures([`${folder}/bad.py`])).toMatch(/bad\.py.*SyntaxError/s);
  });
});
