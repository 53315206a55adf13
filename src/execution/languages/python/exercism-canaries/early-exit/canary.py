import os
os._exit(0)
value = 1
