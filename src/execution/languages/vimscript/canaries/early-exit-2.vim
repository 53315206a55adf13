" The tests' failing `cq` turned into a quit with status 0 by a VimLeavePre autocommand.

autocmd VimLeavePre * qall!
if assert_equal(2, 3) | cq | endif
exit(0)
