import { describe, expect, it } from 'vitest';
import { mcevalVimscriptCode } from './extract-vimscript.js';

const ROW = {
  prompt: '\n" Adds.\nfunction! Add(a, b)',
  signature: 'function! Add(a, b)',
  entryPoint: 'Add',
};
const BODY = 'function! Add(a, b)\n  return a:a + a:b\nendfunction';

describe("McEval's Vim script extraction", () => {
  it("puts the row's prompt without its signature line before the first vim block", () => {
    const reply = `Sure:\n\`\`\`vim\n${BODY}\n\`\`\`\n\`\`\`vim\nother\n\`\`\``;
    expect(mcevalVimscriptCode(reply, ROW)).toBe(`\n" Adds.\n\n${BODY}\n`);
  });

  it('without a fence: from the signature to the end', () => {
    expect(mcevalVimscriptCode(`Answer: ${BODY}`, ROW)).toBe(`\n" Adds.\n${BODY}`);
  });

  it('drops everything from the first print( to the end, but a final newline', () => {
    const text = `${BODY}\ncall print(1)\necho 2\n`;
    expect(mcevalVimscriptCode(text, ROW)).toBe(`\n" Adds.\n${BODY}\ncall \n`);
  });
});
