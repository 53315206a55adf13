# Compiles and links one C program in the sandbox (run as: sh -c "$(cat link.sh)" sh WRAPPER gcc FLAGS...).
# $1: unused (kept empty); then the compiler and its flags. passk_main.c is linked FIRST: its
# .preinit_array entry, which takes the nonce, runs before any the program adds.
#
# With tests.c (the task's tests, apart from the candidate), the tests are compiled in their own
# translation unit, so no macro or declaration of the candidate's is in scope there (`#define
# assert(x)` cannot touch them). The functions the tests need from the candidate are what tests.o
# leaves undefined once linked with the C library; every other global symbol of the candidate is
# made local, so a candidate's own `strcmp` or `__assert_fail` binds its own calls only.
# A function the tests define too (an answer's own `main`) is refused, as one file would be.
shift 1
"$@" -c program.c -o program.o || exit 1
"$@" -c passk_main.c -o passk_main.o || exit 1
objects=program.o
if [ -f tests.c ]; then
  "$@" -c tests.c -o tests.o || exit 1
  # In one file (the reference harnesses' program), a function both define is a redefinition.
  twice=$(nm -g --defined-only tests.o program.o | sed -n 's/^[0-9a-f]* T //p' | sort | uniq -d)
  if [ -n "$twice" ]; then echo "program.c: error: redefinition of $twice, which the tests define" >&2; exit 1; fi
  needed=$("$@" passk_main.o tests.o -Wl,--wrap=main -lm -o /dev/null 2>&1 |
    sed -n "s/.*undefined reference to \`\([A-Za-z_][A-Za-z0-9_]*\)'.*/\1/p" | sort -u)
  keep=""
  for name in $needed; do keep="$keep --keep-global-symbol=$name"; done
  objcopy --keep-global-symbol=passk_none $keep program.o || exit 1
  objects="tests.o program.o"
fi
"$@" passk_main.o $objects -Wl,--wrap=main -lm -o program || exit 1
if readelf -rW program | grep -q IRELATIV || nm program 2>/dev/null | grep -q '^[0-9a-f]* i '; then
  echo "passk-tamper: pre-main-code (error: an indirect function runs before the harness)" >&2
  exit 1
fi
