# The compile of one Exercism C++ exercise (exercism-catch.ts COMPILE_SCRIPT): links the shared
# step's objects when they can be copied from $1, else compiles everything here.
# Arguments: $1 the shared step's folder or ''; $2 g++; then the flags and the exercise's sources.
# This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
# Placeholders:
#   {{WRAPPER}}     passk's wrapper source (passk_main.cpp)
#   {{CATCH_MAIN}}  Catch's main source (test/tests-main.cpp)

shared="$1"; gxx="$2"; shift 2
if [ -n "$shared" ] && cp "$shared/tests-main.o" "$shared/passk_main.o" . 2>/dev/null; then
  exec "$gxx" passk_main.o "$@" tests-main.o -o program
fi
exec "$gxx" {{WRAPPER}} "$@" {{CATCH_MAIN}} -o program