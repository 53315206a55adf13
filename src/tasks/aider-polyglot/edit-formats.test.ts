import { describe, expect, it } from 'vitest';
import type { Problem } from '../types.js';
import { aiderText, TRIPLE } from './aider-prompts.js';
import { aiderConversation, applyReply, ChatFiles, chatRoot } from './conversation.js';
import type { AiderData } from './data.js';
import { EditFormatError, editBlocks } from './editblock.js';
import { cleanOutput } from './feedback.js';
import { applyBlocks, replaceChunk } from './search-replace.js';
import { closestMatch, similarity } from './similarity.js';
import { wholeFileListings } from './wholefile.js';

const STUB = 'def score(rolls):\n    pass\n\n\ndef roll(pins):\n    pass\n';

function problem(solution: Record<string, string> = { 'bowling.py': STUB }): Problem<AiderData> {
  return {
    id: 'python/bowling',
    language: 'exercism-python',
    prompt: '',
    datasetPrompt: '# Bowling\n\nScore a game.\n',
    tests: '',
    meta: {
      exercise: 'bowling',
      track: 'python',
      solution,
      support: { 'bowling_test.py': 'import unittest\n' },
    },
  };
}

const block = (path: string, search: string, replace: string) =>
  `${path}\n\`\`\`python\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;

describe("difflib's ratio, as aider uses it", () => {
  it('gives the values Python 3.11 gives', () => {
    // python3 -c "import difflib; print(difflib.SequenceMatcher(None, a, b).ratio())"
    expect(similarity([...'bowling.py'], [...'bowlng.py'])).toBeCloseTo(0.9473684210526315, 12);
    expect(similarity(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd'])).toBe(0.75);
    expect(similarity([...'abxcdyabcd'], [...'abcdabxcd'])).toBeCloseTo(0.5263157894736842, 12);
    expect(closestMatch('bowlin.py', ['bowling.py', 'bowling_test.py'], 0.8)).toBe('bowling.py');
    expect(closestMatch('main.py', ['bowling.py'], 0.8)).toBeUndefined();
  });
});

describe('SEARCH/REPLACE blocks (diff format)', () => {
  it('reads the file named before each block, by base name or close spelling, and the previous one', () => {
    const reply = [
      'Here is the change:\n\n',
      block('src/bowling.py', 'def score(rolls):\n    pass\n', 'def score(rolls):\n    return 0\n'),
      '\n',
      '```python\n<<<<<<< SEARCH\ndef roll(pins):\n=======\ndef roll(pins):  # one roll\n>>>>>>> REPLACE\n```\n',
      block('**bowlin.py**', 'x\n', 'y\n'),
    ].join('');
    const blocks = editBlocks(reply, TRIPLE, ['bowling.py']);
    expect(blocks.map((b) => b.path)).toEqual(['bowling.py', 'bowling.py', 'bowling.py']);
    expect(blocks[0]!.replace).toBe('def score(rolls):\n    return 0\n');
  });

  it("is malformed without a file name or the block's end, with aider's message", () => {
    const noName = '```python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n';
    expect(() => editBlocks(noName, TRIPLE, ['a.py', 'b.py'])).toThrow(EditFormatError);
    expect(() => editBlocks(noName, TRIPLE, ['a.py'])).toThrow(
      /\^\^\^ Bad\/missing filename\. The filename must be alone on the line before the opening fence ```$/,
    );
    const unended = 'a.py\n```python\n<<<<<<< SEARCH\na\n=======\nb\n';
    expect(() => editBlocks(unended, TRIPLE, ['a.py'])).toThrow(
      /\^\^\^ Expected `>>>>>>> REPLACE` or `=======`$/,
    );
  });

  it('matches exactly, then but for indentation, then past a spurious blank line, then with ... lines', () => {
    expect(
      replaceChunk(STUB, 'def roll(pins):\n    pass\n', 'def roll(pins):\n    return 1\n'),
    ).toBe(
      STUB.replace(
        '    pass\n\n\ndef roll(pins):\n    pass',
        '    pass\n\n\ndef roll(pins):\n    return 1',
      ),
    );
    const nested = 'class A:\n    def f(self):\n        return 1\n';
    expect(
      replaceChunk(nested, 'def f(self):\n    return 1\n', 'def f(self):\n    return 2\n'),
    ).toBe('class A:\n    def f(self):\n        return 2\n');
    expect(
      replaceChunk(
        nested,
        '\n    def f(self):\n        return 1\n',
        '    def f(self):\n        return 3\n',
      ),
    ).toBe('class A:\n    def f(self):\n        return 3\n');
    expect(
      replaceChunk(
        nested,
        'class A:\n...\n        return 1\n',
        'class B:\n...\n        return 4\n',
      ),
    ).toBe('class B:\n    def f(self):\n        return 4\n');
    // aider's fuzzy (edit-distance) match is dead code: a near miss does not apply
    expect(replaceChunk(nested, 'def f(self):\n    return 11\n', 'x\n')).toBeUndefined();
  });

  it("applies the blocks that match and says which did not, as aider's reflection does", () => {
    const blocks = editBlocks(
      block('bowling.py', 'def score(rolls):\n    pass\n', 'def score(rolls):\n    return 0\n') +
        block(
          'bowling.py',
          'x = 1\ndef roll(pins):\n    pass\n',
          'def roll(pins):\n    return 1\n',
        ),
      TRIPLE,
      ['bowling.py'],
    );
    const applied = applyBlocks({ 'bowling.py': STUB }, blocks, TRIPLE, () => true);
    expect(applied.files['bowling.py']).toContain('return 0');
    expect(applied.files['bowling.py']).not.toContain('return 1');
    expect(applied.error).toBe(
      [
        '# 1 SEARCH/REPLACE block failed to match!',
        '',
        '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in bowling.py',
        '<<<<<<< SEARCH',
        'x = 1',
        'def roll(pins):',
        '    pass',
        '=======',
        'def roll(pins):',
        '    return 1',
        '>>>>>>> REPLACE',
        '',
        'Did you mean to match some of these actual lines from bowling.py?',
        '',
        '```',
        'def score(rolls):',
        '    return 0',
        '',
        '',
        'def roll(pins):',
        '    pass',
        '```',
        '',
        'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc',
        '',
        '# The other 1 SEARCH/REPLACE block were applied successfully.',
        "Don't re-send them.",
        'Just reply with fixed versions of the block above that failed to match.',
        '',
      ].join('\n'),
    );
  });

  it('creates a new file from an empty SEARCH, never over the tests', () => {
    const chat = new ChatFiles(problem());
    const reply = block('helpers.py', '', 'X = 1\n') + block('bowling_test.py', '', 'x\n');
    const outcome = applyReply('diff', { 'bowling.py': STUB }, reply, chat);
    expect(outcome.files).toEqual({ 'bowling.py': STUB, 'helpers.py': 'X = 1\n' });
    expect(outcome.edited).toBe(true);
  });
});

