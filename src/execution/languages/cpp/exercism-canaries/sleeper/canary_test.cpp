#include "canary.h"
#include <cassert>
#include <cstdio>
int main() { if (value() != 2) { puts("FAILED: value() != 2"); return 1; } return 0; }
