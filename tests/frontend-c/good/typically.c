/* typically clauses guide testing only. */
/*@ requires 0 <= n <= 100000;
    requires \valid_read(t + (0 .. n - 1));
    typically n <= 5;
    assigns \nothing;
    ensures \result == 1 <==> (\forall integer i; 0 <= i < n ==> t[i] == 0);
 */
int all_zero(const int *t, int n)
{
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == 0;
      loop assigns i;
      loop variant n - i;
  */
  while (i < n) {
    if (t[i] != 0)
      return 0;
    i++;
  }
  return 1;
}
