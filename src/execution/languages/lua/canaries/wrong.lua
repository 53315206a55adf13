local function add(a, b) return a - b end
assert(add(1, 1) == 2)
