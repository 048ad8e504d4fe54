/* Copy: copies src[0..n-1] into dst[0..n-1]; the two arrays do not
   overlap and src is left unchanged. */

/*@ requires 0 <= n <= 1000;
    requires \valid_read(src + (0 .. n - 1)) && \valid(dst + (0 .. n - 1));
    requires \separated(src + (0 .. n - 1), dst + (0 .. n - 1));
    assigns dst[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> dst[k] == src[k];
    ensures \forall integer k; 0 <= k < n ==> src[k] == \old(src[k]);
*/
void copy(const int *src, int *dst, int n)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> dst[k] == src[k];
      loop assigns i, dst[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    dst[i] = src[i];
  }
}
