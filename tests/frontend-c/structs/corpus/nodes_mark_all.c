// Marking every node of an array of structures; the ids stay.
// expect: mark_all.ensures1 proved
// expect: mark_all.ensures2 proved
typedef struct { int id; int mark; } Node;

/*@ requires 0 <= n && \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1].mark;
    ensures \forall integer k; 0 <= k < n ==> a[k].mark == 1;
    ensures \forall integer k; 0 <= k < n ==> a[k].id == \old(a[k].id); */
void mark_all(Node *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k].mark == 1;
      loop assigns i, a[0 .. n - 1].mark;
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    a[i].mark = 1;
}
