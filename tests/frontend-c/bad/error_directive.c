// error: 3:1: #error needs a 64-bit target
#if 1
#error needs a 64-bit target
#endif
