/* Mismatch: returns the first index where a and b differ,
   or n when a[0..n-1] and b[0..n-1] are equal. */

/*@ requires 0 <= n <= 1000;
    requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result <= n;
    ensures \forall integer k; 0 <= k < \result ==> a[k] == b[k];
    ensures \result < n ==> a[\result] != b[\result];
*/
int mismatch(const int *a, const int *b, int n)
{
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == b[k];
      loop assigns i;
      loop variant n - i;
  */
  while (i < n && a[i] == b[i]) {
    i++;
  }
  return i;
}
