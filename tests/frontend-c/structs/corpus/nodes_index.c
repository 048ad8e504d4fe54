// The index of a node by pointer difference.
// expect: index_of.ensures1 proved
typedef struct { int id; int mark; } Node;

/*@ requires 0 <= i < n <= 1000 && \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == i; */
int index_of(const Node *a, int n, int i) {
  const Node *p = a + i;
  return (int)(p - a);
}
