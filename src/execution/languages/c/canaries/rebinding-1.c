// A macro over the tests' assert: it must not reach the tests (compiled apart).

#include <assert.h>
int add(int a, int b) { return a - b; }
#define assert(x) ((void)0)
//@passk-tests
#include <assert.h>
int add(int a, int b);
int main(void) { assert(add(1, 1) == 2); return 0; }
