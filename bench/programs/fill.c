/* Fill: sets every element of t[0..n-1] to v. */

/*@ requires 0 <= n <= 1000 && \valid(t + (0 .. n - 1));
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> t[k] == v;
*/
void fill(int *t, int n, int v)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == v;
      loop assigns i, t[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    t[i] = v;
  }
}
