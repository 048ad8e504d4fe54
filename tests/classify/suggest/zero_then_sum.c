/* The first loop has no invariant about the cells it zeroes, and the second loop's own
   invariant `AllZero(a, n)` is not established at its entry. That clause carried to the first
   loop, the bound n replaced by its counter, is the invariant it lacks: `AllZero(a, i)`. */

/*@ predicate AllZero{L}(int *a, integer n) = \forall integer k; 0 <= k < n ==> a[k] == 0; */

/*@ requires 0 <= n <= 100;
    requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures AllZero(a, n);
    ensures \result == 0;
*/
int zero_then_sum(int *a, int n)
{
  int i, j, s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, a[0 .. n - 1]; */
  for (i = 0; i < n; ++i)
    a[i] = 0;
  /*@ loop invariant 0 <= j <= n;
      loop invariant AllZero(a, n);
      loop invariant s == 0;
      loop assigns j, s; */
  for (j = 0; j < n; ++j)
    s += a[j];
  return s;
}
