/* Find last: returns the largest index i with t[i] == v, or -1 when
   v does not occur in t[0..n-1]; scans from the end. */

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures -1 <= \result < n;
    ensures \result >= 0 ==> t[\result] == v;
    ensures \forall integer k; \result < k < n ==> t[k] != v;
*/
int find_last(const int *t, int n, int v)
{
  int i = n - 1;
  /*@ loop invariant -1 <= i < n;
      loop invariant \forall integer k; i < k < n ==> t[k] != v;
      loop assigns i;
      loop variant i + 1;
  */
  while (i >= 0) {
    if (t[i] == v)
      return i;
    i--;
  }
  return -1;
}
