/* A search from both ends of a sorted array: what it has passed on the right is the cells above
   hi up to n, a range that starts at a counter and ends at the array's length. */

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    requires \forall integer k, l; 0 <= k <= l < n ==> t[k] <= t[l];
    assigns \nothing;
    ensures \result >= 0 ==> t[\result] == v;
    ensures \result == -1 ==> (\forall integer k; 0 <= k < n ==> t[k] != v);
*/
int find_sorted(const int *t, int n, int v)
{
  int lo = 0;
  int hi = n - 1;
  /*@ loop invariant 0 <= lo <= n;
      loop invariant -1 <= hi < n;
      loop invariant \forall integer k; 0 <= k < lo ==> t[k] < v;
      loop assigns lo, hi;
  */
  while (lo <= hi) {
    if (t[lo] == v) return lo;
    if (t[hi] == v) return hi;
    if (t[lo] < v) lo++;
    if (t[hi] > v) hi--;
    else return -1;
  }
  return -1;
}
