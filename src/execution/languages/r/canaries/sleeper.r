Sys.sleep({{SECONDS}})
