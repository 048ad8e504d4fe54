/* Insertion step: t[0..n-2] is sorted; inserts t[n-1] at its place by
   shifting the larger elements one cell right, so t[0..n-1] is sorted.
   Returns the index where the element was put. */

/*@ requires 1 <= n <= 1000 && \valid(t + (0 .. n - 1));
    requires \forall integer k, l; 0 <= k <= l < n - 1 ==> t[k] <= t[l];
    assigns t[0 .. n - 1];
    ensures 0 <= \result < n;
    ensures \forall integer k, l; 0 <= k <= l < n ==> t[k] <= t[l];
    ensures t[\result] == \old(t[n - 1]);
    ensures \forall integer k; 0 <= k < \result ==> t[k] == \old(t[k]);
    ensures \forall integer k; \result < k < n ==> t[k] == \old(t[k - 1]);
*/
int insertion_step(int *t, int n)
{
  int v = t[n - 1];
  int i = n - 1;
  /*@ loop invariant 0 <= i <= n - 1;
      loop invariant v == \at(t[n - 1], Pre);
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == \at(t[k], Pre);
      loop invariant \forall integer k; i < k < n ==> t[k] == \at(t[k - 1], Pre);
      loop invariant \forall integer k; i < k < n ==> t[k] > v;
      loop assigns i, t[1 .. n - 1];
      loop variant i;
  */
  while (i > 0 && t[i - 1] > v) {
    t[i] = t[i - 1];
    i--;
  }
  t[i] = v;
  return i;
}
