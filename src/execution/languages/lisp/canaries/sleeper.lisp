(sleep (/ {{MILLISECONDS}} 1000))
