#include "canary.h"
#include <cstdlib>
int value() { exit(0); }
