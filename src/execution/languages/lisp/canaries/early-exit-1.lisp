(sb-ext:exit :code 0)
(assert (equal 1 2))
