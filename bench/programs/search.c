/* Linear search: returns the smallest index i with t[i] == v,
   or -1 when v does not occur in t[0..n-1]. */

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures -1 <= \result < n;
    ensures \result >= 0 ==> t[\result] == v;
    ensures \result >= 0 ==> (\forall integer k; 0 <= k < \result ==> t[k] != v);
    ensures \result == -1 ==> (\forall integer k; 0 <= k < n ==> t[k] != v);
*/
int search(const int *t, int n, int v)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] != v;
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (t[i] == v)
      return i;
  }
  return -1;
}
