#include <assert.h>
#include <unistd.h>
int main(void) { _exit(0); assert(0); }
