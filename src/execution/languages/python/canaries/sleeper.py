import time
time.sleep({{SECONDS}})
