const assert = require('node:assert');
const add = (a, b) => a - b;
assert.deepEqual(add(1, 1), 2);
