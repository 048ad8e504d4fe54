// error: 2:10: cannot find <math.h> (searched the -I directories; standard headers known: assert.h, limits.h, stdbool.h, stddef.h, stdint.h, stdio.h, stdlib.h, string.h)
#include <math.h>
int f(void) { return 0; }
