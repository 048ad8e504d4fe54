// error: 4:13: 'grew' reads 2 memory states: name them, as in grew{L1,L2}(...)
/*@ predicate grew{L1, L2}(int *p) = \at(*p, L2) > \at(*p, L1); */
/*@ requires \valid(p);
    ensures grew(p); */
void f(int *p) { *p = *p + 1; }
