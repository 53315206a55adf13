// A sample like the programs checked (functions, arrays, callbacks, node:assert): the checker runs
// on it once on the host to make the compiler's code cache (typescript-support.ts). No placeholders.

declare var require: any;
const assert = require('node:assert');
function add(x: number, y: number): number {
  return x + y;
}
const xs: number[] = [1, 2, 3].map((n) => add(n, 1));
assert.deepEqual(xs, [2, 3, 4]);
