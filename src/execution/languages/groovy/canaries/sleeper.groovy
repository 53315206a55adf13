Thread.sleep({{MILLISECONDS}})
