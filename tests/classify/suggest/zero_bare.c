/* A loop with no annotation at all: without `loop assigns` it may write anything, so the
   suggestion needs one (the counter, and the cells the function's own assigns names) besides
   its invariants. */

/*@ requires 0 <= n <= 100;
    requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == 0;
*/
void zero(int *a, int n)
{
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}
