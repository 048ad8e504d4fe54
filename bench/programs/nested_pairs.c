/* Pair sum: returns 1 when two distinct positions i < j of t[0..n-1]
   have t[i] + t[j] == s, 0 otherwise (nested loops over the pairs). */

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> -100000 <= t[k] <= 100000;
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==>
      (\exists integer k, l; 0 <= k < l < n && t[k] + t[l] == s);
*/
int has_pair_sum(const int *t, int n, int s)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k, l; 0 <= k < i && k < l < n ==> t[k] + t[l] != s;
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    /*@ loop invariant i + 1 <= j <= n;
        loop invariant \forall integer l; i < l < j ==> t[i] + t[l] != s;
        loop assigns j;
        loop variant n - j;
    */
    for (int j = i + 1; j < n; j++) {
      if (t[i] + t[j] == s)
        return 1;
    }
  }
  return 0;
}
