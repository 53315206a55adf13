import time
time.sleep({{SECONDS}})
value = 1
