import { RESULT_FD } from '../../worker/protocol.js';
import { NONCE_FD } from '../kit/nonce-channel.js';
import { firstLine, realBinary } from '../kit/process-runtime.js';
import { comment, REBOUND, script } from '../kit/script-language.js';

/** Lua 5.4: `assert(false)` raises "assertion failed!". */
export const lua = script({
  language: 'lua',
  interpreter: realBinary('/usr/bin/lua5.4'),
  file: 'program.lua',
  versionArgv: [realBinary('/usr/bin/lua5.4'), '-v'],
  debianPackages: 'lua5.4',
  prologue: `local passk_nonce = (function() local f = io.open('/proc/self/fd/${NONCE_FD}') if not f then return '' end local t = f:read('a') f:close() return t or '' end)() local passk_bound = (function() local t = { assert = assert, error = error, pairs = pairs, type = type, getmetatable = getmetatable, rawget = rawget, mt = getmetatable(_G), loaded = package.loaded, stderr = io.stderr, exit = os.exit, fns = {} } local ok, lu = pcall(require, 'luaunit') if ok and type(lu) == 'table' then t.lu = lu for k, v in pairs(lu) do if type(v) == 'function' then t.fns[k] = v end end if type(lu.LuaUnit) == 'table' then t.run = lu.LuaUnit.run end end return t end)()`,
  sentinel: [
    'do local b = passk_bound local rebound = assert ~= b.assert or error ~= b.error or b.getmetatable(_G) ~= b.mt',
    "if b.lu then rebound = rebound or b.loaded.luaunit ~= b.lu or (b.rawget(_G, 'lu') ~= nil and b.rawget(_G, 'lu') ~= b.lu) or (b.run ~= nil and b.lu.LuaUnit.run ~= b.run) for k, v in b.pairs(b.fns) do rebound = rebound or b.rawget(b.lu, k) ~= v end end",
    `if rebound then b.stderr:write('${REBOUND}') b.exit(1) end end`,
    `if passk_nonce ~= '' then local f = io.open('/proc/self/fd/${RESULT_FD}', 'w'); f:write(string.format('{"n": "%s", "e": "end"}\\n', passk_nonce)); f:close() end`,
  ].join('\n'),
  canaries: {
    wrong: 'local function add(a, b) return a - b end\nassert(add(1, 1) == 2)\n',
    earlyExits: ['os.exit(0)\n'],
    harnessAttacks: [
      'assert = function() return true end\nlocal function add(a, b) return a - b end\nassert(add(1, 1) == 2)\n',
    ],
    sleeper: (seconds) => `local t = os.time() + ${seconds}\nwhile os.time() < t do end\n`,
    comment: comment('--'),
  },
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
