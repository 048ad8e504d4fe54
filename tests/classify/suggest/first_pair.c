/* The first index of two equal neighbours. The invariant is what behavior none assumes, up to
   the cells the loop has compared: `i + 1`, the counter's value where the loop stops
   (its condition is i + 1 < n), not the counter. */

/*@ predicate HasPair(int *a, integer n) = \exists integer i; 0 <= i < n - 1 && a[i] == a[i + 1];
*/

/*@ requires 0 <= n <= 100;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    behavior some:
      assumes HasPair(a, n);
      ensures 0 <= \result < n - 1 && a[\result] == a[\result + 1];
    behavior none:
      assumes !HasPair(a, n);
      ensures \result == n;
    complete behaviors;
    disjoint behaviors;
*/
int first_pair(const int *a, int n)
{
  if (n < 2) return n;
  /*@ loop invariant 0 <= i < n;
      loop assigns i; */
  for (int i = 0; i + 1 < n; ++i)
    if (a[i] == a[i + 1]) return i;
  return n;
}
