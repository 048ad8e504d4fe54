// Bugs behind structures: each `expect` line names a goal and the verdict its diagnosis must
// give, with a counterexample that replays.
// expect: pop.ensures1 non_compliance
// expect: pop.rte_memory non_compliance
// expect: swap_pair.ensures2 non_compliance
#include "stack.h"

/*@
  requires Valid(s);
  requires 0 < s->sz;
  assigns s->sz;
  ensures top: \result == s->data[s->sz];
*/
int pop(Stack *s) {
  s->sz--;
  return s->data[s->sz - 1]; // the top is at s->sz, not below it
}

/*@
  assigns \nothing;
  ensures \result.first == p.second;
  ensures \result.second == p.first;
*/
pair swap_pair(pair p) {
  pair q = {p.second, p.second}; // should be {p.second, p.first}
  return q;
}
