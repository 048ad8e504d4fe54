// Conditional compilation and a local header with an include guard, included twice.
#include "inc/guarded.h"
#include "inc/guarded.h"

#ifdef NOT_DEFINED
int not_compiled(void) { return undeclared_name; }
#elif defined(GUARDED_H) && LIMIT > 10
/*@ assigns \nothing;
    ensures \result == LIMIT; */
int limit(void) { return LIMIT; }
#else
#error this branch is left out
#endif

#if 0
#include "does_not_exist.h"
#endif
