assert = require 'assert'
add = (a, b) -> a - b
assert.strictEqual add(1, 1), 2
