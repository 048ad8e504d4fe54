/* Clamp all: forces every element of t[0..n-1] into [lo, hi]; values
   inside the range are kept, the others become the nearest bound. */

/*@ requires 0 <= n <= 1000 && \valid(t + (0 .. n - 1)) && lo <= hi;
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> lo <= t[k] <= hi;
    ensures \forall integer k; 0 <= k < n && lo <= \old(t[k]) <= hi ==> t[k] == \old(t[k]);
    ensures \forall integer k; 0 <= k < n && \old(t[k]) < lo ==> t[k] == lo;
    ensures \forall integer k; 0 <= k < n && \old(t[k]) > hi ==> t[k] == hi;
*/
void clamp_all(int *t, int n, int lo, int hi)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> lo <= t[k] <= hi;
      loop invariant \forall integer k; 0 <= k < i && lo <= \at(t[k], Pre) <= hi ==> t[k] == \at(t[k], Pre);
      loop invariant \forall integer k; 0 <= k < i && \at(t[k], Pre) < lo ==> t[k] == lo;
      loop invariant \forall integer k; 0 <= k < i && \at(t[k], Pre) > hi ==> t[k] == hi;
      loop invariant \forall integer k; i <= k < n ==> t[k] == \at(t[k], Pre);
      loop assigns i, t[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (t[i] < lo)
      t[i] = lo;
    else if (t[i] > hi)
      t[i] = hi;
  }
}
