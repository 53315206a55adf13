// A candidate's own strcmp: it must not stand in for the one the tests call.

int strcmp(const char *a, const char *b) { (void)a; (void)b; return 0; }
const char *hello(void) { return "bye"; }
//@passk-tests
#include <assert.h>
#include <string.h>
const char *hello(void);
int main(void) { assert(strcmp(hello(), "hello") == 0); return 0; }
