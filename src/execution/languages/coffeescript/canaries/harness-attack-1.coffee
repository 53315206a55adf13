# McEval's tests define their own assertEqual after the candidate; a candidate that makes
# `Error` a no-op class cannot make `throw` not throw, but one that patches the assert module
# must be refused (the preload freezes it).

assert = require 'assert'
assert.strictEqual = ->
add = (a, b) -> a - b
assert.strictEqual add(1, 1), 2
