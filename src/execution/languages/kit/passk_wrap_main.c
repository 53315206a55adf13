// passk's wrapper around a compiled program's C main (D: d.ts, Fortran: fortran.ts), linked
// first with -Wl,--wrap=main: takes the nonce from .preinit_array into a static with internal
// linkage, and writes the end event only when the program's main returned 0.
// Compiled with -DPASSK_STOPPED=<C string literal> (Fortran), a program that ends before its main
// returns (`stop`, which McEval's `assert` calls after printing 'Assertion failed!', `call
// exit(0)`) is turned by an atexit handler into exit status 1 with that line on stderr, so a
// failed McEval assert reads as a failed test; without it, such a program is only incomplete.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders:
//   {{NONCE_FD}}   the fd of the nonce's pipe (nonce-channel.ts NONCE_FD)
//   {{END_EVENT}}  the end event's printf format, a C string literal (process-runtime.ts END_EVENT)
//   {{RESULT_FD}}  the result channel's fd (worker/protocol.ts RESULT_FD)

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static char passk_nonce[80];
#ifdef PASSK_STOPPED
static int passk_returned;
static void passk_stopped_early(void) {
  if (passk_returned) return;
  fflush(stdout);
  fputs(PASSK_STOPPED "\n", stderr);
  fflush(stderr);
  _exit(1);
}
#endif
static void passk_take_nonce(int argc, char **argv, char **envp) {
  size_t got = 0;
  ssize_t n;
  (void)argc; (void)argv; (void)envp;
  while (got < sizeof passk_nonce - 1 &&
         (n = read({{NONCE_FD}}, passk_nonce + got, sizeof passk_nonce - 1 - got)) > 0)
    got += (size_t)n;
  passk_nonce[got] = 0;
  close({{NONCE_FD}});
}
__attribute__((section(".preinit_array"), used)) static void (*const passk_take)(int, char **, char **) =
    passk_take_nonce;
int __real_main(int argc, char **argv, char **envp);
int __wrap_main(int argc, char **argv, char **envp) {
#ifdef PASSK_STOPPED
  atexit(passk_stopped_early);
#endif
  int status = __real_main(argc, argv, envp);
#ifdef PASSK_STOPPED
  passk_returned = 1;
#endif
  if (status == 0 && passk_nonce[0]) { fflush(stdout); dprintf({{RESULT_FD}}, {{END_EVENT}}, passk_nonce); }
  return status;
}
