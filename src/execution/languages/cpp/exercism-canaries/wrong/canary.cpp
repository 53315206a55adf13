#include "canary.h"
int value() { return 1; }
