#include "canary.h"
#include <unistd.h>
int value() { sleep({{SECONDS}}); return 2; }
