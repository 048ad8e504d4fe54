/* Count: returns the number of elements of t[0..n-1] equal to v,
   specified by a recursive logic function over the prefix length. */

/*@ logic integer occ(int *t, integer n, int v) =
      n <= 0 ? 0 : occ(t, n - 1, v) + (t[n - 1] == v ? 1 : 0);
*/

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures \result == occ(t, n, v);
    ensures 0 <= \result <= n;
*/
int count(const int *t, int n, int v)
{
  int c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= c <= i;
      loop invariant c == occ(t, i, v);
      loop assigns i, c;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (t[i] == v)
      c++;
  }
  return c;
}
