/*
 * passk's harness for C programs, linked first with -Wl,--wrap=main (see link.sh). It takes the
 * nonce from its pipe in .preinit_array, before any constructor of the program can run, keeps it
 * in a static the program cannot name, and writes the end-of-tests event on the result channel
 * only when the tests' own main returns 0: an early exit(0) never reaches it.
 * Compiled with -DPASSK_NONCE_FD=<fd> -DPASSK_RESULT_FD=<fd> (the worker protocol's fds).
 */
#include <stdio.h>
#include <unistd.h>

static char passk_nonce[80];

static void passk_take_nonce(int argc, char **argv, char **envp) {
  (void)argc;
  (void)argv;
  (void)envp;
  size_t got = 0;
  ssize_t n;
  while (got < sizeof passk_nonce - 1 &&
         (n = read(PASSK_NONCE_FD, passk_nonce + got, sizeof passk_nonce - 1 - got)) > 0)
    got += (size_t)n;
  passk_nonce[got] = 0;
  close(PASSK_NONCE_FD);
}

__attribute__((section(".preinit_array"), used)) static void (*const passk_take)(int, char **,
                                                                                 char **) =
    passk_take_nonce;

int __real_main(int argc, char **argv, char **envp);

int __wrap_main(int argc, char **argv, char **envp) {
  int status = __real_main(argc, argv, envp);
  if (status == 0 && passk_nonce[0]) {
    fflush(stdout);
    dprintf(PASSK_RESULT_FD, "{\"n\": \"%s\", \"e\": \"end\"}\n", passk_nonce);
  }
  return status;
}
