#include <assert.h>
#include <stdlib.h>
int main(void) { exit(0); assert(0); }
