/* Whether the cells strictly increase. The invariant is one side of the postcondition's
   equivalence, with its bound n - 1 as the counter's value where the loop stops (the condition
   is i + 1 < n: n is i + 1 there, so n - 1 is i). */

/*@ requires 0 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 1 <==> (\forall integer k; 0 <= k < n - 1 ==> t[k] < t[k + 1]);
*/
int increasing(const int *t, int n)
{
  /*@ loop invariant 0 <= i;
      loop invariant n == 0 || i <= n - 1;
      loop assigns i; */
  for (int i = 0; i + 1 < n; i++) {
    if (t[i] >= t[i + 1])
      return 0;
  }
  return 1;
}
