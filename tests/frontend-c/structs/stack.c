// Structures as the ACSL by Example Stack chapter uses them: pointers to structures as
// parameters, fields read and written through them, \valid and \separated of a structure, logic
// over structure pointers (labels too), and structures returned by value. Every goal holds.
#include "stack.h"

/*@
  logic integer Size{L}(Stack *s) = s->sz;
  predicate Same{K, L}(Stack *s) =
    \at(s->sz, K) == \at(s->sz, L) &&
    \forall integer i; 0 <= i < \at(s->sz, K) ==> \at(s->data[i], K) == \at(s->data[i], L);
*/

/*@
  requires Valid(s);
  requires s->sz < s->cap;
  assigns s->sz, s->data[s->sz];
  ensures Valid(s);
  ensures top: s->data[s->sz - 1] == v;
  ensures size: Size(s) == Size{Old}(s) + 1;
  ensures cap: s->cap == \old(s->cap);
*/
void push(Stack *s, int v) {
  s->data[s->sz] = v;
  s->sz++;
}

/*@
  requires Valid(s) && Valid(t) && \separated(s, t);
  requires s->sz < s->cap && t->sz < t->cap;
  assigns s->sz, s->data[s->sz], t->sz, t->data[t->sz];
  ensures Valid(s) && Valid(t);
  ensures t->sz == \old(t->sz) + 1;
*/
void push_both(Stack *s, Stack *t, int v) {
  push(s, v);
  push(t, v);
}

/*@
  requires Valid(s);
  assigns \nothing;
  ensures Same{Old, Here}(s);
  ensures \result == (s->sz == 0);
*/
int empty(const Stack *s) {
  Stack *alias = (Stack *)s;
  return alias->sz == 0 && s != 0;
}

/*@
  assigns \nothing;
  ensures \result.first == a && \result.second == b;
*/
pair make_pair(size_type a, size_type b) {
  pair p = {a, b};
  return p;
}

/*@
  requires a <= b;
  assigns \nothing;
  ensures \result.first <= \result.second;
*/
pair ordered(size_type a, size_type b) {
  pair p = make_pair(a, b);
  pair q;
  q.first = p.first;
  q.second = p.second;
  return q;
}
