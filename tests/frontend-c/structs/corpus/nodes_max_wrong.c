// The walk stops one node early.
// expect: max_id_short.ensures1 non_compliance
typedef struct { int id; int mark; } Node;

/*@ requires 0 < n <= 1000 && \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \forall integer k; 0 <= k < n ==> \result >= a[k].id; */
int max_id_short(const Node *a, int n) {
  int m = a[0].id;
  /*@ loop invariant 1 <= i <= n;
      loop assigns i, m;
      loop variant n - i; */
  for (int i = 1; i < n - 1; i++)
    if (a[i].id > m) m = a[i].id;
  return m;
}
