import { canaryFolder } from '../kit/canary-folder.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, script } from '../kit/script-language.js';

/** Lua 5.4: `assert(false)` raises "assertion failed!". */
export const lua = script({
  language: 'lua',
  interpreter: realBinary('/usr/bin/lua5.4'),
  file: 'program.lua',
  versionArgv: [realBinary('/usr/bin/lua5.4'), '-v'],
  debianPackages: 'lua5.4',
  moduleUrl: import.meta.url,
  canaries: canaryFolder(import.meta.url, '.lua', comment('--')),
  diagnose: (outcome) => {
    // "lua5.4: program.lua:2: assertion failed!", the interpreter named as it was started.
    const prefix = /^(?:\S*\/)?lua[\d.]*: /;
    if (!/^(?:\S*\/)?lua[\d.]*: /m.test(outcome.stderrTail)) return undefined;
    const message = firstLine(outcome.stderrTail, prefix).replace(prefix, '');
    const failed = /assertion failed!/.test(message);
    return {
      status: failed ? 'failed' : 'error',
      errorType: failed ? 'AssertionError' : 'LuaError',
      message,
    };
  },
});
