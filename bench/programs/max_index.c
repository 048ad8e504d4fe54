/* Maximum index: returns the index of the first maximum of t[0..n-1]
   (n >= 1): no element is larger, and every earlier one is smaller. */

/*@ requires 1 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result < n;
    ensures \forall integer k; 0 <= k < n ==> t[k] <= t[\result];
    ensures \forall integer k; 0 <= k < \result ==> t[k] < t[\result];
*/
int max_index(const int *t, int n)
{
  int best = 0;
  /*@ loop invariant 1 <= i <= n;
      loop invariant 0 <= best < i;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] <= t[best];
      loop invariant \forall integer k; 0 <= k < best ==> t[k] < t[best];
      loop assigns i, best;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (t[i] > t[best])
      best = i;
  }
  return best;
}
