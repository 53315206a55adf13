exit(0)
if assert_equal(2, 3) | cq | endif
exit(0)
