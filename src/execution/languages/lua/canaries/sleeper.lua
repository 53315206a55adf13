-- Spins for {{SECONDS}} seconds of its own CPU time (os.clock), not of wall time: the limit
-- counts the program's own time, so on a loaded machine a wall-time spin could end before it.

local t = os.clock() + {{SECONDS}}
while os.clock() < t do end
