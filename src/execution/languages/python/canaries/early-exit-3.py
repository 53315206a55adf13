raise SystemExit
assert False
