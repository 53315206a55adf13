# passk's HumanEvalPack harness: bigcode's Python IMPORT_HELPER minus numpy, put before every
# Python program (see task.ts, which reads this file and documents it). No placeholders. They
# are for the candidate that follows, hence unused here:
# ruff: noqa: F401, F403
# pyright: reportWildcardImportFromLibrary=false
# --- passk: the program text starts on the next line ---
import math
import re
import sys
import copy
import datetime
import itertools
import collections
import heapq
import statistics
import functools
import hashlib
import string
from typing import *
from collections import *
