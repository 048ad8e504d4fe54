/* All zero: returns 1 when every element of t[0..n-1] is 0,
   and 0 when some element is not. */

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> (\forall integer k; 0 <= k < n ==> t[k] == 0);
*/
int all_zero(const int *t, int n)
{
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == 0;
      loop assigns i;
      loop variant n - i;
  */
  while (i < n) {
    if (t[i] != 0)
      return 0;
    i++;
  }
  return 1;
}
