#include <unistd.h>
int main(void) { sleep({{SECONDS}}); return 0; }
