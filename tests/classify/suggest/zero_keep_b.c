/* Invariants but no `loop assigns`: the loop may write b, and the function's frame of b and its
   assigns clause fail. The clause the suggestion adds is the missing `loop assigns`. */

/*@ requires 0 <= n <= 100;
    requires \valid(a + (0 .. n - 1));
    requires \valid(b + (0 .. n - 1));
    requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == 0;
    ensures \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]);
*/
void zero(int *a, int *b, int n)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == 0; */
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}
