// error: 2:10: cannot find "mylib.h" (searched next to the including file, then the -I directories; standard headers known: assert.h, limits.h, stdbool.h, stddef.h, stdint.h, stdio.h, stdlib.h, string.h)
#include "mylib.h"
int f(void) { return 0; }
