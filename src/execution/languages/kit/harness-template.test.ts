import { describe, expect, it } from 'vitest';
import { fillHarness, HarnessTemplateError } from './harness-template.js';

describe('fillHarness', () => {
  const file = '// header: {{FD}} is the fd\n// second line\n\nread({{FD}});\nclose({{FD}});\n';

  it('drops the header comment and fills every placeholder', () => {
    expect(fillHarness('x.c', file, { FD: 5 })).toBe('read(5);\nclose(5);\n');
  });

  it('keeps a file without a header as it is, braces that are no placeholder included', () => {
    const text = '\nfn main() { format!("{{\\"n\\": {}}}", 1); }\n';
    expect(fillHarness('x.rs', text, {})).toBe(text);
  });

  it('refuses a placeholder left without a value, and a value without its placeholder', () => {
    expect(() => fillHarness('x.c', file, {})).toThrow(HarnessTemplateError);
    expect(() => fillHarness('x.c', file, {})).toThrow(/x\.c: no value for \{\{FD\}\}/);
    expect(() => fillHarness('x.c', file, { FD: 5, PKG: 'main' })).toThrow(
      /no placeholder for PKG/,
    );
  });

  it("drops a shell script's `#` header, and never a C file's leading #include lines", () => {
    expect(fillHarness('x.sh', '# header\n\nexit 0\n', {})).toBe('exit 0\n');
    const c = '#include <stdio.h>\n\nint main(void) { return 0; }\n';
    expect(fillHarness('x.c', c, {})).toBe(c);
  });
});
