/* Correct, with a weak invariant (nothing bounds i above): some state the loop contract
   allows (i == n) satisfies the postcondition, so the proof alone shows nothing. */

/*@ requires 0 <= n <= 100;
    assigns \nothing;
    ensures \result == n;
*/
int copy(int n) {
  int i = 0;
  /*@ loop invariant 0 <= i;
      loop assigns i;
      loop variant n - i;
  */
  while (i < n)
    i++;
  return i;
}
