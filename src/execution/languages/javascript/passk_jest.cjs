// Runs Jest on an Aider polyglot JavaScript exercise (see JEST_RUNNER in exercism-javascript.ts).
// Placeholders: {{NONCE_FD}}, {{RESULT_FD}}, {{END_EVENT}} (a JavaScript string literal with one
// %s for the nonce).

'use strict';
const fs = require('node:fs');
// The nonce's pipe (nonce-channel.ts), read to its end and closed before Jest loads any exercise
// code; a const of this file's scope, which code in Jest's test context cannot reach.
const nonce = (() => {
  try { return fs.readFileSync({{NONCE_FD}}, 'latin1'); } catch { return ''; }
  finally { try { fs.closeSync({{NONCE_FD}}); } catch {} }
})();
const root = process.cwd();
const { runCLI } = require(process.env.PASSK_JEST_MODULES + '/jest');
const config = {
  rootDir: root,
  testMatch: ['<rootDir>/**/*.spec.js', '<rootDir>/**/*.test.js'],
  testPathIgnorePatterns: ['/node_modules/'],
  cacheDirectory: root + '/.jest-cache',
  setupFilesAfterEnv: [root + '/passk_jest_lock.cjs'],
  watchman: false,
  // Jest's default 5 s per test fails parallel-letter-frequency's 50 worker threads on a loaded
  // machine; the program's own limit (3 minutes) still bounds the run
  testTimeout: 30000,
};
const argv = { _: [], $0: 'jest', ci: true, runInBand: true, watchman: false,
  config: JSON.stringify(config) };
runCLI(argv, [root]).then(({ results }) => {
  const ok = nonce !== '' && results.success && results.numTotalTests > 0 && results.numFailedTests === 0 &&
    results.numFailedTestSuites === 0 && results.numRuntimeErrorTestSuites === 0 &&
    results.numPassedTests === results.numTotalTests;
  if (ok) fs.writeSync({{RESULT_FD}}, {{END_EVENT}}.replace('%s', nonce));
  // now, as `jest --forceExit` would: a timer or worker the code left running would keep the
  // process (and the verdict) waiting until the time limit (stderr is a pipe: written in sync)
  process.exit(ok ? 0 : 1);
}, (error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error) + '\n');
  process.exit(1);
});
