# passk's LeetCode contest harness: the imports DeepSeek-Coder's harness puts before every program
# (see task.ts, which reads this file and documents it). No placeholders. They are for the
# candidate that follows, hence unused here:
# ruff: noqa: F401, F403
# pyright: reportMissingImports=false, reportWildcardImportFromLibrary=false
# --- passk: the program text starts on the next line ---
import math
import re
import sys
import copy
import datetime
import itertools
import collections
import heapq
import functools
import hashlib
try:
    import numpy
    import numpy as np
except ImportError:
    pass
import string
from typing import *
from collections import *
from functools import *
