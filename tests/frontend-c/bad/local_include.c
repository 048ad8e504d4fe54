// error: 2:10: #include of a local file is not supported: only standard headers
#include "mylib.h"
int f(void) { return 0; }
