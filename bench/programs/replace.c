/* Replace: in t[0..n-1], every element equal to x becomes y; the
   other elements are left unchanged. */

/*@ requires 0 <= n <= 1000 && \valid(t + (0 .. n - 1));
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n && \old(t[k]) == x ==> t[k] == y;
    ensures \forall integer k; 0 <= k < n && \old(t[k]) != x ==> t[k] == \old(t[k]);
*/
void replace(int *t, int n, int x, int y)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i && \at(t[k], Pre) == x ==> t[k] == y;
      loop invariant \forall integer k; 0 <= k < i && \at(t[k], Pre) != x ==> t[k] == \at(t[k], Pre);
      loop invariant \forall integer k; i <= k < n ==> t[k] == \at(t[k], Pre);
      loop assigns i, t[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (t[i] == x)
      t[i] = y;
  }
}
