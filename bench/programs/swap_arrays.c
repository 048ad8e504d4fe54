/* Swap arrays: exchanges the contents of the disjoint arrays a[0..n-1]
   and b[0..n-1], element by element. */

/*@ requires 0 <= n <= 1000;
    requires \valid(a + (0 .. n - 1)) && \valid(b + (0 .. n - 1));
    requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
    assigns a[0 .. n - 1], b[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == \old(b[k]);
    ensures \forall integer k; 0 <= k < n ==> b[k] == \old(a[k]);
*/
void swap_arrays(int *a, int *b, int n)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == \at(b[k], Pre);
      loop invariant \forall integer k; 0 <= k < i ==> b[k] == \at(a[k], Pre);
      loop invariant \forall integer k; i <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant \forall integer k; i <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, a[0 .. n - 1], b[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    int tmp = a[i];
    a[i] = b[i];
    b[i] = tmp;
  }
}
