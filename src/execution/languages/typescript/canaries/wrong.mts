declare var require: any;
const assert = require('node:assert');
const add = (a: number, b: number) => a - b;
assert.deepEqual(add(1, 1), 2);