describe('whole-file listings', () => {
  it('names each listing by the line before it, a name the text quoted, or the only file', () => {
    const reply = 'Update `b.py`:\n\n```\nB\n```\n\n**path/to/a.py**\n```python\nA\n```\n';
    expect(wholeFileListings(reply, ['a.py', 'b.py'], TRIPLE)).toEqual({
      'a.py': 'A\n',
      'b.py': 'B\n',
    });
    // the line before a fence is taken as the name even when it is prose (aider does too)
    expect(wholeFileListings('```\nA\n```\n', ['a.py'], TRIPLE)).toEqual({ 'a.py': 'A\n' });
    expect(() => wholeFileListings('```\nA\n```\n', ['a.py', 'b.py'], TRIPLE)).toThrow(
      'No filename provided before ``` in file listing',
    );
  });
});

describe("aider's conversation", () => {
  it('sends the system prompt with its reminder, the examples, the files, then the instructions', () => {
    const messages = aiderConversation('diff', problem(), [], []);
    expect(messages.map((m) => m.role)).toEqual(
      ['system', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant'].concat([
        'user',
        'assistant',
        'user',
      ]),
    );
    const system = messages[0]!.content;
    expect(system).toMatch(/^Act as an expert software developer\.\nAlways use best practices/);
    expect(system).toContain('\n# *SEARCH/REPLACE block* Rules:\n');
    expect(system).toContain('2. The opening fence and code language, eg: ```python\n');
    expect(system).toContain('- Platform: Linux\n- Shell: SHELL=None\n');
    expect(system).not.toMatch(/\{[a-z_[\]0-9]+\}/);
    expect(messages[5]!.content).toBe(
      "I switched to a new code base. Please don't consider the above files or try to edit them any longer.",
    );
    expect(messages[7]!.content).toBe(
      `${aiderText('files-content-prefix')}\nbowling.py\n\`\`\`\n${STUB}\`\`\`\n`,
    );
    expect(messages[8]!.content).toBe('Ok, any changes I propose will be to those files.');
    expect(messages[9]!.content).toBe(
      [
        '# Bowling',
        '',
        'Score a game.',
        '',
        '####',
        '',
        'Use the above instructions to modify the supplied files: bowling.py',
        "Don't change the names of existing functions or classes, as they may be referenced from other code like unit tests, etc.",
        "Only use standard libraries, don't suggest installing any packages.",
        '',
        '',
        '',
      ].join('\n') + system.slice(system.indexOf('# *SEARCH/REPLACE block* Rules:')),
    );
  });

  it('after an applied edit: the turn closed by "I updated the files.", the files as edited', () => {
    const reply = block(
      'bowling.py',
      'def score(rolls):\n    pass\n',
      'def score(rolls):\n    return 0\n',
    );
    const messages = aiderConversation('diff', problem(), [reply], ['tests failed\n####\n']);
    const tail = messages.slice(7).map((m) => [m.role, m.content.slice(0, 30)]);
    expect(tail).toEqual([
      ['user', '# Bowling\n\nScore a game.\n\n####\n\nUse'.slice(0, 30)],
      ['assistant', reply.slice(0, 30)],
      ['user', 'I updated the files.'],
      ['assistant', 'Ok.'],
      ['user', aiderText('files-content-prefix').slice(0, 30)],
      ['assistant', 'Ok, any changes I propose will be'.slice(0, 30)],
      ['user', 'tests failed\n####\n\n\n# *SEARCH/REPLACE block'.slice(0, 30)],
    ]);
    expect(messages[11]!.content).toContain('def score(rolls):\n    return 0\n');
    // the instructions of the closed turn carry no reminder any more
    expect(messages[7]!.content).not.toContain('SEARCH/REPLACE');
  });

  it('after a malformed reply: no "I updated the files.", the turn stays after the files', () => {
    const messages = aiderConversation(
      'whole',
      problem({ 'a.py': 'A\n', 'b.py': 'B\n' }),
      ['```\nA\n```\n'],
      ['failed'],
    );
    expect(messages.slice(5).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(messages[5]!.content).toContain('a.py\n```\nA\n```\n\nb.py\n```\nB\n```\n');
    expect(messages[9]!.content).toMatch(/^failed\n\nTo suggest changes to a file you MUST return/);
  });

  it("names files relative to their common folder, and lists the base names in aider's text", () => {
    expect(chatRoot(['src/lib.rs'])).toBe('src');
    expect(chatRoot(['src/main/java/A.java', 'src/main/java/b/B.java'])).toBe('src/main/java');
    expect(chatRoot(['a.py', 'b/c.py'])).toBe('');
    const rust = problem({ 'src/lib.rs': 'pub fn f() {}\n' });
    const messages = aiderConversation('whole', rust, [], []);
    expect(messages[5]!.content).toContain('\nlib.rs\n```\npub fn f() {}\n```\n');
    expect(messages[7]!.content).toContain('the supplied files: lib.rs\n');
  });
});

