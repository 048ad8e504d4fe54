/* Leftmost binary search: in the sorted array t[0..n-1], returns the
   first index i with t[i] == v, or -1 when v does not occur. */

/*@ requires 0 <= n <= 10000 && \valid_read(t + (0 .. n - 1));
    requires \forall integer k, l; 0 <= k <= l < n ==> t[k] <= t[l];
    assigns \nothing;
    ensures -1 <= \result < n;
    ensures \result >= 0 ==> t[\result] == v;
    ensures \result >= 0 ==> (\forall integer k; 0 <= k < \result ==> t[k] < v);
    ensures \result == -1 ==> (\forall integer k; 0 <= k < n ==> t[k] != v);
*/
int binary_search_leftmost(const int *t, int n, int v)
{
  int lo = 0;
  int hi = n;
  /*@ loop invariant 0 <= lo <= hi <= n;
      loop invariant \forall integer k; 0 <= k < lo ==> t[k] < v;
      loop invariant \forall integer k; hi <= k < n ==> t[k] >= v;
      loop assigns lo, hi;
      loop variant hi - lo;
  */
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (t[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < n && t[lo] == v)
    return lo;
  return -1;
}
