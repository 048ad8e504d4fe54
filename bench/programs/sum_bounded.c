/* Bounded sum: returns t[0] + ... + t[n-1]; elements lie in
   [-1000, 1000] and n <= 1000, so the int sum cannot overflow. */

/*@ logic integer sum(int *t, integer n) =
      n <= 0 ? 0 : sum(t, n - 1) + t[n - 1];
*/

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> -1000 <= t[k] <= 1000;
    assigns \nothing;
    ensures \result == sum(t, n);
    ensures -1000 * n <= \result <= 1000 * n;
*/
int sum_bounded(const int *t, int n)
{
  int s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant -1000 * i <= s <= 1000 * i;
      loop invariant s == sum(t, i);
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    s += t[i];
  }
  return s;
}