describe('the test output sent back', () => {
  it('is all of it, with the exercise folder for sandbox paths and no timings', () => {
    const output = [
      'FAIL: test_x (a_test.T.test_x)',
      '  File "/scratch/run-1-2/exercise/bowling_test.py", line 3',
      ...Array.from({ length: 80 }, (_, i) => `line ${i}`),
      'Ran 4 tests in 0.012s',
      '',
    ].join('\n');
    const text = cleanOutput({ status: 'failed', output }, 'bowling');
    expect(text.split('\n')).toHaveLength(83);
    expect(text).toContain('File "bowling/bowling_test.py", line 3');
    expect(text.endsWith('Ran 4 tests ')).toBe(true);
  });

  it("drops Jest's timings", () => {
    const output = [
      'FAIL ./a.spec.js (10.264 s)',
      '    ✓ first (4 ms)',
      'Tests:       1 failed, 1 passed, 2 total',
      'Time:        2.498 s',
      'Ran all test suites.',
    ].join('\n');
    expect(cleanOutput({ status: 'failed', output }, 'a')).toBe(
      [
        'FAIL ./a.spec.js',
        '    ✓ first',
        'Tests:       1 failed, 1 passed, 2 total',
        'Ran all test suites.',
      ].join('\n'),
    );
  });
});
