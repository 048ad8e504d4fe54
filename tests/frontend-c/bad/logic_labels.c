// error: 2:22: logic definitions over several memory states are not supported
/*@ predicate grew{L1, L2}(int *p) = \at(*p, L2) > \at(*p, L1); */
int f(void) { return 0; }
