-- passk's MultiPL-E Lua harness: what replaces the tests' `os.exit(lu.LuaUnit.run())` (see
-- multipl-e-tests.ts, which reads this file and documents why). No placeholders; the file's
-- final newline is not part of the text.
-- --- passk: the program text starts on the next line ---
local passk_failures = lu.LuaUnit.run()
if passk_failures ~= 0 then error('assertion failed! ' .. passk_failures .. ' luaunit test(s) failed or raised', 0) end
