import { describe, expect, it } from 'vitest';
import { CruxevalXRowError, fillHole, splitAtHole } from './assertion.js';
import { exampleQuestion, extractAnswer, fewShotPrompt } from './prompts.js';

const code = 'def f(x):\n    return x + 1\ndef check(candidate):\n    assert candidate(1) == 2\n';
const outputTest = 'def check(candidate):\n    assert candidate(1) == ????\n';
const inputTest = 'def check(candidate):\n    assert candidate(????) == 2\n';

describe('CRUXEval-X assertion', () => {
  it('splits the code into function, truth and the test around the hole', () => {
    const split = splitAtHole('t', code, outputTest);
    expect(split.functionCode).toBe('def f(x):\n    return x + 1\n');
    expect(split.truth).toBe('2');
    expect(splitAtHole('t', code, inputTest).truth).toBe('1');
    expect(split.functionCode + fillHole(split, '2')).toBe(code);
    expect(fillHole(split, '3')).toBe('def check(candidate):\n    assert candidate(1) == 3\n');
  });

  it('rejects a test that is not the end of the code', () => {
    expect(() => splitAtHole('t', code, 'assert g(????) == 2\n')).toThrow(CruxevalXRowError);
    expect(() => splitAtHole('t', code, 'no hole')).toThrow(CruxevalXRowError);
  });
});

describe('CRUXEval-X prompts', () => {
  const example = {
    code: '\nlocal function f(s)\n    return #s\nend\nlu.assertEquals(candidate({1, 2}), 2)\n',
    inputs: 'candidate({1, 2})',
    outputs: '2',
  };

  it('turns an example into a question with the hole and its answer', () => {
    expect(exampleQuestion(example, 'output')).toEqual({
      code: 'local function f(s)\n    return #s\nend\nlu.assertEquals(candidate({1, 2}), ????)',
      answer: '2',
    });
    expect(exampleQuestion(example, 'input')).toEqual({
      code: 'local function f(s)\n    return #s\nend\nlu.assertEquals(candidate(????), 2)',
      answer: '{1, 2}',
    });
  });

  it('ends with the question and an open [ANSWER]', () => {
    const text = fewShotPrompt('Lua', 'input', [example], 'QUESTION ????');
    expect(text).toContain('You are given a Lua function');
    expect(text).toContain('[ANSWER]\n{1, 2}\n[/ANSWER]');
    expect(text.endsWith('[CODE]\nQUESTION ????\n[/CODE]\n[ANSWER]\n')).toBe(true);
  });

  it('extracts the answer from a completion or a chat reply', () => {
    expect(extractAnswer(' 42 \n[/ANSWER]\nmore')).toBe('42');
    expect(extractAnswer('I think\n[ANSWER]\n{1, 2}\n[/ANSWER]')).toBe('{1, 2}');
    expect(extractAnswer('7')).toBe('7');
  });
});

describe('CRUXEval-X rows whose test is not the code’s', () => {
  it('keep the function and have no reference (D/116 output)', () => {
    const dCode = 'long f() { return 1; }\nunittest\n{\n    assert(f().isNull);\n}\n';
    const dTest = 'unittest\n{\n    assert(!f().isNull && f().get == ????);\n}\n';
    const split = splitAtHole('t', dCode, dTest);
    expect(split.functionCode).toBe('long f() { return 1; }\n');
    expect(split.truth).toBeUndefined();
  });
});
