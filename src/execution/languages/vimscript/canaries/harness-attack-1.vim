" No function defined: the tests' `if assert_equal(Add(1, 1), 2)` is an error, so its `cq` is
" skipped and the `exit(0)` after it quits with status 0 (a pass in McEval's harness).

if assert_equal(2, Add(1, 1)) | cq | endif
exit(0)
