import { describe, expect, it } from 'vitest';
import { mcevalFortranCode, mcevalFortranEnd } from './extract-fortran.js';

const PROMPT = '! doubles x\n  integer function twice(x)';

// Expected values: McEval's own extract_fortran_code on the same texts (run with python3).
describe("McEval's Fortran extraction", () => {
  it('takes the fence holding the entry point and puts the prompt in place of its declaration', () => {
    const reply = [
      'Here:',
      '```fortran',
      'integer function twice(x)',
      '  integer, intent(in) :: x',
      '  print *, x',
      '  twice = 2 * x',
      'end function twice',
      '```',
    ].join('\n');
    expect(mcevalFortranCode(reply, 'twice', PROMPT)).toBe(
      `\n${PROMPT}\n  integer, intent(in) :: x\n  twice = 2 * x\nend function twice\n`,
    );
  });

  it('outside a fence: only `function <ep>` to `end function <ep>` (its prefix and other procedures not)', () => {
    const text = [
      'program main',
      'contains',
      'subroutine helper()',
      'end subroutine helper',
      'recursive integer function twice(x) result(y)',
      '  y = 2 * x',
      'end function twice',
      'end program main',
    ].join('\n');
    expect(mcevalFortranCode(text, 'twice', PROMPT)).toBe(
      `\n${PROMPT}\n  y = 2 * x\nend function twice\n`,
    );
  });

  it('without a declaration of the entry point: all lines but the last, the prompt, all lines', () => {
    expect(mcevalFortranCode('function f(x)\nend function f', 'twice', 'P')).toBe(
      'function f(x)\nend function f\nP\nfunction f(x)\nend function f\n',
    );
  });

  it("closes the program the test opened (McEval's `end program main` fits 49 of 50)", () => {
    expect(mcevalFortranEnd('program CloseElements\n  implicit none')).toBe(
      'end program CloseElements',
    );
    expect(mcevalFortranEnd('program main\n')).toBe('end program main');
  });
});
