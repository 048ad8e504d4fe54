// A loop that changes a parameter: the postcondition's `v` is its value at the call, so the
// invariant carried from it must say `\at(v, Pre)` (issue 30; ACSL by Example's iota,
// accumulate and inner_product have this shape).
/*@ requires 0 <= n <= 1000 && 0 <= v <= 1000;
    requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == v + k;
*/
void iota(int *a, int n, int v) {
  /*@ loop assigns i, v, a[0 .. n - 1]; */
  for (int i = 0; i < n; i++) {
    a[i] = v;
    v++;
  }
}
