// Preloaded into each test binary of an Exercism Rust exercise (exercism.ts, cargo's target
// runner): an explicit exit with status 0 from anywhere in the binary exits 93 instead.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// No placeholders.

#define _GNU_SOURCE
#include <dlfcn.h>
typedef void (*exit_fn)(int);
static void leave(const char *name, int status) {
  ((exit_fn)dlsym(RTLD_NEXT, name))(status == 0 ? 93 : status);
  for (;;) {}
}
void exit(int status) { leave("exit", status); }
void _exit(int status) { leave("_exit", status); }
void _Exit(int status) { leave("_Exit", status); }
