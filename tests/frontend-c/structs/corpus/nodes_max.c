// The largest id of an array of structures, by a pointer that walks it.
// expect: max_id.ensures1 proved
typedef struct { int id; int mark; } Node;

/*@ requires 0 < n <= 1000 && \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \forall integer k; 0 <= k < n ==> \result >= a[k].id; */
int max_id(const Node *a, int n) {
  int m = a[0].id;
  int i = 1;
  /*@ loop invariant 1 <= i <= n && p == a + i;
      loop invariant \forall integer k; 0 <= k < i ==> m >= a[k].id;
      loop assigns i, p, m;
      loop variant n - i; */
  for (const Node *p = a + 1; p < a + n; p++) {
    if (p->id > m) m = p->id;
    i++;
  }
  return m;
}
