// error: 2:1: #if without #endif
#ifdef X
int f(void) { return 0; }
