Process.sleep({{MILLISECONDS}})
