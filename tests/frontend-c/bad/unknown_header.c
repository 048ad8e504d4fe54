// error: 2:10: #include <math.h> is not supported (known: limits.h, stdint.h, stddef.h, stdbool.h, stdlib.h, stdio.h, string.h, assert.h)
#include <math.h>
int f(void) { return 0; }
