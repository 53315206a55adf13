#include <assert.h>
int add(int a, int b) { return a - b; }
int main(void) { assert(add(1, 1) == 2); return 0; }
