// error: 2:23: logic labels ({L}) are not supported
/*@ predicate positive{L}(int *p) = \at(*p, L) > 0; */
int f(void) { return 0; }
