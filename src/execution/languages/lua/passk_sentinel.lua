-- passk's end sentinel for Lua programs (kit/script-language.ts): appended after the tests,
-- so it runs only if they all did. Where the prologue took the tests' checks, it first checks that
-- none was rebound (else it prints {{REBOUND}}'s mark and exits 1); then it writes the end event.
-- Placeholders: {{REBOUND}}, {{RESULT_FD}}.

do local b = passk_bound local rebound = assert ~= b.assert or error ~= b.error or b.getmetatable(_G) ~= b.mt
if b.lu then rebound = rebound or b.loaded.luaunit ~= b.lu or (b.rawget(_G, 'lu') ~= nil and b.rawget(_G, 'lu') ~= b.lu) or (b.run ~= nil and b.lu.LuaUnit.run ~= b.run) for k, v in b.pairs(b.fns) do rebound = rebound or b.rawget(b.lu, k) ~= v end end
if rebound then b.stderr:write('{{REBOUND}}') b.exit(1) end end
if passk_nonce ~= '' then local f = io.open('/proc/self/fd/{{RESULT_FD}}', 'w'); f:write(string.format('{"n": "%s", "e": "end"}\n', passk_nonce)); f:close() end
