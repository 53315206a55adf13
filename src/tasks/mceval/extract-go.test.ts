import { describe, expect, it } from 'vitest';
import { mcevalGoCode } from './extract-go.js';

const row = { entryPoint: 'add', signature: 'func add(a, b int) int' };
const head = 'package main\nimport (\n    "github.com/stretchr/testify/assert"\n    "testing"\n';

describe("McEval's Go extraction", () => {
  it("takes the entry point's func from the fence, drops main and the reply's own tests", () => {
    const reply = [
      '```go',
      'package main',
      'import "fmt"',
      'func add(a, b int) int {',
      '\treturn a + b',
      '}',
      'func TestAdd(t *testing.T) {',
      '\tassert.Equal(t, 2, add(1, 1))',
      '}',
      'func main() {',
      '\tfmt.Println(add(1, 2))',
      '}',
      '```',
    ].join('\n');
    expect(mcevalGoCode(reply, row)).toBe(
      `${head})\n\nfunc add(a, b int) int {\n\treturn a + b\n}\n\n\n`,
    );
  });

  it('imports the helper packages the code names outside comments, and no others', () => {
    const reply =
      '```go\nfunc add(a, b int) int {\n\t// sort.Ints is not needed\n\treturn int(math.Abs(float64(a))) + b\n}\n```';
    expect(mcevalGoCode(reply, row)).toMatch(/^package main\nimport \([^)]*"math"\n\)\n/);
    expect(mcevalGoCode(reply, row)).not.toContain('"sort"');
  });

  it('without a fence: from the signature to the last closing brace', () => {
    const text = 'Answer: func add(a, b int) int {\n\treturn a + b\n} as you can see.';
    expect(mcevalGoCode(text, row)).toBe(`${head})\n\nfunc add(a, b int) int {\n\treturn a + b\n}`);
  });
});
