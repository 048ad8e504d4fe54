/* The first cell not below v: the cells before it are below v. The runs see them below v, at
   most v and other than v; the suggestion keeps the strongest of the three. */
/*@ requires 0 <= n && \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures \forall integer k; 0 <= k < \result ==> a[k] < v;
*/
int first_not_below(const int *a, int n, int v) {
  int i = 0;
  /*@ loop assigns i; */
  while (i < n && a[i] < v)
    i++;
  return i;
}
