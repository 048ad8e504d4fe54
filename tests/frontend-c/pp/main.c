// Needs -I include (lib.h is not next to this file) and, for `twice`, -D WITH_TWICE.
#include "lib.h"

#ifdef WITH_TWICE
/*@ requires -LIMIT <= x <= LIMIT;
    assigns \nothing;
    ensures \result == DOUBLE(x); */
int twice(int x) { return x + x; }
#endif

/*@ requires -LIMIT <= x <= LIMIT;
    assigns \nothing;
    ensures \result == SCALE * x; */
int scaled(int x) { return SCALE * x; }

#ifdef WITH_BUG
/*@ requires 0 <= x <= LIMIT;
    assigns \nothing;
    ensures \result == DOUBLE(x); */
int bug(int x) { return x + x + (x == 7); }
#endif
