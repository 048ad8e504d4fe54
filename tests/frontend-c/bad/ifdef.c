// error: 2:1: conditional compilation (#ifdef) is not supported
#ifdef DEBUG
int debug;
#endif
