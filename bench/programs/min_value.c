/* Minimum value: returns the smallest element of t[0..n-1] (n >= 1);
   the result is an element of t and no element is smaller. */

/*@ requires 1 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures \forall integer k; 0 <= k < n ==> \result <= t[k];
    ensures \exists integer k; 0 <= k < n && t[k] == \result;
*/
int min_value(const int *t, int n)
{
  int m = t[0];
  /*@ loop invariant 1 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> m <= t[k];
      loop invariant \exists integer k; 0 <= k < i && t[k] == m;
      loop assigns i, m;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (t[i] < m)
      m = t[i];
  }
  return m;
}
