/* Index of a maximum of t[0..n-1]. The code is right, but the loop invariant only bounds best:
   it forgets that t[best] is at least every element seen so far, so the second postcondition
   cannot be proved (a subcontract weakness of the loop, loop@13). */

/*@ requires 1 <= n <= 1000 && \valid_read(t + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result < n;
    ensures \forall integer k; 0 <= k < n ==> t[k] <= t[\result];
*/
int max_index(const int *t, int n)
{
  int best = 0;
  /*@ loop invariant 1 <= i <= n;
      loop invariant 0 <= best < i;
      loop assigns i, best;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (t[i] > t[best])
      best = i;
  }
  return best;
}
