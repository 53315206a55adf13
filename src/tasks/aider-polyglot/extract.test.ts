import { describe, expect, it } from 'vitest';
import { extractFiles } from './extract.js';
import { cleanOutput } from './feedback.js';
import { unskip } from './tests.js';

const fence = '```';

describe('whole-file replies', () => {
  it('reads each file from the path on the line before its fence, in the forms Aider accepts', () => {
    const reply = [
      'Here you go.',
      '',
      'src/lib.rs',
      `${fence}rust`,
      'pub fn a() {}',
      fence,
      '',
      '**Cargo.toml**',
      `${fence}toml`,
      '[package]',
      fence,
    ].join('\n');
    expect(extractFiles(reply, ['src/lib.rs', 'Cargo.toml'])).toEqual({
      'src/lib.rs': 'pub fn a() {}\n',
      'Cargo.toml': '[package]\n',
    });
    const decorated = `\`bowling.py\`:\n${fence}python\nx = 1\n${fence}\n`;
    expect(extractFiles(decorated, ['bowling.py'])).toEqual({ 'bowling.py': 'x = 1\n' });
    const inFence = `${fence}python bowling.py\nx = 2\n${fence}\n`;
    expect(extractFiles(inFence, ['bowling.py'])).toEqual({ 'bowling.py': 'x = 2\n' });
  });

  it('matches a base name to the editable path, and a lone unnamed block to a lone file', () => {
    const reply = `### Bowling.java\n${fence}java\nclass Bowling {}\n${fence}`;
    expect(extractFiles(reply, ['src/main/java/Bowling.java'])).toEqual({
      'src/main/java/Bowling.java': 'class Bowling {}\n',
    });
    expect(extractFiles(`${fence}\ny = 3\n${fence}`, ['a.py'])).toEqual({ 'a.py': 'y = 3\n' });
    // two editable files and no names: nothing is guessed
    expect(extractFiles(`${fence}\ny = 3\n${fence}`, ['a.h', 'a.cpp'])).toEqual({});
    // a file that is not editable (the tests) is never taken
    expect(extractFiles(`a_test.py\n${fence}\nz\n${fence}`, ['a.py'])).toEqual({});
  });
});

describe('un-skipping Exercism tests', () => {
  it('runs every test, as Aider does', () => {
    expect(unskip('rust', 'tests/a.rs', '#[test]\n#[ignore]\nfn t() {}\n')).toBe(
      '#[test]\nfn t() {}\n',
    );
    expect(unskip('javascript', 'a.spec.js', "xtest('t', () => {});\n")).toBe(
      "test('t', () => {});\n",
    );
    // beyond Aider's npm-test.sh (xtest only): xit, xdescribe and .skip run too
    expect(
      unskip(
        'javascript',
        'a.spec.js',
        "xit('a');\ntest.skip('b');\nxdescribe('c');\nnext('d');\n",
      ),
    ).toBe("it('a');\ntest('b');\ndescribe('c');\nnext('d');\n");
    expect(unskip('javascript', 'a.js', "xtest('t');\n")).toBe("xtest('t');\n");
    expect(unskip('java', 'ATest.java', '  @Disabled("Remove to run test")\n  @Test\n')).toBe(
      '  @Test\n',
    );
    expect(unskip('java', 'ATest.java', '  @Disabled\n  @Test\n')).toBe('  @Test\n');
    expect(unskip('python', 'a.py', '@skip\n')).toBe('@skip\n');
  });
});

describe('the second-try message', () => {
  it('keeps the test output without sandbox paths or timings, 50 lines at most', () => {
    const output = [
      'FAIL: test_x (a_test.T.test_x)',
      '  File "/scratch/run-1-2/a_test.py", line 3',
      'Ran 4 tests in 0.012s',
      ...Array.from({ length: 80 }, (_, i) => `line ${i}`),
    ].join('\n');
    const text = cleanOutput({ status: 'failed', output });
    expect(text.split('\n')).toHaveLength(50);
    expect(text).toContain('File "a_test.py", line 3');
    expect(text).toContain('Ran 4 tests\n');
  });

  it("drops Jest's timings", () => {
    const output = [
      'FAIL ./a.spec.js (10.264 s)',
      '    ✓ first (4 ms)',
      '    ✕ second',
      'Tests:       1 failed, 1 passed, 2 total',
      'Time:        2.498 s',
      'Ran all test suites.',
    ].join('\n');
    expect(cleanOutput({ status: 'failed', output })).toBe(
      [
        'FAIL ./a.spec.js',
        '    ✓ first',
        '    ✕ second',
        'Tests:       1 failed, 1 passed, 2 total',
        'Ran all test suites.',
      ].join('\n'),
    );
  });
});
