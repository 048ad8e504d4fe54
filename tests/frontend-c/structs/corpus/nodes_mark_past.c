// A write one past the end of an array of structures.
// expect: mark_last.rte_memory non_compliance
typedef struct { int id; int mark; } Node;

/*@ requires 0 < n <= 1000 && \valid(a + (0 .. n - 1));
    assigns a[0 .. n].mark; */
void mark_last(Node *a, int n) {
  Node *p = &a[n];
  p->mark = 1;
}
