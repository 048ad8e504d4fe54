/* Array maximum through calls: max_value folds max2 over t[0..n-1]
   (n >= 1); the result is an element and no element exceeds it. */

/*@ assigns \nothing;
    ensures \result >= a && \result >= b;
    ensures \result == a || \result == b;
*/
int max2(int a, int b)
{
  if (a < b)
    return b;
  return a;
}

/*@ requires 1 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures \forall integer k; 0 <= k < n ==> t[k] <= \result;
    ensures \exists integer k; 0 <= k < n && t[k] == \result;
*/
int max_value(const int *t, int n)
{
  int m = t[0];
  /*@ loop invariant 1 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] <= m;
      loop invariant \exists integer k; 0 <= k < i && t[k] == m;
      loop assigns i, m;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    m = max2(m, t[i]);
  }
  return m;
}
