import { describe, expect, it } from 'vitest';
import {
  chatAnswer,
  chatConversation,
  completionAnswer,
  completionPrompt,
  shotOf,
} from './prompts.js';
import { filled, questionOf, questionText } from './question.js';

const code = 'def f(x):\n    return x + 1\ndef check(candidate):\n    assert candidate(1) == 2\n';
const outputTest = 'def check(candidate):\n    assert candidate(1) == ????\n';
const inputTest = 'def check(candidate):\n    assert candidate(????) == 2\n';

describe('CRUXEval-X questions', () => {
  it("are the code up to the language's test, then the test with the hole", () => {
    const question = questionOf('py', 'output', code, outputTest);
    expect(questionText(question)).toBe(`def f(x):\n    return x + 1\n${outputTest}`);
    expect(question.truth).toBe('2');
  });

  it('take a whole call as the input answer, as upstream replaces candidate(????)', () => {
    const question = questionOf('py', 'input', code, inputTest);
    expect(question.token).toBe('candidate(????)');
    expect(question.truth).toBe('candidate(1)');
    expect(filled(questionText(question), question.token, 'candidate(7)')).toContain(
      'assert candidate(7) == 2',
    );
    expect(questionOf('rb', 'input', 'x', "require 'test/unit'\n").token).toBe(
      'candidate.call(????)',
    );
  });

  it('cut at the first stop of the list found, at its first occurrence (C++)', () => {
    const cpp = 'long f() {\n    return 1;\n}\nint main() {\n    assert(f() == 1);\n}\n';
    const test = '}\nint main() {\n    assert(f() == ????);\n}\n';
    const question = questionOf('cpp', 'output', cpp, test);
    expect(question.functionCode).toBe('long f() {\n    return 1;\n');
    expect(question.truth).toBe('1');
  });

  it('have no truth when the test is not the code’s (D/116 output)', () => {
    const d = 'long f() { return 1; }\nunittest\n{\n    assert(f().isNull);\n}\n';
    const test = 'unittest\n{\n    assert(!f().isNull && f().get == ????);\n}\n';
    expect(questionOf('d', 'output', d, test).truth).toBeUndefined();
  });
});

describe('CRUXEval-X prompts', () => {
  const example = {
    code: "\nlocal function f(s)\n    return #s\nend\nlu = require('luaunit')\nlu.assertEquals(candidate({1, 2}), 2)\n",
    inputs: 'candidate({1, 2})',
    outputs: '2',
  };

  it('make a shot of an example: its test with the answer replaced by the token', () => {
    expect(shotOf('lua', 'output', example)).toEqual({
      code: example.code.replace('{1, 2}), 2)', '{1, 2}), ????)'),
      answer: '2',
    });
    expect(shotOf('lua', 'input', example).code).toContain('lu.assertEquals(candidate(????), 2)');
    expect(shotOf('lua', 'input', example).answer).toBe('candidate({1, 2})');
  });

  it("are upstream's completion prompt: statement, fenced shots with answers, fenced question", () => {
    const shot = shotOf('lua', 'output', example);
    const text = completionPrompt('lua', 'output', [shot, shot], 'QUESTION');
    const block = `\`\`\`lua\n${shot.code.trim()}\n\`\`\`\n[ANSWER]\n2\n[/ANSWER]`;
    expect(text).toBe(
      `Based on the given code, which may contain errors, complete the "????" in assert statement with the output when executing the lua code on the given test case. Do NOT output any extra information, even if the function is incorrect or incomplete. Do NOT output a description for the assert.\n\n${block}\n${block}\n\`\`\`lua\nQUESTION\n\`\`\`\n`,
    );
  });

  it("are upstream's chat conversation: system, a user/assistant pair per shot, the question", () => {
    const shot = shotOf('lua', 'input', example);
    const messages = chatConversation('lua', 'input', [shot], 'QUESTION');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]?.content).toMatch(
      /^You will be given a lua function f and a check function/,
    );
    expect(messages[2]?.content).toBe('[ANSWER]\ncandidate({1, 2})\n[/ANSWER]');
    expect(messages[3]?.content.endsWith('\n\n```lua\nQUESTION\n```')).toBe(true);
  });
});

describe('CRUXEval-X answers', () => {
  it('of a completion: up to [/ANSWER], [ANSWER] removed, trimmed', () => {
    expect(completionAnswer('[ANSWER]\n42\n')).toBe('42');
    expect(completionAnswer(' 42 \n[/ANSWER]\nmore')).toBe('42');
  });

  it('of a chat reply: after the last [ANSWER] before the stop, trimmed', () => {
    expect(chatAnswer('I think\n[ANSWER]\n{1, 2}\n[/ANSWER]\nbye')).toBe('{1, 2}');
    expect(chatAnswer('[ANSWER] a [ANSWER] b')).toBe('b');
    expect(chatAnswer('7')).toBe('7');
  });
});
