// Locks Jest's globals and matchers in each test file's context (see JEST_LOCK in
// exercism-javascript.ts). No placeholders.

'use strict';
const names = ['describe', 'fdescribe', 'xdescribe', 'test', 'fit', 'xtest', 'it', 'xit',
  'expect', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach', 'jest'];
for (const name of names) {
  if (!(name in globalThis)) continue;
  Object.defineProperty(globalThis, name, { value: globalThis[name], writable: false, configurable: false });
}
const registry = globalThis[Symbol.for('$$jest-matchers-object')];
if (registry) {
  Object.freeze(registry.matchers);
  Object.freeze(registry.customEqualityTesters);
  Object.freeze(registry);
}
Object.freeze(globalThis.expect);
