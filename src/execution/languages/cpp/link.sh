# passk's compile and link of a C++ program (cpp.ts LINK_SCRIPT, where the why is told): the
# candidate and its marked tests compiled apart, the candidate's globals made local except the
# functions the tests call, passk's wrapper linked first, indirect functions refused.
# Arguments: $1, $2 the precompiled headers of program.cpp and tests.cpp or ''; $3 the wrapper's
# object or '' to compile it; then g++ and its flags.
# This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
# No placeholders.

pch="$1"; tests_pch="$2"; wrapper="$3"; shift 3
# A precompiled header evicted since the run started (another run's bound, cpp-support.ts): the
# unit compiles without it, as it would have (the header pre-includes what the unit includes first).
[ -f "$pch" ] || pch=""; [ -f "$tests_pch" ] || tests_pch=""
"$@" ${pch:+-include "$pch"} -c program.cpp -o program.o || exit 1
if [ -z "$wrapper" ]; then "$@" -c passk_main.cpp -o passk_main.o || exit 1; wrapper=passk_main.o; fi
objects=program.o
if [ -f tests.cpp ]; then
  "$@" ${tests_pch:+-include "$tests_pch"} -c tests.cpp -o tests.o || exit 1
  twice=$(nm -g --defined-only tests.o program.o | sed -n 's/^[0-9a-f]* T //p' | sort | uniq -d)
  if [ -n "$twice" ]; then echo "program.cpp: error: redefinition of $twice, which the tests define" >&2; exit 1; fi
  keep=$(nm -u tests.o | sed -n 's/^ *U \(_Z[0-9][^ ]*\)$/--keep-global-symbol=\1/p')
  unique=$(nm program.o | sed -n 's/^[0-9a-f]* u \(.*\)$/--redefine-sym=\1=candidate.\1/p')
  objcopy -R .group --keep-global-symbol=passk_none $keep $unique program.o || exit 1
  objects="tests.o program.o"
fi
"$@" "$wrapper" $objects -Wl,--wrap=main -Wl,--as-needed -lcrypto -o program || exit 1
if readelf -rW program | grep -q IRELATIV || nm program 2>/dev/null | grep -q '^[0-9a-f]* i '; then
  echo "passk-tamper: pre-main-code (error: an indirect function runs before the harness)" >&2; exit 1
fi
