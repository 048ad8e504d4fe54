// Counting the marked nodes of an array of structures.
// expect: count_marked.ensures1 proved
typedef struct { int id; int mark; } Node;

/*@ requires 0 <= n <= 1000 && \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result <= n; */
int count_marked(const Node *a, int n) {
  int c = 0;
  /*@ loop invariant 0 <= i <= n && 0 <= c <= i;
      loop assigns i, c;
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    if (a[i].mark) c++;
  return c;
}
