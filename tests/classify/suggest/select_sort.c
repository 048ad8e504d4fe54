/* A selection sort whose outer loop lost its invariants: each cell placed is at most every
   cell left, a fact over the cells the counter has not reached yet, against the last one it
   passed. */
/*@ requires 0 <= n && \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures sorted: \forall integer p, q; 0 <= p <= q < n ==> a[p] <= a[q];
*/
void select_sort(int *a, int n) {
  /*@ loop assigns i, a[0 .. n - 1]; */
  for (int i = 0; i < n; i++) {
    int m = i;
    /*@ loop invariant i <= m < j <= n;
        loop invariant \forall integer k; i <= k < j ==> a[m] <= a[k];
        loop assigns j, m;
    */
    for (int j = i + 1; j < n; j++)
      if (a[j] < a[m]) m = j;
    int t = a[i];
    a[i] = a[m];
    a[m] = t;
  }
}
