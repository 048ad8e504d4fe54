/* Count in range: returns how many elements of t[0..n-1] lie in
   [lo, hi], specified by a recursive logic function (do-while loop). */

/*@ logic integer in_range(int *t, integer n, int lo, int hi) =
      n <= 0 ? 0 : in_range(t, n - 1, lo, hi) + (lo <= t[n - 1] <= hi ? 1 : 0);
*/

/*@ requires 1 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures \result == in_range(t, n, lo, hi);
    ensures 0 <= \result <= n;
*/
int count_in_range(const int *t, int n, int lo, int hi)
{
  int c = 0;
  int i = 0;
  /*@ loop invariant 0 <= i < n;
      loop invariant 0 <= c <= i;
      loop invariant c == in_range(t, i, lo, hi);
      loop assigns i, c;
      loop variant n - i;
  */
  do {
    if (lo <= t[i] && t[i] <= hi)
      c++;
    i++;
  } while (i < n);
  return c;
}
