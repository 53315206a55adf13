function! Add(a, b)
  return a:a - a:b
endfunction
if assert_equal(2, Add(1, 1)) | cq | endif
exit(0)
