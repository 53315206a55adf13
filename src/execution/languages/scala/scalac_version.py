# Prints scalac's version as `scalac -version` does, read from its jar (scala.ts runs it with
# `python3 -I -c`). argv: the compiler jar, the library jar, the JVM; fails without either jar or
# the JVM (the toolchain is then missing). No placeholders.

import os
import re
import sys
import zipfile

text = zipfile.ZipFile(sys.argv[1]).read("compiler.properties").decode()
zipfile.ZipFile(sys.argv[2]).close()
if not os.access(sys.argv[3], os.X_OK):
    sys.exit("no JVM")
found = re.search(r"version\.number=(\S+)", text)
if found is None:
    sys.exit("no version.number in the compiler's compiler.properties")
print("Scala compiler version " + found.group(1))
