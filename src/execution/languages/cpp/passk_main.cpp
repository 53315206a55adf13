// passk's wrapper around a C++ program's main (cpp.ts, exercism.ts). Linked with
// -Wl,--wrap=main, FIRST on the link line: its .preinit_array entry takes the nonce from its pipe
// before any constructor of the program's runs (nonce-channel.ts), and the end event is written
// only after the program's own main returned 0, so an early exit(0) never gets here.
// This header (to the blank line) is dropped when the file is read (kit/harness-template.ts).
// Placeholders:
//   {{NONCE_FD}}   the fd of the nonce's pipe (nonce-channel.ts NONCE_FD)
//   {{END_EVENT}}  the end event's printf format, a C string literal (process-runtime.ts END_EVENT)
//   {{RESULT_FD}} the result channel's fd (worker/protocol.ts RESULT_FD)

#include <cstdio>
#include <cstdlib>
#include <unistd.h>
namespace {
char passk_nonce[80];
void passk_take_nonce(int, char**, char**) {
  size_t got = 0;
  ssize_t n;
  while (got < sizeof passk_nonce - 1 &&
         (n = read({{NONCE_FD}}, passk_nonce + got, sizeof passk_nonce - 1 - got)) > 0)
    got += static_cast<size_t>(n);
  passk_nonce[got] = 0;
  close({{NONCE_FD}});
}
}  // namespace
__attribute__((section(".preinit_array"), used)) static void (*const passk_take)(int, char**, char**) =
    passk_take_nonce;

extern "C" int __real_main(int, char**, char**);
extern "C" int __wrap_main(int argc, char** argv, char** envp) {
  int status = __real_main(argc, argv, envp);
  if (status == 0 && passk_nonce[0]) { fflush(stdout); dprintf({{RESULT_FD}}, {{END_EVENT}}, passk_nonce); }
  return status;
}
