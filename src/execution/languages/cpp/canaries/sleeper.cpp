#include <unistd.h>
int main() { sleep({{SECONDS}}); }
