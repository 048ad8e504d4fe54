/* Binary search: in the sorted array t[0..n-1], returns an index i
   with t[i] == v, or -1 when v does not occur. */

/*@ requires 0 <= n <= 10000 && \valid_read(t + (0 .. n - 1));
    requires \forall integer k, l; 0 <= k <= l < n ==> t[k] <= t[l];
    assigns \nothing;
    ensures -1 <= \result < n;
    ensures \result >= 0 ==> t[\result] == v;
    ensures \result == -1 ==> (\forall integer k; 0 <= k < n ==> t[k] != v);
*/
int binary_search(const int *t, int n, int v)
{
  int lo = 0;
  int hi = n - 1;
  /*@ loop invariant 0 <= lo <= n;
      loop invariant -1 <= hi < n;
      loop invariant \forall integer k; 0 <= k < lo ==> t[k] < v;
      loop invariant \forall integer k; hi < k < n ==> t[k] > v;
      loop assigns lo, hi;
      loop variant hi - lo + 1;
  */
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (t[mid] < v)
      lo = mid + 1;
    else if (t[mid] > v)
      hi = mid - 1;
    else
      return mid;
  }
  return -1;
}
