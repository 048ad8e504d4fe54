// error: 2:37: \old and \at are not allowed in logic definitions and lemmas
/*@ predicate grew(integer x) = x > \old(x); */
int f(void) { return 0; }
