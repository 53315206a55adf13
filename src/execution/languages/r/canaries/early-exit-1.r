quit(status = 0)
