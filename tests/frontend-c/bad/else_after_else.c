// error: 5:1: #else after #else
#if 1
#else
int f(void) { return 0; }
#else
#endif
