-- passk's prologue for Lua programs (kit/script-language.ts): one line, put first (after a
-- `#lang` or `#!` line). It reads the nonce's pipe to its end before any of the program's
-- statements and, where the tests' checks are names a program could rebind, takes what they are.
-- Placeholders: {{NONCE_FD}}.

local passk_nonce = (function() local f = io.open('/proc/self/fd/{{NONCE_FD}}') if not f then return '' end local t = f:read('a') f:close() return t or '' end)() local passk_bound = (function() local t = { assert = assert, error = error, pairs = pairs, type = type, getmetatable = getmetatable, rawget = rawget, mt = getmetatable(_G), loaded = package.loaded, stderr = io.stderr, exit = os.exit, fns = {} } local ok, lu = pcall(require, 'luaunit') if ok and type(lu) == 'table' then t.lu = lu for k, v in pairs(lu) do if type(v) == 'function' then t.fns[k] = v end end if type(lu.LuaUnit) == 'table' then t.run = lu.LuaUnit.run end end return t end)()
