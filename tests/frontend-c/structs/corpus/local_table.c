// A local array of structures with an initialiser list.
// expect: local_sum.ensures1 proved
typedef struct { int key; int val; } Entry;

/*@ assigns \nothing;
    ensures \result == 60; */
int local_sum(void) {
  Entry t[3] = {{1, 10}, {2, 20}, {3, 30}};
  int s = 0;
  /*@ loop invariant 0 <= i <= 3;
      loop invariant s == (i >= 1 ? 10 : 0) + (i >= 2 ? 20 : 0) + (i >= 3 ? 30 : 0);
      loop assigns i, s;
      loop variant 3 - i; */
  for (int i = 0; i < 3; i++)
    s += t[i].val;
  return s;
}
