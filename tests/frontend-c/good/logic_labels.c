// Logic over several memory states: a two-label predicate, overloads told apart by their
// parameters, and a single-label function applied in another state.
/*@ predicate Same{K,L}(int *a, integer m, integer n) =
      \forall integer i; m <= i < n ==> \at(a[i], K) == \at(a[i], L);
    predicate Same{K,L}(int *a, integer n) = Same{K,L}(a, 0, n);
    logic integer first{L}(int *a) = a[0];
*/

/*@ requires n > 0 && \valid(a + (0 .. n - 1)) && a[0] < 1000;
    assigns a[0];
    ensures Same{Old,Here}(a, 1, n);
    ensures first(a) == \old(first(a)) + 1;
    ensures first{Old}(a) + 1 == a[0]; */
void inc_first(int *a, int n)
{
  a[0] = a[0] + 1;
  /*@ loop invariant 0 <= i <= n;
      loop invariant Same{Pre,Here}(a, 1, n);
      loop assigns i;
      loop variant n - i; */
  for (int i = 0; i < n; i++) {
    //@ assert Same{LoopCurrent,Here}(a, n);
    //@ assert Same{LoopEntry,Here}(a, n);
  }
}
